"""Keys stay with the map: a shortcut never types into a field the GM did not click into.

Issue 16, item 10: "Shortcuts never type into a text field (N after Start combat renamed Bram
'Bramn')". Start combat disables its own button, and Qt hands the focus on to the next widget in
the tab chain — the token panel's Name field.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.rules.asking import ask_turn
from vantage.gui.gm.main_window import MainWindow

#: focus handling across the whole window: its docks' fields, the tab chain, the map's keys
pytestmark = pytest.mark.slow


def _window(qtbot) -> MainWindow:
    window = MainWindow(demo_encounter())
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)  # focus goes only to an active window
    return window


def test_start_combat_leaves_the_keys_with_the_map_and_n_ends_the_turn(qtbot):
    window = _window(qtbot)
    first = window.document.encounter.tokens[0]
    window.workspace.selection.select_token(first.id)  # the token panel shows a name to type into
    button = window.tracker.start_button
    button.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is button)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.document.encounter.combat, "combat started"
    assert QApplication.focusWidget() is window.view
    before = ask_turn(window.document.encounter)
    names = {t.id: t.name for t in window.document.encounter.tokens}
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_N)
    assert {t.id: t.name for t in window.document.encounter.tokens} == names
    after = ask_turn(window.document.encounter)
    assert (after.actor, after.current) != (before.actor, before.current), "N ended the turn"


def test_a_field_the_gm_clicked_into_keeps_its_keys(qtbot):
    window = _window(qtbot)
    window.workspace.selection.select_token(window.document.encounter.tokens[0].id)
    field = window.token_panel.name_edit
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    field.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is field)
    qtbot.keyClick(field, Qt.Key.Key_X)
    assert field.text().endswith("x")
