"""Previous turn, then next turn, rolls nothing again.

Issue 16, item 2: "Previous turn and then next turn must not re-roll anything (today they do)."
Going back steps over the turn change in the undo history; going on again redoes that very step,
with the rolls it had, instead of sending the command again to new dice.
"""

from __future__ import annotations

import pytest

from vantage.engine.dice import SeededDice
from vantage.engine.protocol.gm_commands import EditToken
from vantage.engine.rules.asking import ask_turn
from vantage.gui.document import run_command


def _end_turns_until_a_new_round(tracker, document) -> None:
    start = ask_turn(document.encounter).round
    for _ in range(40):
        tracker.next_turn()
        if ask_turn(document.encounter).round != start:
            return
    raise AssertionError("the round never ended")


def test_previous_then_next_turn_gives_the_same_turn_and_the_same_rolls(qtbot, demo_panels):
    document, tracker = demo_panels.document, demo_panels.tracker
    document.dice = SeededDice(7)
    tracker.start_combat()
    _end_turns_until_a_new_round(tracker, document)  # a new round: initiative and recoveries roll
    after, log = document.encounter, document.log
    tracker.previous_turn()
    assert document.encounter != after
    tracker.next_turn()
    assert document.encounter == after
    assert document.log == log


def test_after_going_back_and_changing_something_next_turn_is_sent_afresh(qtbot, demo_panels):
    document, tracker = demo_panels.document, demo_panels.tracker
    document.dice = SeededDice(7)
    tracker.start_combat()
    tracker.next_turn()
    tracker.previous_turn()
    actor = ask_turn(document.encounter).actor
    run_command(document, "Rename", EditToken(token=actor, name="Renamed"))  # the history branches
    assert not document.undo_stack.canRedo()
    tracker.next_turn()
    assert ask_turn(document.encounter).actor != actor
    stack = document.undo_stack
    assert stack.text(stack.index() - 1).startswith("Turn: ")
    assert document.encounter.token(actor).name == "Renamed"  # the rename was not undone or lost


@pytest.mark.slow
def test_end_combat_from_the_combat_menu_clears_the_tracker_and_undo_brings_it_back(qtbot, gm_window):
    """Issue 16, item 2: "… end combat" — from the window's Combat menu and its shortcut, which
    asks first in the prompt bar (issue 30 item 5: "End combat is one chord with no question")."""
    document, tracker = gm_window.document, gm_window.tracker
    document.dice = SeededDice(7)
    tracker.start_combat()
    action = gm_window.window_actions.end_combat
    assert action.shortcut().toString() == "Ctrl+Shift+K"
    action.trigger()
    assert ask_turn(document.encounter) is not None  # asked, not ended
    bar = gm_window.table_rolls.prompt
    assert bar.title.text() == "End the combat?"
    bar.choose(0)  # End combat
    assert ask_turn(document.encounter) is None and tracker.round_label.text() == "Not in combat"
    assert "The combat is over" in gm_window.statusBar().currentMessage()
    assert gm_window.statusBar().currentMessage().endswith("Undo (Ctrl+Z) brings the combat back.")
    assert tracker.start_button.isEnabled()
    document.undo_stack.undo()
    assert ask_turn(document.encounter) is not None
