"""The tiles a square footprint passes over while it slides along a straight segment.

A footprint of side ``n`` moves from top-left tile ``start`` to top-left tile ``end`` in a
straight line (every point of it moves by the same vector). The swept region is the convex hull
of the footprint at the start and at the end.

- A tile is on the lane when its *centre* lies strictly inside the swept region. So a medium
  token moving diagonally passes over the diagonal tiles only (the corner-touching tiles beside
  it have their centres exactly on the region's edge), and one moving straight along a row passes
  over that row only.
- Walls and objects are tested against the region itself, shrunk by ``EPS`` on each side: sliding
  exactly along a wall is fine, crossing it or cutting the corner where it ends is not.
"""

from __future__ import annotations

import math
from typing import cast

import numpy as np
import shapely

from vantage.engine.model import Tile

EPS = 1e-6
#: a tile centre within this of the region's edge is on the edge (the edge's x comes out of a
#: division and may be off by a few ulps; true distances are multiples of 1/(2·dy) or zero)
ROUNDING = 1e-9


def _t_interval(s0: float, d: float, size: float, c: float) -> tuple[float, float] | None:
    """The open interval of t in (0, 1)-ish for which s0 + t·d < c < s0 + t·d + size."""
    if d == 0:
        return (0.0, 1.0) if s0 < c < s0 + size else None
    a = (c - s0) / d  # s0 + t d = c
    b = (c - size - s0) / d  # s0 + t d + size = c
    t_lo, t_hi = (b, a) if d > 0 else (a, b)
    t_lo, t_hi = max(t_lo, 0.0), min(t_hi, 1.0)
    return (t_lo, t_hi) if t_lo <= t_hi else None


def swept_tiles(start: Tile, end: Tile, n: int) -> list[Tile]:
    """Every tile whose centre is strictly inside the region an ``n``-tile footprint sweeps.

    Rows top to bottom, columns left to right within a row.
    """
    sx, sy = start
    dx, dy = end[0] - start[0], end[1] - start[1]
    tiles: list[Tile] = []
    for row in range(min(sy, end[1]), max(sy, end[1]) + n):
        span = _t_interval(sy, dy, n, row + 0.5)
        if span is None:
            continue
        x_a, x_b = sx + span[0] * dx, sx + span[1] * dx
        x_lo, x_hi = min(x_a, x_b), max(x_a, x_b) + n
        # columns whose centre c + 0.5 satisfies x_lo < c + 0.5 < x_hi
        first = math.floor(x_lo - 0.5 + ROUNDING) + 1
        last = math.ceil(x_hi - 0.5 - ROUNDING) - 1
        tiles.extend((col, row) for col in range(first, last + 1))
    return tiles


def swept_region(start: Tile, end: Tile, n: int, shrink: float = EPS) -> shapely.Geometry:
    """The swept region as a polygon, each footprint shrunk by ``shrink`` on every side."""
    return swept_regions(start, np.array([end]), n, shrink)[0]


def swept_regions(start: Tile, ends: np.ndarray, n: int, shrink: float = EPS) -> np.ndarray:
    """:func:`swept_region` for each row of the K × 2 array ``ends``: an array of K polygons."""
    square = np.array([(0, 0), (1, 0), (1, 1), (0, 1)], dtype=float) * (n - 2 * shrink) + shrink
    at_start = np.asarray(start, dtype=float) + square  # 4 × 2
    at_end = ends.astype(float)[:, None, :] + square[None, :, :]  # K × 4 × 2
    corners = np.concatenate([np.broadcast_to(at_start, at_end.shape), at_end], axis=1)
    return cast(np.ndarray, shapely.convex_hull(shapely.multipoints(corners)))


def swept_outlines(start: Tile, ends: np.ndarray, n: int, shrink: float = EPS) -> np.ndarray:
    """:func:`swept_regions` built straight from its corners, without a convex hull: K polygons.

    The region is a footprint slid along a segment, so its outline is the start footprint's three
    corners that do not face the move, then the end footprint's three that do not face back (a
    hexagon; a slide along a row or column gives a rectangle with a corner on two of its sides).
    Same points as :func:`swept_regions`, so the same shape, only faster for many ends.
    """
    if len(ends) <= _FEW_OUTLINES:
        return _few_outlines(start, ends, n, shrink)
    square = np.array([(0, 0), (1, 0), (1, 1), (0, 1)], dtype=float) * (n - 2 * shrink) + shrink
    at_start = np.asarray(start, dtype=float) + square  # 4 × 2, corners clockwise on screen
    ends = np.asarray(ends)
    dx, dy = ends[:, 0] - start[0], ends[:, 1] - start[1]
    # the corner facing the move: 0 up-left, 1 up-right, 2 down-right, 3 down-left (0 when standing)
    facing = np.where(dx > 0, np.where(dy > 0, 2, 1), np.where(dy > 0, 3, 0))
    facing = np.where((dx == 0) & (dy > 0), 2, np.where((dx == 0) & (dy <= 0), 0, facing))
    facing = np.where((dy == 0) & (dx < 0), 3, facing)
    # clockwise: the start's corners after the facing one, then the end's from the facing one on
    steps = np.arange(3)
    start_idx = (facing[:, None] + 1 + steps[None, :]) % 4  # K × 3, skipping the facing corner
    end_idx = (facing[:, None] - 1 + steps[None, :]) % 4  # K × 3, skipping the corner facing back
    outline = np.concatenate(
        [at_start[start_idx], ends.astype(float)[:, None, :] + square[end_idx]], axis=1
    )  # K × 6 × 2
    return cast(np.ndarray, shapely.polygons(outline))


