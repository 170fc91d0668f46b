"""Previous turn finds the last turn change without reading the undo history.

Issue 32: "turn tracker: finding the last turn change walks the undo stack by step text (978,865
``text()`` calls in 250 commands)" — target "constant time, not by text". The document records the
place of the last turn change with each state, so undo and redo carry it along."""

from __future__ import annotations

from vantage.engine.protocol.gm_commands import EditToken
from vantage.engine.rules.asking import ask_turn
from vantage.gui.document import run_command


class _StackReads:
    """Counts the undo stack's ``text`` and ``command`` reads (the walk the tracker used to do)."""

    def __init__(self, stack) -> None:
        self.calls = 0
        text, command = stack.text, stack.command

        def counted_text(index: int) -> str:
            self.calls += 1
            return text(index)

        def counted_command(index: int):
            self.calls += 1
            return command(index)

        stack.text = counted_text
        stack.command = counted_command


def _rename(document, actor: str, n: int) -> None:
    run_command(document, f"Rename {n}", EditToken(token=actor, name=f"Name {n}"))


def test_refreshing_after_many_steps_reads_nothing_of_the_history(qtbot, demo_panels):
    document, tracker = demo_panels.document, demo_panels.tracker
    tracker.start_combat()
    tracker.next_turn()
    actor = ask_turn(document.encounter).actor
    reads = _StackReads(document.undo_stack)
    document.undo_stack.text(0)
    assert reads.calls == 1  # the spy sees a read through the stack
    reads.calls = 0
    for n in range(60):  # each step refreshes the tracker, which asks for the last turn change
        _rename(document, actor, n)
    assert reads.calls == 0
    assert tracker.previous_button.isEnabled()
    assert document.last_turn_change == 1  # Start combat is step 0, the turn change step 1


def test_previous_turn_steps_back_over_the_last_turn_change_and_its_later_steps(qtbot, demo_panels):
    document, tracker = demo_panels.document, demo_panels.tracker
    stack = document.undo_stack
    assert not tracker.previous_button.isEnabled()  # not in combat: no turn change yet
    tracker.start_combat()
    assert document.last_turn_change == 0
    actor = ask_turn(document.encounter).actor
    _rename(document, actor, 1)
    tracker.next_turn()
    turn_step = stack.index() - 1
    assert stack.text(turn_step).startswith("Turn: ")
    _rename(document, ask_turn(document.encounter).actor, 2)
    assert document.last_turn_change == turn_step
    tracker.previous_turn()
    assert stack.index() == turn_step  # back to before the turn change, the rename after it undone too
    assert document.last_turn_change == 0  # the one before: Start combat
    tracker.previous_turn()
    assert stack.index() == 0 and ask_turn(document.encounter) is None
    assert document.last_turn_change is None and not tracker.previous_button.isEnabled()
    stack.redo()  # redo brings the recorded turn change back with its state
    assert document.last_turn_change == 0
