"""The GM's side of the player view: fog tools, the tint, live updates, settings and calibration.

Issue 6: "The GM window shows fog as a tint, the player window as opaque." "The player view
updates within one frame of a change in the GM window". "a calibration dialog … saved per
screen". "choose the screen, full screen on it (or windowed for one-monitor testing), and
remember the choice."
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QMainWindow
from workspaces import with_player_view

from vantage.engine.model import Encounter, GameMap, Side, Token, Wall
from vantage.engine.protocol.gm_commands import Place
from vantage.engine.table.calibration import LengthUnit
from vantage.gui.appdata.player_settings import (
    Camera,
    PlayerSettings,
    Shutter,
    load_calibration,
    load_settings,
    save_settings,
)
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.snapshot import render_view
from vantage.gui.document import run_command
from vantage.gui.players.attach import attach_player_view
from vantage.gui.players.fog_tool import FogShape
from vantage.gui.players.window import screen_key
from vantage.gui.workspace import GmWorkspace


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    save_settings(PlayerSettings(fullscreen=False, labels=False))


def _encounter() -> Encounter:
    """A 10×6 map of road under fog; a walled room x 0..3, y 0..2; a hidden enemy in the room."""
    walls = tuple(Wall((x, 3), (x + 1, 3)) for x in range(4))
    walls += tuple(Wall((4, y), (4, y + 1)) for y in range(3))
    game_map = GameMap(10, 6, terrain=("road",) * 60, walls=walls, fog_enabled=True)
    tokens = (
        Token("hero", "Hero", (1, 1), side=Side.PARTY),
        Token("assassin", "Assassin", (2, 1), side=Side.ENEMY, hidden=True),
        Token("orc", "Orc", (7, 4), side=Side.ENEMY),
    )
    return Encounter(game_map, tokens, ruleset="avorkarth")


def _gm(qtbot):
    """The GM's map (play mode, shown, zoom 1) with the player view attached and open."""
    window = with_player_view(qtbot, _encounter(), centre=(5, 3))
    controller = window.player_view.controller
    player = controller.open_player_view()
    qtbot.addWidget(player)
    player.resize(500, 300)
    return window, controller, player


def _click_tile(qtbot, view, tile, button=Qt.MouseButton.LeftButton):
    pos = view.mapFromScene(QPointF((tile[0] + 0.5) * TILE_PX, (tile[1] + 0.5) * TILE_PX))
    qtbot.mouseClick(view.viewport(), button, pos=QPoint(pos.x(), pos.y()))


def test_room_tool_reveals_the_walled_room_and_the_players_see_it_next_frame(qtbot):
    window, controller, player = _gm(qtbot)
    assert player.shown.tokens == ()  # all under fog
    controller.use_fog_tool(True, shape=FogShape.ROOM, reveal=True)
    _click_tile(qtbot, window.view, (1, 1))
    revealed = window.encounter.map.revealed
    assert revealed == {(x, y) for x in range(4) for y in range(3)}
    qtbot.waitUntil(lambda: player.updates >= 2, timeout=200)  # one event-loop turn, not a poll
    assert [t.id for t in player.shown.tokens] == ["hero"]  # the hidden assassin never shows
    assert "assassin" in window.scene.token_items  # the GM still sees it
    window.document.undo_stack.undo()
    qtbot.waitUntil(lambda: player.shown.tokens == (), timeout=200)


def test_brush_drag_is_one_undo_step_and_right_button_hides(qtbot):
    window, controller, player = _gm(qtbot)
    controller.use_fog_tool(True, shape=FogShape.BRUSH, reveal=True)
    controller.fog_tool.radius = 0.5
    _click_tile(qtbot, window.view, (6, 4))
    assert window.encounter.map.revealed == {(6, 4)}
    _click_tile(qtbot, window.view, (6, 4), Qt.MouseButton.RightButton)
    assert window.encounter.map.revealed == frozenset()
    assert window.document.undo_stack.count() == 2
    controller.use_fog_tool(False)
    assert window.view.tool is window.play_tool


