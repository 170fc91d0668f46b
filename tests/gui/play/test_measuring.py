"""Measure and mark in the GM window (issue 16, item 7): "A ruler (drag from a tile: distance in
tiles and feet by the ruleset's diagonal rule, shown on both screens if the GM wants) and area
templates — circle, cone, line, square, sized in feet — placed, rotated and moved on the map,
listing the tokens inside, optionally shown on the projector."

The window gets the tools from ``attach_measuring`` (the one line MainWindow.__init__ will call).

On the whole window (slow): the tools hang on the window's own actions — Esc is Edit ▸ Deselect,
Delete is Token ▸ Remove, the buttons go in the main toolbar, edit mode is the window's — so
``attach_measuring`` needs them there before it is called.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from vantage.engine.model import TemplateKind
from vantage.engine.protocol.gm_commands import EditToken
from vantage.gui.appdata.player_settings import PlayerSettings, save_settings
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.document import run_command
from vantage.gui.gm.actions import all_actions, menu_shortcuts
from vantage.gui.gm.measuring import attach_measuring

pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    save_settings(PlayerSettings(fullscreen=False, labels=True))


@pytest.fixture
def measuring(gm_window):
    return attach_measuring(gm_window.workspace, gm_window.player_view.controller)


def _point(window, x: float, y: float) -> QPoint:
    """The view position of the map point (x, y) in tile units."""
    from PySide6.QtCore import QPointF

    return window.view.mapFromScene(QPointF(x * TILE_PX, y * TILE_PX))


def _drag(qtbot, window, a: QPoint, b: QPoint, button=Qt.MouseButton.LeftButton) -> None:
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, button, Qt.KeyboardModifier.NoModifier, a)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, button, Qt.KeyboardModifier.NoModifier, b)


def _key(window, keys: str) -> None:
    for action in window.actions():
        if action.shortcut() == QKeySequence(keys) and action.isEnabled():
            action.trigger()
            return
    raise AssertionError(f"no enabled action has the shortcut {keys}")


def test_r_and_t_are_new_shortcuts_with_tips(measuring, gm_window):
    """Keyboard shortcut and toolbar button for each tool, tooltips naming the key; R and T clash
    with no other action of the window."""
    taken = [a.shortcut().toString() for a in gm_window.actions() if not a.shortcut().isEmpty()]
    for keys in ("R", "T", "[", "]"):
        assert taken.count(keys) == 1, keys
    assert measuring.ruler_action.toolTip().endswith("(R)")
    assert measuring.templates_action.toolTip().endswith("(T)")
    assert measuring.ruler_action in gm_window.toolbar.actions()
    assert measuring.templates_action in gm_window.toolbar.actions()
    assert "&Measure" in [a.text() for a in gm_window.menuBar().actions()]
    listed = {(s.keys, s.what) for s in menu_shortcuts(gm_window)}  # what the ? help overlay lists
    assert {("R", "Ruler"), ("T", "Area templates")} <= listed


def test_every_action_still_explains_itself_after_attaching(measuring, gm_window):
    """"Every QAction has a status tip and a tooltip with its shortcut" — the Measure menu's too."""
    actions = [a for a in all_actions(gm_window) if a.isVisible()]
    assert measuring.dock.toggleViewAction() in actions and measuring.menu.menuAction() in actions
    assert [a.text() for a in actions if not a.statusTip().strip()] == []
    for action in actions:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        assert keys in action.toolTip(), (action.text(), action.toolTip())


def test_the_ruler_measures_a_drag_straight_and_diagonal_under_avorkarth(qtbot, measuring, gm_window):
    """Avorkarth counts a diagonal as 1 (its movement rule, assumed): (2, 2) → (6, 6) is 4 tiles."""
    window = gm_window
    _key(window, "R")
    assert window.view.tool is measuring.ruler
    assert "ruler" in window.status_line.mode_label.text() and "5/5/5" in window.status_line.mode_label.text()
    _drag(qtbot, window, window.view.tile_centre_in_view((2, 2)), window.view.tile_centre_in_view((2, 8)))
    assert measuring.ruler.measurement.label == "6 tiles · 30 ft"
    _drag(qtbot, window, window.view.tile_centre_in_view((2, 2)), window.view.tile_centre_in_view((6, 6)))
    m = measuring.ruler.measurement
    assert (m.start, m.end, m.label) == ((2, 2), (6, 6), "4 tiles · 20 ft")
    assert measuring.ruler_item.isVisible()
    assert "4 tiles · 20 ft" in measuring.ruler_item.text
    assert "Avorkarth" in measuring.ruler_item.text
    assert window.statusBar().currentMessage().startswith("Ruler: 4 tiles · 20 ft — 0 straight + 4 diagonal")
    assert "20 ft" in measuring.panel.ruler_label.text()
    assert window.encounter is window.document.encounter and window.document.undo_stack.count() == 0


