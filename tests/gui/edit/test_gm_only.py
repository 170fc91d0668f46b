"""The GM-only layer in the GUI: the GM marks a wall or an object GM only in edit mode (one undo
step), sees it dashed magenta with a "GM" tag, and the player window does not draw it.

Issue 6: "the player window renders the same state through one player filter …: hidden tokens,
GM-only layers and notes removed, fog applied." docs/player-view.md: "a GM-only door, closed or
open, shows to the players as plain wall … every GM-only map object is removed".
"""

from __future__ import annotations

import pytest
from play_workspace import PlayPanels, play_panels
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage

from vantage.engine import editing
from vantage.engine.model import Cover, Encounter, GameMap, MapObject, Wall, WallKind
from vantage.gui.appdata.player_settings import PlayerSettings, save_settings
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.palette import WALL_COLOURS
from vantage.gui.canvas.snapshot import render_view
from vantage.gui.canvas.structure_layer import GM_ONLY_COLOUR
from vantage.gui.edit.panel import EditorPanel
from vantage.gui.edit.tool import EditMode
from vantage.gui.players.attach import attach_player_view
from vantage.gui.players.window import PlayerWindow

ROAD = QColor("#c2ab7f")  # vantage.engine.terrain: Road (open ground, drawn without texture)
PLATE = MapObject("plate", ((2, 1), (3, 1), (3, 2), (2, 2)), "Pressure plate", True, False, Cover.NONE)
DOOR = Wall((5, 1), (5, 2), WallKind.DOOR_CLOSED)


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    save_settings(PlayerSettings(fullscreen=False, labels=False))


def _encounter() -> Encounter:
    """An 8×4 map of road, fog off: a (blocking, so it is drawn dark) pressure plate on tile (2, 1)
    and a closed door on the edge between (4, 1) and (5, 1)."""
    return Encounter(GameMap(8, 4, terrain=("road",) * 32, walls=(DOOR,), objects=(PLATE,)),
                     ruleset="avorkarth")


def _windows(qtbot) -> tuple[PlayPanels, PlayerWindow]:
    """The GM's map (shown, zoom 1) with the player view attached and open, in edit mode, GM only."""
    window = play_panels(qtbot, _encounter(), centre=(4, 2), size=(1200, 700))
    controller = attach_player_view(window.workspace).controller
    player = controller.open_player_view()
    qtbot.addWidget(player)
    player.resize(600, 400)
    qtbot.waitExposed(player)
    player.apply_camera()
    window.commands.set_edit_mode(True)  # what Edit ▸ Edit mode (Ctrl+E) does
    window.edit_settings.mode = EditMode.GM_ONLY
    return window, player


def _player_pixel(player: PlayerWindow, image: QImage, point: tuple[float, float]) -> QColor:
    p = player.view.mapFromScene(QPointF(point[0] * TILE_PX, point[1] * TILE_PX))
    p = player.view.mapTo(player, p)
    return QColor(image.pixel(p.x(), p.y()))


