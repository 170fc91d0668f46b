"""Clipping a segment to a rectangle: the span inside, or None."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vantage.engine.geometry.clip import segment_span_in_rect


@pytest.mark.parametrize(
    ("a", "b", "span"),
    [
        ((1, 1), (2, 2), (0.0, 1.0)),          # wholly inside
        ((-2, 1), (6, 1), (0.25, 0.75)),       # crosses both vertical sides
        ((5, 5), (7, 7), None),                # wholly outside
        ((3, 5), (7, 1), None),                # passes the corner outside
        ((0, -2), (0, 6), (0.25, 0.5)),        # runs along the left edge: counts as inside
    ],
)
def test_span_inside_a_4_by_2_rectangle(a, b, span) -> None:
    assert segment_span_in_rect(a, b, 0, 0, 4, 2) == (span if span is None else pytest.approx(span))


coord = st.floats(-10, 10, allow_nan=False)


@given(coord, coord, coord, coord)
def test_the_clipped_part_lies_in_the_rectangle(ax, ay, bx, by) -> None:
    span = segment_span_in_rect((ax, ay), (bx, by), 0, 0, 4, 2)
    if span is None:
        return
    t0, t1 = span
    assert 0 <= t0 <= t1 <= 1
    for t in (t0, t1, (t0 + t1) / 2):
        x, y = ax + t * (bx - ax), ay + t * (by - ay)
        assert -1e-9 <= x <= 4 + 1e-9 and -1e-9 <= y <= 2 + 1e-9