def test_esc_puts_a_tool_away(measuring, gm_window):
    window = gm_window
    _key(window, "R")
    measuring.ruler.measure((1, 1), (3, 1))
    _key(window, "Esc")
    assert window.view.tool is window.play_tool
    assert not measuring.ruler_action.isChecked() and not measuring.ruler_item.isVisible()
    _key(window, "T")
    assert window.view.tool is measuring.templates
    _key(window, "Esc")
    assert window.view.tool is window.play_tool and not measuring.templates_action.isChecked()


def test_edit_mode_and_another_map_put_the_tools_away(measuring, gm_window):
    window = gm_window
    _key(window, "T")
    window.window_actions.edit_mode.trigger()
    assert window.view.tool is window.edit_tool and not measuring.templates_action.isChecked()
    _key(window, "R")  # from edit mode the ruler goes back to play mode first
    assert window.view.tool is measuring.ruler and not window.window_actions.edit_mode.isChecked()
    window.set_encounter(window.encounter, None)
    assert window.view.tool is window.play_tool and measuring.ruler.measurement is None


def test_place_a_circle_with_a_click_listing_the_tokens_inside(qtbot, measuring, gm_window):
    window = gm_window
    _key(window, "T")
    at = _point(window, 5.5, 6.5)  # the centre of Bram's tile (5, 6)
    _drag(qtbot, window, at, at)
    (template,) = window.encounter.templates
    assert (template.kind, template.origin, template.size_feet) == (TemplateKind.CIRCLE, (5.5, 6.5), 20)
    assert window.window_actions.undo.text() == "&Undo Place 20 ft circle"
    item = measuring.template_layer.items[template.id]
    assert "inside: Bram, Ilse Varn" in item.label.text()
    assert "inside: Bram, Ilse Varn" in measuring.panel.list.item(0).text()
    window.window_actions.undo.trigger()
    assert window.encounter.templates == () and measuring.template_layer.items == {}


def test_a_templates_label_stays_off_the_tokens_and_inside_the_view_at_any_zoom(qtbot, measuring, gm_window):
    """Issue 30 item 3: "Labels never cover the token they describe, stay inside the view, and avoid
    each other" — the label keeps its screen size, so it is placed again after a zoom."""
    window = gm_window
    _key(window, "T")
    at = _point(window, 5.5, 6.5)  # the centre of Bram's tile (5, 6)
    _drag(qtbot, window, at, at)
    (template,) = window.encounter.templates
    grid, view = window.scene.grid, window.view
    tokens = [grid.footprint_rect(t.position, t.footprint) for t in window.encounter.tokens]

    def item():  # the layer's item now (putting the tool away after placing redraws the layer)
        return measuring.template_layer.items[template.id]

    def label_on_screen():  # the label ignores the zoom: its box as the view draws it
        return item().label.deviceTransform(view.viewportTransform()).mapRect(item().label.boundingRect())

    for zoom in (1.0, 0.5):
        view.resetTransform()
        view.scale(zoom, zoom)
        view.centerOn(grid.scene_point((5.5, 6.5)))
        qtbot.waitUntil(lambda: abs(item()._placed_per_px * view.transform().m11() - 1) < 0.05, timeout=2000)
        on_screen = label_on_screen()
        assert QRectF(view.viewport().rect()).contains(on_screen)
        assert not any(on_screen.intersects(view.mapFromScene(t).boundingRect().toRectF()) for t in tokens)


def test_a_cone_is_pointed_by_the_drag(qtbot, measuring, gm_window):
    window = gm_window
    _key(window, "T")
    measuring.panel.cone_button.click()
    assert measuring.templates.size_feet == 15
    _drag(qtbot, window, _point(window, 6.0, 6.5), _point(window, 9.0, 6.6))  # east, snapped to 90°
    (cone,) = window.encounter.templates
    assert (cone.kind, cone.origin, cone.direction) == (TemplateKind.CONE, (6.0, 6.5), 90)


