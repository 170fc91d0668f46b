"""Every action of the GM window explains itself: a status tip, and a tooltip naming its shortcut.

Brief: "Every QAction has a status tip and a tooltip with its shortcut".
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu
from workspaces import file_actions_on

from vantage.gui.gm.actions import all_actions


@pytest.mark.slow  # every action of the whole window: its menus, the add-ons' menus, the panels
def test_every_visible_action_has_a_status_tip_and_its_shortcut_in_the_tooltip(qtbot, gm_window):
    actions = [a for a in all_actions(gm_window) if a.isVisible()]
    assert len(actions) > 40  # menus, overlays, players menu, panels: the walk found them
    missing_status = [a.text() for a in actions if not a.statusTip().strip()]
    assert missing_status == []
    with_keys = [a for a in actions if not a.shortcut().isEmpty()]
    assert len(with_keys) >= 25
    for action in with_keys:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        assert keys in action.toolTip(), (action.text(), action.toolTip())


@pytest.mark.slow  # the window's Undo action, changed by a turn through the window's handlers
def test_undo_keeps_its_tooltip_when_the_history_changes(qtbot, gm_window):
    token = gm_window.encounter.tokens[0]
    gm_window.workspace.selection.select_token(token.id)
    gm_window.commands.turn_selected(1)
    keys = gm_window.window_actions.undo.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    assert keys in gm_window.window_actions.undo.toolTip()


def test_recent_files_have_a_status_tip(workspace, tmp_path, monkeypatch):
    from vantage.gui.gm import file_actions

    recent = tmp_path / "hall.json"
    monkeypatch.setattr(file_actions, "read_recent", lambda: [recent])
    files = file_actions_on(workspace)
    recent_menu = QMenu("Open &recent", workspace.host)  # File ▸ Open recent, as the window keeps it
    files.keep_recent(recent_menu)
    files.recent_changed.emit()
    (action,) = recent_menu.actions()
    assert action.statusTip() == f"Open {recent}"
