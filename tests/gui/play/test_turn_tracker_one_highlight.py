"""The turn tracker highlights one entry at a time (GM walkthrough 3, `116-after-prompt-N-ignored.png`:
"Mira acts" while her later entry, "Mira (extra turn, initiative 1)", was selected under the yellow
entry acting now — two rows highlighted at once). The active token is selected when its turn starts,
so the tracker selects the entry acting now, not the token's turn yet to begin."""

from __future__ import annotations

from PySide6.QtCore import Qt

from vantage.engine.dice import SeededDice
from vantage.engine.protocol.commands import SetTableDice
from vantage.engine.rules.asking import ask_turn
from vantage.gui.document import run_command
from vantage.gui.play.turn_tracker import attach_turn_order_menu


def _highlighted(tracker) -> list[int]:
    """The rows drawn highlighted: the selected one and those with a background of their own."""
    listed = tracker.order_list
    painted = {i for i in range(listed.count())
               if listed.item(i).background().style() != Qt.BrushStyle.NoBrush}
    return sorted(painted | {listed.currentRow()} - {-1})


def _to_a_turn_with_another_to_come(window):
    """Next turn until the actor has a later entry in the order (Avorkarth's extra turn)."""
    for _ in range(30):
        turn = ask_turn(window.document.encounter)
        later = [i for i, e in enumerate(turn.entries) if e.token == turn.actor and i > turn.current]
        if later:
            return turn
        window.tracker.next_turn()
    raise AssertionError("no actor with an extra turn to come")


def _start(window) -> None:
    """As in the GM window: a token selected on the map selects its entry; Vantage rolls."""
    attach_turn_order_menu(window.workspace, window.tracker)
    window.document.dice = SeededDice(3)
    run_command(window.document, "Vantage rolls", SetTableDice())
    window.tracker.start_combat()


def test_the_actors_own_entry_is_the_one_highlighted(qtbot, demo_panels):
    window = demo_panels
    _start(window)
    turn = _to_a_turn_with_another_to_come(window)
    tracker = window.tracker
    assert window.workspace.selection.token == turn.actor  # selected when its turn started
    assert tracker.order_list.currentRow() == turn.current
    assert _highlighted(tracker) == [turn.current]
    tracker.select_token(turn.actor)  # the GM clicks the token on the map again
    assert _highlighted(tracker) == [turn.current]


def test_another_token_selected_is_its_own_entry(qtbot, demo_panels):
    """Selecting another token still selects its turn yet to begin (Move up / down act on it)."""
    window = demo_panels
    _start(window)
    turn = ask_turn(window.document.encounter)
    other = next(i for i, e in enumerate(turn.entries) if e.token != turn.actor and i > turn.current)
    window.workspace.selection.select_token(turn.entries[other].token)
    assert window.tracker.order_list.currentRow() == other
