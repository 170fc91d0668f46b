"""The movement graph: walls, corners, blocking objects, impassable terrain, footprint fit."""

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.model import GameMap, MapObject, Wall, WallKind
from vantage.engine.movement import MovementGraph, movement_graph
from vantage.engine.movement.walls import StepBlocks


def graph_of(width=6, height=6, walls=(), objects=(), terrain=None):
    game_map = GameMap(width, height, walls=tuple(walls), objects=tuple(objects))
    if terrain:
        game_map = game_map.with_terrain(terrain)
    return MovementGraph(game_map)


# issue: "no step through a wall"
def test_a_wall_on_the_shared_edge_blocks_the_orthogonal_step_both_ways():
    g = graph_of(walls=[Wall((2.0, 1.0), (2.0, 2.0))])  # the edge between (1,1) and (2,1)
    assert not g.can_step((1, 1), (2, 1))
    assert not g.can_step((2, 1), (1, 1))
    assert g.can_step((1, 0), (2, 0))  # the wall is one tile long


def test_an_open_door_does_not_block_but_a_closed_door_and_a_window_do():
    for kind, blocks in ((WallKind.DOOR_OPEN, False), (WallKind.DOOR_CLOSED, True), (WallKind.WINDOW, True)):
        g = graph_of(walls=[Wall((2.0, 1.0), (2.0, 2.0), kind)])
        assert g.can_step((1, 1), (2, 1)) is not blocks, kind


def test_stepping_diagonally_past_the_end_of_a_single_wall_is_allowed():
    g = graph_of(walls=[Wall((2.0, 0.0), (2.0, 2.0))])  # ends at corner (2, 2)
    assert g.can_step((1, 1), (2, 2))
    assert not g.can_step((1, 1), (2, 1))


# issue: "no step ... between two wall segments meeting at a corner"
def test_two_walls_meeting_at_the_corner_block_the_diagonal_through_it():
    # an L around tile (1,1): its east edge and its south edge, meeting at corner (2,2)
    walls = [Wall((2.0, 1.0), (2.0, 2.0)), Wall((1.0, 2.0), (2.0, 2.0))]
    g = graph_of(walls=walls)
    assert not g.can_step((1, 1), (2, 2))
    assert not g.can_step((2, 2), (1, 1))


def test_a_straight_wall_through_the_corner_blocks_the_diagonal():
    walls = [Wall((2.0, 1.0), (2.0, 2.0)), Wall((2.0, 2.0), (2.0, 3.0))]
    g = graph_of(walls=walls)
    assert not g.can_step((1, 1), (2, 2))
    assert not g.can_step((1, 2), (2, 1))


def test_a_free_diagonal_wall_blocks_the_steps_it_crosses():
    g = graph_of(walls=[Wall((1.0, 3.0), (3.0, 1.0))])
    assert not g.can_step((1, 1), (2, 2))
    assert g.can_step((0, 0), (1, 1))


def test_impassable_terrain_and_blocking_objects_cannot_be_entered():
    pillar = MapObject("p1", ((3.0, 3.0), (4.0, 3.0), (4.0, 4.0), (3.0, 4.0)), name="Pillar")
    crate = MapObject("c1", ((0.0, 0.0), (0.4, 0.0), (0.4, 0.4), (0.0, 0.4)), name="Crate")
    g = graph_of(objects=[pillar, crate], terrain={(1, 4): "chasm"})
    assert not g.fits_at((3, 3))
    assert not g.fits_at((1, 4))
    assert g.fits_at((0, 0))  # the crate covers less than half of the tile
    assert not g.can_step((2, 3), (3, 3))
    assert g.blocks.object_tiles[g.index((3, 3))] == "Pillar"


def test_a_non_blocking_object_is_walkable():
    rug = MapObject("r1", ((1.0, 1.0), (3.0, 1.0), (3.0, 3.0), (1.0, 3.0)), blocks_movement=False)
    assert graph_of(objects=[rug]).fits_at((2, 2))


# issue: "footprint must fit for large tokens"
def test_a_large_footprint_needs_all_four_tiles_free():
    g = graph_of(terrain={(3, 3): "deep-water"})
    assert g.fits_at((1, 1), 2)
    assert not g.fits_at((2, 2), 2)  # covers (3, 3)
    assert not g.fits_at((5, 5), 2)  # off the map edge
    assert g.fits_at((4, 4), 2)


def test_a_wall_inside_a_large_footprint_stops_it_fitting():
    g = graph_of(walls=[Wall((2.0, 0.0), (2.0, 6.0))])
    assert not g.fits_at((1, 1), 2)
    assert g.fits_at((0, 1), 2)
    assert not g.can_step((0, 1), (1, 1), 2)


def test_a_large_token_cannot_squeeze_through_a_one_tile_gap():
    # a wall along x = 3 with a one-tile gap at y = 2..3
    walls = [Wall((3.0, 0.0), (3.0, 2.0)), Wall((3.0, 3.0), (3.0, 6.0))]
    g = graph_of(walls=walls)
    small = nx.has_path(g.as_networkx(1), (0, 0), (5, 5))
    large = nx.has_path(g.as_networkx(2), (0, 0), (4, 4))
    assert small and not large


def test_the_graph_is_cached_per_map_object():
    game_map = GameMap(4, 4)
    assert movement_graph(game_map) is movement_graph(game_map)
    changed = game_map.with_terrain({(0, 0): "sand"})
    assert movement_graph(changed) is not movement_graph(game_map)


def test_steps_are_symmetric_on_a_walled_map():
    walls = [Wall((2.0, 1.0), (2.0, 4.0)), Wall((1.0, 2.0), (4.0, 2.0)), Wall((0.5, 4.5), (3.5, 5.5))]
    g = graph_of(walls=walls, terrain={(4, 4): "chasm"})
    for size in (1, 2):
        digraph = g.as_networkx(size)
        for a, b in digraph.edges:
            assert digraph.has_edge(b, a), (size, a, b)


edge_walls = st.builds(
    lambda horizontal, x, y, length: Wall((float(x), float(y)), (float(x + length), float(y)))
    if horizontal else Wall((float(x), float(y)), (float(x), float(y + length))),
    st.booleans(), st.integers(-2, 8), st.integers(-2, 8), st.integers(-3, 5).filter(lambda n: n != 0),
)


@settings(max_examples=150)
@given(st.lists(edge_walls, max_size=6))
def test_the_fast_path_for_walls_on_tile_edges_matches_the_segment_tests(walls):
    fast = StepBlocks(GameMap(6, 6))
    fast._add_walls(walls)
    general = StepBlocks(GameMap(6, 6))
    general._add_walls(walls, grid_fast_path=False)
    assert fast.wall_orthogonal == general.wall_orthogonal
    assert fast.wall_diagonal == general.wall_diagonal
