"""Which one-tile steps the walls and blocking objects of a map forbid.

A *step* goes from a tile's centre to one of its eight neighbours' centres. The rules:

- an orthogonal step is blocked when a movement-blocking wall touches the segment between the
  two centres (a wall on the shared edge always does);
- a diagonal step through corner P is blocked when a wall meets the segment between the centres
  anywhere except at P as the wall's own end (stepping past the end of a single wall is allowed),
  or when both ways around P are walled off: A→B→C and A→D→C each cross a wall, where B and D are
  the two tiles beside the diagonal. So a step *between two wall segments meeting at the corner*
  (an L around A, or a straight wall through P) is blocked;
- a blocking object blocks the tiles it covers more than half of, and every step whose segment
  passes through its inside.

Terrain and objects do not stop a diagonal step around their corner; only walls do (assumed — not
in the source text).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from shapely.geometry import LineString, Polygon, box

from vantage.engine.model import GameMap, MapObject, Point, Wall

#: Eight directions clockwise from north (screen up), as (dx, dy) with y down: the same order as
#: :class:`vantage.engine.model.Facing`. Odd indices are diagonals.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1),
)
ORTHOGONAL = (0, 2, 4, 6)
DIAGONAL = (1, 3, 5, 7)
_EPS = 1e-9


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (
        min(a[0], b[0]) - _EPS <= p[0] <= max(a[0], b[0]) + _EPS
        and min(a[1], b[1]) - _EPS <= p[1] <= max(a[1], b[1]) + _EPS
    )


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """True when the closed segments p1p2 and q1q2 share at least one point."""
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    if ((d1 > _EPS and d2 < -_EPS) or (d1 < -_EPS and d2 > _EPS)) and (
        (d3 > _EPS and d4 < -_EPS) or (d3 < -_EPS and d4 > _EPS)
    ):
        return True
    return (
        (abs(d1) <= _EPS and _on_segment(q1, q2, p1))
        or (abs(d2) <= _EPS and _on_segment(q1, q2, p2))
        or (abs(d3) <= _EPS and _on_segment(p1, p2, q1))
        or (abs(d4) <= _EPS and _on_segment(p1, p2, q2))
    )


def _same_point(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) <= _EPS and abs(a[1] - b[1]) <= _EPS


def _diagonal_hit(c1: Point, c2: Point, corner: Point, wall: Wall) -> bool:
    """Does ``wall`` block the diagonal c1→c2 by itself (not merely ending at the corner)?"""
    if not segments_touch(c1, c2, wall.a, wall.b):
        return False
    ends_at_corner = _same_point(wall.a, corner) or _same_point(wall.b, corner)
    collinear = abs(_orient(c1, c2, wall.a)) <= _EPS and abs(_orient(c1, c2, wall.b)) <= _EPS
    return not ends_at_corner or collinear


def _on_grid_edges(wall: Wall) -> bool:
    """A wall of non-zero length along tile edges: integer ends, horizontal or vertical."""
    (ax, ay), (bx, by) = wall.a, wall.b
    if not all(float(v).is_integer() for v in (ax, ay, bx, by)):
        return False
    return (ax == bx) != (ay == by)


class StepBlocks:
    """The steps forbidden by walls (``orthogonal`` and ``diagonal`` as sets of (tile index,
    direction)) and the tiles and steps forbidden by blocking objects, for one map."""

    def __init__(self, game_map: GameMap) -> None:
        self.width = game_map.width
        self.height = game_map.height
        self.wall_orthogonal: set[tuple[int, int]] = set()
        self.wall_diagonal: set[tuple[int, int]] = set()
        self.object_steps: dict[tuple[int, int], str] = {}
        self.object_tiles: dict[int, str] = {}
        self._add_walls(w for w in game_map.walls if w.blocks_movement)
        self._add_objects(o for o in game_map.objects if o.blocks_movement)

    def _tiles_around(self, x0: float, y0: float, x1: float, y1: float) -> Iterable[tuple[int, int]]:
        for y in range(max(0, math.floor(min(y0, y1)) - 1), min(self.height, math.floor(max(y0, y1)) + 2)):
            for x in range(max(0, math.floor(min(x0, x1)) - 1), min(self.width, math.floor(max(x0, x1)) + 2)):
                yield x, y

    def _add_walls(self, walls: Iterable[Wall], *, grid_fast_path: bool = True) -> None:
        for wall in walls:
            if grid_fast_path and _on_grid_edges(wall):
                self._add_grid_wall(wall)
            else:
                self._add_free_wall(wall)

    def _add_grid_wall(self, wall: Wall) -> None:
        """The same result as :meth:`_add_free_wall` for a wall along tile edges, without the
        segment tests: it blocks the steps across it, and the diagonals through its inner
        corners (not through its two ends)."""
        w, h = self.width, self.height
        horizontal = wall.a[1] == wall.b[1]
        if horizontal:
            line, lo, hi = int(wall.a[1]), int(min(wall.a[0], wall.b[0])), int(max(wall.a[0], wall.b[0]))
            if not 1 <= line <= h - 1:
                return
            for x in range(max(lo, 0), min(hi, w)):
                self.wall_orthogonal.add(((line - 1) * w + x, 4))
                self.wall_orthogonal.add((line * w + x, 0))
            corners = [(x, line) for x in range(max(lo + 1, 1), min(hi, w))]
        else:
            line, lo, hi = int(wall.a[0]), int(min(wall.a[1], wall.b[1])), int(max(wall.a[1], wall.b[1]))
            if not 1 <= line <= w - 1:
                return
            for y in range(max(lo, 0), min(hi, h)):
                self.wall_orthogonal.add((y * w + line - 1, 2))
                self.wall_orthogonal.add((y * w + line, 6))
            corners = [(line, y) for y in range(max(lo + 1, 1), min(hi, h))]
        for cx, cy in corners:
            self.wall_diagonal.update((
                ((cy - 1) * w + cx - 1, 3), ((cy - 1) * w + cx, 5), (cy * w + cx - 1, 1), (cy * w + cx, 7),
            ))

    def _add_free_wall(self, wall: Wall) -> None:
        w, h = self.width, self.height
        for x, y in self._tiles_around(wall.a[0], wall.a[1], wall.b[0], wall.b[1]):
            c1 = (x + 0.5, y + 0.5)
            for d, (dx, dy) in enumerate(DIRECTIONS):
                nx, ny = x + dx, y + dy
                if not (0 <= nx < w and 0 <= ny < h):
                    continue
                c2 = (nx + 0.5, ny + 0.5)
                i = y * w + x
                if d % 2 == 0:
                    if segments_touch(c1, c2, wall.a, wall.b):
                        self.wall_orthogonal.add((i, d))
                else:
                    corner = (x + (1 if dx > 0 else 0), y + (1 if dy > 0 else 0))
                    if _diagonal_hit(c1, c2, corner, wall):
                        self.wall_diagonal.add((i, d))

    def _add_objects(self, objects: Iterable[MapObject]) -> None:
        w, h = self.width, self.height
        for obj in objects:
            shape = _object_shape(obj)
            if shape is None:
                continue
            label = obj.name or obj.id
            x0, y0, x1, y1 = shape.bounds
            for x, y in self._tiles_around(x0, y0, x1, y1):
                i = y * w + x
                if shape.intersection(box(x, y, x + 1, y + 1)).area > 0.5:
                    self.object_tiles[i] = label
                c1 = (x + 0.5, y + 0.5)
                for d, (dx, dy) in enumerate(DIRECTIONS):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < w and 0 <= ny < h:
                        line = LineString([c1, (nx + 0.5, ny + 0.5)])
                        if shape.intersection(line).length > _EPS:
                            self.object_steps[(i, d)] = label

    def orthogonal_open(self, i: int, d: int) -> bool:
        """No wall across the orthogonal step from tile index ``i`` in direction ``d``."""
        return (i, d) not in self.wall_orthogonal


def _object_shape(obj: MapObject) -> Polygon | None:
    if len(obj.outline) < 3:
        return None
    shape = Polygon(obj.outline)
    if not shape.is_valid:
        shape = shape.buffer(0)
    return shape if shape.area > 0 else None