def _close(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def _magenta_near(image: QImage, centre: QPoint, radius: int = 14) -> int:
    """How many pixels within ``radius`` of ``centre`` have the GM-only colour."""
    return sum(
        _close(QColor(image.pixel(x, y)), GM_ONLY_COLOUR)
        for x in range(max(0, centre.x() - radius), min(image.width(), centre.x() + radius))
        for y in range(max(0, centre.y() - radius), min(image.height(), centre.y() + radius))
    )


def _click(qtbot, window: PlayPanels, player: PlayerWindow, point: tuple[float, float]) -> None:
    """A click on the GM's map; waits until the player window has caught up (it follows within a
    frame, on a timer)."""
    pos = window.view.mapFromScene(QPointF(point[0] * TILE_PX, point[1] * TILE_PX))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    _caught_up(qtbot, window, player)


def _caught_up(qtbot, window: PlayPanels, player: PlayerWindow) -> None:
    qtbot.waitUntil(lambda: player.scene.source_encounter is window.encounter, timeout=2000)


def _gm_pos(window: PlayPanels, point: tuple[float, float]) -> QPoint:
    return window.view.mapFromScene(QPointF(point[0] * TILE_PX, point[1] * TILE_PX))


def test_a_gm_only_object_is_drawn_for_the_gm_and_not_for_the_players(qtbot):
    window, player = _windows(qtbot)
    plate_centre = (2.5, 1.5)
    before = player.grab().toImage()
    assert not _close(_player_pixel(player, before, plate_centre), ROAD, 6)  # the plate is drawn
    assert _magenta_near(render_view(window.view), _gm_pos(window, plate_centre)) == 0

    _click(qtbot, window, player, plate_centre)
    assert window.encounter.map.objects[0].gm_only
    assert window.document.undo_stack.undoText() == "Make Pressure plate GM only"
    after = player.grab().toImage()
    assert player.shown.map.objects == ()
    assert _close(_player_pixel(player, after, plate_centre), ROAD, 6)  # bare road where it was
    assert _magenta_near(render_view(window.view), _gm_pos(window, plate_centre)) > 20  # tag + outline

    window.document.undo_stack.undo()
    _caught_up(qtbot, window, player)
    assert not window.encounter.map.objects[0].gm_only
    assert not _close(_player_pixel(player, player.grab().toImage(), plate_centre), ROAD, 6)


def test_a_secret_door_shows_to_the_players_as_wall(qtbot):
    window, player = _windows(qtbot)
    door_middle = (5.0, 1.5)
    door_colour = WALL_COLOURS[WallKind.DOOR_CLOSED]
    assert _close(_player_pixel(player, player.grab().toImage(), door_middle), door_colour)

    _click(qtbot, window, player, (5.1, 1.3))  # beside the door: the wall nearest the click
    assert window.encounter.map.walls == (Wall((5, 1), (5, 2), WallKind.DOOR_CLOSED, gm_only=True),)
    assert player.shown.map.walls == (Wall((5, 1), (5, 2), WallKind.WALL),)
    image = player.grab().toImage()
    assert _close(_player_pixel(player, image, door_middle), WALL_COLOURS[WallKind.WALL])
    assert _magenta_near(image, player.view.mapTo(player, player.view.mapFromScene(
        QPointF(door_middle[0] * TILE_PX, door_middle[1] * TILE_PX)))) == 0
    assert _magenta_near(render_view(window.view), _gm_pos(window, door_middle)) > 20

    _click(qtbot, window, player, (5.1, 1.3))  # and back: the players see the door again
    assert not window.encounter.map.walls[0].gm_only
    assert player.shown.map.walls == (DOOR,)


def test_the_checkbox_makes_new_walls_and_objects_gm_only(qtbot):
    window, player = _windows(qtbot)
    editor_panel = EditorPanel(window.edit_settings, window.encounter.map)  # the Editor dock's panel
    qtbot.addWidget(editor_panel)
    editor_panel.gm_only_box.setChecked(True)
    window.edit_settings.mode = EditMode.OBJECT
    window.edit_settings.object_kind = "trap"
    _click(qtbot, window, player, (6.5, 2.5))
    trap = window.encounter.map.objects[-1]
    assert (trap.name, trap.gm_only, trap.blocks_movement, trap.cover) == ("Trap", True, False, Cover.NONE)
    window.edit_settings.mode = EditMode.WALL
    window.edit_settings.wall = WallKind.DOOR_CLOSED
    _click(qtbot, window, player, (1.5, 3.05))  # the bottom edge of tile (1, 2)
    secret = window.encounter.map.walls[-1]
    assert ({secret.a, secret.b}, secret.kind, secret.gm_only) == (
        {(1.0, 3.0), (2.0, 3.0)}, WallKind.DOOR_CLOSED, True,
    )
    assert player.shown.map.objects == (PLATE,)
    assert player.shown.map.walls[-1] == Wall(secret.a, secret.b, WallKind.WALL)
    editor_panel.gm_only_box.setChecked(False)
    assert window.edit_settings.gm_only is False


def test_toggle_gm_only_picks_the_nearest_wall_else_the_object_under_the_point():
    game_map = GameMap(8, 4, walls=(DOOR,), objects=(PLATE,))
    marked, step = editing.toggle_gm_only(game_map, (5.2, 1.5))
    assert marked.walls[0].gm_only and marked.objects == (PLATE,) and step == "Make door-closed GM only"
    marked, step = editing.toggle_gm_only(game_map, (2.5, 1.9))
    assert marked.objects[0].gm_only and marked.walls == (DOOR,) and step == "Make Pressure plate GM only"
    shown, step = editing.toggle_gm_only(marked, (2.1, 1.1))
    assert shown == game_map and step == "Show Pressure plate to players"
    assert editing.toggle_gm_only(game_map, (7.5, 3.5)) == (game_map, "")
