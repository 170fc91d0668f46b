"""Issue 30 items 4 and 5, the combat's questions in the prompt bar.

Item 5: "End combat is one chord with no question — ask (or say in the status bar that undo brings
it back; asking is better)".
Item 4: "monsters added from the library during a combat are not offered a place in the turn order
— offer 'Add to combat' on placing (through the engine's command)".
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from vantage.engine.protocol.commands import StartCombat
from vantage.engine.rules.asking import ask_turn
from vantage.gui.document import run_command
from vantage.gui.edit.tool import EditSettings
from vantage.gui.play.creature_library import attach_creature_tools
from vantage.gui.play.table_rolls import attach_table_rolls
from vantage.gui.play.turn_questions import END_COMBAT_KEY, attach_turn_questions


def _questions(window):
    bar = attach_table_rolls(window.workspace).prompt
    return bar, attach_turn_questions(window.workspace, window.tracker, bar)


def _start(window):
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    assert ask_turn(window.encounter) is not None


def test_end_combat_asks_first_and_enter_ends_it_undo_brings_it_back(qtbot, skirmish_panels):
    window = skirmish_panels
    bar, _ = _questions(window)
    _start(window)
    steps = window.document.undo_stack.count()
    window.tracker.request_end_combat()  # Combat ▸ End combat, Ctrl+Shift+K
    assert ask_turn(window.encounter) is not None  # nothing ended yet: asked
    assert bar.isVisible() and bar.current.key == END_COMBAT_KEY
    assert bar.title.text() == "End the combat?"
    assert "Undo (Ctrl+Z) brings the combat back" in bar.sentence.text()
    end, keep = bar.choice_buttons
    assert end.text() == "1 · End combat · Enter" and keep.text() == "2 · Keep fighting · Esc"
    assert not bar.leave_button.isVisible()  # the answer says it is what Esc does
    qtbot.waitUntil(end.hasFocus, timeout=2000)
    qtbot.keyClick(end, Qt.Key.Key_Return)
    assert ask_turn(window.encounter) is None and not bar.isVisible()
    assert window.document.undo_stack.count() == steps + 1  # one undo step
    assert window.status().endswith("Undo (Ctrl+Z) brings the combat back.")
    qtbot.waitUntil(window.view.hasFocus, timeout=2000)
    window.document.undo_stack.undo()
    assert ask_turn(window.encounter) is not None


def test_esc_or_keep_fighting_changes_nothing(qtbot, skirmish_panels):
    window = skirmish_panels
    bar, _ = _questions(window)
    _start(window)
    steps = window.document.undo_stack.count()
    window.tracker.request_end_combat()
    qtbot.waitUntil(lambda: bar.choice_buttons and bar.choice_buttons[0].hasFocus(), timeout=2000)
    qtbot.keyClick(bar.choice_buttons[0], Qt.Key.Key_Escape)
    assert not bar.isVisible() and ask_turn(window.encounter) is not None
    window.tracker.request_end_combat()
    bar.choice_buttons[1].click()
    assert ask_turn(window.encounter) is not None and window.document.undo_stack.count() == steps
    assert window.status() == "The combat goes on"


def test_without_a_combat_there_is_nothing_to_ask(qtbot, skirmish_panels):
    window = skirmish_panels
    bar, _ = _questions(window)
    window.tracker.request_end_combat()
    assert not bar.isVisible() and window.status().startswith("Cannot end combat")


def test_a_creature_placed_during_the_combat_is_offered_its_place(qtbot, demo_panels):
    """"offer 'Add to combat' on placing (through the engine's command)": Enter sends JoinCombat,
    one undo step, and the newcomer is in the turn order."""
    window = demo_panels
    bar, questions = _questions(window)
    tools = attach_creature_tools(window.workspace, EditSettings())
    tools.library.added.connect(questions.offer_to_join)
    tools.library.add_creature("gladiator", (10, 3))
    assert not bar.isVisible()  # no combat: nothing to offer
    run_command(window.document, "Start combat", StartCombat())
    while bar.current is not None and bar.current.from_engine:  # a morale roll, say: Vantage rolls
        bar.let_roll.click()
    wolf = tools.library.add_creature("gladiator", (12, 3))
    assert wolf is not None and wolf not in {e.token for e in ask_turn(window.encounter).entries}
    assert bar.isVisible() and bar.title.text() == "Gladiator 2 was placed during the combat"
    join, later = bar.choice_buttons
    assert join.text() == "1 · Add to combat · Enter"
    qtbot.waitUntil(join.hasFocus, timeout=2000)
    steps = window.document.undo_stack.count()
    qtbot.keyClick(join, Qt.Key.Key_Return)
    while bar.current is not None and bar.current.from_engine:  # its initiative, where rolled
        bar.let_roll.click()
    assert wolf in {e.token for e in ask_turn(window.encounter).entries}
    assert window.document.undo_stack.text(steps) == "Add Gladiator 2 to combat"


def test_not_now_leaves_it_out_and_a_stale_offer_goes(qtbot, demo_panels):
    window = demo_panels
    bar, questions = _questions(window)
    tools = attach_creature_tools(window.workspace, EditSettings())
    tools.library.added.connect(questions.offer_to_join)
    run_command(window.document, "Start combat", StartCombat())
    while bar.current is not None and bar.current.from_engine:
        bar.let_roll.click()
    first = tools.library.add_creature("gladiator", (10, 3))
    bar.choice_buttons[1].click()  # Not now
    assert not bar.isVisible()
    assert first not in {e.token for e in ask_turn(window.encounter).entries}
    second = tools.library.add_creature("gladiator", (12, 3))
    assert bar.isVisible() and second is not None
    window.document.undo_stack.undo()  # the newcomer is gone: so is the offer
    assert not bar.isVisible() and bar.questions == []
