"""Exact, vectorised tests of straight lines against segments and boxes (numpy, no GEOS).

Lines and segments are rows ``(x1, y1, x2, y2)``. Touching counts as crossing: a line that ends
on a wall, passes through its end point or runs along it crosses it.
"""

from __future__ import annotations

import numpy as np

#: slack on the line and segment parameters, so that touching survives rounding
TOL = 1e-9


def segments_cross(lines: np.ndarray, segments: np.ndarray) -> np.ndarray:
    """Row-wise: does ``lines[k]`` meet ``segments[k]`` (both K × 4)? Returns K booleans."""
    ox, oy = lines[:, 0], lines[:, 1]
    rx, ry = lines[:, 2] - ox, lines[:, 3] - oy
    sx, sy = segments[:, 0], segments[:, 1]
    ex, ey = segments[:, 2] - sx, segments[:, 3] - sy
    qx, qy = sx - ox, sy - oy
    denom = rx * ey - ry * ex
    q_cross_e = qx * ey - qy * ex
    q_cross_r = qx * ry - qy * rx
    parallel = denom == 0
    safe = np.where(parallel, 1.0, denom)
    t, u = q_cross_e / safe, q_cross_r / safe
    proper = ~parallel & (t >= -TOL) & (t <= 1 + TOL) & (u >= -TOL) & (u <= 1 + TOL)
    # collinear: project the segment's ends onto the line and check the intervals overlap
    collinear = parallel & (q_cross_r == 0)
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
    return proper | (collinear & overlap)


def lines_cross_boxes(lines: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """L × B booleans: does line l meet the closed box b = (xmin, ymin, xmax, ymax)? (Liang–Barsky)"""
    x0, y0 = lines[:, 0:1], lines[:, 1:2]
    dx, dy = lines[:, 2:3] - x0, lines[:, 3:4] - y0
    xmin, ymin, xmax, ymax = (boxes[None, :, i] for i in range(4))
    t0 = np.zeros((len(lines), len(boxes)))
    t1 = np.ones((len(lines), len(boxes)))
    ok = np.ones((len(lines), len(boxes)), dtype=bool)
    for p, q in ((-dx, x0 - xmin), (dx, xmax - x0), (-dy, y0 - ymin), (dy, ymax - y0)):
        p = np.broadcast_to(p, t0.shape)
        q = np.broadcast_to(q, t0.shape)
        zero = p == 0
        ok &= ~(zero & (q < 0))
        with np.errstate(divide="ignore", invalid="ignore"):
            r = np.where(zero, 0.0, q / np.where(zero, 1.0, p))
        t0 = np.where(~zero & (p < 0), np.maximum(t0, r), t0)
        t1 = np.where(~zero & (p > 0), np.minimum(t1, r), t1)
    return ok & (t0 <= t1)


def points_in_boxes(points: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """P × B booleans: is point p inside or on box b?"""
    x, y = points[:, 0:1], points[:, 1:2]
    return (x >= boxes[None, :, 0]) & (x <= boxes[None, :, 2]) & (y >= boxes[None, :, 1]) & (
        y <= boxes[None, :, 3]
    )
