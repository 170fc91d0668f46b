"""Shove, defensive stance, grab, breaking free and reversing: the common combat maneuvers."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import Answer, Attack, EndTurn, Maneuver, Move, Stance, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_movement, ask_pending, ask_token_actions, ask_turn
from vantage.engine.rules.power_tiers.vocabulary import Release

DAGGER = {"name": "Dagger", "damage": "1d4", "weight": "light", "proficient": True, "skill": 0}
MACE = {"name": "Mace", "damage": "1d6", "weight": "medium", "proficient": True, "skill": 0}


def _fight(pt, bram=None, ghoul=None):
    """Bram (4, 4) acts first, Ghoul (5, 4) beside him."""
    t = pt.table(pt.token("bram", (4, 4), **(bram or {})),
                 pt.token("ghoul", (5, 4), "enemy", **(ghoul or {})))
    t.go(StartCombat(), 20, 1)
    return t


def test_a_shove_asks_where_and_moves_the_opponent_5_feet_away(pt):
    """"As a Primary Action, make an attack roll vs opponent's defense roll, if the attacker is
    successful they can move their opponent 5 feet away.\""""
    t = _fight(pt)
    before = t.encounter
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="shove"))
    (decision,) = ask_pending(t.encounter)
    assert decision.who == "bram" and decision.kind == "choice"
    assert decision.prompt == "If the shove works, where does Bram move Ghoul (5 feet)?"
    assert [c.value for c in decision.choices] == ["6,4", "6,3", "6,5", "stay"]
    assert decision.default == "6,4" and decision.at == (5, 4)
    assert t.encounter.tokens == before.tokens
    t.go(Answer(choice="6,5"), 12, 10)
    assert t.encounter.token("ghoul").position == (6, 5)
    assert "Bram shoves Ghoul 5 feet to (6, 5)." in t.sentences
    assert t.record("bram")["actions"] == 2


def test_a_failed_shove_moves_nobody_ties_to_the_defender(pt):
    t = _fight(pt)
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="shove", path=((5, 4), (6, 4))), 10, 10)
    assert t.encounter.token("ghoul").position == (5, 4)
    assert "Ghoul withstands Bram's shove (a tie goes to the defender)." in t.sentences


def test_a_shove_path_must_be_one_tile_away_from_the_shover(pt):
    t = _fight(pt)
    with pytest.raises(CommandRejected, match=r"Ghoul cannot be shoved to \(4, 3\): it must be a free "
                                              r"tile next to "
                                              "it, farther from Bram"):
        t.go(Maneuver(attacker="bram", target="ghoul", maneuver="shove", path=((5, 4), (4, 3))))


def test_the_defensive_stance_adds_25_to_defence_rolls_that_round(pt):
    """"As a Primary Action you can take a defensive stance, gaining a bonus +25 to defense rolls
    that round.\""""
    t = _fight(pt)
    t.go(Stance(token="bram", stance="defensive"))
    assert t.sentences == ["Bram is now in a defensive stance for 1 round (+25 to defence rolls)."]
    assert t.record("bram")["actions"] == 2
    t.go(EndTurn(token="bram"))
    t.go(Attack(attacker="ghoul", target="bram"), 20, 1)
    hit = next(e for e in t.events if e.kind == "hit")
    assert hit.outcome == "miss"
    assert hit.explanation.endswith("against defence d20 1 + defensive stance 25 = 26: 20 − 26 = −6")
    t.go(EndTurn(token="ghoul"))
    assert "Bram is no longer in a defensive stance (its time is up)." in t.sentences
    assert any(o.label == "Defensive stance" for o in ask_token_actions(t.encounter, "bram"))


def test_a_grab_is_unarmed_against_defence_or_wrestle_the_opponents_choice(pt):
    """"make an attack roll with your unarmed skill vs the opponent's defense or wrestle skill. If
    you are successful you have grabbed your opponent.\""""
    t = _fight(pt, bram={"unarmed": {"skill": 3}}, ghoul={"wrestle": 5, "defence": {"skill": 1, "magic": 0}})
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    (decision,) = ask_pending(t.encounter)
    assert decision.who == "ghoul" and decision.default == "wrestle"  # the better odds for an NPC
    assert [c.label for c in decision.choices] == ["Defence +1", "Wrestle +5"]
    t.go(Answer(choice="defence"), 11, 12)  # unarmed 11 + 3 = 14 against defence 12 + 1 = 13
    assert "Bram grabs Ghoul." in t.sentences
    assert "grabbing" in t.conditions("bram") and "grabbed" in t.conditions("ghoul")
    assert t.record("bram")["grabbing"] == "ghoul" and t.record("ghoul")["grabbed_by"] == "bram"


def test_the_grabber_cannot_attack_but_moves_the_opponent_at_half_speed(pt):
    """"You cannot make any attacks while grabbing your opponent, but you can move the opponent at
    half your speed score with a move action.\""""
    t = _fight(pt)
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    t.go(Answer(choice="defence"), 15, 1)
    with pytest.raises(CommandRejected, match="Bram cannot make any attacks while grabbing Ghoul"):
        t.go(Attack(attacker="bram", target="ghoul"))
    allowance = ask_movement(t.encounter, "bram").allowance
    assert allowance.value == 2  # speed 20 ft: half is 10 ft, 2 tiles
    with pytest.raises(CommandRejected, match="needs 3 tiles, has 2"):
        t.go(Move(token="bram", path=((4, 4), (3, 4), (2, 4), (1, 4))))
    t.go(Move(token="bram", path=((4, 4), (3, 4), (2, 4))))
    assert t.encounter.token("ghoul").position == (3, 4)
    assert t.sentences[-1] == "Bram carries Ghoul along to (3, 4)."


def test_the_grabbed_attacks_only_light_or_unarmed_for_both_actions(pt):
    """"Your opponent can make an attack with a light weapon or unarmed, but it will require them to
    use both Primary and Secondary actions to do so.\""""
    t = _fight(pt, ghoul={"weapons": [MACE, DAGGER]})
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    t.go(Answer(choice="defence"), 15, 1)
    t.go(EndTurn(token="bram"))
    with pytest.raises(CommandRejected, match=r"Ghoul is grabbed: it can attack only with a light weapon or "
                                              r"unarmed, not the Mace \(medium\)"):
        t.go(Attack(attacker="ghoul", target="bram", weapon="Mace"))
    with pytest.raises(CommandRejected, match="Ghoul is grabbed by Bram: break free first"):
        t.go(Move(token="ghoul", path=((5, 4), (6, 4))))
    t.go(Attack(attacker="ghoul", target="bram", weapon="Dagger"), 1, 20)
    assert t.record("ghoul")["actions"] == 1
    with pytest.raises(CommandRejected, match="it takes 2 actions and 1 is left"):
        t.go(Attack(attacker="ghoul", target="bram", weapon="unarmed"))


@pytest.mark.parametrize("skill", ["wrestle", "unarmed"])
def test_breaking_free_with_a_wrestle_or_unarmed_roll(pt, skill):
    """"The opponent can also use their Primary action to make a Wrestle skill roll or an Unarmed
    Attack roll on their turn to break free of ... the grab." (assumed: against the grabber's d20 +
    its higher skill of the two; ties to the grabber)"""
    t = _fight(pt, bram={"wrestle": 2}, ghoul={"wrestle": 4, "unarmed": {"skill": 1}})
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    t.go(Answer(choice="defence"), 15, 1)
    t.go(EndTurn(token="bram"))
    bonus = 4 if skill == "wrestle" else 1
    # Ghoul d20 10 + 4 or 1 against Bram d20 5 + 2 (its wrestle, higher than unarmed 0)
    t.go(Maneuver(attacker="ghoul", target="bram", maneuver="break-free", options={"skill": skill}), 10, 5)
    assert "Ghoul breaks free of Bram's grab." in t.sentences
    assert "grabbed" not in t.conditions("ghoul") and "grabbing" not in t.conditions("bram")
    assert t.record("ghoul")["actions"] == 2
    assert any(s.startswith(f"{skill.capitalize()} d20 10 + {skill} {bonus}") for s in t.sentences)


def test_the_grabbed_chooses_wrestle_or_unarmed_in_the_menu(pt):
    """ "The opponent can also use their Primary action to make a Wrestle skill roll or an Unarmed Attack roll
    on their turn to break free of, or to reverse the grab." — the choice is the grabbed character's: the
    menu offers each skill with its odds; the program does not pick the higher one for it."""
    from vantage.engine.rules.asking import ask_attack_options

    t = _fight(pt, bram={"wrestle": 2}, ghoul={"wrestle": 4, "unarmed": {"skill": 1}})
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    t.go(Answer(choice="defence"), 15, 1)
    t.go(EndTurn(token="bram"))
    options = {o.label: o for o in ask_attack_options(t.encounter, "ghoul", "bram")}
    wrestle, unarmed = options["Break free with Wrestle"], options["Break free with an Unarmed roll"]
    assert wrestle.command.options == {"skill": "wrestle"} and unarmed.command.options == {"skill": "unarmed"}
    assert wrestle.chances["success"] > unarmed.chances["success"]
    assert wrestle.legal and "Reverse the grab with Wrestle" in options


def test_reversing_the_grab_makes_the_grabbed_the_grabber(pt):
    """"... to break free of, or to reverse the grab.\""""
    t = _fight(pt, ghoul={"wrestle": 4})
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    t.go(Answer(choice="defence"), 15, 1)
    t.go(EndTurn(token="bram"))
    t.go(Maneuver(attacker="ghoul", target="bram", maneuver="reverse"), 10, 10)
    assert "Ghoul reverses the grab: now Ghoul holds Bram." in t.sentences
    assert t.record("ghoul")["grabbing"] == "bram" and t.record("bram")["grabbed_by"] == "ghoul"
    assert ask_turn(t.encounter).note.startswith("grabbing Bram")


