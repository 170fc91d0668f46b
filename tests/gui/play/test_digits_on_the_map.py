"""Digits typed on the map while the table is asked something answer it; they never zoom the map
behind the question (GM walkthrough 3: the GM types the players' dice — "I typed 12, then the strike
roll 10" — and a GM who clicked the map first had the 1 taken by Zoom 100%, the 2 lost).

The window's Zoom 100% is the plain key 1 (gui/gm/actions.py); here a stand-in action with the same
shortcut on the host window shows whether the key reached it. Skirmish (tests/support): "A mover that
leaves an enemy's reach may be struck by that enemy, once per round per enemy: the move pauses at that
step and the enemy's player decides"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import StartCombat
from vantage.engine.rules.asking import ask_attack_options, ask_pending
from vantage.engine.rules.decisions import with_default_table_dice
from vantage.gui.document import run_command
from vantage.gui.play.table_rolls import attach_table_rolls


def _zoom_100(window) -> list[bool]:
    """A window action on the plain key 1, as the GM window's Zoom 100%; the list records its uses."""
    used: list[bool] = []
    action = QAction("Zoom 100%", window.host)
    action.setShortcut(QKeySequence("1"))
    action.triggered.connect(lambda: used.append(True))
    window.host.addAction(action)
    return used


def _map_has_the_keys(qtbot, window) -> None:
    window.view.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view, timeout=2000)


def test_a_die_typed_on_the_map_goes_to_the_roll_not_to_the_zoom(qtbot, skirmish_panels):
    window = skirmish_panels
    window.document.reset(with_default_table_dice(window.encounter), None)
    bar = attach_table_rolls(window.workspace).prompt
    zoomed = _zoom_100(window)
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    (strike,) = ask_attack_options(window.encounter, "bram", "ghoul")
    window.attack_menu.choose(strike)
    qtbot.waitUntil(lambda: bool(bar.fields), timeout=2000)
    _map_has_the_keys(qtbot, window)  # the GM clicked the map
    qtbot.keyClick(window.view, Qt.Key.Key_1)
    (field,) = bar.fields
    assert field.text() == "1" and field.hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_2)
    assert field.text() == "12"
    assert zoomed == []  # the map did not zoom behind the roll
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert bar.title.text() == "Bram rolls 1d6 at the table"  # 12 hit: the damage roll follows


def test_a_number_typed_on_the_map_picks_that_answer(qtbot, skirmish_panels):
    window = skirmish_panels
    bar = attach_table_rolls(window.workspace).prompt
    zoomed = _zoom_100(window)
    window.document.dice = ScriptedDice([1] * 10)
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    viewport, view = window.view.viewport(), window.view
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((4, 6)))
    qtbot.mouseMove(viewport, view.tile_centre_in_view((4, 9)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((4, 9)))
    assert ask_pending(window.encounter) and bar.choice_buttons
    said: list[str] = []
    bar.message.connect(said.append)
    _map_has_the_keys(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_7)  # no seventh answer: said, nothing else
    assert ask_pending(window.encounter)
    assert said == ['7 answers nothing in "Reaction · Ghoul decides": 1–2 pick an answer']
    qtbot.keyClick(window.view, Qt.Key.Key_1)  # 1: Strike
    assert window.document.undo_stack.undoText() == "Answer: Strike"
    assert zoomed == []


def test_with_nothing_asked_the_map_keeps_its_keys(qtbot, skirmish_panels):
    window = skirmish_panels
    attach_table_rolls(window.workspace)
    zoomed = _zoom_100(window)
    _map_has_the_keys(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_1)
    assert zoomed == [True]
