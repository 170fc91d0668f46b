"""Vision fog with the geometry engine's visibility polygons.

Issue 6: "optional vision-based (what the party tokens can see through walls and doors, from the
engine's visibility polygons; explored areas stay dimmed)"; a tile counts as seen when its centre
is inside the polygon.
"""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.model import Encounter, GameMap, Side, Token, Wall, WallKind
from vantage.engine.table.fog import FogShade, fog_shade, remember_seen, visible_tiles


def _two_rooms(door: WallKind) -> Encounter:
    """A 10×5 map split by a wall at x = 5 with a door at (5, 2)-(5, 3); the hero in the west room."""
    walls = tuple(
        Wall((5, y), (5, y + 1), door if y == 2 else WallKind.WALL) for y in range(5)
    )
    game_map = GameMap(10, 5, walls=walls, fog_enabled=True)
    return Encounter(game_map, (Token("hero", "Hero", (2, 2), side=Side.PARTY),
                                Token("orc", "Orc", (8, 2), side=Side.ENEMY)), ruleset="avorkarth")


def test_a_closed_door_stops_sight_an_open_one_does_not():
    closed = visible_tiles(_two_rooms(WallKind.DOOR_CLOSED))
    assert {(x, y) for x in range(5) for y in range(5)} == closed
    opened = visible_tiles(_two_rooms(WallKind.DOOR_OPEN))
    assert (8, 2) in opened and (9, 2) in opened  # straight through the doorway
    assert (9, 0) not in opened  # round the corner of the wall


def test_the_enemy_does_not_see_for_the_party_and_the_radius_limits_sight():
    enc = _two_rooms(WallKind.DOOR_CLOSED)
    assert (8, 2) not in visible_tiles(enc)
    near = visible_tiles(enc, radius_tiles=1.2)
    assert near == {(2, 2), (1, 2), (3, 2), (2, 1), (2, 3)}


def test_explored_tiles_dim_when_the_hero_walks_on():
    enc = _two_rooms(WallKind.DOOR_OPEN)
    first = visible_tiles(enc)
    m = remember_seen(enc.map, first)
    moved = enc.with_map(m).with_token(replace(enc.token("hero"), position=(0, 0)))
    now = visible_tiles(moved, radius_tiles=1.5)
    assert fog_shade(m, (8, 2), now) is FogShade.EXPLORED
    assert fog_shade(m, (0, 0), now) is FogShade.VISIBLE
    assert fog_shade(m, (9, 4), now) is FogShade.HIDDEN