def test_gm_fog_is_a_tint_player_fog_is_opaque(qtbot):
    window, controller, player = _gm(qtbot)
    controller.reveal_all(False)  # nothing is revealed yet: a command that changes nothing
    qtbot.waitUntil(lambda: player.updates >= 1, timeout=200)
    gm = render_view(window.view)
    p = window.view.mapFromScene(QPointF(5.2 * TILE_PX, 2.2 * TILE_PX))
    tinted = QColor(gm.pixel(p.x(), p.y()))
    road = QColor("#c2ab7f")
    assert tinted != road and tinted.red() > 40  # darker, but the ground shows through
    image = player.grab().toImage()
    q = player.view.mapTo(player, player.view.mapFromScene(QPointF(5.2 * TILE_PX, 2.2 * TILE_PX)))
    assert QColor(image.pixel(q.x(), q.y())).getRgb()[:3] == (0, 0, 0)


def test_settings_are_remembered_and_followed(qtbot):
    window, controller, player = _gm(qtbot)
    controller.update_settings(rotation=90, mirrored=True)
    assert load_settings().rotation == 90 and load_settings().mirrored
    assert player.settings.rotation == 90
    assert player.view.transform().m11() == pytest.approx(0, abs=1e-9)  # turned a quarter
    controller.reveal_all(True)
    qtbot.waitUntil(lambda: len(player.shown.tokens) == 2, timeout=200)
    controller.set_shutter(Shutter.HOLD)
    hero = window.encounter.token("hero")
    run_command(window.document, "move", Place(token=hero.id, tile=(2, 2)))
    qtbot.wait(20)
    assert player.shown.token("hero").position == (1, 1)  # held
    controller.set_shutter(Shutter.LIVE)
    assert player.shown.token("hero").position == (2, 2)


def test_calibration_by_ruler_is_saved_per_screen_and_locks_the_scale(qtbot):
    window, controller, player = _gm(qtbot)
    dialog = controller.calibrate()
    player.ruler.set_ends(QPointF(10, 10), QPointF(210, 10))  # 200 px over a 2-inch object
    dialog.real_spin.setValue(2)
    dialog.real_unit.setCurrentIndex(list(LengthUnit).index(LengthUnit.INCH))
    dialog.use_ruler()
    assert "100 px/in" in dialog.result_label.text()
    dialog.accept()
    saved = load_calibration(screen_key(player.screen()))
    assert saved is not None and saved.pixels_per_inch == pytest.approx(100)
    assert controller.settings.camera is Camera.LOCKED
    assert player.camera_scale() * TILE_PX == pytest.approx(100)


def test_vision_fog_shows_what_the_party_sees_and_dims_what_it_saw(qtbot):
    window, controller, player = _gm(qtbot)
    controller.update_settings(vision_fog=True, vision_radius=1.5)
    qtbot.waitUntil(lambda: player.updates >= 2, timeout=200)
    assert controller.visible is not None
    assert (1, 1) in controller.visible and (6, 4) not in controller.visible
    hero = window.encounter.token("hero")
    run_command(window.document, "move", Place(token=hero.id, tile=(3, 1)))
    qtbot.waitUntil(lambda: (3, 2) in (controller.visible or ()), timeout=200)
    qtbot.waitUntil(lambda: player.shown.token("hero").position == (3, 1), timeout=200)
    assert (0, 1) in controller.explored and (0, 1) not in controller.visible
    assert window.encounter.map.revealed == frozenset()  # explored lives in the session, not the file
    image = player.grab().toImage()

    def pixel(tile):
        p = player.view.mapTo(player, player.view.mapFromScene(QPointF((tile[0] + 0.2) * TILE_PX,
                                                                      (tile[1] + 0.2) * TILE_PX)))
        return QColor(image.pixel(p.x(), p.y()))

    explored, visible, hidden = pixel((0, 1)), pixel((3, 2)), pixel((8, 4))
    assert hidden.getRgb()[:3] == (0, 0, 0)
    assert 0 < explored.red() < visible.red()  # dimmed, not black
    controller.keep_explored()
    assert (0, 1) in window.encounter.map.revealed


def test_rectangle_tool_reveals_the_dragged_tiles(qtbot):
    window, controller, player = _gm(qtbot)
    controller.use_fog_tool(True, shape=FogShape.RECTANGLE, reveal=True)
    view = window.view

    def at(tile):
        p = view.mapFromScene(QPointF((tile[0] + 0.5) * TILE_PX, (tile[1] + 0.5) * TILE_PX))
        return QPoint(p.x(), p.y())

    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=at((8, 5)))
    qtbot.mouseMove(view.viewport(), at((6, 4)))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=at((6, 4)))
    assert window.encounter.map.revealed == {(x, y) for x in range(6, 9) for y in range(4, 6)}
    qtbot.waitUntil(lambda: [t.id for t in player.shown.tokens] == ["orc"], timeout=200)


