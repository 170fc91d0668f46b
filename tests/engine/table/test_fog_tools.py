"""Fog of war tools: brush, rectangle, room flood fill, vision and the three shades.

Issue 6: "manual (the GM reveals and hides with a brush, a rectangle, or a whole room bounded by
walls) and optional vision-based (what the party tokens can see through walls and doors, from the
engine's visibility polygons; explored areas stay dimmed)".
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import box

from vantage.engine.model import Encounter, GameMap, Side, Size, Token, Wall, WallKind
from vantage.engine.table.fog import (
    FogShade,
    brush_tiles,
    fog_shade,
    hide_brush,
    hide_rect,
    hide_room,
    rect_tiles,
    remember_seen,
    reveal_all,
    reveal_brush,
    reveal_rect,
    reveal_room,
    room_tiles,
    shown_tiles,
    tiles_with_centre_in,
    visible_tiles,
)


def _map(w: int = 10, h: int = 8, **kw) -> GameMap:
    return GameMap(w, h, fog_enabled=True, **kw)


def _box_walls(x0: int, y0: int, x1: int, y1: int, door: WallKind | None = None) -> tuple[Wall, ...]:
    """Walls around the tiles x0..x1-1, y0..y1-1; with ``door`` the top-left edge is that kind."""
    walls = []
    for x in range(x0, x1):
        kind = door if (door is not None and x == x0) else WallKind.WALL
        walls.append(Wall((x, y0), (x + 1, y0), kind))
        walls.append(Wall((x, y1), (x + 1, y1)))
    for y in range(y0, y1):
        walls.append(Wall((x0, y), (x0, y + 1)))
        walls.append(Wall((x1, y), (x1, y + 1)))
    return tuple(walls)


# -- brush and rectangle ----------------------------------------------------------------------
def test_brush_takes_tiles_whose_centre_is_within_the_radius():
    tiles = brush_tiles(_map(), (5.0, 4.0), 1.0)
    # centres at distance sqrt(0.5) ≈ 0.71 (the 4 tiles around the point) are in; (5.5, 2.5) at 1.58 is out
    assert tiles == {(4, 3), (5, 3), (4, 4), (5, 4)}


def test_small_brush_still_takes_the_tile_under_it():
    assert brush_tiles(_map(), (2.1, 3.9), 0.1) == {(2, 3)}


def test_brush_is_clipped_to_the_map():
    tiles = brush_tiles(_map(4, 4), (0.0, 0.0), 3.0)
    assert all(0 <= x < 4 and 0 <= y < 4 for x, y in tiles)
    assert (0, 0) in tiles and (1, 1) in tiles


def test_reveal_then_hide_brush_returns_new_maps():
    m = _map()
    shown = reveal_brush(m, (5.5, 4.5), 2.0)
    assert m.revealed == frozenset()  # the original is untouched
    assert (5, 4) in shown.revealed and shown.is_revealed((5, 4))
    assert (5, 4) not in hide_brush(shown, (5.5, 4.5), 0.5).revealed


def test_rectangle_in_any_corner_order_and_clipped():
    m = _map(5, 5)
    assert rect_tiles(m, (3, 3), (1, 2)) == {(x, y) for x in range(1, 4) for y in range(2, 4)}
    assert rect_tiles(m, (-2, -2), (0, 0)) == {(0, 0)}
    assert hide_rect(reveal_rect(m, (0, 0), (4, 4)), (0, 0), (3, 4)).revealed == {(4, y) for y in range(5)}


@settings(max_examples=80, deadline=None)
@given(
    st.floats(0, 12), st.floats(0, 10), st.floats(0, 4),
)
def test_brush_tiles_are_exactly_those_with_centres_in_the_circle(cx, cy, r):
    m = _map(10, 8)
    tiles = brush_tiles(m, (cx, cy), r)
    for x, y in m.tiles():
        inside = (x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r
        under = (x, y) == (int(cx), int(cy))
        assert ((x, y) in tiles) == (inside or under)


# -- rooms ------------------------------------------------------------------------------------
def test_room_is_bounded_by_walls():
    m = _map(walls=_box_walls(2, 2, 5, 5))
    assert room_tiles(m, (3, 3)) == {(x, y) for x in range(2, 5) for y in range(2, 5)}


def test_room_outside_the_walls_is_everything_else():
    m = _map(walls=_box_walls(2, 2, 5, 5))
    outside = room_tiles(m, (0, 0))
    assert len(outside) == 10 * 8 - 9 and (3, 3) not in outside


def test_closed_door_stops_the_room_open_door_and_window_do_not():
    # "A window blocks movement but not sight; an open door neither." (vantage.engine.model.WallKind)
    inside = {(x, y) for x in range(2, 5) for y in range(2, 5)}
    closed = _map(walls=_box_walls(2, 2, 5, 5, WallKind.DOOR_CLOSED))
    assert room_tiles(closed, (3, 3)) == inside
    for kind in (WallKind.DOOR_OPEN, WallKind.WINDOW):
        m = _map(walls=_box_walls(2, 2, 5, 5, kind))
        assert room_tiles(m, (3, 3)) == frozenset(m.tiles())


def test_room_stops_at_the_map_edge_and_reveal_room_reveals_it():
    m = _map(4, 3)
    assert room_tiles(m, (1, 1)) == frozenset(m.tiles())
    assert reveal_room(m, (1, 1)).revealed == frozenset(m.tiles())
    assert hide_room(reveal_all(m), (1, 1)).revealed == frozenset()
    assert room_tiles(m, (9, 9)) == frozenset()


def test_sight_blocking_terrain_is_shown_as_the_rooms_edge_but_not_crossed():
    m = _map(5, 1).with_terrain({(2, 0): "solid"})
    assert room_tiles(m, (0, 0)) == {(0, 0), (1, 0), (2, 0)}


def test_a_diagonal_free_wall_splits_the_map():
    m = _map(4, 4, walls=(Wall((0.0, 4.0), (4.0, 0.0)),))
    # the anti-diagonal wall runs through the centres' links of the tiles on it: those tiles are cut off
    room = room_tiles(m, (0, 0))
    assert (0, 0) in room and (3, 3) not in room


# -- vision -----------------------------------------------------------------------------------
def test_tiles_with_centre_in_a_polygon():
    m = _map(10, 8)
    assert tiles_with_centre_in(m, box(1, 1, 3, 2)) == {(1, 1), (2, 1)}
    assert tiles_with_centre_in(m, box(-5, -5, 0.6, 0.6)) == {(0, 0)}
    assert tiles_with_centre_in(m, ShapelyPoint(0, 0).buffer(0)) == frozenset()


def _fake_visibility(encounter, token_id, *, radius_tiles=None):
    """A stand-in for vantage.engine.geometry.visibility_polygon: a square of sight around the token."""
    cx, cy = encounter.token(token_id).centre
    r = radius_tiles or 1.5
    return box(cx - r, cy - r, cx + r, cy + r)


def _party_encounter() -> Encounter:
    return Encounter(
        _map(10, 8),
        tokens=(
            Token("hero", "Hero", (1, 1), side=Side.PARTY),
            Token("ghost", "Ghost", (8, 6), side=Side.PARTY, hidden=True),
            Token("orc", "Orc", (6, 1), side=Side.ENEMY),
        ), ruleset="avorkarth",
    )


def test_visible_tiles_are_the_party_tokens_sight():
    seen = visible_tiles(_party_encounter(), visibility=_fake_visibility)
    # a hidden party token does not see for the table; enemies do not see for the party
    assert seen == {(x, y) for x in range(0, 3) for y in range(0, 3)}


def test_explored_tiles_stay_in_revealed_and_show_dimmed():
    enc = _party_encounter()
    first = visible_tiles(enc, visibility=_fake_visibility)
    m = remember_seen(enc.map, first)
    moved = enc.with_map(m).with_token(replace(enc.token("hero"), position=(5, 5)))
    now = visible_tiles(moved, visibility=_fake_visibility)
    m2 = remember_seen(m, now)
    assert fog_shade(m2, (1, 1), now) is FogShade.EXPLORED
    assert fog_shade(m2, (5, 5), now) is FogShade.VISIBLE
    assert fog_shade(m2, (9, 0), now) is FogShade.HIDDEN
    assert shown_tiles(m2, now) == first | now


def test_shades_with_manual_fog_and_with_fog_off():
    m = reveal_rect(_map(3, 3), (0, 0), (0, 0))
    assert fog_shade(m, (0, 0)) is FogShade.VISIBLE
    assert fog_shade(m, (1, 1)) is FogShade.HIDDEN
    off = replace(m, fog_enabled=False)
    assert fog_shade(off, (1, 1)) is FogShade.VISIBLE
    assert shown_tiles(off) == frozenset(off.tiles())


def test_large_viewer_sees_its_own_footprint():
    enc = Encounter(_map(6, 6), tokens=(Token("ogre", "Ogre", (2, 2), side=Side.PARTY, size=Size.LARGE),),
                    ruleset="avorkarth")
    seen = visible_tiles(enc, visibility=lambda e, t, radius_tiles=None: box(0, 0, 0, 0))
    assert seen == {(2, 2), (3, 2), (2, 3), (3, 3)}
