"""Area templates and the more-than-half partial-tile rule."""

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry import burst_tiles, cone_tiles, covered_tiles, line_tiles, square_tiles
from vantage.engine.geometry.templates import burst_shape
from vantage.engine.model import GameMap

MAP = GameMap(20, 20)


def test_burst_from_a_tile_centre():
    # Radius 1.2 around the centre of (5, 5): each side neighbour is 0.66 covered, each diagonal
    # one 0.22 — partial-tile rule: "more than half of the tile" counts.
    assert burst_tiles(MAP, (5.5, 5.5), 1.2) == {(5, 5), (4, 5), (6, 5), (5, 4), (5, 6)}
    # radius 1: the side neighbours are only 0.46 covered
    assert burst_tiles(MAP, (5.5, 5.5), 1.0) == {(5, 5)}


def test_burst_on_a_grid_corner():
    # radius 1 from the corner (5, 5): each of the four touching tiles is π/4 ≈ 0.785 covered
    assert burst_tiles(MAP, (5.0, 5.0), 1.0) == {(4, 4), (5, 4), (4, 5), (5, 5)}


def test_exactly_half_does_not_count():
    """Partial-tile rule: more than half counts; exactly half does not."""
    half = line_tiles(MAP, (3.0, 5.5), (6.0, 5.5), width_tiles=1.0)  # a line along row 5: whole tiles
    assert half == {(3, 5), (4, 5), (5, 5)}
    on_edge = line_tiles(MAP, (3.0, 5.0), (6.0, 5.0), width_tiles=1.0)  # half of rows 4 and 5
    assert on_edge == frozenset()
    slightly_more = line_tiles(MAP, (3.0, 5.01), (6.0, 5.01), width_tiles=1.0)
    assert slightly_more == {(3, 5), (4, 5), (5, 5)}


def test_cone_north_and_east():
    # a 90° cone 3 tiles long, from the top edge middle of tile (5, 10), pointing north
    north = cone_tiles(MAP, (5.5, 10.0), 0.0, 3.0)
    assert (5, 9) in north and (5, 7) in north
    assert all(y < 10 for _, y in north)
    assert (3, 9) not in north  # outside the 45° edges
    east = cone_tiles(MAP, (10.0, 5.5), 90.0, 3.0)
    assert {(x, 5) for x in (10, 11, 12)} <= east
    assert all(x >= 10 for x, _ in east)
    # turning the cone 90° turns the tiles with it
    assert {(10 + (9 - y), 5 + (x - 5)) for x, y in north} == east


def test_diagonal_line_and_clipping():
    diagonal = line_tiles(MAP, (0.5, 0.5), (4.5, 4.5), width_tiles=1.0)
    assert {(i, i) for i in range(1, 4)} <= diagonal
    assert (0, 4) not in diagonal
    edge = burst_tiles(MAP, (0.0, 0.0), 2.0)  # mostly off the map: only map tiles count
    assert edge == {(0, 0), (1, 0), (0, 1)}


def test_square():
    assert square_tiles(MAP, (2, 3), 2) == {(2, 3), (3, 3), (2, 4), (3, 4)}
    assert square_tiles(MAP, (19, 19), 3) == {(19, 19)}


@settings(max_examples=60, deadline=None)
@given(st.floats(2, 18), st.floats(2, 18), st.floats(0.3, 6))
def test_burst_tiles_match_the_area_rule(cx, cy, r):
    shape = burst_shape((cx, cy), r)
    tiles = burst_tiles(MAP, (cx, cy), r)
    for x in range(20):
        for y in range(20):
            area = shape.intersection(shapely.box(x, y, x + 1, y + 1)).area
            if area > 0.5 + 1e-6:
                assert (x, y) in tiles
            elif area < 0.5 - 1e-6:
                assert (x, y) not in tiles
    on_map = shape.intersection(shapely.box(0, 0, 20, 20)).area
    assert len(tiles) == pytest.approx(on_map, abs=4 * r + 2)
    assert tiles == covered_tiles(MAP, shape)
