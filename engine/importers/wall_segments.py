"""Polylines to clean wall segments: snap near-duplicate points, drop zero-length and repeated
segments, and cut the spans of doors out of the walls they sit in.

Map makers draw walls as polylines of float points (Universal VTT: grid cells; Tiled: pixels).
Freehand cave walls are many short segments and are kept as they are, only welded where two
points are closer than the snap tolerance, so that loops close and touching walls meet.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import shapely

from vantage.engine.geometry.clip import segment_span_in_rect
from vantage.engine.model import Point, Wall, WallKind

#: Points closer than this (in tiles) are one point. 1/100 tile is 0.64 px at 64 px per tile.
SNAP_TOLERANCE = 0.01


#: Points farther than this (in tiles) from the map's corner are not map points: a file that
#: holds them is damaged, and their walls are dropped (maps are at most 1000 tiles a side).
FAR_AWAY = 1e6


def usable(p: Point) -> bool:
    """A finite point within FAR_AWAY tiles of the origin (NaN fails every comparison)."""
    x, y = p
    return -FAR_AWAY <= x <= FAR_AWAY and -FAR_AWAY <= y <= FAR_AWAY


class PointSnapper:
    """Welds points within ``tolerance`` of one already seen onto that first point."""

    def __init__(self, tolerance: float = SNAP_TOLERANCE) -> None:
        self.tolerance = tolerance
        self._buckets: dict[tuple[int, int], list[Point]] = {}
        # A kept point has no other kept point within the tolerance (each was checked against
        # all before it), so it snaps to itself: shared corners and closed loops skip the search.
        self._kept: set[Point] = set()

    def snap(self, p: Point) -> Point:
        if p in self._kept:
            return p
        if not usable(p):
            return p  # left for the caller to drop
        tol = self.tolerance
        x, y = p
        bx, by = math.floor(x / tol), math.floor(y / tol)
        buckets = self._buckets
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                near = buckets.get((bx + dx, by + dy))
                if near is None:
                    continue
                for q in near:
                    if math.hypot(x - q[0], y - q[1]) <= tol:
                        return q
        bucket = buckets.get((bx, by))
        if bucket is None:
            buckets[(bx, by)] = [p]
        else:
            bucket.append(p)
        self._kept.add(p)
        return p


def unusable_points(polylines: Iterable[Sequence[Point]]) -> int:
    """How many points of ``polylines`` :func:`polylines_to_walls` drops (not finite, or farther
    than FAR_AWAY tiles): the importers say so in their report."""
    return sum(not usable(p) for line in polylines for p in line)


def polylines_to_walls(
    polylines: Iterable[Sequence[Point]],
    kind: WallKind = WallKind.WALL,
    snapper: PointSnapper | None = None,
) -> list[Wall]:
    """One wall per step of each polyline, with snapped points, no zero-length or repeated steps."""
    snap = snapper or PointSnapper()
    seen: set[frozenset[Point]] = set()
    walls: list[Wall] = []
    for line in polylines:
        points = [snap.snap(p) for p in line if usable(p)]
        for a, b in zip(points, points[1:], strict=False):
            key = frozenset((a, b))
            if a == b or key in seen:
                continue
            seen.add(key)
            walls.append(Wall(a, b, kind))
    return walls


def cut_openings(
    walls: Sequence[Wall], openings: Sequence[Wall], tolerance: float = SNAP_TOLERANCE
) -> list[Wall]:
    """The walls with every stretch that lies under a door or window removed.

    Some exporters draw the wall straight through a door; left alone, that wall would block
    the open door. A wall is cut only where an opening is collinear with it and overlaps it.
    """
    result: list[Wall] = []
    boxes = [(min(o.a[0], o.b[0]) - tolerance, min(o.a[1], o.b[1]) - tolerance,
              max(o.a[0], o.b[0]) + tolerance, max(o.a[1], o.b[1]) + tolerance, o) for o in openings]
    for wall in walls:
        (ax, ay), (bx, by) = wall.a, wall.b
        length = math.hypot(bx - ax, by - ay)
        left, right = (ax, bx) if ax <= bx else (bx, ax)
        top, bottom = (ay, by) if ay <= by else (by, ay)
        # only an opening whose box (grown by the tolerance) touches the wall's can overlap it
        near = [o for x0, y0, x1, y1, o in boxes if x0 <= right and x1 >= left and y0 <= bottom and y1 >= top]
        if not near:
            if length > tolerance:
                result.append(Wall(wall.a, wall.b, wall.kind))
            continue
        pieces = [(0.0, 1.0)]
        for opening in near:
            span = _overlap(wall, opening, tolerance)
            if span is not None:
                pieces = _subtract(pieces, span)
        for t0, t1 in pieces:
            if (t1 - t0) * length > tolerance:
                result.append(Wall(_lerp(wall.a, wall.b, t0), _lerp(wall.a, wall.b, t1), wall.kind))
    return result


def _overlap(wall: Wall, opening: Wall, tol: float) -> tuple[float, float] | None:
    (ax, ay), (bx, by) = wall.a, wall.b
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length <= tol:
        return None
    ts = []
    for px, py in (opening.a, opening.b):
        if abs((px - ax) * dy - (py - ay) * dx) / length > tol:
            return None
        ts.append(((px - ax) * dx + (py - ay) * dy) / (length * length))
    t0, t1 = max(0.0, min(ts)), min(1.0, max(ts))
    if (t1 - t0) * length <= tol:
        return None
    return t0, t1


def _subtract(pieces: list[tuple[float, float]], span: tuple[float, float]) -> list[tuple[float, float]]:
    s0, s1 = span
    out: list[tuple[float, float]] = []
    for p0, p1 in pieces:
        if s1 <= p0 or s0 >= p1:
            out.append((p0, p1))
            continue
        if s0 > p0:
            out.append((p0, s0))
        if s1 < p1:
            out.append((s1, p1))
    return out


def _lerp(a: Point, b: Point, t: float) -> Point:
    if t == 0.0:
        return a
    if t == 1.0:
        return b
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def clip_walls(walls: Sequence[Wall], width: float, height: float) -> tuple[list[Wall], int, int]:
    """The walls cut to the map rectangle [0, width] × [0, height] (Liang–Barsky), and how many
    were dropped (wholly outside) and cut. A cropped export keeps walls beyond its crop."""
    kept: list[Wall] = []
    dropped = cut = 0
    for wall in walls:
        span = _clip_span(wall.a, wall.b, width, height)
        if span is None:
            dropped += 1
            continue
        t0, t1 = span
        if (t0, t1) != (0.0, 1.0):
            cut += 1
            a, b = _lerp(wall.a, wall.b, t0), _lerp(wall.a, wall.b, t1)
            a = (round(a[0], 6) + 0.0, round(a[1], 6) + 0.0)
            b = (round(b[0], 6) + 0.0, round(b[1], 6) + 0.0)
            if a == b:
                dropped += 1
                continue
            kept.append(Wall(a, b, wall.kind))
        else:
            kept.append(wall)
    return kept, dropped, cut


def _clip_span(a: Point, b: Point, width: float, height: float) -> tuple[float, float] | None:
    span = segment_span_in_rect(a, b, 0.0, 0.0, width, height)
    return None if span is None or span[1] - span[0] <= 0 else span


def clip_outline(outline: Sequence[Point], width: float, height: float) -> list[list[Point]]:
    """The parts of a closed outline inside the map rectangle (none when it lies outside)."""
    shape = shapely.make_valid(shapely.Polygon(outline)).intersection(shapely.box(0, 0, width, height))
    parts: list[list[Point]] = []
    for geom in polygon_parts(shape):
        if geom.area > 1e-9:
            ring = [(round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in geom.exterior.coords[:-1]]
            if len(set(ring)) >= 3:
                parts.append(ring)
    return parts


def polygon_parts(shape: shapely.Geometry) -> list[shapely.Polygon]:
    """The non-empty polygons in ``shape`` (a polygon, a multipolygon or any collection)."""
    if isinstance(shape, shapely.Polygon):
        return [] if shape.is_empty else [shape]
    return [p for part in getattr(shape, "geoms", ()) for p in polygon_parts(part)]
