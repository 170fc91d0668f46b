"""The map's grid: every conversion between tiles, scene units and feet, in one object.

The engine speaks in *tile units* (:mod:`vantage.engine.model`): tile ``(x, y)`` covers
``[x, x+1] × [y, y+1]``, walls and token centres are points in the same units. The canvas draws in
*scene units*; at zoom 1.0 a scene unit is one screen pixel. A :class:`MapGrid` turns the one into
the other (and either into feet), so no item, tool or window multiplies by a tile size of its own.
This is the shape of Tiled's ``MapRenderer`` (``pixelToTileCoords``, ``tileToScreenCoords``) and
MapTool's ``Grid``: a second grid shape (hex) is one more subclass, chosen in :func:`grid_of`.

Who holds it: :class:`~vantage.gui.canvas.map_scene.MapScene` keeps the grid of the map it shows
as ``scene.grid`` (a tool asks ``view.map_scene().grid``); a layer built from a map (terrain,
structures, fog, templates, tactics) takes ``grid_of(game_map)``; an item with no map of its own
(a token, the ruler, the labels) is given the scene's grid when it is made.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF

from vantage.engine.model import GameMap, Point, Tile

#: Scene units (screen pixels at zoom 1.0) across one tile of the square grid.
TILE_PX = 48.0


class MapGrid(ABC):
    """Where tiles lie in the scene, and how long a tile is in scene units and in feet."""

    @property
    @abstractmethod
    def tile_px(self) -> float:
        """Scene units from one tile's centre to the next along a row: a square's side."""

    @property
    @abstractmethod
    def feet_per_tile(self) -> float:
        """Feet from one tile's centre to the next: the map's scale."""

    # -- points ----------------------------------------------------------------------------
    @abstractmethod
    def scene_point(self, point: Point) -> QPointF:
        """The scene point of ``point`` in tile units (a wall's end, a token's centre)."""

    @abstractmethod
    def map_point(self, scene: QPointF) -> Point:
        """The point in tile units of a scene point: the inverse of :meth:`scene_point`."""

    @abstractmethod
    def scene_offset(self, offset: Point) -> QPointF:
        """The scene vector of a shift by ``offset`` tile units (a pan, a drag)."""

    @abstractmethod
    def tile_at(self, scene: QPointF) -> Tile:
        """The tile whose area holds a scene point, on the map or not (no bounds check)."""

    @abstractmethod
    def tile_centre(self, tile: Tile) -> QPointF:
        """The scene point at the middle of ``tile``."""

    @abstractmethod
    def footprint_centre(self, corner: Tile, size: int) -> QPointF:
        """The middle of a ``size``-tile footprint whose first (top-left) tile is ``corner``."""

    # -- areas -----------------------------------------------------------------------------
    @abstractmethod
    def tile_rect(self, tile: Tile) -> QRectF:
        """The scene rectangle ``tile`` covers."""

    @abstractmethod
    def footprint_rect(self, corner: Tile, size: int) -> QRectF:
        """The scene rectangle of a ``size``-tile footprint whose first tile is ``corner``."""

    @abstractmethod
    def tiles_rect(self, first: Tile, last: Tile) -> QRectF:
        """The scene rectangle of every tile between two corner tiles, both included, in any order."""

    @abstractmethod
    def area_rect(self, area: QRectF) -> QRectF:
        """The scene rectangle of ``area``, a rectangle in tile units."""

    @abstractmethod
    def map_rect(self, width: int, height: int) -> QRectF:
        """The scene rectangle of a map ``width`` × ``height`` tiles, from the scene's origin."""

    # -- lengths ---------------------------------------------------------------------------
    @abstractmethod
    def scene_length(self, tiles: float) -> float:
        """Scene units across ``tiles`` tiles (a pen width or a margin given as a share of a tile)."""

    @abstractmethod
    def tiles_of_length(self, length: float) -> float:
        """Tiles across a scene length: the inverse of :meth:`scene_length`."""

    def device_px_per_tile(self, scale: float) -> float:
        """Device pixels across one tile when the view scales scene units by ``scale``."""
        return scale * self.tile_px

    def picture_scale(self, pixels_per_tile: float) -> float:
        """Scene units per pixel of a picture whose own grid is ``pixels_per_tile`` pixels a tile."""
        return self.tile_px / pixels_per_tile

    # -- feet ------------------------------------------------------------------------------
    def feet_of_tiles(self, tiles: float) -> float:
        """Feet across ``tiles`` tiles."""
        return tiles * self.feet_per_tile

    def tiles_of_feet(self, feet: float) -> float:
        """Tiles (fractional) across ``feet`` feet."""
        return feet / self.feet_per_tile

    def feet_of_length(self, length: float) -> float:
        """Feet across a scene length."""
        return self.feet_of_tiles(self.tiles_of_length(length))

    def length_of_feet(self, feet: float) -> float:
        """Scene units across ``feet`` feet."""
        return self.scene_length(self.tiles_of_feet(feet))


