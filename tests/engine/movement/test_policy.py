"""Movement allowances: feet to tiles, Avorkarth's terrain allowance (``avorkarth/movement_rules.py``),
the rulesets' presets."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.movement import (
    DiagonalPolicy,
    feet_to_tiles,
)
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT, avorkarth_terrain_allowance
from vantage.engine.rules.baton.movement_rules import BATON_MOVEMENT
from vantage.engine.rules.power_tiers.movement_rules import POWER_TIERS_MOVEMENT
from vantage.engine.rules.shattered_world.movement_rules import SHATTERED_WORLD_MOVEMENT
from vantage.engine.terrain import MovementClass as M


# power-tiers: "round up to the nearest number divisible by 5 ... 5 + 10 + 1 = 16, round up to
# nearest divisor of 5, for 20."
@pytest.mark.parametrize(
    ("feet", "per_tile", "tiles"),
    [(16, 5, 4), (20, 5, 4), (21, 5, 5), (1, 5, 1), (0, 5, 0), (50, 5, 10), (16, 10, 2), (25, 10, 2)],
)
def test_power_tiers_rounds_feet_up_to_five_then_whole_tiles(feet, per_tile, tiles):
    assert feet_to_tiles(feet, per_tile, round_up_to=5) == tiles
    assert POWER_TIERS_MOVEMENT.speed_round_up_feet == 5
    assert POWER_TIERS_MOVEMENT.tiles_for_feet(feet, per_tile) == tiles


@pytest.mark.parametrize(
    ("feet", "per_tile", "tiles"),
    [(3, 1, 3), (16, 1, 16), (16, 5, 3), (19, 5, 3), (20, 5, 4), (0, 1, 0), (-5, 1, 0), (7.5, 2.5, 3),
     (0.9, 1, 0)],
)
def test_feet_to_tiles_rounds_nothing_but_whole_tiles_by_default(feet, per_tile, tiles):
    """Review §4 #14: "``feet_to_tiles`` always rounds up to a multiple of 5 ft … Probe: 3 ft on a
    1-ft grid gives 5 tiles" — the rounding is Power Tiers' and is asked for; by default a speed
    buys the whole tiles it covers, a remainder smaller than a tile is lost."""
    assert feet_to_tiles(feet, per_tile) == tiles
    for rules in (AVORKARTH_MOVEMENT, BATON_MOVEMENT, SHATTERED_WORLD_MOVEMENT):
        assert rules.tiles_for_feet(feet, per_tile) == tiles


def test_power_tiers_on_a_one_foot_grid_keeps_its_five_foot_steps():
    """power-tiers: "Movement in combat is based on 5 foot areas, which is why you round up"."""
    assert feet_to_tiles(3, 1, round_up_to=5) == 5
    assert feet_to_tiles(16, 1, round_up_to=5) == 20
    assert POWER_TIERS_MOVEMENT.tiles_for_feet(16, 1) == 20


def test_feet_to_tiles_names_a_bad_scale_or_step():
    with pytest.raises(ValueError, match="feet per tile must be more than 0, got 0"):
        feet_to_tiles(10, 0)
    with pytest.raises(ValueError, match="rounding step must be 0 .none. or more, got -5"):
        feet_to_tiles(10, 5, round_up_to=-5)


# avorkarth: "Tame (Sand/Rocky Terrain/Undergrowth) :-2 Movement (Min. 1)"
@pytest.mark.parametrize(("base", "expected"), [(10, 8), (4, 2), (3, 1), (2, 1), (1, 1), (0, 0)])
def test_tame_is_minus_two_min_one(base, expected):
    assert avorkarth_terrain_allowance(base, M.TAME).value == expected


# avorkarth: "Difficult Terrain (Brush, Marshlands, Ruin Rubble) : Half or -4 Movement
# (whichever is worse, Min 1)"
@pytest.mark.parametrize(
    ("base", "expected", "which"),
    [
        (12, 6, "half"),  # half 6 < 12 - 4 = 8
        (10, 5, "half"),  # half 5 < 6
        (8, 4, "half"),  # equal: 4 and 4
        (7, 3, "half"),  # half rounds down: 3 vs 3
        (6, 2, "−4"),  # -4 gives 2 < half 3
        (5, 1, "−4"),  # 1 < 2
        (3, 1, "−4"),  # -1 → min 1
        (1, 1, "−4"),  # min 1
    ],
)
def test_difficult_is_half_or_minus_four_whichever_is_worse_min_one(base, expected, which):
    allowance = avorkarth_terrain_allowance(base, M.DIFFICULT)
    assert allowance.value == expected
    assert which in allowance.explain()


# avorkarth: "Harsh Terrain (Quicksand) : No Movement"
@pytest.mark.parametrize("base", [1, 6, 30])
def test_harsh_is_no_movement(base):
    allowance = avorkarth_terrain_allowance(base, M.HARSH)
    assert allowance.value == 0
    assert "no movement" in allowance.explain()


def test_open_ground_keeps_the_base():
    assert avorkarth_terrain_allowance(9, M.OPEN).value == 9


@settings(max_examples=100)
@given(st.integers(min_value=0, max_value=60))
def test_worse_terrain_never_gives_more_movement(base):
    values = [avorkarth_terrain_allowance(base, c).value for c in (M.OPEN, M.TAME, M.DIFFICULT, M.HARSH)]
    assert values == sorted(values, reverse=True)
    assert all(v <= base for v in values)


# shattered-world: "Normal Human characters can move 50 feet per Round ... On a normal combat map,
# squares of 5' are used, so this is 10 squares movement." and "A Step is 5' (usually one map square"
def test_shattered_world_move_and_step_in_squares():
    assert feet_to_tiles(50) == 10
    assert feet_to_tiles(5) == 1


def test_rules_are_hashable_values():
    assert hash(AVORKARTH_MOVEMENT) == hash(AVORKARTH_MOVEMENT)
    assert {AVORKARTH_MOVEMENT: 1}[replace(AVORKARTH_MOVEMENT)] == 1


def test_the_presets_say_what_their_texts_say():
    """Each ruleset's preset, kept in its own package (tests/engine/rules/test_movement_rules.py
    reaches them through the rulesets)."""
    assert AVORKARTH_MOVEMENT.diagonal is DiagonalPolicy.ONE
    assert AVORKARTH_MOVEMENT.locked_must_retreat
    # avorkarth: "A charge cannot change direction." — the only preset with charges
    presets = (AVORKARTH_MOVEMENT, BATON_MOVEMENT, POWER_TIERS_MOVEMENT, SHATTERED_WORLD_MOVEMENT)
    assert [r.name for r in presets if r.charges] == ["avorkarth"]
    # baton: "a difficulty equal to 7 + 1 for every 5 feet of difficult terrain"
    assert BATON_MOVEMENT.terrain_check_base == 7
    # baton: "when leaving full cover, the character exposes themselves" — the only one that asks
    assert [r.name for r in presets if r.leaves_cover] == ["baton"]
