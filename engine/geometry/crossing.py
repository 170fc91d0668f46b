"""Exact, vectorised tests of straight lines against wall segments (numpy, no GEOS).

Lines and segments are rows ``(x1, y1, x2, y2)``. Touching counts as crossing: a line that ends
on a wall, passes through its end point or runs along it crosses it.

For a *bundle* of lines that run roughly the same way (the sight lines between two tokens),
:func:`bundle_crossings` finds every (line, segment) pair that crosses without a spatial index:
a :class:`Strip` (a rectangle along the bundle) drops the segments far from all of its lines,
then each line's bounding box and :func:`segments_cross` decide on the few that are left.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

#: slack on the line and segment parameters, so that touching survives rounding
TOL = 1e-9
#: how far (tiles) beyond a bundle's strip a segment may lie and still be tested exactly; far
#: more than the ``TOL`` slack, so that the strip never drops a pair that crosses
STRIP_MARGIN = 1e-3

_EMPTY = np.zeros(0, dtype=np.int64)


def segments_cross(lines: np.ndarray, segments: np.ndarray) -> np.ndarray:
    """Row-wise: does ``lines[k]`` meet ``segments[k]`` (both K × 4)? Returns K booleans."""
    ox, oy = lines[:, 0], lines[:, 1]
    rx, ry = lines[:, 2] - ox, lines[:, 3] - oy
    sx, sy = segments[:, 0], segments[:, 1]
    ex, ey = segments[:, 2] - sx, segments[:, 3] - sy
    qx, qy = sx - ox, sy - oy
    denom = rx * ey - ry * ex
    q_cross_e = qx * ey - qy * ex
    parallel = denom == 0
    safe = np.where(parallel, 1.0, denom)
    t = q_cross_e / safe
    u = (qx * ry - qy * rx) / safe
    result = ~parallel & (t >= -TOL) & (t <= 1 + TOL) & (u >= -TOL) & (u <= 1 + TOL)
    if parallel.any():  # only parallel pairs can be collinear: test just those
        k = np.nonzero(parallel)[0]
        result[k] = _collinear_overlap(rx[k], ry[k], ex[k], ey[k], qx[k], qy[k], q_cross_e[k])
    return result


def _collinear_overlap(
    rx: np.ndarray, ry: np.ndarray, ex: np.ndarray, ey: np.ndarray,
    qx: np.ndarray, qy: np.ndarray, q_cross_e: np.ndarray,
) -> np.ndarray:
    """For parallel pairs: is the segment on the line's own straight line, overlapping it?"""
    # collinear: project the segment's ends onto the line and check the intervals overlap
    collinear = qx * ry - qy * rx == 0
    length2 = rx * rx + ry * ry
    point = length2 == 0  # a line of zero length is a point: is it on the segment?
    rr = np.where(collinear & ~point, length2, 1.0)
    t_a = (qx * rx + qy * ry) / rr
    t_b = t_a + (ex * rx + ey * ry) / rr
    overlap = (np.maximum(t_a, t_b) >= -TOL) & (np.minimum(t_a, t_b) <= 1 + TOL)
    ee = np.where(ex * ex + ey * ey == 0, 1.0, ex * ex + ey * ey)
    along = -(qx * ex + qy * ey) / ee
    on_segment = (q_cross_e == 0) & (along >= -TOL) & (along <= 1 + TOL)
    overlap = np.where(point, on_segment, overlap)
    return collinear & overlap


@dataclass(frozen=True)
class Strip:
    """A rectangle along the unit direction ``(ux, uy)``: a point p is in it when
    ``a_lo <= p · (ux, uy) <= a_hi`` and ``b_lo <= p · (-uy, ux) <= b_hi``."""

    ux: float
    uy: float
    a_lo: float
    a_hi: float
    b_lo: float
    b_hi: float
    #: the same as arrays, for comparing with projections: columns (along, across)
    axes: np.ndarray = field(init=False, repr=False, compare=False)
    lo: np.ndarray = field(init=False, repr=False, compare=False)
    hi: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "axes", np.array([[self.ux, -self.uy], [self.uy, self.ux]]))
        object.__setattr__(self, "lo", np.array([self.a_lo, self.b_lo]))
        object.__setattr__(self, "hi", np.array([self.a_hi, self.b_hi]))

    @classmethod
    def around(cls, points: Sequence[tuple[float, float]], direction: tuple[float, float]) -> Strip:
        """The rectangle along ``direction`` holding every point, ``STRIP_MARGIN`` wider all round
        (so it holds every line between two of the points)."""
        length = math.hypot(*direction)
        ux, uy = (direction[0] / length, direction[1] / length) if length > 0 else (1.0, 0.0)
        along = [x * ux + y * uy for x, y in points]
        across = [y * ux - x * uy for x, y in points]
        m = STRIP_MARGIN
        return cls(ux, uy, min(along) - m, max(along) + m, min(across) - m, max(across) + m)

    def near_segments(self, segments: np.ndarray) -> np.ndarray:
        """Indexes of the segments (S × 4) not wholly beyond one side of the rectangle."""
        proj = (segments.reshape(-1, 2) @ self.axes).reshape(-1, 4)  # along, across of each end
        upper, lower = np.maximum(proj[:, :2], proj[:, 2:]), np.minimum(proj[:, :2], proj[:, 2:])
        ok = (upper >= self.lo) & (lower <= self.hi)
        return np.nonzero(ok[:, 0] & ok[:, 1])[0]

    def near_boxes(self, boxes: np.ndarray) -> np.ndarray:
        """Indexes of the axis-aligned boxes (N × 4: x1, y1, x2, y2) that meet the rectangle."""
        centre = (boxes[:, :2] + boxes[:, 2:]) @ (self.axes * 0.5)
        radius = (boxes[:, 2:] - boxes[:, :2]) @ (np.abs(self.axes) * 0.5)
        ok = (centre + radius >= self.lo) & (centre - radius <= self.hi)
        return np.nonzero(ok[:, 0] & ok[:, 1])[0]


def bundle_crossings(
    lines: np.ndarray, segments: np.ndarray, bounds: np.ndarray, strip: Strip
) -> tuple[np.ndarray, np.ndarray]:
    """Every pair (line index, segment index) whose bounding boxes overlap (touching counts) and
    that :func:`segments_cross` says cross: the same pairs as an STRtree query of the lines'
    boxes followed by :func:`segments_cross`, given a ``strip`` that holds every line.
    ``bounds`` is the segments' boxes (S × 4: min x, min y, max x, max y). Pairs come sorted by
    line, then segment.
    """
    if len(lines) == 0 or len(segments) == 0:
        return _EMPTY, _EMPTY
    near = strip.near_segments(segments)
    if len(near) == 0:
        return _EMPTY, _EMPTY
    line_lo = np.minimum(lines[:, None, :2], lines[:, None, 2:])
    line_hi = np.maximum(lines[:, None, :2], lines[:, None, 2:])
    b = bounds[near]
    ok = (b[:, :2] <= line_hi) & (b[:, 2:] >= line_lo)  # L × K × axis
    line_idx, k = np.nonzero(ok[:, :, 0] & ok[:, :, 1])
    if len(line_idx) == 0:
        return _EMPTY, _EMPTY
    seg_idx = near[k]
    hit = segments_cross(lines[line_idx], segments[seg_idx])
    return line_idx[hit], seg_idx[hit]