@dataclass(frozen=True)
class SquareGrid(MapGrid):
    """Square tiles ``tile_px`` scene units a side, tile (0, 0) at the scene's origin.

    The square-only painters (the terrain's chunks, :mod:`~vantage.gui.canvas.grid_lines`) take
    this class rather than :class:`MapGrid`: the type checker then points at them when a map can
    have another grid shape.
    """

    tile_px: float = TILE_PX
    feet_per_tile: float = 5.0

    def __post_init__(self) -> None:
        for name, value in (("tile_px", self.tile_px), ("feet_per_tile", self.feet_per_tile)):
            if not (math.isfinite(value) and value > 0):
                raise ValueError(f"{name} must be a number more than 0, got {value!r}")

    def scene_point(self, point: Point) -> QPointF:
        return QPointF(point[0] * self.tile_px, point[1] * self.tile_px)

    def map_point(self, scene: QPointF) -> Point:
        return (scene.x() / self.tile_px, scene.y() / self.tile_px)

    def scene_offset(self, offset: Point) -> QPointF:
        return QPointF(offset[0] * self.tile_px, offset[1] * self.tile_px)

    def tile_at(self, scene: QPointF) -> Tile:
        return (int(scene.x() // self.tile_px), int(scene.y() // self.tile_px))

    def tile_centre(self, tile: Tile) -> QPointF:
        return QPointF((tile[0] + 0.5) * self.tile_px, (tile[1] + 0.5) * self.tile_px)

    def footprint_centre(self, corner: Tile, size: int) -> QPointF:
        return QPointF((corner[0] + size / 2) * self.tile_px, (corner[1] + size / 2) * self.tile_px)

    def tile_rect(self, tile: Tile) -> QRectF:
        return QRectF(tile[0] * self.tile_px, tile[1] * self.tile_px, self.tile_px, self.tile_px)

    def footprint_rect(self, corner: Tile, size: int) -> QRectF:
        side = size * self.tile_px
        return QRectF(corner[0] * self.tile_px, corner[1] * self.tile_px, side, side)

    def tiles_rect(self, first: Tile, last: Tile) -> QRectF:
        x0, x1 = sorted((first[0], last[0]))
        y0, y1 = sorted((first[1], last[1]))
        px = self.tile_px
        return QRectF(x0 * px, y0 * px, (x1 - x0 + 1) * px, (y1 - y0 + 1) * px)

    def area_rect(self, area: QRectF) -> QRectF:
        px = self.tile_px
        return QRectF(area.left() * px, area.top() * px, area.width() * px, area.height() * px)

    def map_rect(self, width: int, height: int) -> QRectF:
        return QRectF(0, 0, width * self.tile_px, height * self.tile_px)

    def scene_length(self, tiles: float) -> float:
        return tiles * self.tile_px

    def tiles_of_length(self, length: float) -> float:
        return length / self.tile_px

    def edge_positions(self, low: float, high: float) -> list[float]:
        """The scene coordinates (along either axis) of the tile edges whose line starts in
        [the tile of ``low``, ``high``): where the grid's lines are drawn."""
        px = self.tile_px
        return [i * px for i in range(int(low // px), int(high // px) + 1) if i * px < high]


def grid_of(game_map: GameMap) -> SquareGrid:
    """The grid ``game_map`` is drawn on: square, :data:`TILE_PX` a side, the map's feet per tile.

    Every map is square today, so the answer is typed :class:`SquareGrid`; a map that may have
    another shape would return a :class:`MapGrid` from here."""
    return SquareGrid(TILE_PX, game_map.feet_per_tile)
