"""Polylines to walls: "snap near-duplicate points with a tolerance; keep freehand cave loops",
and walls cut under the doors and windows that sit in them."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.importers.wall_segments import (
    SNAP_TOLERANCE,
    PointSnapper,
    cut_openings,
    polylines_to_walls,
)
from vantage.engine.model import Wall, WallKind


def test_near_duplicate_points_are_welded_and_zero_length_steps_dropped() -> None:
    walls = polylines_to_walls([[(0, 0), (2, 0), (2.004, 0.003), (2, 2)], [(2.005, 2.0), (0, 2)]])
    assert [(w.a, w.b) for w in walls] == [((0, 0), (2, 0)), ((2, 0), (2, 2)), ((2, 2), (0, 2))]


def test_a_freehand_loop_keeps_every_step_and_closes() -> None:
    angles = [t / 40 * 2 * math.pi for t in range(41)]
    loop = [(5 + 3 * math.cos(a), 5 + 3 * math.sin(a)) for a in angles]
    walls = polylines_to_walls([loop])
    assert len(walls) == 40
    assert walls[-1].b == walls[0].a


def test_repeated_segments_are_kept_once() -> None:
    walls = polylines_to_walls([[(0, 0), (1, 0)], [(1, 0), (0, 0)]])
    assert len(walls) == 1


def test_snapper_keeps_points_farther_than_the_tolerance() -> None:
    snap = PointSnapper()
    assert snap.snap((0.0, 0.0)) == (0.0, 0.0)
    assert snap.snap((SNAP_TOLERANCE * 1.5, 0.0)) == (SNAP_TOLERANCE * 1.5, 0.0)
    assert snap.snap((SNAP_TOLERANCE * 0.5, 0.0)) == (0.0, 0.0)


def test_door_inside_a_wall_cuts_it_in_two() -> None:
    door = Wall((4, 1), (5, 1), WallKind.DOOR_CLOSED)
    out = cut_openings([Wall((1, 1), (9, 1))], [door])
    assert [(w.a, w.b) for w in out] == [((1, 1), (4.0, 1.0)), ((5.0, 1.0), (9, 1))]


def test_door_across_a_wall_does_not_cut_it() -> None:
    out = cut_openings([Wall((1, 1), (9, 1))], [Wall((4, 0.5), (4, 1.5), WallKind.DOOR_CLOSED)])
    assert out == [Wall((1, 1), (9, 1))]


@settings(max_examples=150, deadline=None)
@given(st.floats(-5, 15), st.floats(0.05, 6), st.floats(0, 10))
def test_cutting_removes_exactly_the_overlap(start: float, width: float, wall_len: float) -> None:
    wall = Wall((0.0, 2.0), (wall_len, 2.0))
    opening = Wall((start, 2.0), (start + width, 2.0), WallKind.WINDOW)
    out = cut_openings([wall], [opening])
    kept = sum(math.dist(w.a, w.b) for w in out)
    overlap = max(0.0, min(wall_len, start + width) - max(0.0, start))
    assert math.isclose(kept, wall_len - overlap, abs_tol=3 * SNAP_TOLERANCE)
    for w in out:
        mid = (w.a[0] + w.b[0]) / 2
        assert not (start + 1e-9 < mid < start + width - 1e-9)
