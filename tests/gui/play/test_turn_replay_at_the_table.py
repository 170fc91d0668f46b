"""Previous turn, then Next turn, with dice rolled at the table (issue 16, item 2: "Previous turn and
then next turn must not re-roll anything"): a turn change that waited for a player's die is redone
with the face given then — the table is not asked again, and nothing is rolled anew."""

from __future__ import annotations

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import Answer
from vantage.engine.rules.asking import ask_pending, ask_turn
from vantage.gui.document import run_command


def _details(window) -> list[str]:
    return [d for entry in window.document.log for d in entry.details]


def test_previous_then_next_turn_keeps_the_face_typed_at_the_table(sample_panels):
    window = sample_panels("01-ruined-courtyard.json", centre=(16, 13), vantage_rolls=False)
    window.document.dice = ScriptedDice([])  # Vantage rolls nothing here: every die is the party's
    window.tracker.start_combat()
    run_command(window.document, "Dice at the table: 12", Answer(faces=(12,)))  # Mira's morale
    assert ask_turn(window.encounter).actor == "mira"
    window.tracker.next_turn()  # Ysolde's turn begins with her morale check, at the table
    (decision,) = ask_pending(window.encounter)
    assert decision.who == "ysolde"
    run_command(window.document, "Dice at the table: 11", Answer(faces=(11,)))
    assert ask_turn(window.encounter).actor == "ysolde"
    check = "morale check, Ysolde: 1d20 [11] = 11 → fail."
    assert _details(window).count(check) == 1
    window.tracker.previous_turn()
    assert ask_turn(window.encounter).actor == "mira" and check not in _details(window)
    window.tracker.next_turn()
    assert not ask_pending(window.encounter)  # the table is not asked again
    assert ask_turn(window.encounter).actor == "ysolde"
    assert _details(window).count(check) == 1  # the face typed then, no new roll
