"""Which one-tile steps the walls and blocking objects of a map forbid.

A *step* goes from a tile's centre to one of its eight neighbours' centres. A movement-blocking
wall (a wall, a closed door, a window; not an open door) blocks the step exactly when the step's
centre line *crosses* it as drawn, wherever the wall lies — on tile edges, across a grid corner,
on a diagonal or at a half-tile offset:

- a wall that crosses the centre line blocks it;
- a wall that only *ends* on the centre line does not (the token passes its end), unless other
  walls meeting at that point lie on the other side of the line: walls meeting there on both
  sides of the line (an L round the corner, two segments of one wall) block it;
- a tile centre lying exactly on a wall counts as lying just beside it, on the side of the
  direction (1, ε) — just east of it, or just south of an east–west wall — so a wall through
  tile centres is still a closed barrier, and a step *along* a wall slides along it unhindered;
- a diagonal step is also blocked when both ways round its corner P (A→B→C and A→D→C) are
  blocked (see :mod:`vantage.engine.movement.graph`).

For walls along tile edges this is the rule the program always had: an orthogonal step is blocked
by the wall on the shared edge; a diagonal step through corner P is blocked by a wall through P,
not by one that merely ends at P. Such walls take a fast path (no segment tests) that gives the
same result (a property test checks it).

A blocking object blocks the tiles it covers more than half of, and every step whose segment
passes through its inside. Terrain and objects do not stop a diagonal step around their corner;
only walls do (assumed — not in the source text).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

from vantage.engine.model import GameMap, MapObject, Point, Wall, WallKind
from vantage.engine.movement.wall_crossing import crossing_walls, touches

if TYPE_CHECKING:
    from shapely.geometry import Polygon

#: Eight directions clockwise from north (screen up), as (dx, dy) with y down: the same order as
#: :class:`vantage.engine.model.Facing`. Odd indices are diagonals.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1),
)
ORTHOGONAL = (0, 2, 4, 6)
DIAGONAL = (1, 3, 5, 7)
_EPS = 1e-9


def _on_grid_edges(wall: Wall) -> bool:
    """A wall of non-zero length along tile edges: integer ends, horizontal or vertical."""
    (ax, ay), (bx, by) = wall.a, wall.b
    if not all(float(v).is_integer() for v in (ax, ay, bx, by)):
        return False
    return (ax == bx) != (ay == by)


class StepBlocks:
    """The steps forbidden by walls (``orthogonal`` and ``diagonal`` as sets of (tile index,
    direction)) and the tiles and steps forbidden by blocking objects, for one map.

    With ``by_region`` nothing is worked out up front: :meth:`add_region` adds what the walls and
    objects forbid on the tiles of one rectangle at a time (the movement graph asks for the
    regions a search reaches), and the sets hold only the tiles of the regions added so far."""

    def __init__(self, game_map: GameMap, *, by_region: bool = False) -> None:
        self.width = game_map.width
        self.height = game_map.height
        self.wall_orthogonal: set[tuple[int, int]] = set()
        self.wall_diagonal: set[tuple[int, int]] = set()
        self.object_steps: dict[tuple[int, int], str] = {}
        self.object_tiles: dict[int, str] = {}
        self.walls: tuple[Wall, ...] = tuple(w for w in game_map.walls if w.blocks_movement)
        self.objects: tuple[MapObject, ...] = tuple(o for o in game_map.objects if o.blocks_movement)
        if by_region:
            self._walls_by_cell = _by_cell([self._tile_span(*w.a, *w.b) for w in self.walls])
            self._objects_by_cell = _by_cell([self._object_span(o) for o in self.objects])
        else:
            self._add_walls(self.walls)
            self._add_objects(self.objects)

    # -- by region -------------------------------------------------------------------------
    def _tile_span(self, x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        """The tiles whose steps a wall or object with this bounding box can touch, as
        (x_lo, y_lo, x_hi, y_hi), ends included: the tiles :meth:`_tiles_around` gives."""
        return (math.floor(min(x0, x1)) - 1, math.floor(min(y0, y1)) - 1,
                math.floor(max(x0, x1)) + 1, math.floor(max(y0, y1)) + 1)

    def _object_span(self, obj: MapObject) -> tuple[int, int, int, int] | None:
        shape = _object_shape(obj)
        return None if shape is None else self._tile_span(*shape.bounds)

    def add_region(
        self, x0: int, y0: int, x1: int, y1: int
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]], list[int]]:
        """Add what walls and objects forbid on the tiles ``x0 ≤ x < x1``, ``y0 ≤ y < y1``.

        Every wall or object that can touch a step from one of those tiles (its span meets the
        rectangle) is worked out as in a whole-map build, in the map's order, and only the steps
        and tiles inside the rectangle are kept: so the region's answer is the whole map's.
        Returns the rectangle's new orthogonal and diagonal wall steps, object steps and object
        tiles."""
        walls = [self.walls[k] for k in _in_cells(self._walls_by_cell, x0, y0, x1, y1)]
        objects = [self.objects[k] for k in _in_cells(self._objects_by_cell, x0, y0, x1, y1)]
        scratch = StepBlocks.__new__(StepBlocks)
        scratch.width, scratch.height = self.width, self.height
        scratch.wall_orthogonal, scratch.wall_diagonal = set(), set()
        scratch.object_steps, scratch.object_tiles = {}, {}
        scratch._add_walls(walls)
        scratch._add_objects(objects)
        w = self.width

        def inside(i: int) -> bool:
            return x0 <= i % w < x1 and y0 <= i // w < y1

        orthogonal = [s for s in scratch.wall_orthogonal if inside(s[0])]
        diagonal = [s for s in scratch.wall_diagonal if inside(s[0])]
        steps = [s for s in scratch.object_steps if inside(s[0])]
        tiles = [i for i in scratch.object_tiles if inside(i)]
        self.wall_orthogonal.update(orthogonal)
        self.wall_diagonal.update(diagonal)
        self.object_steps.update((s, scratch.object_steps[s]) for s in steps)
        self.object_tiles.update((i, scratch.object_tiles[i]) for i in tiles)
        return orthogonal, diagonal, steps, tiles

    def _tiles_around(self, x0: float, y0: float, x1: float, y1: float) -> Iterable[tuple[int, int]]:
        for y in range(max(0, math.floor(min(y0, y1)) - 1), min(self.height, math.floor(max(y0, y1)) + 2)):
            for x in range(max(0, math.floor(min(x0, x1)) - 1), min(self.width, math.floor(max(x0, x1)) + 2)):
                yield x, y

    def _add_walls(self, walls: Iterable[Wall], *, grid_fast_path: bool = True) -> None:
        """Strike out the steps ``walls`` block. Walls along tile edges take the fast path; the
        others (and the tile-edge walls ending where they meet a step) collect, per step, the
        walls that touch it, and the crossing rule decides with all of them at once."""
        free: dict[tuple[int, int], list[Wall]] = {}
        ends: dict[tuple[int, int], list[Wall]] = {}
        for wall in walls:
            if grid_fast_path and _on_grid_edges(wall):
                self._add_grid_wall(wall, ends)
            else:
                self._add_free_wall(wall, free)
        for step, touching in free.items():
            touching = touching + ends.get(step, [])
            self._decide(step, touching)
        for step, touching in ends.items():
            if len(touching) > 1 and step not in free:
                self._decide(step, touching)

    def _decide(self, step: tuple[int, int], touching: list[Wall]) -> None:
        i, d = step
        blocked = self.wall_orthogonal if d % 2 == 0 else self.wall_diagonal
        if step in blocked:
            return
        x, y = i % self.width, i // self.width
        dx, dy = DIRECTIONS[d]
        if crossing_walls((x + 0.5, y + 0.5), (x + dx + 0.5, y + dy + 0.5), touching):
            blocked.add(step)

    def _add_grid_wall(self, wall: Wall, ends: dict[tuple[int, int], list[Wall]] | None = None) -> None:
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
        if ends is not None:  # the diagonals through its two ends: other walls may meet there
            for cx, cy in (wall.a, wall.b):
                for i, d, ok in self._diagonals_through(int(cx), int(cy)):
                    if ok:
                        ends.setdefault((i, d), []).append(wall)
        for cx, cy in corners:
            self.wall_diagonal.update((
                ((cy - 1) * w + cx - 1, 3), ((cy - 1) * w + cx, 5), (cy * w + cx - 1, 1), (cy * w + cx, 7),
            ))

    def _diagonals_through(self, cx: int, cy: int) -> Iterable[tuple[int, int, bool]]:
        """The four diagonal steps through grid corner (cx, cy): (tile index, direction, on map)."""
        w, h = self.width, self.height
        for x, y, d in ((cx - 1, cy - 1, 3), (cx, cy - 1, 5), (cx - 1, cy, 1), (cx, cy, 7)):
            dx, dy = DIRECTIONS[d]
            ok = 0 <= x < w and 0 <= y < h and 0 <= x + dx < w and 0 <= y + dy < h
            yield y * w + x, d, ok

    def _add_free_wall(self, wall: Wall, touched: dict[tuple[int, int], list[Wall]]) -> None:
        w, h = self.width, self.height
        for x, y in self._tiles_around(wall.a[0], wall.a[1], wall.b[0], wall.b[1]):
            c1 = (x + 0.5, y + 0.5)
            i = y * w + x
            for d, (dx, dy) in enumerate(DIRECTIONS):
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h and touches(c1, (nx + 0.5, ny + 0.5), wall):
                    touched.setdefault((i, d), []).append(wall)

    def walls_across(self, tile: tuple[int, int], d: int) -> tuple[Wall, ...]:
        """The movement-blocking walls that stop the one-tile step from ``tile`` in direction
        ``d`` by the crossing rule (empty when none does; the ways round a diagonal's corner are
        not looked at here)."""
        x, y = tile
        dx, dy = DIRECTIONS[d]
        c1, c2 = (x + 0.5, y + 0.5), (x + dx + 0.5, y + dy + 0.5)
        near = [
            wall for wall in self.walls
            if min(wall.a[0], wall.b[0]) <= max(c1[0], c2[0]) + _EPS
            and max(wall.a[0], wall.b[0]) >= min(c1[0], c2[0]) - _EPS
            and min(wall.a[1], wall.b[1]) <= max(c1[1], c2[1]) + _EPS
            and max(wall.a[1], wall.b[1]) >= min(c1[1], c2[1]) - _EPS
        ]
        return crossing_walls(c1, c2, [wall for wall in near if touches(c1, c2, wall)])

    def _add_objects(self, objects: Iterable[MapObject]) -> None:
        from shapely.geometry import LineString, box  # only maps with blocking objects need it

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


#: The side, in tiles, of a cell of the index of walls and objects by the tiles they touch.
_CELL = 16


def _by_cell(spans: list[tuple[int, int, int, int] | None]) -> dict[tuple[int, int], list[int]]:
    """Cell (column, row) of ``_CELL`` × ``_CELL`` tiles → the indices, in order, of the spans
    that reach into it."""
    cells: dict[tuple[int, int], list[int]] = {}
    for k, span in enumerate(spans):
        if span is not None:
            for cy in range(span[1] // _CELL, span[3] // _CELL + 1):
                for cx in range(span[0] // _CELL, span[2] // _CELL + 1):
                    cells.setdefault((cx, cy), []).append(k)
    return cells


def _in_cells(cells: dict[tuple[int, int], list[int]], x0: int, y0: int, x1: int, y1: int) -> list[int]:
    """The indices, in order, of the spans in the cells that meet the tiles ``x0 ≤ x < x1``,
    ``y0 ≤ y < y1`` (a superset of those meeting the rectangle: the others keep nothing in it)."""
    found: set[int] = set()
    for cy in range(y0 // _CELL, (y1 - 1) // _CELL + 1):
        for cx in range(x0 // _CELL, (x1 - 1) // _CELL + 1):
            found.update(cells.get((cx, cy), ()))
    return sorted(found)


def _object_shape(obj: MapObject) -> Polygon | None:
    if len(obj.outline) < 3:
        return None
    from shapely.geometry import Polygon

    shape = Polygon(obj.outline)
    if not shape.is_valid:
        shape = shape.buffer(0)
    return shape if shape.area > 0 else None


def _point_text(p: Point) -> str:
    return f"({p[0]:g}, {p[1]:g})"


def walls_reason(walls: Iterable[Wall]) -> str:
    """What stands in the way, for a refusal: a closed door or a window is named with its ends
    ("a closed door in the way (5, 1.5)–(5, 2.5)"); plain walls are "wall in the way"."""
    walls = tuple(walls)
    for kind, words in ((WallKind.DOOR_LOCKED, "a locked door"), (WallKind.DOOR_CLOSED, "a closed door"),
                        (WallKind.WINDOW, "a window")):
        for wall in walls:
            if wall.kind is kind:
                return f"{words} in the way {_point_text(wall.a)}–{_point_text(wall.b)}"
    return "wall in the way"