#: at most this many outlines are worked out one by one (:func:`_few_outlines`), more as arrays
_FEW_OUTLINES = 16


def _few_outlines(start: Tile, ends: np.ndarray, n: int, shrink: float) -> np.ndarray:
    """:func:`swept_outlines` for a few ends, its corners worked out one lane at a time in Python
    (the same doubles: the same operations in the same order), then made polygons at once."""
    side = n - 2 * shrink
    square = [(0.0 * side + shrink, 0.0 * side + shrink), (1.0 * side + shrink, 0.0 * side + shrink),
              (1.0 * side + shrink, 1.0 * side + shrink), (0.0 * side + shrink, 1.0 * side + shrink)]
    sx, sy = float(start[0]), float(start[1])
    at_start = [(sx + cx, sy + cy) for cx, cy in square]
    outlines = []
    for ex, ey in np.asarray(ends).tolist():
        dx, dy = ex - start[0], ey - start[1]
        if dx == 0:
            facing = 2 if dy > 0 else 0
        elif dy == 0 and dx < 0:
            facing = 3
        elif dx > 0:
            facing = 2 if dy > 0 else 1
        else:
            facing = 3 if dy > 0 else 0
        fx, fy = float(ex), float(ey)
        outlines.append([at_start[(facing + 1 + k) % 4] for k in range(3)]
                        + [(fx + square[(facing - 1 + k) % 4][0], fy + square[(facing - 1 + k) % 4][1])
                           for k in range(3)])
    return cast(np.ndarray, shapely.polygons(np.array(outlines, dtype=float).reshape(len(outlines), 6, 2)))


