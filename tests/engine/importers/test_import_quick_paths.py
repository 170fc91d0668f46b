"""The importer's quick paths read exactly what the checked paths read (and refuse the same)."""

from __future__ import annotations

import math

import pytest

from vantage.engine.importers.uvtt_values import BadValue, plain_point, point
from vantage.engine.importers.wall_segments import PointSnapper, cut_openings, usable
from vantage.engine.model import Wall, WallKind


def test_plain_point_reads_plain_numbers_only() -> None:
    assert plain_point({"x": 1, "y": 2.5}) == (1.0, 2.5)
    assert plain_point({"x": True, "y": 2}) is None  # a bool is not a number here
    assert plain_point({"x": "1", "y": 2}) is None  # text goes the checked way
    assert plain_point({"x": math.inf, "y": 2}) is None
    assert plain_point({"x": math.nan, "y": 2}) is None
    assert plain_point([1, 2]) is None


def test_point_still_names_the_key_of_a_bad_value() -> None:
    with pytest.raises(BadValue, match=r"line_of_sight\[0\]\[3\]\.x: expected a number, found"):
        point({"x": True, "y": 2}, "line_of_sight[0][3]")
    with pytest.raises(BadValue, match="is not a finite number"):
        point({"x": math.inf, "y": 2}, "p")
    assert point({"x": "1.5", "y": 2}, "p") == (1.5, 2.0)


def test_usable_refuses_nan_infinity_and_far_points() -> None:
    assert usable((0.0, 999_999.0))
    assert not usable((math.nan, 0.0))
    assert not usable((0.0, -math.inf))
    assert not usable((2e6, 0.0))


def test_a_kept_point_snaps_to_itself_and_near_ones_to_the_first() -> None:
    snapper = PointSnapper(0.01)
    first = snapper.snap((1.0, 1.0))
    assert snapper.snap((1.005, 1.0)) is first
    assert snapper.snap((1.0, 1.0)) is first
    other = snapper.snap((1.02, 1.0))  # beyond the tolerance: a point of its own
    assert other == (1.02, 1.0)
    assert snapper.snap((1.02, 1.0)) is other


def test_walls_far_from_every_door_are_kept_and_the_one_under_a_door_is_cut() -> None:
    door = Wall((2.0, 0.0), (3.0, 0.0), WallKind.DOOR_CLOSED)
    through = Wall((0.0, 0.0), (5.0, 0.0))
    far = Wall((0.0, 4.0), (5.0, 4.0))
    beside = Wall((2.0, 0.005), (2.0, 1.0))  # touches the door's box, not collinear: kept whole
    cut = cut_openings([through, far, beside], [door])
    assert cut == [Wall((0.0, 0.0), (2.0, 0.0)), Wall((3.0, 0.0), (5.0, 0.0)), far, beside]
