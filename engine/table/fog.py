"""Fog of war: which tiles the players have been shown, and the tools that change it.

The fog layer is :attr:`GameMap.revealed` (with :attr:`GameMap.fog_enabled`). Every operation
here is a pure function that returns a new :class:`GameMap` (or a tile set); nothing is mutated.

Manual fog: the GM reveals or hides a *brush* (the tiles whose centre lies within ``radius``
tiles of a point), a *rectangle* of tiles, or a whole *room* (a flood fill from one tile that
stops at sight-blocking walls and closed doors, at sight-blocking terrain and at the map edge).

Vision fog: the tiles the party tokens see *now* are computed from the geometry engine's
visibility polygons (a tile is seen when its centre lies inside one); they are never stored.
:func:`remember_seen` adds them to ``revealed``, which therefore holds everything ever shown —
the *explored* tiles. A tile is then in one of three :class:`FogShade` states: hidden (never
shown), explored (shown before, not seen now: drawn dimmed) or visible. See docs/player-view.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING

from vantage.engine.model import Encounter, GameMap, Point, Side, Tile, Wall

if TYPE_CHECKING:  # shapely loads with vision fog, not with the fog tools (issue 32, start-up)
    import shapely

#: ``visibility(encounter, token_id, radius_tiles=...)`` returning a shapely Polygon; the default
#: is :func:`vantage.engine.geometry.visibility_polygon`.
VisibilityFunction = Callable[..., "shapely.Geometry | None"]

Edge = tuple[Tile, Tile]


class FogShade(StrEnum):
    """What the players see of one tile."""

    HIDDEN = "hidden"  # never shown: opaque in the player view
    EXPLORED = "explored"  # shown before, not in sight now: dimmed
    VISIBLE = "visible"  # in plain view


# -- tile sets -------------------------------------------------------------------------------
def brush_tiles(game_map: GameMap, centre: Point, radius: float) -> frozenset[Tile]:
    """The tiles whose centre lies within ``radius`` tiles of ``centre`` (tile units), on the map.

    A radius below 0.5 still takes the tile under ``centre``, so a click always paints something.
    """
    cx, cy = centre
    x0, x1 = math.floor(cx - radius - 0.5), math.ceil(cx + radius - 0.5)
    y0, y1 = math.floor(cy - radius - 0.5), math.ceil(cy + radius - 0.5)
    r2 = radius * radius
    tiles = {
        (x, y)
        for y in range(y0, y1 + 1)
        for x in range(x0, x1 + 1)
        if (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r2 and game_map.in_bounds((x, y))
    }
    under = (math.floor(cx), math.floor(cy))
    if game_map.in_bounds(under):
        tiles.add(under)
    return frozenset(tiles)


def rect_tiles(game_map: GameMap, corner_a: Tile, corner_b: Tile) -> frozenset[Tile]:
    """The tiles of the rectangle spanned by two corner tiles (both included, any order), on the map."""
    x0, x1 = sorted((corner_a[0], corner_b[0]))
    y0, y1 = sorted((corner_a[1], corner_b[1]))
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, game_map.width - 1), min(y1, game_map.height - 1)
    return frozenset((x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))


def room_tiles(game_map: GameMap, start: Tile) -> frozenset[Tile]:
    """The room around ``start``: a 4-way flood fill that no sight-blocking wall lets through.

    A step from a tile to its neighbour is stopped when the segment between their centres meets
    a wall that blocks sight (a wall or a closed door; open doors and windows let the fill
    through) and at the map edge. Tiles whose terrain blocks sight (solid rock) are included —
    they are the room's walls and should be shown — but the fill does not go on through them.
    """
    if not game_map.in_bounds(start):
        return frozenset()
    w, n = game_map.width, game_map.width * game_map.height
    # edge keys: 2*i is the edge between tile i and its east neighbour, 2*i+1 its south one
    blocked = _blocked_edge_keys(game_map.walls, w, game_map.height)
    opaque = {k for k, kind in game_map.terrain_kinds.items() if kind.blocks_sight}
    terrain = game_map.terrain
    first = start[1] * w + start[0]
    seen = bytearray(n)
    seen[first] = 1
    stack = [first]
    while stack:
        i = stack.pop()
        if i != first and terrain[i] in opaque:
            continue
        x = i % w
        if x + 1 < w and not seen[i + 1] and 2 * i not in blocked:
            seen[i + 1] = 1
            stack.append(i + 1)
        if x > 0 and not seen[i - 1] and 2 * i - 2 not in blocked:
            seen[i - 1] = 1
            stack.append(i - 1)
        if i + w < n and not seen[i + w] and 2 * i + 1 not in blocked:
            seen[i + w] = 1
            stack.append(i + w)
        if i >= w and not seen[i - w] and 2 * (i - w) + 1 not in blocked:
            seen[i - w] = 1
            stack.append(i - w)
    return frozenset((i % w, i // w) for i in range(n) if seen[i])


# -- edits -----------------------------------------------------------------------------------
def reveal(game_map: GameMap, tiles: Iterable[Tile]) -> GameMap:
    """The map with ``tiles`` added to the revealed set (fog on or off is left as it is)."""
    return replace(game_map, revealed=game_map.revealed | frozenset(tiles))


def hide(game_map: GameMap, tiles: Iterable[Tile]) -> GameMap:
    """The map with ``tiles`` taken out of the revealed set."""
    return replace(game_map, revealed=game_map.revealed - frozenset(tiles))


def reveal_brush(game_map: GameMap, centre: Point, radius: float) -> GameMap:
    return reveal(game_map, brush_tiles(game_map, centre, radius))


def hide_brush(game_map: GameMap, centre: Point, radius: float) -> GameMap:
    return hide(game_map, brush_tiles(game_map, centre, radius))


def reveal_rect(game_map: GameMap, corner_a: Tile, corner_b: Tile) -> GameMap:
    return reveal(game_map, rect_tiles(game_map, corner_a, corner_b))


def hide_rect(game_map: GameMap, corner_a: Tile, corner_b: Tile) -> GameMap:
    return hide(game_map, rect_tiles(game_map, corner_a, corner_b))


def reveal_room(game_map: GameMap, start: Tile) -> GameMap:
    return reveal(game_map, room_tiles(game_map, start))


def hide_room(game_map: GameMap, start: Tile) -> GameMap:
    return hide(game_map, room_tiles(game_map, start))


def reveal_all(game_map: GameMap) -> GameMap:
    return replace(game_map, revealed=frozenset(game_map.tiles()))


def hide_all(game_map: GameMap) -> GameMap:
    return replace(game_map, revealed=frozenset())


# -- vision ----------------------------------------------------------------------------------
def tiles_with_centre_in(game_map: GameMap, polygon: shapely.Geometry | None) -> frozenset[Tile]:
    """The map tiles whose centre lies inside (or on the edge of) a shapely polygon."""
    import shapely

    if polygon is None or shapely.is_empty(polygon):
        return frozenset()
    minx, miny, maxx, maxy = shapely.bounds(polygon)
    x0, y0 = max(math.floor(minx - 0.5), 0), max(math.floor(miny - 0.5), 0)
    x1 = min(math.ceil(maxx - 0.5), game_map.width - 1)
    y1 = min(math.ceil(maxy - 0.5), game_map.height - 1)
    candidates = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]
    if not candidates:
        return frozenset()
    points = shapely.points([(x + 0.5, y + 0.5) for x, y in candidates])
    inside = shapely.covers(polygon, points)
    return frozenset(t for t, hit in zip(candidates, inside, strict=True) if hit)


def visible_tiles(
    encounter: Encounter,
    *,
    radius_tiles: float | None = None,
    viewers: Iterable[str] | None = None,
    visibility: VisibilityFunction | None = None,
) -> frozenset[Tile]:
    """The tiles the viewers see now: the party's tokens that are not hidden, unless ``viewers``
    names others. ``visibility`` defaults to :func:`vantage.engine.geometry.visibility_polygon`."""
    if visibility is None:
        from vantage.engine.geometry.sight import visibility_polygon

        visibility = visibility_polygon
    if viewers is None:
        viewers = [t.id for t in encounter.tokens if t.side is Side.PARTY and not t.hidden]
    seen: set[Tile] = set()
    for token_id in viewers:
        polygon = visibility(encounter, token_id, radius_tiles=radius_tiles)
        seen |= tiles_with_centre_in(encounter.map, polygon)
        seen.update(t for t in encounter.token(token_id).footprint_tiles() if encounter.map.in_bounds(t))
    return frozenset(seen)


def remember_seen(game_map: GameMap, visible: Iterable[Tile]) -> GameMap:
    """The map with the tiles in sight added to ``revealed`` (= explored, kept for dimming)."""
    return reveal(game_map, visible)


def fog_shade(game_map: GameMap, tile: Tile, visible: frozenset[Tile] | None = None) -> FogShade:
    """The shade of one tile: with ``visible`` None (manual fog) a tile is visible or hidden."""
    if not game_map.fog_enabled:
        return FogShade.VISIBLE
    if visible is not None and tile in visible:
        return FogShade.VISIBLE
    if tile in game_map.revealed:
        return FogShade.VISIBLE if visible is None else FogShade.EXPLORED
    return FogShade.HIDDEN


def shown_tiles(game_map: GameMap, visible: frozenset[Tile] | None = None) -> frozenset[Tile]:
    """Every tile the players may see the ground of (visible or explored)."""
    if not game_map.fog_enabled:
        return _every_tile(game_map.width, game_map.height)
    return game_map.revealed | (visible or frozenset())


@lru_cache(maxsize=4)
def _every_tile(width: int, height: int) -> frozenset[Tile]:
    """Every tile of a width × height map (one set per size: the filter runs at every change)."""
    return frozenset((x, y) for y in range(height) for x in range(width))


# -- walls on tile edges ---------------------------------------------------------------------
def _edge(a: Tile, b: Tile) -> Edge:
    return (a, b) if a <= b else (b, a)


@lru_cache(maxsize=16)
def _blocked_edge_keys(walls: tuple[Wall, ...], width: int, height: int) -> frozenset[int]:
    """The sight-blocked steps as integer keys (see :func:`room_tiles`) on a width × height map."""
    keys = set()
    for (ax, ay), (bx, by) in _sight_blocked_edges(walls):
        if 0 <= ax < width and 0 <= ay < height and 0 <= bx < width and 0 <= by < height:
            i = ay * width + ax
            keys.add(2 * i if by == ay else 2 * i + 1)
    return frozenset(keys)


@lru_cache(maxsize=16)
def _sight_blocked_edges(walls: tuple[Wall, ...]) -> frozenset[Edge]:
    """The tile-to-tile steps (4-way) whose centre-to-centre segment meets a sight-blocking wall."""
    blocked: set[Edge] = set()
    for wall in walls:
        if not wall.blocks_sight:
            continue
        for a, b in _links_near(wall):
            ca, cb = (a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5)
            if _segments_meet(ca, cb, wall.a, wall.b):
                blocked.add(_edge(a, b))
    return frozenset(blocked)


def _links_near(wall: Wall) -> Iterator[Edge]:
    """The 4-way links between tile centres inside the wall's bounding box (grown by one tile)."""
    x0 = math.floor(min(wall.a[0], wall.b[0]) - 1)
    x1 = math.ceil(max(wall.a[0], wall.b[0]) + 1)
    y0 = math.floor(min(wall.a[1], wall.b[1]) - 1)
    y1 = math.ceil(max(wall.a[1], wall.b[1]) + 1)
    for y in range(y0, y1):
        for x in range(x0, x1):
            yield (x, y), (x + 1, y)
            yield (x, y), (x, y + 1)


def _orient(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _on_segment(p: Point, q: Point, r: Point) -> bool:
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def _segments_meet(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the closed segments p1-p2 and q1-q2 share a point (touching counts)."""
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        (d1 == 0 and _on_segment(q1, q2, p1))
        or (d2 == 0 and _on_segment(q1, q2, p2))
        or (d3 == 0 and _on_segment(p1, p2, q1))
        or (d4 == 0 and _on_segment(p1, p2, q2))
    )
