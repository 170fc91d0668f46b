"""Rounds, turns and the three actions."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import Attack, EndTurn, Move, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_turn, ask_turn_options
from vantage.engine.rules.power_tiers.vocabulary import UseAction


def _two(pt, **rules):
    return pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy", dexterity=7),
                    rules=rules or None)


def test_initiative_is_d20_plus_dexterity_highest_first(pt):
    """Turn order is not in the text (assumed): each creature rolls d20 + Dexterity, highest first."""
    t = _two(pt)
    t.go(StartCombat(), 10, 9)  # Bram 10 + 5 = 15, Ghoul 9 + 7 = 16
    assert t.encounter.combat["order"] == [["ghoul", 16], ["bram", 15]]
    assert t.sentences[:3] == ["Bram initiative: 1d20 [10] = 10 → 10 + Dexterity 5 = 15.",
                               "Ghoul initiative: 1d20 [9] = 9 → 9 + Dexterity 7 = 16.",
                               "Combat begins. Initiative: Ghoul 16, Bram 15."]
    assert t.sentences[-1] == "Ghoul's turn (round 1): 3 actions."


def test_an_initiative_tie_goes_to_the_higher_dexterity(pt):
    """Assumed tie-break: higher Dexterity, then players' characters, then map order."""
    t = _two(pt)
    t.go(StartCombat(), 12, 10)  # both 17
    assert [e[0] for e in t.encounter.combat["order"]] == ["ghoul", "bram"]


def test_the_initiative_die_and_stat_are_rules_options(pt):
    t = _two(pt, initiative_die="d6", initiative_ability="stamina")
    t.go(StartCombat(), 6, 1)  # Bram 6 + 10, Ghoul 1 + 10
    assert t.encounter.combat["order"] == [["bram", 16], ["ghoul", 11]]
    for rules, why in (({"initiative_speed": 3}, "rules.initiative_speed: Power Tiers has no such rules "
                                                 "option"),
                       ({"initiative_die": "d"}, "rules.initiative_die: 'd' is not a dice expression"),
                       ({"actions_per_round": -1}, "rules.actions_per_round: -1 is below 0"),
                       ({"stun_rounds": "x"}, "rules.stun_rounds: 'x' is not a whole number")):
        bad = _two(pt, **rules)
        with pytest.raises(CommandRejected) as refused:
            bad.go(StartCombat())
        assert refused.value.reason.startswith(why)


def test_three_actions_a_round_mixed_freely_and_no_fourth(pt):
    """"During each round you have three actions to use. ... You can mix and match these three
    actions as you wish.\""""
    t = _two(pt)
    t.go(StartCombat(), 20, 1)
    t.go(Move(token="bram", path=((2, 2), (2, 3))))
    t.go(UseAction(token="bram", what="climbs the wall (Athletics)"))
    assert t.sentences == ["Bram spends an action: climbs the wall (Athletics); 1 action left."]
    t.go(Attack(attacker="bram", target="ghoul"), 1, 20)
    before = t.encounter
    with pytest.raises(CommandRejected) as refused:
        t.go(Move(token="bram", path=((2, 3), (2, 4))))
    assert refused.value.reason == "Bram cannot move: it takes 1 action and 0 are left this round"
    assert t.encounter is before
    assert ask_turn(t.encounter).slots[0].left == 0


def test_each_round_brings_three_new_actions_and_the_round_ends_after_the_last_turn(pt):
    """"Each round lasts for 5 seconds in game time": every creature acts once a round."""
    t = _two(pt)
    t.go(StartCombat(), 20, 1)
    t.go(UseAction(token="bram", what="shouts"))
    t.go(EndTurn(token="bram"))
    assert t.sentences == ["Bram ends the turn with 2 actions unused.", "Ghoul's turn (round 1): 3 actions."]
    t.go(EndTurn(token="ghoul"))
    assert t.sentences == ["Ghoul ends the turn with 3 actions unused.", "Round 1 ends.", "Round 2 begins.",
                           "Bram's turn (round 2): 3 actions."]
    turn = ask_turn(t.encounter)
    assert (turn.round, turn.actor, turn.slots[0].left, turn.slots[0].total) == (2, "bram", 3, 3)


def test_only_the_actor_acts_and_the_turn_options_are_end_turn(pt):
    t = _two(pt)
    t.go(StartCombat(), 20, 1)
    with pytest.raises(CommandRejected, match="Ghoul cannot act now: it is Bram's turn"):
        t.go(EndTurn(token="ghoul"))
    (option,) = ask_turn_options(t.encounter)
    assert option.label == "End turn" and option.legal and option.command == EndTurn(token="bram")


def test_actions_per_round_is_a_rules_option(pt):
    t = _two(pt, actions_per_round=2)
    t.go(StartCombat(), 20, 1)
    assert t.sentences[-1] == "Bram's turn (round 1): 2 actions."
