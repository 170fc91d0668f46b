"""Lane lines are clipped to the screen before drawing (Liang–Barsky), without changing them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QLineF, QRectF

from vantage.gui.play.lane_items import clip_segment

coords = st.floats(-500, 500, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(x0=coords, y0=coords, x1=coords, y1=coords)
def test_the_clipped_part_lies_in_the_rect_and_on_the_line(x0, y0, x1, y1):
    rect = QRectF(-100, -50, 200, 100)
    line = QLineF(x0, y0, x1, y1)
    part = clip_segment(line, rect)
    if part is None:
        for t in (0.0, 0.25, 0.5, 0.75, 1.0):  # no sampled point of the line is well inside
            p = line.pointAt(t)
            assert not rect.adjusted(1, 1, -1, -1).contains(p)
        return
    for p in (part.p1(), part.p2()):
        assert rect.adjusted(-1e-6, -1e-6, 1e-6, 1e-6).contains(p)
        # on the original line: the cross product with the direction is ~0
        cross = (x1 - x0) * (p.y() - y0) - (y1 - y0) * (p.x() - x0)
        assert abs(cross) <= 1e-6 * max(1.0, line.length() ** 2)


def test_a_line_inside_is_kept_whole():
    line = QLineF(-10, -10, 10, 10)
    assert clip_segment(line, QRectF(-100, -100, 200, 200)) == line
