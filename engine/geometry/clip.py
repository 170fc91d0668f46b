"""Clipping a straight segment to a rectangle (Liang–Barsky)."""

from __future__ import annotations

from vantage.engine.model import Point


def segment_span_in_rect(
    a: Point, b: Point, left: float, top: float, right: float, bottom: float
) -> tuple[float, float] | None:
    """The parameters ``(t0, t1)`` (0 ≤ t0 ≤ t1 ≤ 1) of the part of segment a→b inside the
    rectangle, the point at t being ``a + t·(b − a)``; None when no part of it is inside."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - left), (dx, right - a[0]), (-dy, a[1] - top), (dy, bottom - a[1])):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return t0, t1