def test_rotate_move_resize_show_and_remove_each_one_undo_step(qtbot, measuring, gm_window):
    window = gm_window
    _key(window, "T")
    measuring.templates.set_shape(TemplateKind.LINE)
    tid = measuring.templates.place((5.0, 6.5), direction=90)
    assert measuring.templates.selected == tid
    _key(window, "]")  # turn clockwise
    assert window.encounter.templates[0].direction == 105
    measuring.panel.turn_left.click()
    measuring.panel.turn_left.click()
    assert window.encounter.templates[0].direction == 75
    window.window_actions.undo.trigger()
    assert window.encounter.templates[0].direction == 90
    # drag the line by its body from (7, 6.5) to (7, 9.5): its origin moves by (0, 3)
    _drag(qtbot, window, _point(window, 7.0, 6.5), _point(window, 7.0, 9.5))
    assert window.encounter.templates[0].origin == (5.0, 9.5)
    measuring.panel.larger.click()
    assert window.encounter.templates[0].size_feet == 35
    measuring.panel.shown_check.setChecked(True)
    assert window.encounter.templates[0].shown
    measuring.panel.name_edit.setText("Lightning")
    measuring.panel.name_edit.editingFinished.emit()
    assert window.encounter.templates[0].label == "Lightning"
    assert measuring.template_layer.items[tid].label.text().startswith("Lightning · 35 ft line")
    window.window_actions.undo.trigger()
    assert window.encounter.templates[0].label == ""
    _key(window, "Del")  # Delete removes the selected template while the tool is out
    assert window.encounter.templates == ()
    assert len(window.encounter.tokens) == 6  # no token went with it
    for expected in ((True, 35), (False, 35), (False, 30)):
        window.window_actions.undo.trigger()
        template = window.encounter.templates[0]
        assert (template.shown, template.size_feet) == expected
    window.window_actions.undo.trigger()
    assert window.encounter.templates[0].origin == (5.0, 6.5)


def test_right_click_removes_a_template(qtbot, measuring, gm_window):
    window = gm_window
    _key(window, "T")
    measuring.templates.place((10.0, 10.0))
    at = _point(window, 10.2, 10.2)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at)
    assert window.encounter.templates == ()
    assert window.window_actions.undo.text() == "&Undo Remove 20 ft circle"


def test_the_projector_shows_a_template_only_when_asked_and_never_a_hidden_name(qtbot, measuring, gm_window):
    window = gm_window
    run_command(window.document, "Hide Ilse", EditToken(token="ilse", hidden=True))
    player = window.player_view.controller.open_player_view()
    qtbot.addWidget(player)
    measuring.templates.place((5.5, 7.5))  # Bram (5, 6) and Ilse (4, 8) inside
    gm_item = next(iter(measuring.template_layer.items.values()))
    assert "Bram, Ilse Varn" in gm_item.label.text()
    assert player.measure_templates.items == {}  # not shown yet
    measuring.panel.shown_check.setChecked(True)
    QApplication.processEvents()
    (shown,) = player.measure_templates.items.values()
    assert shown.label.text().endswith("inside: Bram")
    assert "Ilse" not in shown.label.text() and "Ilse" not in shown.toolTip()
    measuring.panel.shown_check.setChecked(False)
    QApplication.processEvents()
    assert player.measure_templates.items == {}


def test_the_projector_shows_the_ruler_only_when_ticked(qtbot, measuring, gm_window):
    window = gm_window
    player = window.player_view.controller.open_player_view()
    qtbot.addWidget(player)
    _key(window, "R")
    measuring.ruler.measure((2, 2), (5, 2))
    assert not player.measure_ruler.isVisible()
    measuring.panel.ruler_to_players.setChecked(True)
    assert measuring.ruler_to_players.isChecked()
    assert player.measure_ruler.isVisible() and player.measure_ruler.measurement.label == "3 tiles · 15 ft"
    measuring.ruler.measure((2, 2), (6, 3))
    assert player.measure_ruler.measurement.label == "4 tiles · 20 ft"
    _key(window, "Esc")
    assert not player.measure_ruler.isVisible()
