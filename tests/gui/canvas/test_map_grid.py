"""The square grid: tiles, scene points and feet convert both ways, edges and off-map points too.

Issue 26, item 3: "one grid object owns tile↔pixel↔feet arithmetic". The numbers here are the
ones the canvas drew before the grid existed (48 scene units a tile, tile (0, 0) at the origin).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QPointF, QRectF

from vantage.engine.model import GameMap
from vantage.gui.canvas.map_grid import TILE_PX, MapGrid, SquareGrid, grid_of

GRID = SquareGrid()
tiles = st.tuples(st.integers(-500, 500), st.integers(-500, 500))
#: tile units a scene point can hold exactly: whole multiples of 1/16 (48 / 16 = 3 scene units)
points = st.tuples(st.integers(-8000, 8000), st.integers(-8000, 8000)).map(lambda p: (p[0] / 16, p[1] / 16))


def test_a_square_grid_is_a_map_grid_of_48_scene_units_and_5_feet_a_tile():
    assert isinstance(GRID, MapGrid)
    assert (GRID.tile_px, GRID.feet_per_tile) == (TILE_PX, 5.0) == (48.0, 5.0)


@given(tiles)
def test_a_tile_centre_lies_in_the_tile_and_in_its_rectangle(tile):
    centre = GRID.tile_centre(tile)
    assert GRID.tile_at(centre) == tile
    assert GRID.tile_rect(tile).center() == centre
    assert GRID.tile_rect(tile).contains(centre)


@given(tiles)
def test_each_corner_of_a_tile_belongs_to_the_tile_below_and_right_of_it(tile):
    rect = GRID.tile_rect(tile)
    assert GRID.tile_at(rect.topLeft()) == tile
    assert GRID.tile_at(rect.topRight()) == (tile[0] + 1, tile[1])
    assert GRID.tile_at(rect.bottomLeft()) == (tile[0], tile[1] + 1)
    assert GRID.tile_at(rect.topLeft() - QPointF(1e-6, 1e-6)) == (tile[0] - 1, tile[1] - 1)


@given(points)
def test_a_point_in_tile_units_goes_to_the_scene_and_back(point):
    scene = GRID.scene_point(point)
    assert GRID.map_point(scene) == point
    assert GRID.tile_at(scene) == (int(point[0] // 1), int(point[1] // 1))


def test_the_tile_under_a_point_off_the_map_is_still_found_by_rounding_down():
    assert GRID.tile_at(QPointF(-0.5, -0.5)) == (-1, -1)
    assert GRID.tile_at(QPointF(-48.0, 0.0)) == (-1, 0)
    assert GRID.tile_at(QPointF(-48.1, 47.99)) == (-2, 0)
    assert GRID.tile_at(QPointF(10_000.0, 96.0)) == (208, 2)
    assert GRID.map_point(QPointF(-24.0, 120.0)) == (-0.5, 2.5)


def test_the_pixels_are_the_ones_the_canvas_drew_before():
    assert GRID.scene_point((3, 4)) == QPointF(144, 192)
    assert GRID.tile_centre((5, 6)) == QPointF(264, 312)
    assert GRID.tile_rect((2, 1)) == QRectF(96, 48, 48, 48)
    assert GRID.footprint_rect((19, 8), 2) == QRectF(912, 384, 96, 96)
    assert GRID.footprint_centre((19, 8), 2) == QPointF(960, 432)
    assert GRID.footprint_centre((4, 8), 1) == GRID.tile_centre((4, 8))
    assert GRID.scene_offset((2, -1)) == QPointF(96, -48)
    assert GRID.map_rect(24, 16) == QRectF(0, 0, 1152, 768)
    assert GRID.scene_length(0.09) == 0.09 * 48.0
    assert GRID.device_px_per_tile(0.5) == 24.0
    assert GRID.picture_scale(128) == 48 / 128


def test_a_run_of_tiles_is_one_rectangle_whichever_corner_comes_first():
    rect = QRectF(48, 96, 3 * 48, 2 * 48)
    assert GRID.tiles_rect((1, 2), (3, 3)) == rect
    assert GRID.tiles_rect((3, 3), (1, 2)) == rect
    assert GRID.tiles_rect((3, 2), (1, 3)) == rect
    assert GRID.tiles_rect((5, 5), (5, 5)) == GRID.tile_rect((5, 5))
    assert GRID.area_rect(QRectF(1, 2, 3, 2)) == rect


@given(st.integers(0, 400), st.integers(0, 400))
def test_lengths_in_tiles_and_scene_units_round_trip(whole, sixteenths):
    tiles_across = whole + sixteenths / 16
    assert GRID.tiles_of_length(GRID.scene_length(tiles_across)) == tiles_across


@pytest.mark.parametrize("feet_per_tile", [5.0, 10.0, 1.5])
def test_feet_follow_the_map_scale(feet_per_tile):
    grid = grid_of(GameMap(4, 3, feet_per_tile=feet_per_tile))
    assert grid.feet_per_tile == feet_per_tile
    assert grid.tile_px == TILE_PX  # the scale changes feet, never where things are drawn
    assert grid.feet_of_tiles(6) == pytest.approx(6 * feet_per_tile)
    assert grid.tiles_of_feet(grid.feet_of_tiles(2.5)) == pytest.approx(2.5)
    assert grid.feet_of_length(3 * TILE_PX) == pytest.approx(3 * feet_per_tile)
    assert grid.length_of_feet(feet_per_tile * 4) == pytest.approx(4 * TILE_PX)


def test_the_map_picks_the_grid_and_a_grid_is_a_value():
    game_map = GameMap(4, 3)
    assert grid_of(game_map) == SquareGrid()
    assert grid_of(replace(game_map, feet_per_tile=10.0)) == SquareGrid(feet_per_tile=10.0)
    assert hash(SquareGrid()) == hash(SquareGrid())


@pytest.mark.parametrize("bad", [{"tile_px": 0.0}, {"tile_px": -48.0}, {"feet_per_tile": 0.0},
                                 {"feet_per_tile": float("nan")}, {"tile_px": float("inf")}])
def test_a_grid_with_no_size_is_refused(bad):
    with pytest.raises(ValueError, match="must be a number more than 0"):
        SquareGrid(**bad)


def test_the_grid_lines_start_on_tile_edges_from_the_tile_of_the_low_end():
    assert GRID.edge_positions(0.0, 150.0) == [0.0, 48.0, 96.0, 144.0]
    assert GRID.edge_positions(50.0, 144.0) == [48.0, 96.0]  # 144 is not below the high end
    assert GRID.edge_positions(-10.0, 10.0) == [-48.0, 0.0]
