"""Every way the mouse's tool changes, and that every button, check and label follows it.

The workspace's tool manager is the only writer of the view's tool (issue 26: "the mouse tool is
switched by three modules, two with their own memory of the previous tool"); these are the paths a
GM takes: the fog check in the Player view panel, Ctrl+E, the ruler (R), the templates (T), Esc,
opening another map."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from workspaces import WithPlayerView, with_player_view

from vantage.engine.demo_encounter import demo_encounter
from vantage.gui.gm.measuring import Measuring, attach_measuring
from vantage.gui.workspace import ActionId


@pytest.fixture
def desk(qtbot) -> tuple[WithPlayerView, Measuring]:
    """The demo map in play mode with the player view and the measuring tools attached, as the
    window attaches them (no menus of the window's own: no Edit mode, no Esc)."""
    desk = with_player_view(qtbot, demo_encounter())
    return desk, attach_measuring(desk.workspace, desk.player_view.controller)


def _state(window, measuring: Measuring | None = None):
    """(the mouse's tool, the fog check, the ruler button, the templates button, the mode label)."""
    measuring = measuring or window.measuring
    return (type(window.view.tool).__name__, window.player_view.dock.tool_check.isChecked(),
            measuring.ruler_action.isChecked(), measuring.templates_action.isChecked(),
            window.status_line.mode_label.text())


@pytest.mark.slow  # the tools of the whole window: its add-ons, its actions, its status line
def test_fog_tool_then_ctrl_e_twice_leaves_nothing_ticked_that_the_mouse_is_not(qtbot, gm_window):
    """The review's probe: the fog check stayed ticked while the mouse was the play tool."""
    gm_window.player_view.dock.tool_check.setChecked(True)
    assert _state(gm_window) == ("FogTool", True, False, False, "Play mode · fog brush")
    qtbot.keyClick(gm_window.view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert _state(gm_window) == ("EditTool", False, False, False, "Edit mode · Terrain")
    qtbot.keyClick(gm_window.view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert _state(gm_window) == ("PlayTool", False, False, False, "Play mode · move and target tokens")


def test_the_fog_tool_put_away_under_the_ruler_does_not_come_back(desk):
    """The review's second probe: fog out, ruler over it, fog off (was ignored), ruler off (brought
    the fog tool back with its check on)."""
    window, measuring = desk
    controller = window.player_view.controller
    controller.use_fog_tool(True)
    measuring.ruler_action.trigger()
    assert _state(window, measuring)[:4] == ("RulerTool", False, True, False)
    controller.use_fog_tool(False)
    assert _state(window, measuring)[:4] == ("RulerTool", False, True, False)
    measuring.ruler_action.trigger()
    assert _state(window, measuring)[:4] == ("PlayTool", False, False, False)


@pytest.mark.slow  # the tools of the whole window: its add-ons, its actions, its status line
def test_the_ruler_over_the_fog_tool_gives_the_fog_tool_back_with_its_check(gm_window):
    gm_window.player_view.dock.tool_check.setChecked(True)
    gm_window.measuring.ruler_action.trigger()
    assert _state(gm_window)[:4] == ("RulerTool", False, True, False)
    gm_window.workspace.actions.action(ActionId.DESELECT).trigger()  # Esc puts the ruler away
    assert _state(gm_window)[:4] == ("FogTool", True, False, False)


@pytest.mark.slow  # the tools of the whole window: its add-ons, its actions, its status line
def test_templates_over_the_ruler_then_esc_gives_the_play_tool_back(gm_window):
    measuring = gm_window.measuring
    measuring.ruler_action.trigger()
    measuring.templates_action.trigger()
    assert _state(gm_window)[:4] == ("TemplateTool", False, False, True)
    assert "templates · click to place" in _state(gm_window)[4]
    gm_window.workspace.actions.action(ActionId.DESELECT).trigger()
    assert _state(gm_window) == ("PlayTool", False, False, False, "Play mode · move and target tokens")


@pytest.mark.slow  # the tools of the whole window: its add-ons, its actions, its status line
def test_the_ruler_in_edit_mode_goes_back_to_play_mode_and_edit_mode_puts_it_away(gm_window):
    actions = gm_window.window_actions
    actions.edit_mode.trigger()
    gm_window.measuring.ruler_action.trigger()
    assert not actions.edit_mode.isChecked() and actions.play_mode.isChecked()
    assert _state(gm_window)[:4] == ("RulerTool", False, True, False)
    actions.edit_mode.trigger()
    assert _state(gm_window)[:4] == ("EditTool", False, False, False)
    assert not gm_window.docks["Editor"].isHidden()


def test_a_shape_picked_in_the_panel_puts_the_fog_tool_out_and_ticks_its_check(desk):
    from vantage.gui.players.fog_tool import FogShape

    window, measuring = desk
    window.player_view.controller.use_fog_tool(True, shape=FogShape.RECTANGLE)
    assert _state(window, measuring)[:2] == ("FogTool", True)
    assert window.player_view.controller.fog_tool.shape is FogShape.RECTANGLE


def test_opening_another_map_puts_every_borrowed_tool_away(desk):
    window, measuring = desk
    window.player_view.dock.tool_check.setChecked(True)
    measuring.ruler_action.trigger()
    window.workspace.open_encounter(demo_encounter(), None)  # what the window does with a map opened
    assert _state(window, measuring)[:4] == ("PlayTool", False, False, False)


def test_only_the_tool_manager_writes_the_views_tool():
    """No module of the GUI but the tool manager sets ``MapView.tool``."""
    import pathlib
    import re

    import vantage.gui

    gui = pathlib.Path(vantage.gui.__file__).parent
    writers = sorted(str(p.relative_to(gui)) for p in gui.rglob("*.py")
                     if re.search(r"view\.tool\s*=(?!=)", p.read_text(encoding="utf-8")))
    assert writers == ["workspace/tool_manager.py"]
