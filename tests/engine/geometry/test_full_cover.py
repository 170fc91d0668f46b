"""Full cover for many viewers and many tiles at once: the answers of the shared line of sight.

Module rule (``engine/geometry/sight.py``): "Full cover (:func:`full_cover`) answers only 'is the
cover full?' … with the same answer as :func:`line_of_sight` (tokens not blocking)". Baton:
"No character can be the target of a ranged attack if there is an obstacle completely blocking
the shooter's line of sight."
"""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry import line_of_sight
from vantage.engine.geometry.sight import full_cover
from vantage.engine.model import Cover, Encounter, GameMap, MapObject, Side, Size, Token, Wall, WallKind

SIDE = 12
halves = st.integers(0, 2 * SIDE).map(lambda v: v / 2)
points = st.tuples(halves, halves)


def tok(tid, pos, size=Size.MEDIUM, side=Side.ENEMY):
    return Token(tid, tid.title(), pos, side=side, size=size)


@st.composite
def scenes(draw):
    """Walls of every kind (slanted too), sight-blocking objects, half- and full-cover objects
    that do not block sight, solid terrain; viewers, a mover and the tiles it may stand on."""
    walls = [Wall(a, b, draw(st.sampled_from(list(WallKind))))
             for a, b in draw(st.lists(st.tuples(points, points).filter(lambda ab: ab[0] != ab[1]),
                                       max_size=6))]
    extents = st.integers(1, 6).map(lambda v: v / 2)
    objects = []
    for i, (x, y, w, h, kind) in enumerate(draw(st.lists(
        st.tuples(halves, halves, extents, extents, st.sampled_from(["sight", "half", "full"])), max_size=4
    ))):
        outline = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        cover = {"sight": Cover.NONE, "half": Cover.HALF, "full": Cover.FULL}[kind]
        objects.append(MapObject(f"o{i}", outline, f"Thing {i}", blocks_sight=kind == "sight", cover=cover))
    solid = draw(st.lists(st.tuples(st.integers(0, SIDE - 1), st.integers(0, SIDE - 1)), max_size=6))
    game_map = GameMap(SIDE, SIDE, walls=tuple(walls), objects=tuple(objects))
    game_map = replace(game_map, terrain=game_map.with_terrain({t: "solid" for t in solid}).terrain)
    spots = st.tuples(st.integers(0, SIDE - 2), st.integers(0, SIDE - 2))
    sizes = st.sampled_from([Size.MEDIUM, Size.LARGE])
    viewers = [tok(f"v{i}", draw(spots), draw(sizes)) for i in range(draw(st.integers(1, 3)))]
    mover = tok("m", draw(spots), draw(sizes), side=Side.PARTY)
    tiles = draw(st.lists(spots, min_size=1, max_size=6))
    return game_map, viewers, mover, tiles


@pytest.mark.slow  # 200 generated scenes, every tile checked against line of sight: over 3 s
@settings(max_examples=200, deadline=None)
@given(scenes())
def test_full_cover_is_what_line_of_sight_says_on_every_tile(scene):
    game_map, viewers, mover, tiles = scene
    found = full_cover(game_map, viewers, mover, tiles)
    assert found.shape == (len(viewers), len(tiles))
    for v, viewer in enumerate(viewers):
        for t, tile in enumerate(tiles):
            moved = Encounter(game_map, (viewer, replace(mover, position=tile)), ruleset="avorkarth")
            expected = line_of_sight(moved, viewer.id, mover.id).cover is Cover.FULL
            assert found[v, t] == expected, (viewer.position, tile)


def test_a_full_cover_object_gives_full_cover_with_a_line_of_sight():
    """Module rule: "an object crossed by all four cover lines gives its cover" — a full-cover
    object that does not block sight still makes the cover full."""
    bulwark = MapObject("b", ((5.0, 0.0), (6.0, 0.0), (6.0, 12.0), (5.0, 12.0)), "Bulwark", cover=Cover.FULL)
    game_map = GameMap(SIDE, SIDE, objects=(bulwark,))
    archer, mover = tok("a", (1, 5)), tok("m", (8, 5), side=Side.PARTY)
    found = full_cover(game_map, [archer], mover, [(8, 5), (4, 5)])
    assert found.tolist() == [[True, False]]
    assert line_of_sight(Encounter(game_map, (archer, mover), ruleset="avorkarth"), "a", "m").clear


def test_the_target_stands_where_it_is_when_no_tiles_are_given():
    wall = Wall((5.0, 0.0), (5.0, 12.0))
    game_map = GameMap(SIDE, SIDE, walls=(wall,))
    mover = tok("m", (8, 5), side=Side.PARTY)
    assert full_cover(game_map, [tok("a", (1, 5)), tok("b", (9, 1))], mover).tolist() == [[True], [False]]
    assert full_cover(game_map, [], mover).shape == (0, 1)
