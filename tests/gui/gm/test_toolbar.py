"""The GM window's main toolbar: its buttons are the menus' own actions.

Brief: "Play/Edit mode switch (checkable, exclusive), undo/redo, fit map, zoom in/out, the six
overlay toggles ... reuse the existing QActions ... do not create second copies of actions".
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolButton

from vantage.gui.appdata.player_settings import Shutter
from vantage.gui.canvas.icons import DRAWINGS, render
from vantage.gui.play.tactics_overlay import Layer


def button(window, action: QAction) -> QToolButton:
    widget = window.toolbar.widgetForAction(action)
    assert isinstance(widget, QToolButton), action.text()
    return widget


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_clicking_edit_then_play_switches_the_mode_tool_and_status_indicator(qtbot, gm_window):
    window = gm_window
    assert "Play mode" in window.status_line.mode_label.text()
    qtbot.mouseClick(button(window, window.window_actions.edit_mode), Qt.MouseButton.LeftButton)
    assert window.window_actions.edit_mode.isChecked() and not window.window_actions.play_mode.isChecked()
    assert window.view.tool is window.edit_tool
    assert window.status_line.mode_label.text() == "Edit mode · Terrain"
    qtbot.mouseClick(button(window, window.window_actions.play_mode), Qt.MouseButton.LeftButton)
    assert window.window_actions.play_mode.isChecked() and not window.window_actions.edit_mode.isChecked()
    assert window.view.tool is window.play_tool
    assert window.status_line.mode_label.text() == "Play mode · move and target tokens"


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_play_stays_on_when_clicked_again_and_ctrl_e_toggles_back(qtbot, gm_window):
    window = gm_window
    qtbot.mouseClick(button(window, window.window_actions.play_mode), Qt.MouseButton.LeftButton)
    assert window.window_actions.play_mode.isChecked() and window.view.tool is window.play_tool
    window.window_actions.edit_mode.trigger()  # what Ctrl+E does
    assert window.view.tool is window.edit_tool and not window.window_actions.play_mode.isChecked()
    window.window_actions.edit_mode.trigger()
    assert window.view.tool is window.play_tool and window.window_actions.play_mode.isChecked()


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_the_status_indicator_names_the_editor_tool_and_the_fog_brush(qtbot, gm_window):
    from vantage.gui.edit.tool import EditMode

    window = gm_window
    window.window_actions.edit_mode.setChecked(True)
    window.editor_panel.mode_buttons[EditMode.WALL].setChecked(True)
    assert window.status_line.mode_label.text() == "Edit mode · Wall"
    window.window_actions.edit_mode.setChecked(False)
    window.player_view.dock.tool_check.setChecked(True)
    assert window.status_line.mode_label.text() == "Play mode · fog brush"


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_an_overlay_button_is_the_menu_action_itself(qtbot, gm_window):
    window = gm_window
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    overlays = next(a.menu() for a in view_menu.actions() if a.menu() is not None and "Overlays" in a.text())
    for layer in Layer:
        action = window.window_actions.layers[layer]
        assert action in overlays.actions() and action in window.toolbar.actions()
    arcs = window.window_actions.layers[Layer.ARCS]
    arcs.setChecked(True)  # arcs start off (a sensible few overlays start on)
    qtbot.mouseClick(button(window, arcs), Qt.MouseButton.LeftButton)
    assert not arcs.isChecked() and Layer.ARCS not in window.tactics.enabled
    arcs.setChecked(True)  # checking the menu's entry checks the button: they are one action
    assert button(window, arcs).isChecked() and Layer.ARCS in window.tactics.enabled


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_undo_and_redo_from_the_toolbar(qtbot, gm_window):
    window = gm_window
    token = window.encounter.tokens[0]
    window.commands.turn_selected(1)  # nothing selected: no change
    window.workspace.selection.select_token(token.id)
    window.commands.turn_selected(1)
    turned = window.encounter.token(token.id).facing
    assert turned != token.facing
    undo, redo = button(window, window.window_actions.undo), button(window, window.window_actions.redo)
    assert undo.isEnabled() and not redo.isEnabled()
    qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    assert window.encounter.token(token.id).facing == token.facing
    qtbot.mouseClick(redo, Qt.MouseButton.LeftButton)
    assert window.encounter.token(token.id).facing == turned


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_fit_and_zoom_buttons_change_the_zoom(qtbot, gm_window):
    window = gm_window
    before = window.view.zoom()
    qtbot.mouseClick(button(window, window.window_actions.zoom_in), Qt.MouseButton.LeftButton)
    assert window.view.zoom() > before
    qtbot.mouseClick(button(window, window.window_actions.zoom_out), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(button(window, window.window_actions.zoom_out), Qt.MouseButton.LeftButton)
    assert window.view.zoom() < before
    window.view.set_zoom(3.0)
    qtbot.mouseClick(button(window, window.window_actions.fit), Qt.MouseButton.LeftButton)
    rect = window.view.mapFromScene(window.scene.map_rect()).boundingRect()
    assert window.view.viewport().rect().adjusted(-2, -2, 2, 2).contains(rect)


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_the_toolbar_holds_combat_player_view_and_shutter_actions(qtbot, gm_window):
    window = gm_window
    actions = window.toolbar.actions()
    shutter = window.player_view.shutter_actions
    for action in (window.window_actions.start_combat, window.window_actions.next_turn,
                   window.player_view.open_action, shutter[Shutter.HOLD], shutter[Shutter.BLANK]):
        assert action in actions
    players_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Players")
    assert shutter[Shutter.BLANK] in players_menu.actions()


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_tool_button_tooltips_name_the_shortcut(qtbot, gm_window):
    window = gm_window
    assert button(window, window.window_actions.fit).toolTip() == "Zoom so that the whole map fits (F)"
    assert "(Ctrl+E)" in button(window, window.window_actions.edit_mode).toolTip()
    assert "(Ctrl+Shift+B)" in button(window, window.player_view.shutter_actions[Shutter.BLANK]).toolTip()
    for action in window.toolbar.actions():
        if not action.isSeparator() and action is not window.play_tool.modes.slot:  # the mode selector
            assert not action.icon().isNull(), action.text()


def test_every_icon_draws_something_at_both_ratios(qtbot):
    for name in DRAWINGS:
        for ratio in (1.0, 2.0):
            image = render(name, ratio).toImage()
            assert image.width() == round(24 * ratio)
            inked = sum(1 for y in range(image.height()) for x in range(image.width())
                        if image.pixelColor(x, y).alpha() > 0)
            assert inked > image.width(), name  # more than a stray line of pixels


@pytest.mark.slow  # the whole window's layout at 1280×800
def test_the_window_with_its_toolbar_and_panels_fits_a_1280_by_800_laptop(qtbot):
    # brief: "Layout sanity at 1280×800 (a laptop on the table)": nothing forces the window larger
    from vantage.engine.demo_encounter import demo_encounter
    from vantage.gui.gm.main_window import MainWindow

    window = MainWindow(demo_encounter())
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    qtbot.waitUntil(lambda: window.size().width() == 1280 and window.size().height() == 800)
    assert window.view.width() > 1280 // 2  # the map keeps more than half the width
    assert window.view.height() > 800 // 2
    window.view.fit_map()
    rect = window.view.mapFromScene(window.scene.map_rect()).boundingRect()
    assert window.view.viewport().rect().adjusted(-2, -2, 2, 2).contains(rect)


@pytest.mark.slow  # the window's toolbar: the actions of its menus and add-ons
def test_the_toolbar_can_be_hidden_from_the_panels_menu(qtbot, gm_window):
    toggle = gm_window.toolbar.toggleViewAction()
    assert toggle in gm_window.window_actions.panels_menu.actions() and toggle.statusTip()
    toggle.trigger()
    assert not gm_window.toolbar.isVisible()


@pytest.mark.slow  # the docs' screenshot script: whole windows at two sizes
def test_the_window_screenshot_script_writes_both_sizes(qapp, tmp_path, monkeypatch):
    import importlib.util
    from pathlib import Path

    from PySide6.QtGui import QImage

    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    script = Path(__file__).resolve().parents[3] / "docs" / "screenshots" / "make_window_screenshots.py"
    spec = importlib.util.spec_from_file_location("make_window_screenshots", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.make(tmp_path)
    sizes = [(QImage(str(p)).width(), QImage(str(p)).height()) for p in written]
    assert sizes == [(1280, 800), (1920, 1080), (1920, 1080)]  # the last: a first start, its hint
    assert [p.name for p in written][-1] == "first-launch-1920.png"
