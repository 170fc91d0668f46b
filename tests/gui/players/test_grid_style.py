"""The grid on and off, in a colour and opacity of the GM's choosing, on the GM's map and on the
projector each. Issue 16, item 8: "the grid on/off with its colour and opacity (for GM and
projector alike)"."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from workspaces import WithPlayerView, with_player_view

from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.gui.appdata import gm_settings
from vantage.gui.appdata.player_settings import PlayerSettings, load_settings, save_settings
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.gm.grid_controls import GridControls, attach_grid_controls


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    save_settings(PlayerSettings(fullscreen=False, labels=False))


def _window(qtbot) -> tuple[WithPlayerView, GridControls]:
    """The GM's map with the player view and the grid controls attached, as the window attaches them."""
    game_map = GameMap(8, 6, terrain=("road",) * 48)
    window = with_player_view(qtbot, Encounter(game_map, (Token("hero", "Hero", (0, 0), side=Side.PARTY),),
                                               ruleset="avorkarth"))
    return window, attach_grid_controls(window.workspace)


def test_g_hides_and_shows_the_gm_grid_and_it_is_remembered(qtbot):
    window, grid_controls = _window(qtbot)
    terrain = window.scene.terrain
    assert terrain.grid_colour is not None  # on at first
    action = grid_controls.show_action
    assert action.shortcut().toString() == "G" and "G" in action.toolTip()
    action.trigger()
    assert terrain.grid_colour is None and gm_settings.grid_setting()["visible"] is False
    grid_controls.set_colour(QColor(255, 0, 0, 128))
    action.trigger()
    assert terrain.grid_colour == QColor(255, 0, 0, 128)
    assert gm_settings.grid_setting() == {"visible": True, "colour": "#80ff0000"}
    again, _ = _window(qtbot)  # the next start
    assert again.scene.terrain.grid_colour == QColor(255, 0, 0, 128)


def _edge_pixel(player) -> QColor:
    """The colour on the line between tiles (1, 1) and (2, 1) in the player window."""
    image = player.grab().toImage()
    point = player.view.mapFromScene(QPointF(2 * TILE_PX, 1.5 * TILE_PX))
    point = player.view.mapTo(player, point)
    return QColor(image.pixel(point.x(), point.y()))


def test_the_projector_has_its_own_grid_switch_and_colour(qtbot):
    window, _ = _window(qtbot)
    controller = window.player_view.controller
    player = controller.open_player_view()
    qtbot.addWidget(player)
    player.resize(8 * TILE_PX, 6 * TILE_PX)
    qtbot.waitUntil(lambda: player.view.viewport().width() > 100)
    controller.update_settings(grid_colour="#ffff0000")  # an opaque red grid
    qtbot.wait(20)
    assert player.scene.terrain.grid_colour == QColor(255, 0, 0)
    red = _edge_pixel(player)
    assert red.red() > 200 and red.green() < 80
    window.player_view.dock.grid_check.setChecked(False)
    assert player.scene.terrain.grid_colour is None and load_settings().grid is False
    off = _edge_pixel(player)
    assert not (off.red() > 200 and off.green() < 80)
    assert window.scene.terrain.grid_colour is not None  # the GM's own grid is untouched
