"""Swept lanes and line crossings agree with shapely's exact geometry."""

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry.crossing import segments_cross
from vantage.engine.geometry.sweep import swept_region, swept_row_spans, swept_tile_array, swept_tiles

tiles = st.tuples(st.integers(0, 26), st.integers(0, 26))


@settings(max_examples=200, deadline=None)
@given(tiles, tiles, st.integers(1, 4))
def test_swept_tiles_are_the_tiles_whose_centre_is_inside(start, end, n):
    region = swept_region(start, end, n, shrink=0.0)
    ys, xs = np.mgrid[0:31, 0:31]
    inside = shapely.contains_xy(region, xs + 0.5, ys + 0.5)
    expected = [(int(x), int(y)) for y, x in zip(ys[inside], xs[inside], strict=True)]
    assert swept_tiles(start, end, n) == expected
    assert [tuple(t) for t in swept_tile_array(start, end, n).tolist()] == expected


@settings(max_examples=60, deadline=None)
@given(tiles, st.lists(tiles, min_size=1, max_size=6), st.integers(1, 3))
def test_row_spans_for_many_ends_match_one_by_one(start, ends, n):
    rows, first, last = swept_row_spans(start, np.array(ends), n)
    for k, end in enumerate(ends):
        got = [(x, int(r)) for j, r in enumerate(rows) for x in range(first[k, j], last[k, j] + 1)]
        assert got == swept_tiles(start, end, n)


# quarter tiles: exact in binary, so that both sides decide touching cases the same way
coords = st.integers(0, 16).map(lambda v: v / 4)


@settings(max_examples=200, deadline=None)
@given(st.tuples(coords, coords, coords, coords), st.tuples(*[st.integers(0, 4)] * 4))
def test_segments_cross_matches_shapely(line, seg):
    if line[:2] == line[2:] or seg[:2] == seg[2:]:
        return
    a, b = shapely.LineString([line[:2], line[2:]]), shapely.LineString([seg[:2], seg[2:]])
    expected = shapely.intersects(a, b)
    assert segments_cross(np.array([line]), np.array([seg], dtype=float))[0] == expected


def test_touching_counts_and_points_on_walls():
    wall = np.array([[2.0, 0.0, 2.0, 1.0]] * 4)
    lines = np.array([
        [0.0, 1.0, 2.0, 1.0],  # ends on the wall's end point
        [2.0, 0.5, 2.0, 0.5],  # a point on the wall
        [2.0, 2.0, 2.0, 3.0],  # collinear, beyond the end
        [2.0, -1.0, 2.0, 0.5],  # collinear, overlapping
    ])
    assert segments_cross(lines, wall).tolist() == [True, True, False, True]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(*[st.integers(0, 12)] * 4), min_size=1, max_size=25),
    st.tuples(st.integers(0, 11), st.integers(0, 11)),
)
@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_ray_hits_match_every_ray_against_every_wall(walls, tile):
    """The visibility rays meet each wall only inside its angle: same answer as testing all pairs."""
    from vantage.engine.geometry.sight import _ray_hits

    segments = np.array([w for w in walls if w[:2] != w[2:]] or [(0, 0, 12, 0)], dtype=float)
    ox, oy = tile[0] + 0.5, tile[1] + 0.5
    # offset so that no ray passes exactly through a wall's end point (touching is a rounding call)
    angles = np.sort(np.radians(np.arange(-180, 180, 2.5)) + 0.0123)
    reach = 20.0
    got = _ray_hits(ox, oy, angles, reach, segments)
    for i, a in enumerate(angles):
        ray = shapely.LineString([(ox, oy), (ox + reach * np.cos(a), oy + reach * np.sin(a))])
        hits = [
            ray.project(ray.intersection(shapely.LineString([s[:2], s[2:]]))) / reach
            for s in segments
            if ray.intersects(shapely.LineString([s[:2], s[2:]]))
        ]
        assert got[i] == pytest.approx(min(hits, default=1.0), abs=1e-9)


def test_long_diagonal_is_exact_despite_rounding():
    """12 → 1 diagonally: 7.5/11 · 11 is not exactly 7.5 in floating point; no extra tile."""
    expected = [(i, i) for i in range(1, 13)]
    assert swept_tiles((12, 12), (1, 1), 1) == expected
    assert [tuple(t) for t in swept_tile_array((12, 12), (1, 1), 1).tolist()] == expected
