"""Doors read on map art, on both screens (issue 30 item 7: "open doors are nearly invisible over map
art (clear open/closed/locked marks on both screens)"; the review: "It is a thin dashed tan line,
nearly invisible on the art; closed, it is a solid brown bar").

A door has jambs across the wall at both ends and a dark edge under its colour. Closed, a bar fills
the doorway; open, the doorway is empty and the leaf stands swung open from one jamb with its arc.
The player window draws the same layer (it gets the filtered map), so both screens show the same."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from vantage.engine.model import GameMap, Wall, WallKind
from vantage.gui.canvas.map_grid import TILE_PX, grid_of
from vantage.gui.canvas.palette import WALL_COLOURS
from vantage.gui.canvas.structure_layer import DOOR_HALO, StructureLayer, wall_paths

ART = QColor("#c8b48a")  # a tan floor of map art: where the old open door's tan vanished


def _render(kind: WallKind) -> QImage:
    """A door across the top edge of tile (2, 2), on "art" of ART, at one pixel per scene unit."""
    game_map = GameMap(6, 6, walls=(Wall((2.0, 2.0), (3.0, 2.0), kind),))
    scene = QGraphicsScene()
    scene.addItem(StructureLayer(game_map))
    side = 6 * TILE_PX
    image = QImage(int(side), int(side), QImage.Format.Format_ARGB32)
    image.fill(ART)
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, side, side), QRectF(0, 0, side, side))
    painter.end()
    return image


def _near(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) < tolerance


def _at(image: QImage, x_tiles: float, y_tiles: float) -> QColor:
    return image.pixelColor(int(x_tiles * TILE_PX), int(y_tiles * TILE_PX))


def test_a_closed_door_fills_its_doorway_with_a_dark_edge(qapp):
    image = _render(WallKind.DOOR_CLOSED)
    assert _near(_at(image, 2.5, 2.0), WALL_COLOURS[WallKind.DOOR_CLOSED])
    edge = _at(image, 2.5, 2.0 + 5 / TILE_PX)  # just beyond the door's colour: the dark edge
    assert _near(edge, DOOR_HALO, 60)


def test_an_open_door_leaves_its_doorway_empty_and_shows_its_leaf_and_jambs(qapp):
    image = _render(WallKind.DOOR_OPEN)
    assert _near(_at(image, 2.5, 2.0), ART)  # the doorway is open: the art shows
    leaf = [_at(image, 2.0, 2.0 + d) for d in (0.3, 0.5, 0.7)]  # swung open from the first end
    assert all(_near(c, WALL_COLOURS[WallKind.DOOR_OPEN]) for c in leaf)
    jamb = _at(image, 3.0, 2.0 - 0.15)  # across the wall at the other end
    assert not _near(jamb, ART)
    # a tan door on tan art is still read by its dark edge on both sides of the leaf
    assert _near(_at(image, 2.0 - 3.5 / TILE_PX, 2.5), DOOR_HALO, 60)
    assert _near(_at(image, 2.0 + 3.5 / TILE_PX, 2.5), DOOR_HALO, 60)


def test_open_and_closed_doors_differ_where_the_doorway_is(qapp):
    closed, opened = _render(WallKind.DOOR_CLOSED), _render(WallKind.DOOR_OPEN)
    assert not _near(_at(closed, 2.5, 2.0), _at(opened, 2.5, 2.0))


def test_a_wall_is_still_a_plain_line_and_a_door_adds_its_jambs(qapp):
    grid = grid_of(GameMap(4, 4))
    wall = wall_paths((Wall((1.0, 1.0), (2.0, 1.0)),), grid)[WallKind.WALL]
    assert wall.elementCount() == 2
    door = wall_paths((Wall((1.0, 1.0), (2.0, 1.0), WallKind.DOOR_CLOSED),), grid)[WallKind.DOOR_CLOSED]
    assert door.elementCount() == 6  # two jambs and the bar


def test_a_locked_door_is_a_red_bar_with_its_lock(qapp):
    """Locked: the closed door's bar in red, with a ring (its lock) on its middle."""
    image = _render(WallKind.DOOR_LOCKED)
    locked = WALL_COLOURS[WallKind.DOOR_LOCKED]
    assert _near(_at(image, 2.2, 2.0), locked)  # the bar fills the doorway
    assert not _near(locked, WALL_COLOURS[WallKind.DOOR_CLOSED], 40)
    ring = _at(image, 2.5, 2.0 - 0.16)  # the lock's ring, above the bar
    assert _near(ring, locked, 60)
    assert not _near(_at(image, 2.5, 2.0 - 0.16), _at(_render(WallKind.DOOR_CLOSED), 2.5, 2.0 - 0.16))
