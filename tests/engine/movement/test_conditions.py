"""The slowing tables (engine/movement/conditions.py): the shared rows are nobody's alone, each
ruleset's rows are in its own table, and the allowance is worked out in a fixed order."""

import pytest

from vantage.engine.movement import (
    SLOWING_CONDITIONS,
    Effect,
    SlowingCondition,
    movement_allowance,
)
from vantage.engine.movement.conditions import (
    slowing_table,
)
from vantage.engine.rules.baton.movement_rules import BATON_SLOWING
from vantage.engine.rules.shattered_world.movement_rules import SHATTERED_WORLD_SLOWING

#: Avorkarth's own rows (engine/rules/avorkarth/slowing.py) and its wounded states.
AVORKARTH_ONLY = {"grappled", "crippled", "hips-crippled", "fully-grappled", "pinned", "prone", "hurt",
                  "wounded", "crippled-state"}


def test_the_shared_table_holds_only_conditions_that_stop_movement_in_every_ruleset():
    assert set(SLOWING_CONDITIONS) == {"unconscious", "paralyzed", "restrained", "immobilised"}
    assert all(row.effect is Effect.STOP and row.source.startswith("every ruleset:")
               for row in SLOWING_CONDITIONS.values())
    assert not AVORKARTH_ONLY & set(SLOWING_CONDITIONS)


def test_by_default_a_grapple_or_a_wound_changes_no_speed():
    """Avorkarth's partial grapple and wounded states do not leak into a ruleset that passes no table."""
    for name in ("grappled", "wounded", "hurt", "crippled-state", "hips-crippled", "prone"):
        assert movement_allowance(8, [name]).value == 8


@pytest.mark.parametrize("name", sorted(SLOWING_CONDITIONS))
def test_a_shared_row_stops_every_table(name):
    for table in (SLOWING_CONDITIONS, BATON_SLOWING, SHATTERED_WORLD_SLOWING):
        assert movement_allowance(8, [name], table=table).value == 0


def test_baton_prone_and_disengaging_halve():
    """baton: "A prone character's speed is halved"; disengaging "their speed is halved"."""
    assert movement_allowance(6, ["prone"], table=BATON_SLOWING).value == 3
    assert movement_allowance(8, ["prone", "disengaging"], table=BATON_SLOWING).value == 2
    assert all(r.source.startswith(("baton:", "every ruleset:")) for r in BATON_SLOWING.values())


def test_shattered_world_heavy_armour_halves_and_rounds_down():
    """shattered-world: heavy armor "reduced to 1/2 normal movement rate"; Disabled "Movement is 1/2"."""
    allowance = movement_allowance(7, ["heavy-armour"], table=SHATTERED_WORLD_SLOWING)
    assert allowance.value == 3 and "heavy-armour: half" in allowance.explain()
    assert movement_allowance(10, ["disabled"], table=SHATTERED_WORLD_SLOWING).value == 5


def test_halvings_then_subtractions_then_caps_and_a_stop_wins():
    table = slowing_table(SlowingCondition("slow", Effect.MINUS, 1), SlowingCondition("half", Effect.HALVE),
                          SlowingCondition("limp", Effect.CAP, 2), SlowingCondition("held", Effect.STOP))
    assert movement_allowance(10, ["slow", "half"], table=table).value == 4  # 10/2 = 5, then −1
    assert movement_allowance(10, ["half", "limp"], table=table).value == 2
    assert movement_allowance(0, ["limp"], table=table).value == 0
    stopped = movement_allowance(10, ["half", "held"], table=table)
    assert stopped.value == 0 and "held: no movement" in stopped.explain()


def test_unknown_conditions_do_nothing_and_duplicates_count_once():
    assert movement_allowance(8, ["blinded", "prone", "prone"], table=BATON_SLOWING).value == 4
