"""Avorkarth's morale check at the table is the creature's own roll: "Morale checks are a roll
required by all characters at the start of the first turn within a round. It uses the creature's
Resolve as its basis" — so with the party's dice at the table (the sample maps' setting) a party
member's check waits for her player, and an enemy's is rolled by Vantage."""

from __future__ import annotations

from vantage.engine.dice import ScriptedDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.commands import Answer, EndTurn, StartCombat
from vantage.engine.rules.asking import ask_pending, ask_turn
from vantage.engine.session import apply
from vantage.gui.appdata.resources import sample_encounters

COURTYARD = next(p for p in sample_encounters() if p.name == "01-ruined-courtyard.json")


def test_a_party_members_morale_check_waits_for_her_player():
    encounter = load_encounter(COURTYARD)  # the party rolls at the table
    waiting, events = apply(encounter, StartCombat(), ScriptedDice([]))
    (decision,) = ask_pending(waiting)
    assert decision.kind == "roll" and decision.who == "mira"  # Mira's own roll, not the GM's
    assert decision.dice is not None and decision.dice.purpose == "morale check, Mira"
    assert [e.sentence for e in events] == ["Waiting for Mira: Roll 1d20 at the table: morale check, Mira."]
    started, events = apply(waiting, Answer(faces=(12,)), ScriptedDice([]))
    assert "morale check, Mira: 1d20 [12] = 12 → fail." in [e.sentence for e in events]
    assert ask_turn(started).actor == "mira" and not ask_pending(started)


def test_an_enemys_morale_check_is_rolled_by_vantage():
    encounter = load_encounter(COURTYARD)
    turn_of = {"mira": (12,), "ysolde": (12,), "bram": (12,), "corwin": (12,)}
    dice = ScriptedDice([9])  # Ghoul 1's check: Vantage's die
    encounter, _ = apply(encounter, StartCombat(), dice)
    while ask_pending(encounter) or ask_turn(encounter).actor != "ghoul-1":
        if ask_pending(encounter):
            (decision,) = ask_pending(encounter)
            assert decision.who in turn_of, decision.prompt  # only the party is asked
            encounter, _ = apply(encounter, Answer(faces=turn_of[decision.who]), dice)
        else:
            encounter, _ = apply(encounter, EndTurn(token=ask_turn(encounter).actor), dice)
    assert dice.used == 1 and not ask_pending(encounter)
