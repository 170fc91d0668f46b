"""Map edits as pure functions: brush, flood fill, wall edges, resize (properties with hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.editing import brush_tiles, flood_fill, nearest_edge, put_wall, resize_map, wall_on_edge
from vantage.engine.model import Encounter, GameMap, WallKind

sizes = st.integers(1, 5)
tiles = st.tuples(st.integers(-3, 14), st.integers(-3, 10))


@settings(max_examples=100, deadline=None)
@given(centre=tiles, size=sizes)
def test_a_brush_covers_at_most_its_square_and_only_map_tiles(centre, size):
    m = GameMap(12, 8)
    covered = brush_tiles(m, centre, size)
    assert len(covered) <= size * size
    assert all(m.in_bounds(t) for t in covered)
    if m.in_bounds(centre):
        assert centre in covered


@settings(max_examples=50, deadline=None)
@given(start=st.tuples(st.integers(0, 23), st.integers(0, 15)))
def test_flood_fill_changes_one_connected_region_of_one_kind_and_is_idempotent(start):
    m = demo_encounter().map
    old = m.terrain_at(start).id
    filled = flood_fill(m, start, "ice")
    changed = [t for t in m.tiles() if m.terrain_at(t).id != filled.terrain_at(t).id]
    assert all(m.terrain_at(t).id == old for t in changed)
    assert flood_fill(filled, start, "ice") is filled


def test_a_click_near_a_tile_edge_snaps_to_it_and_the_middle_does_not():
    assert nearest_edge((3.5, 4.1)) == ((3.0, 4.0), (4.0, 4.0))
    assert nearest_edge((3.95, 4.5)) == ((4.0, 4.0), (4.0, 5.0))
    assert nearest_edge((3.5, 4.5)) is None


def test_a_wall_on_an_edge_replaces_the_one_there():
    m = put_wall(GameMap(4, 4), (1.0, 1.0), (2.0, 1.0), WallKind.WALL)
    m = put_wall(m, (2.0, 1.0), (1.0, 1.0), WallKind.DOOR_CLOSED)
    assert len(m.walls) == 1 and wall_on_edge(m, (1.0, 1.0), (2.0, 1.0)).kind is WallKind.DOOR_CLOSED


@settings(max_examples=50, deadline=None)
@given(width=st.integers(1, 30), height=st.integers(1, 20))
def test_resize_keeps_the_overlap_and_drops_only_what_falls_off(width, height):
    e = demo_encounter()
    r = resize_map(e, width, height)
    assert (r.map.width, r.map.height) == (width, height) and len(r.map.terrain) == width * height
    for x in range(min(width, 24)):
        for y in range(min(height, 16)):
            assert r.map.terrain_at((x, y)) == e.map.terrain_at((x, y))
    for token in e.tokens:
        fits = all(r.map.in_bounds(t) for t in token.footprint_tiles())
        assert (token in r.tokens) == fits


def test_resize_to_the_same_size_changes_nothing():
    e = demo_encounter()
    assert resize_map(e, 24, 16) == e
    assert isinstance(resize_map(Encounter(GameMap(3, 3), ruleset="avorkarth"), 5, 5), Encounter)