def swept_row_spans(start: Tile, ends: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`swept_tiles` for many end positions at once, as column spans per row.

    ``ends`` is a K × 2 integer array. Returns ``rows`` (R,), and ``first``, ``last`` (K × R):
    the lane of end ``k`` covers columns ``first[k, j] ..= last[k, j]`` of row ``rows[j]``
    (empty where ``first > last``).
    """
    sx, sy = start
    dx = (ends[:, 0] - sx).astype(float)[:, None]
    dy = (ends[:, 1] - sy).astype(float)[:, None]
    rows = np.arange(min(sy, int(ends[:, 1].min())), max(sy, int(ends[:, 1].max())) + n)
    c = rows[None, :] + 0.5
    flat = dy == 0
    safe_dy = np.where(flat, 1.0, dy)
    a = (c - sy) / safe_dy
    b = (c - n - sy) / safe_dy
    t_lo = np.where(flat, 0.0, np.where(dy > 0, b, a))
    t_hi = np.where(flat, 1.0, np.where(dy > 0, a, b))
    t_lo, t_hi = np.maximum(t_lo, 0.0), np.minimum(t_hi, 1.0)
    inside = np.where(flat, (sy < c) & (c < sy + n), t_lo <= t_hi)
    x_a, x_b = sx + t_lo * dx, sx + t_hi * dx
    first = np.floor(np.minimum(x_a, x_b) - 0.5 + ROUNDING).astype(np.int64) + 1
    last = np.ceil(np.maximum(x_a, x_b) + n - 0.5 - ROUNDING).astype(np.int64) - 1
    last = np.where(inside, last, first - 1)
    return rows, first, last


def lane_row_spans(start: Tile, ends: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`swept_row_spans` with each lane's own rows: ``rows``, ``first``, ``last`` are all K × R.

    Row ``j`` of lane ``k`` is ``rows[k, j]``, counted from the lane's top row (the top of its
    start or end footprint), so R is the tallest lane's height rather than the height of all lanes
    together. Where a row is on the lane its span is the one :func:`swept_row_spans` gives (the
    same arithmetic); where it is not, ``last < first`` and ``first`` means nothing.
    """
    sx, sy = start
    ey = ends[:, 1].astype(np.int64)
    top = np.minimum(ey, sy)
    height = np.arange(int(np.abs(ey - sy).max()) + n)
    rows = top[:, None] + height[None, :]
    dx = (ends[:, 0] - sx).astype(float)[:, None]
    dy = (ey - sy).astype(float)[:, None]
    flat = np.nonzero(dy[:, 0] == 0)[0]
    # a row's centre, from the start's top edge (exact: half-integers)
    centre = (top - sy).astype(float)[:, None] + (height + 0.5)[None, :]
    # the footprint covers the centre while  sy + t·dy < c < sy + t·dy + n:  t between
    # (c - sy) / dy and (c - sy - n) / dy, the smaller first (which one depends on the sign of dy);
    # the arrays are large, so the steps below work in place
    down = (dy > 0).astype(float)
    safe_dy = np.where(dy == 0, 1.0, dy)
    t_lo = centre - n * down
    t_lo /= safe_dy
    np.maximum(t_lo, 0.0, out=t_lo)
    t_hi = centre - n * (1.0 - down)
    t_hi /= safe_dy
    np.minimum(t_hi, 1.0, out=t_hi)
    if len(flat):  # a sideways slide covers its own rows all the way
        t_lo[flat] = 0.0
        t_hi[flat] = 1.0
    outside = t_lo > t_hi
    if len(flat):
        outside[flat] = (centre[flat] <= 0) | (centre[flat] >= n)
    x_a, x_b = t_lo, t_hi
    x_a *= dx
    x_a += sx
    x_b *= dx
    x_b += sx
    low = np.minimum(x_a, x_b, out=centre)
    high = np.maximum(x_a, x_b, out=x_a)
    low -= 0.5
    low += ROUNDING
    first = np.floor(low, out=low).astype(np.int64)
    first += 1
    high += n
    high -= 0.5
    high -= ROUNDING
    last = np.ceil(high, out=high).astype(np.int64)
    last -= 1
    np.subtract(first, 1, out=last, where=outside)
    return rows, first, last


def lane_spans(start: Tile, end: Tile, n: int) -> list[tuple[int, int, int]]:
    """One lane's row spans, as :func:`lane_row_spans` gives them for ``end`` (the same arithmetic,
    in the same order, on Python floats: the same doubles), without numpy: ``(row, first, last)``
    for each row on the lane, top to bottom. Cheaper for a few lanes than a batch of arrays."""
    sx, sy = start
    dy_int = end[1] - sy
    dx, dy = float(end[0] - sx), float(dy_int)
    top = min(end[1], sy)
    spans = []
    if dy_int == 0:  # a sideways slide covers its own rows all the way
        t_lo, t_hi = 0.0, 1.0
        x_a, x_b = t_lo * dx + sx, t_hi * dx + sx
        first = math.floor(min(x_a, x_b) - 0.5 + ROUNDING) + 1
        last = math.ceil(max(x_a, x_b) + n - 0.5 - ROUNDING) - 1
        return [(sy + h, first, last) for h in range(n)]
    down = 1.0 if dy > 0 else 0.0
    lo_shift, hi_shift = n * down, n * (1.0 - down)
    offset = float(top - sy)
    for h in range(abs(dy_int) + n):
        centre = offset + (h + 0.5)
        t_lo = max((centre - lo_shift) / dy, 0.0)
        t_hi = min((centre - hi_shift) / dy, 1.0)
        if t_lo > t_hi:
            continue
        x_a, x_b = t_lo * dx + sx, t_hi * dx + sx
        first = math.floor(min(x_a, x_b) - 0.5 + ROUNDING) + 1
        last = math.ceil(max(x_a, x_b) + n - 0.5 - ROUNDING) - 1
        spans.append((top + h, first, last))
    return spans


def swept_tile_array(start: Tile, end: Tile, n: int) -> np.ndarray:
    """:func:`swept_tiles` as a T × 2 integer array of (x, y), in the same order."""
    rows, first, last = swept_row_spans(start, np.array([end]), n)
    return tiles_from_spans(rows, first[0], last[0])


def tiles_from_spans(rows: np.ndarray, first: np.ndarray, last: np.ndarray) -> np.ndarray:
    """The T × 2 (x, y) tiles of one lane's row spans (see :func:`swept_row_spans`)."""
    lengths = np.maximum(last - first + 1, 0)
    total = int(lengths.sum())
    offsets = np.arange(total) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    xs = np.repeat(first, lengths) + offsets
    ys = np.repeat(rows, lengths)
    return np.stack([xs, ys], axis=1)
