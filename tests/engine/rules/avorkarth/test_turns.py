"""Avorkarth combat order and the round, through ``apply`` (engine/rules/avorkarth/flow.py)."""

import pytest
from avk_fixtures import encounter, fighter, kinds, run, sentences

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.rules.avorkarth.initiative import Contender, ambush_order, extra_turns, round_order
from vantage.engine.rules.avorkarth.vocabulary import Resume, Stay
from vantage.engine.session import CommandRejected

SUCCESS = 12  # a d20 face that is a plain success at category 0


def order_of(enc):
    return [(t, i, x) for t, i, x in enc.combat["order"]]


def test_ambush_round_minus_ten_and_those_below_the_lowest_ambusher_do_not_act():
    """"All creatures add their initiative to a list, with ambushed creatures taking a -10 penalty.
    … If a creature's initiative is lower than the lowest ambushing creature, they do not act this round." """
    people = [Contender("a1", 4, 5, False), Contender("a2", 6, 5, False),
              Contender("p1", 15, 5, True), Contender("p2", 9, 5, True)]
    order, left_out = ambush_order(people, ["a1", "a2"], ["p1", "p2"])
    assert [(e.token, e.initiative) for e in order] == [("a2", 6), ("p1", 5), ("a1", 4)]
    assert left_out == ["p2"]


def test_extra_turns_above_six_swiftness_at_minus_five_each():
    """"Any creature whose swiftness exceeds 6 actions then gain additional turns per 6 actions, and
    add them to the initiative list at -5 initiative per extra turn." """
    assert [extra_turns(s) for s in (6, 7, 12, 13, 19)] == [0, 1, 1, 2, 3]
    order = round_order([Contender("fast", 9, 13, False), Contender("slow", 5, 4, False)])
    assert [(e.token, e.initiative, e.extra) for e in order] == [
        ("fast", 9, 0), ("slow", 5, 0), ("fast", 4, 1), ("fast", -1, 2),
    ]


def test_players_win_ties():
    """"The highest initiative goes first. Players win ties." """
    order = round_order([Contender("orc", 5, 4, False), Contender("hero", 5, 4, True)])
    assert [e.token for e in order] == ["hero", "orc"]


def _duel(**bram):
    return encounter(fighter("bram", (2, 2), "party", "E", player=True, **bram),
                     fighter("ghoul", (3, 2), "enemy", "W"))


