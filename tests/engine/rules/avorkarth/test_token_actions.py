"""Avorkarth's untargeted actions (engine/rules/avorkarth/untargeted.py, ``Avorkarth.token_actions``):
standing up, the stance, picking up a dropped weapon — each with its legality now."""

from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.asking import ask_token_actions
from vantage.engine.rules.base import Unanswered

AVORKARTH = get_ruleset("avorkarth")


def started(*tokens, dropped=()):
    enc = encounter(*tokens)
    enc, _ = run(enc, ScriptedDice([12]), c.StartCombat())
    if dropped:
        from dataclasses import replace

        enc = replace(enc, combat={**enc.combat, "dropped": list(dropped)})
    return enc


def by_label(options):
    return {o.label: o for o in options}


def test_outside_combat_there_are_none_and_the_reason_says_why():
    enc = encounter(fighter("bram", (3, 3), "party", player=True))
    answer = ask_token_actions(enc, "bram")
    assert isinstance(answer, Unanswered) and "start combat first" in answer.reason


def test_a_token_that_is_not_there_or_has_no_block_has_none():
    enc = started(fighter("bram", (3, 3), "party", player=True))
    assert AVORKARTH.token_actions(enc, "orc") == Unanswered("there is no token 'orc' on this map")


def test_a_prone_creature_may_stand_up_on_its_turn():
    """Trip: "fall down and unable to move/attack until they use the standing up action"."""
    enc = started(fighter("bram", (3, 3), "party", player=True, conditions=("prone",)))
    options = by_label(AVORKARTH.token_actions(enc, "bram"))
    stand = options["Stand up"]
    assert stand.legal and stand.command == c.StandUp("bram")
    assert "costs 2 of the 6 actions of this turn" in stand.explanation
    after, _ = run(enc, ScriptedDice([]), stand.command)
    assert "Stand up" not in by_label(AVORKARTH.token_actions(after, "bram"))


def test_the_stance_offered_is_the_other_one():
    """Defensive Stance: "The creature can no longer dodge regular attacks (skipping the "Hitting"
    phase) but can no longer be critically struck." """
    enc = started(fighter("bram", (3, 3), "party", player=True))
    defensive = by_label(AVORKARTH.token_actions(enc, "bram"))["Defensive stance"]
    assert defensive.legal and defensive.command == c.Stance("bram", "defensive")
    assert "Stand up" not in by_label(AVORKARTH.token_actions(enc, "bram"))
    enc, _ = run(enc, ScriptedDice([]), defensive.command)
    normal = by_label(AVORKARTH.token_actions(enc, "bram"))["Normal stance"]
    assert normal.legal and normal.command == c.Stance("bram", "normal")


def test_only_ones_own_weapon_on_or_next_to_the_token_can_be_picked_up():
    """Ranged critical fail: "Fumble and drop your weapon" — picked up again from beside it."""
    dropped = [{"owner": "bram", "weapon": "Bow", "tile": [4, 4]},
               {"owner": "bram", "weapon": "Dagger", "tile": [7, 7]},
               {"owner": "ghoul", "weapon": "Claws", "tile": [3, 3]}]
    enc = started(fighter("bram", (3, 3), "party", player=True), fighter("ghoul", (9, 8), "enemy"),
                  dropped=dropped)
    options = by_label(AVORKARTH.token_actions(enc, "bram"))
    assert [label for label in options if label.startswith("Pick up")] == ["Pick up the Bow"]
    assert options["Pick up the Bow"].legal
    after, _ = run(enc, ScriptedDice([]), options["Pick up the Bow"].command)
    assert after.combat["dropped"] == dropped[1:]


def test_not_ones_turn_or_locked_the_options_say_why_not():
    """"A character can only do two actions while as such. Attack back, or retreat." """
    enc = started(fighter("bram", (3, 3), "party", player=True), fighter("ghoul", (4, 3), "enemy"))
    ghoul = by_label(AVORKARTH.token_actions(enc, "ghoul"))["Defensive stance"]
    assert not ghoul.legal and ghoul.reason == "Ghoul cannot act now: it is Bram's turn"
    assert ghoul.explanation.startswith("Not now: Ghoul cannot act now")
    bram = by_label(AVORKARTH.token_actions(enc, "bram"))["Defensive stance"]
    assert not bram.legal and "locked by Ghoul" in bram.reason