def test_the_player_view_goes_full_screen_on_the_chosen_screen(qtbot):
    window, controller, player = _gm(qtbot)
    assert not player.isFullScreen()
    screen = controller.chosen_screen()
    controller.update_settings(screen=screen.name(), fullscreen=True)
    assert player.isFullScreen() and player.screen() is screen
    assert load_settings().screen == screen.name() and load_settings().fullscreen
    controller.close_player_view()
    assert controller.player is None
    notices = []
    controller.notice.connect(notices.append)
    again = controller.open_player_view()
    qtbot.addWidget(again)
    # the offscreen platform's one screen has no name, so it is also the GM's own screen: full
    # screen there would hide the GM window, so the player view opens in a window and says why
    assert not again.isFullScreen() and "Only one screen" in notices[0]
    assert not window.player_view.dock.fullscreen_check.isChecked()
    assert load_settings().fullscreen  # remembered for when the projector is connected
    window.player_view.dock.fullscreen_check.setChecked(True)  # the GM asks for it
    assert again.isFullScreen()


def test_escape_leaves_full_screen_and_f11_toggles_it(qtbot):
    window, controller, player = _gm(qtbot)
    controller.update_settings(fullscreen=False)
    controller.update_settings(fullscreen=True)
    assert player.isFullScreen()
    qtbot.keyClick(player, Qt.Key.Key_Escape)
    assert not player.isFullScreen() and not controller.settings.fullscreen
    assert not window.player_view.dock.fullscreen_check.isChecked()
    qtbot.keyClick(player, Qt.Key.Key_F11)
    assert player.isFullScreen() and window.player_view.dock.fullscreen_check.isChecked()


def test_the_gm_window_opens_the_player_view_from_its_players_menu(qtbot):
    window = with_player_view(qtbot, _encounter())
    controller = window.player_view.controller
    action = window.player_view.open_action
    assert action.shortcut().toString() == "Ctrl+Shift+P"
    titles = [a.text() for a in window.host.menuBar().actions()]
    assert "&Players" in titles
    action.trigger()
    assert controller.player is not None and controller.player.isVisible()
    qtbot.addWidget(controller.player)
    assert controller.player.windowFlags() & Qt.WindowType.Window  # a top-level window of its own


def test_the_player_view_goes_with_the_gm_window(qtbot):
    window = QMainWindow()  # the GM's window; not handed to qtbot: this test deletes it itself
    workspace = GmWorkspace(_encounter(), None, window)
    window.setCentralWidget(workspace.view)
    player = attach_player_view(workspace).controller.open_player_view()
    assert player.isVisible() and player.isWindow() and player.parent() is window
    with qtbot.waitSignal(player.destroyed, timeout=1000):
        window.close()
        window.deleteLater()


def test_explored_tiles_are_forgotten_for_another_encounter_not_on_save(qtbot, tmp_path):
    window, controller, player = _gm(qtbot)
    controller.explored = frozenset({(0, 0)})
    window.document.set_path(tmp_path / "same.json")  # saved under a (new) name: a new path
    controller.explored = frozenset({(0, 0)})
    window.document.set_path(tmp_path / "same.json")  # saved again under the same name
    assert controller.explored == {(0, 0)}
    window.document.reset(_encounter(), tmp_path / "other.json")
    assert controller.explored == frozenset()


def test_a_gm_change_reaches_the_players_in_one_turn_of_the_event_loop(qtbot, qapp):
    window, controller, player = _gm(qtbot)
    controller.reveal_all(True)
    qapp.processEvents()
    before = player.updates
    hero = window.encounter.token("hero")
    for step in range(3):  # a burst of changes in one go costs one update
        hero = replace(hero, position=(1 + step, 2))
        run_command(window.document, "move", Place(token=hero.id, tile=hero.position))
    assert player.updates == before  # nothing done inside the GM's own change
    qapp.processEvents()
    assert player.updates == before + 1
    assert player.shown.token("hero").position == (3, 2)


def test_the_controls_dock_comes_with_the_player_view(qtbot):
    window = with_player_view(qtbot, _encounter())
    dock = window.player_view.dock
    assert not dock.isVisible()
    qtbot.addWidget(window.player_view.controller.open_player_view())
    assert dock.isVisible()