def test_a_failed_break_free_keeps_the_grab_and_release_lets_go(pt):
    t = _fight(pt)
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    t.go(Answer(choice="defence"), 15, 1)
    t.go(EndTurn(token="bram"))
    t.go(Maneuver(attacker="ghoul", target="bram", maneuver="break-free"), 5, 5)
    assert "Bram keeps hold of Ghoul (a tie goes to the grabber)." in t.sentences
    t.go(EndTurn(token="ghoul"))
    actions = [o.label for o in ask_token_actions(t.encounter, "bram")]
    assert "Let go of Ghoul" in actions
    t.go(Release(token="bram"))
    assert t.sentences[0] == "Bram lets go of Ghoul."
    assert t.record("bram")["actions"] == 3


def test_a_shove_of_a_grabbed_creature_apart_ends_the_grab(pt):
    """Assumed (not in the text): a grab holds only while the two stand side by side."""
    t = pt.table(pt.token("bram", (4, 4)), pt.token("ghoul", (5, 4), "enemy"), pt.token("ada", (5, 3)))
    t.go(StartCombat(), 20, 1, 19)
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    t.go(Answer(choice="defence"), 15, 1)
    t.go(EndTurn(token="bram"))
    t.go(Maneuver(attacker="ada", target="ghoul", maneuver="shove", path=((5, 4), (6, 5))), 15, 1)
    assert "grabbed" not in t.conditions("ghoul") and "grabbing" not in t.conditions("bram")
    assert "Ghoul is no longer grabbed (pushed apart)." in t.sentences


def test_unknown_maneuvers_are_refused_naming_the_known(pt):
    t = _fight(pt)
    with pytest.raises(CommandRejected, match=r"'trip' is not a Power Tiers maneuver \(known: shove, grab, "
                                              r"break-free, reverse\)"):
        t.go(Maneuver(attacker="bram", target="ghoul", maneuver="trip"))


def test_common_maneuvers_need_proficiency_with_some_combat_skill(pt):
    """"Some combat maneuvers are basic enough that anyone proficient with any combat skill can
    attempt to perform them.\""""
    clumsy = {"weapons": [dict(MACE, proficient=False)], "unarmed": {"proficient": False}}
    t = _fight(pt, bram=clumsy)
    for command in (Maneuver(attacker="bram", target="ghoul", maneuver="shove"),
                    Maneuver(attacker="bram", target="ghoul", maneuver="grab"),
                    Stance(token="bram", stance="defensive")):
        with pytest.raises(CommandRejected, match="a common maneuver needs proficiency with some combat "
                                                  "skill"):
            t.go(command)
    # "Standard attacks can be made by anyone, regardless of weapon proficiency"
    t.go(Attack(attacker="bram", target="ghoul"), 1, 20)
    assert t.record("bram")["stamina_spent"] == 2
