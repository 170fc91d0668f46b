"""The player window, rendered offscreen and checked pixel by pixel.

Issue 6, done when: "GUI tests render the player window offscreen and check pixels: fogged tiles
are opaque, a hidden token is not drawn, a revealed tile is; a calibration of N pixels per inch
gives tiles of N pixels at scale 1."
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.table.calibration import ONE_INCH, Length, LengthUnit, calibration_from_ruler
from vantage.engine.table.fog import reveal_rect
from vantage.gui.appdata.player_settings import Camera, PlayerSettings, Shutter
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.players.window import PlayerWindow

ROAD = QColor("#c2ab7f")  # vantage.engine.terrain: Road (open ground, drawn without texture)


def _encounter(fog: bool = True) -> Encounter:
    """A 6×4 map of road; tiles x < 3 revealed; a hidden enemy at (1, 1), an orc at (4, 2)."""
    game_map = GameMap(6, 4, terrain=("road",) * 24, fog_enabled=fog)
    game_map = reveal_rect(game_map, (0, 0), (2, 3))
    tokens = (
        Token("hero", "Hero", (0, 0), side=Side.PARTY),
        Token("assassin", "Assassin", (1, 1), side=Side.ENEMY, hidden=True),
        Token("orc", "Orc", (4, 2), side=Side.ENEMY),
    )
    return Encounter(game_map, tokens, ruleset="avorkarth")


def _window(qtbot, encounter, settings=None, calibration=None, size=(600, 400)) -> PlayerWindow:
    settings = settings or PlayerSettings(labels=False)
    window = PlayerWindow(encounter, settings=settings, calibration=calibration)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window.apply_camera()
    return window


def _frame(window: PlayerWindow) -> QImage:
    return window.grab().toImage()


def _pixel_at_tile(window: PlayerWindow, image: QImage, tile, dx: float = 0.5, dy: float = 0.5) -> QColor:
    p = window.view.mapFromScene(QPointF((tile[0] + dx) * TILE_PX, (tile[1] + dy) * TILE_PX))
    p = window.view.mapTo(window, p)
    return QColor(image.pixel(p.x(), p.y()))


def _close(a: QColor, b: QColor, tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_fogged_tiles_are_opaque_and_revealed_tiles_are_drawn(qtbot):
    window = _window(qtbot, _encounter())
    image = _frame(window)
    for tile in ((3, 0), (5, 3), (4, 1)):
        assert _pixel_at_tile(window, image, tile, 0.3, 0.3).getRgb()[:3] == (0, 0, 0), tile
    for tile in ((0, 3), (2, 0), (2, 2)):
        assert _close(_pixel_at_tile(window, image, tile, 0.3, 0.3), ROAD), tile


def test_a_hidden_token_is_not_drawn_a_shown_one_is(qtbot):
    enc = _encounter()
    window = _window(qtbot, enc)
    image = _frame(window)
    # the assassin's tile shows bare road at its centre; the hero's tile does not
    assert _close(_pixel_at_tile(window, image, (1, 1)), ROAD)
    assert not _close(_pixel_at_tile(window, image, (0, 0)), ROAD)
    assert set(window.scene.token_items) == {"hero"}  # the orc stands in the fog
    revealed = enc.token("assassin")
    window.show_encounter(enc.with_token(replace(revealed, hidden=False)))
    image = _frame(window)
    assert not _close(_pixel_at_tile(window, image, (1, 1)), ROAD)


def test_fog_off_shows_the_whole_map(qtbot):
    window = _window(qtbot, _encounter(fog=False))
    image = _frame(window)
    assert _close(_pixel_at_tile(window, image, (5, 3), 0.3, 0.3), ROAD)
    assert set(window.scene.token_items) == {"hero", "orc"}


@pytest.mark.parametrize("ppi", [48, 96, 150])
@pytest.mark.parametrize("rotation", [0, 90])
def test_n_pixels_per_inch_gives_tiles_of_n_pixels(qtbot, ppi, rotation):
    # a row of road | grass | road | grass …: measure the run of the road tile through its centre
    terrain = tuple("road" if x % 2 == 0 else "grass" for x in range(8)) * 3
    enc = Encounter(GameMap(8, 3, terrain=terrain), ruleset="avorkarth")
    settings = PlayerSettings(camera=Camera.LOCKED, rotation=rotation, labels=False)
    window = _window(qtbot, enc, settings, calibration_from_ruler(ppi, ONE_INCH), size=(900, 900))
    window.centre_on_tile((4, 1))
    assert window.camera_scale() * TILE_PX == pytest.approx(ppi)
    image = _frame(window)
    centre = window.view.mapTo(window, window.view.mapFromScene(QPointF(4.5 * TILE_PX, 1.5 * TILE_PX)))
    horizontal = rotation == 0
    run = 0
    for step in (1, -1):
        i = 0 if step == 1 else -1
        while True:
            x = centre.x() + (i if horizontal else 0)
            y = centre.y() + (0 if horizontal else i)
            if not _close(QColor(image.pixel(x, y)), ROAD, 12):
                break
            run += 1
            i += step
    # grid lines (1 px, translucent) take a pixel or two off the edges of the run
    assert ppi - 3 <= run <= ppi


def test_locked_tiles_follow_the_chosen_tile_size(qtbot):
    cal = calibration_from_ruler(200, Length(50, LengthUnit.MM))  # 4 px/mm
    settings = PlayerSettings(camera=Camera.LOCKED, tile_amount=25, tile_unit=LengthUnit.MM, labels=False)
    window = _window(qtbot, _encounter(), settings, cal)
    assert window.camera_scale() * TILE_PX == pytest.approx(100)


def test_blank_and_hold(qtbot):
    enc = _encounter(fog=False)
    window = _window(qtbot, enc)
    window.set_shutter(Shutter.BLANK)
    image = _frame(window)
    seen = {image.pixel(x, y) for x in range(0, 600, 37) for y in range(0, 400, 37)}
    assert seen == {QColor(0, 0, 0).rgb()}
    window.set_shutter(Shutter.HOLD)
    moved = enc.with_token(replace(enc.token("orc"), position=(0, 3)))
    window.show_encounter(moved)
    assert window.shown.token("orc").position == (4, 2)  # frozen while held
    window.set_shutter(Shutter.LIVE)
    assert window.shown.token("orc").position == (0, 3)
    assert window.last_move is not None and window.last_move.token_id == "orc"


def test_rotation_and_mirror_move_the_map_on_screen(qtbot):
    enc = _encounter(fog=False)
    window = _window(qtbot, enc, size=(600, 600))
    left = window.view.mapFromScene(QPointF(0.5 * TILE_PX, 2 * TILE_PX))
    right = window.view.mapFromScene(QPointF(5.5 * TILE_PX, 2 * TILE_PX))
    assert left.x() < right.x()
    window.set_settings(replace(window.settings, mirrored=True))
    left = window.view.mapFromScene(QPointF(0.5 * TILE_PX, 2 * TILE_PX))
    right = window.view.mapFromScene(QPointF(5.5 * TILE_PX, 2 * TILE_PX))
    assert left.x() > right.x()
    window.set_settings(replace(window.settings, mirrored=False, rotation=180))
    top = window.view.mapFromScene(QPointF(3 * TILE_PX, 0.5 * TILE_PX))
    bottom = window.view.mapFromScene(QPointF(3 * TILE_PX, 3.5 * TILE_PX))
    assert top.y() > bottom.y()


def test_locked_camera_pans_by_tiles_and_follows_the_active_token(qtbot):
    enc = replace(_encounter(fog=False), ruleset="homebrew", combat={"round": 1, "active_token": "orc"})
    settings = PlayerSettings(camera=Camera.LOCKED, follow_active=True, labels=False)
    window = _window(qtbot, enc, settings, calibration_from_ruler(96, ONE_INCH))
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert abs(centre.x() - 4.5 * TILE_PX) < 2 and abs(centre.y() - 2.5 * TILE_PX) < 2  # on the orc
    window.pan_tiles(-2, 1)
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert abs(centre.x() - 2.5 * TILE_PX) < 2 and abs(centre.y() - 3.5 * TILE_PX) < 2
    # the turn passes to the hero: the camera goes to him
    window.show_encounter(replace(enc, combat={"round": 1, "active_token": "hero"}))
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert abs(centre.x() - 0.5 * TILE_PX) < 2 and abs(centre.y() - 0.5 * TILE_PX) < 2
    assert window.highlight.active is not None and window.highlight.active.id == "hero"


def test_the_ruler_is_dragged_over_the_projected_image(qtbot):
    from PySide6.QtCore import QPoint, Qt

    window = _window(qtbot, _encounter(fog=False))
    ruler = window.ruler
    assert not ruler.isVisible()
    ruler.set_active(True)
    assert ruler.isVisible() and ruler.geometry() == window.rect()
    qtbot.mousePress(ruler, Qt.MouseButton.LeftButton, pos=QPoint(50, 300))
    qtbot.mouseMove(ruler, QPoint(250, 300))
    qtbot.mouseRelease(ruler, Qt.MouseButton.LeftButton, pos=QPoint(250, 300))
    assert ruler.length_px() == pytest.approx(200)
    # the far end can be picked up again and moved
    qtbot.mousePress(ruler, Qt.MouseButton.LeftButton, pos=QPoint(248, 302))
    qtbot.mouseMove(ruler, QPoint(350, 300))
    qtbot.mouseRelease(ruler, Qt.MouseButton.LeftButton, pos=QPoint(350, 300))
    assert ruler.length_px() == pytest.approx(300)
    three_inches = calibration_from_ruler(ruler.length_px(), Length(3, LengthUnit.INCH))
    assert three_inches.pixels_per_inch == pytest.approx(100)
    ruler.set_active(False)
    assert not ruler.isVisible()
