"""Area templates: the tiles a burst, cone, line or square covers.

Partial tiles: a tile is covered when *more than half* of its area lies inside the template;
exactly half does not count (assumed — not in the source text; a tolerance of 1e-9 tile² absorbs
rounding, and curved edges are polygons with 128 sides to the circle). Only tiles on the map
count. Templates ignore walls: what a spell's area does behind a wall is the ruleset's business.

Points are in tile units (``(3.5, 4.5)`` is the centre of tile (3, 4)); directions are compass
bearings in degrees (0 north/up, 90 east, clockwise), as for facings.
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from vantage.engine.model import GameMap, Point, Tile

_MORE_THAN_HALF = 0.5 + 1e-9
_QUAD_SEGS = 32


def covered_tiles(game_map: GameMap, shape: shapely.Geometry) -> frozenset[Tile]:
    """The map tiles more than half inside ``shape`` (any shapely area)."""
    shape = shapely.intersection(shape, shapely.box(0, 0, game_map.width, game_map.height))
    if shape.is_empty:
        return frozenset()
    minx, miny, maxx, maxy = shape.bounds
    grid_x, grid_y = np.meshgrid(
        np.arange(math.floor(minx), math.ceil(maxx)), np.arange(math.floor(miny), math.ceil(maxy))
    )
    xs, ys = grid_x.ravel(), grid_y.ravel()
    shapely.prepare(shape)
    areas = shapely.area(shapely.intersection(shapely.box(xs, ys, xs + 1, ys + 1), shape))
    keep = areas > _MORE_THAN_HALF
    return frozenset(zip(xs[keep].tolist(), ys[keep].tolist(), strict=True))


def burst_shape(centre: Point, radius_tiles: float) -> shapely.Geometry:
    return shapely.Point(centre).buffer(radius_tiles, quad_segs=_QUAD_SEGS)


def cone_shape(
    origin: Point, direction_deg: float, length_tiles: float, angle_deg: float = 90
) -> shapely.Geometry:
    """A circular sector from ``origin``, ``angle_deg`` wide, centred on the bearing."""
    ox, oy = origin
    steps = max(2, math.ceil(angle_deg / (90 / _QUAD_SEGS)) + 1)
    bearings = np.radians(np.linspace(direction_deg - angle_deg / 2, direction_deg + angle_deg / 2, steps))
    arc = np.column_stack([ox + length_tiles * np.sin(bearings), oy - length_tiles * np.cos(bearings)])
    return shapely.Polygon(np.vstack([[origin], arc]))


def line_shape(start: Point, end: Point, width_tiles: float = 1) -> shapely.Geometry:
    """A rectangle ``width_tiles`` wide from ``start`` to ``end`` (flat ends)."""
    return shapely.LineString([start, end]).buffer(width_tiles / 2, cap_style="flat")


def burst_tiles(game_map: GameMap, centre: Point, radius_tiles: float) -> frozenset[Tile]:
    """Tiles covered by a circle (burst) of ``radius_tiles`` around ``centre``."""
    return covered_tiles(game_map, burst_shape(centre, radius_tiles))


def cone_tiles(
    game_map: GameMap, origin: Point, direction_deg: float, length_tiles: float, angle_deg: float = 90
) -> frozenset[Tile]:
    """Tiles covered by a cone from ``origin`` towards the bearing, ``angle_deg`` wide."""
    return covered_tiles(game_map, cone_shape(origin, direction_deg, length_tiles, angle_deg))


def line_tiles(game_map: GameMap, start: Point, end: Point, width_tiles: float = 1) -> frozenset[Tile]:
    """Tiles covered by a line ``width_tiles`` wide from ``start`` to ``end``."""
    if start == end:
        return frozenset()
    return covered_tiles(game_map, line_shape(start, end, width_tiles))


def square_tiles(game_map: GameMap, corner: Tile, side_tiles: int) -> frozenset[Tile]:
    """The ``side_tiles`` × ``side_tiles`` tiles whose top-left tile is ``corner`` (on the map)."""
    x0, y0 = corner
    return frozenset(
        (x, y)
        for y in range(y0, y0 + side_tiles)
        for x in range(x0, x0 + side_tiles)
        if game_map.in_bounds((x, y))
    )
