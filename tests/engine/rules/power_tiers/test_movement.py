"""Speed and movement on 5-foot areas."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import Move, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_movement, ask_reachable, ask_tactics
from vantage.engine.rules.base import Overlay


def test_the_texts_example_dexterity_5_stamina_10_neophyte_moves_20_feet(pt):
    """"So if you have a Dexterity of 5, a Stamina of 10, and are a Neophyte you will have a combat
    movement of 20 feet, (5 + 10 + 1 = 16, round up to nearest divisor of 5, for 20.)\""""
    from vantage.engine.rules.registry import get_ruleset

    t = pt.table(pt.token("bram", (0, 0), dexterity=5, stamina=10, tier="neophyte"))
    explained = get_ruleset("power-tiers").explain(t.encounter, "bram")
    assert str(explained["speed"]) == ("Speed: Dexterity 5, Stamina +10, power ranking (Neophyte) +1, "
                                       "rounded up to 20 ft +4 = 20")
    movement = ask_movement(t.encounter, "bram")
    assert movement.allowance.value == 4  # "Movement in combat is based on 5 foot areas"
    assert str(movement.allowance) == "Movement: tiles for a speed of 20 ft 4 = 4"


@pytest.mark.parametrize(("dexterity", "stamina", "tier", "feet"),
                         [(5, 10, "neophyte", 20), (5, 9, "neophyte", 15), (4, 14, "adept", 25),
                          (10, 12, "master", 30), (0, 0, "neophyte", 5)])
def test_speed_rounds_up_to_a_multiple_of_5_feet(pt, dexterity, stamina, tier, feet):
    """"Add your Dexterity, Stamina, and Power Ranking together, round up to the nearest number
    divisible by 5.\""""
    t = pt.table(pt.token("bram", (0, 0), dexterity=dexterity, stamina=stamina, tier=tier))
    assert ask_movement(t.encounter, "bram").allowance.value == feet // 5


def test_moving_up_to_the_speed_is_one_action(pt):
    """"You can do many different things with a single action such as moving up to your speed\""""
    t = pt.table(pt.token("bram", (0, 0)), pt.token("ghoul", (11, 9), "enemy"))
    t.go(StartCombat(), 20, 1)
    t.go(Move(token="bram", path=((0, 0), (1, 1), (2, 2), (3, 3), (4, 4))))  # diagonals cost 1 (assumed)
    assert t.sentences == ["Bram moves 4 tiles to (4, 4) (2 actions left)."]
    with pytest.raises(CommandRejected, match="Bram cannot move that way: needs 5 tiles, has 4"):
        t.go(Move(token="bram", path=((4, 4), (5, 4), (6, 4), (7, 4), (8, 4), (9, 4))))
    reachable = ask_reachable(t.encounter, "bram")
    assert (8, 8) in reachable.tiles and (9, 9) not in reachable.tiles


def test_enemies_block_the_way(pt):
    t = pt.table(pt.token("bram", (0, 0)), pt.token("ghoul", (1, 0), "enemy"))
    with pytest.raises(CommandRejected, match="step 1 from"):
        t.go(Move(token="bram", path=((0, 0), (1, 0), (2, 0))))


def test_the_map_shows_reachable_tiles_reach_and_sight_no_facing_no_charges(pt):
    tactics = ask_tactics(pt.table().encounter)
    assert tactics.arc_widths is None and tactics.charge_min_tiles is None
    assert tactics.overlays == frozenset({Overlay.REACHABLE, Overlay.REACH_ZONES, Overlay.SIGHT})
    assert tactics.path_warnings == frozenset() and tactics.move_modes == ()
