"""Exact, vectorised tests of straight lines against wall segments (numpy, no GEOS).

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