def test_ten_actions_a_turn():
    """"The acting creature uses up to 10 actions." and "Swiftness is how many actions a creature can
    do within a round": Agility 6 is 6 actions; two attacks at 3 (assumed costs) use them all."""
    enc, _ = run(_duel(), ScriptedDice([SUCCESS, 5, 5]), c.StartCombat(), c.Attack("bram", "ghoul"),
                 c.Attack("bram", "ghoul"))
    with pytest.raises(CommandRejected, match="Bram has 0 of 6 actions left; an attack costs 3"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul"))


def test_never_more_than_ten_actions_in_a_turn():
    """"The acting creature uses up to 10 actions": Agility 12 still has 10 in its first turn."""
    enc, _ = run(_duel(agility=12), ScriptedDice([SUCCESS]), c.StartCombat())
    assert enc.combat["creatures"]["bram"]["budget"] == 10


def test_ten_actions_every_turn_is_the_other_reading():
    """The rules option ``swiftness: "ten_per_turn"``: 10 actions each turn, the costs that fit it."""
    enc = _duel()
    enc = encounter(*enc.tokens, combat={"rules": {"swiftness": "ten_per_turn"}})
    enc, _ = run(enc, ScriptedDice([SUCCESS, 5, 5]), c.StartCombat(), c.Attack("bram", "ghoul"),
                 c.Attack("bram", "ghoul"))
    with pytest.raises(CommandRejected, match="Bram has 0 of 10 actions left; an attack costs 5"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul"))


def test_resolve_check_only_on_the_first_turn_of_the_round():
    """"If it is the creature's first turn in the round, they must roll their Resolve check." """
    enc, events = run(_duel(agility=8), ScriptedDice([SUCCESS, SUCCESS, SUCCESS, SUCCESS]),
                      c.StartCombat(), c.EndTurn("bram"), c.EndTurn("ghoul"))
    assert order_of(enc) == [("bram", 5, 0), ("ghoul", 5, 0), ("bram", 0, 1)]
    # now in Bram's extra turn: it did not roll morale again
    enc, more = run(enc, ScriptedDice([SUCCESS]), c.EndTurn("bram"))
    assert kinds(events).count("morale") == 2
    assert "morale" in kinds(more)  # round 2: Bram's first turn of the new round
    assert any("Round 2 begins" in s for s in sentences(more))


def test_stay_and_re_enter_before_the_next_creature():
    """"The creature may choose to stay their actions … they may re-enact their turn before any next
    creature's turn." """
    enc, _ = run(_duel(), ScriptedDice([SUCCESS, SUCCESS]), c.StartCombat(), Stay("bram"))
    assert enc.combat["creatures"]["bram"]["actions"] == 0
    enc, events = run(enc, ScriptedDice([5]), Resume("bram"), c.Attack("bram", "ghoul"))
    assert "re-enters with 6 stayed actions, before Ghoul acts" in events[0].sentence
    enc, events = run(enc, ScriptedDice([]), c.EndTurn("bram"))
    assert events[-1].kind == "turn_began" and events[-1].token == "ghoul"
    with pytest.raises(CommandRejected, match="no stayed actions"):
        run(enc, ScriptedDice([]), Resume("bram"))


def test_round_end_stamina_over_time_effects_and_the_dead_removed():
    """"Enact all area, environmental and over-time effects, such as burns, bleeds or poisons. Reduce
    all creature's stamina by 1. Remove all creatures that have perished from the initiative list" """
    enc = encounter(fighter("bram", (2, 2), "party", "E", player=True),
                    fighter("ghoul", (3, 2), "enemy", "W"),
                    fighter("rat", (8, 8), "enemy", "N"))
    enc, _ = run(enc, ScriptedDice([SUCCESS]), c.StartCombat(),
                 c.SetCondition("ghoul", "bleeding-out"), c.SetCondition("rat", "dead"),
                 c.SetCondition("bram", "crippled", rounds=2))
    enc, events = run(enc, ScriptedDice([SUCCESS, SUCCESS]), c.EndTurn("bram"), c.EndTurn("ghoul"))
    assert enc.combat["creatures"]["ghoul"]["lethal"] == 10  # 1 lesser wound from bleeding out
    assert enc.combat["creatures"]["bram"]["stamina"] == 4
    assert [t for t, _, _ in order_of(enc)] == ["bram", "ghoul"]
    assert enc.token("bram").conditions[0].rounds_left == 1
    assert any("Rat is removed from the initiative list" in s for s in sentences(events))


def test_ambush_through_apply_and_the_second_round_restores_initiative():
    """"(If finishing an Ambush round) - Any ambushed creatures take off the -10 penalty" """
    enc = encounter(fighter("bram", (2, 2), "party", "E", player=True, instinct=8),
                    fighter("ghoul", (6, 2), "enemy", "W", instinct=3))
    enc, events = run(enc, ScriptedDice([SUCCESS]), c.StartCombat(options={"ambushers": ("ghoul",)}))
    assert events[0].ambush and "Ambush!" in events[0].sentence
    assert order_of(enc) == [("ghoul", 3, 0)]
    assert any("Bram is caught unaware" in s for s in sentences(events))
    enc, events = run(enc, ScriptedDice([SUCCESS]), c.EndTurn("ghoul"))
    assert [t for t, _, _ in order_of(enc)] == ["bram", "ghoul"]
    assert not enc.combat["ambush"]


def test_ambushed_have_no_full_armour_in_the_ambush_round():
    """"Full armour bonuses apply to any attack which is made to the character, as long as they are
    aware that they are in combat." """
    enc = encounter(fighter("bram", (3, 2), "party", "W", player=True, instinct=3),
                    fighter("ghoul", (2, 2), "enemy", "E", instinct=8))
    ambush = c.StartCombat(options={"ambushers": ("ghoul",)})
    enc, events = run(enc, ScriptedDice([SUCCESS, SUCCESS, SUCCESS]), ambush, c.Attack("ghoul", "bram"))
    strike = next(ev for ev in events if ev.kind == "strike")
    assert strike.margin == 5 - 2  # might 5 − guarded 2; full 3 does not count
