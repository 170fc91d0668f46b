"""Line of sight, cover and the visibility polygon."""

import math
from dataclasses import replace

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry import line_of_sight, visibility_polygon
from vantage.engine.model import Cover, Encounter, GameMap, MapObject, Side, Size, Token, Wall, WallKind


def tok(tid, pos, size=Size.MEDIUM, side=Side.PARTY):
    return Token(tid, tid.title(), pos, side=side, size=size)


def scene(*tokens, walls=(), objects=(), terrain=None, width=12, height=12):
    game_map = GameMap(width, height, walls=tuple(walls), objects=tuple(objects))
    if terrain:
        game_map = GameMap(width, height, walls=tuple(walls), objects=tuple(objects),
                           terrain=game_map.with_terrain(terrain).terrain)
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth")


ARCHER, GHOUL = tok("archer", (1, 5)), tok("ghoul", (8, 5), side=Side.ENEMY)


def test_open_ground_is_clear_without_cover():
    s = line_of_sight(scene(ARCHER, GHOUL), "archer", "ghoul")
    assert s.clear and s.cover is Cover.NONE
    assert (s.lines_clear, s.lines_total) == (4, 4)
    assert s.explanation == (
        "Archer sees Ghoul: 4 of 4 lines from its centre to Ghoul's corners are clear → no cover"
    )


# Baton, Full Cover: "No character can be the target of a ranged attack if there is an obstacle
# completely blocking the shooter's line of sight."
@pytest.mark.parametrize(
    ("kind", "clear"),
    [
        (WallKind.WALL, False),
        (WallKind.DOOR_CLOSED, False),  # closed doors block
        (WallKind.DOOR_OPEN, True),  # open doors do not
        (WallKind.WINDOW, True),  # windows do not block sight
    ],
)
def test_walls_doors_windows(kind, clear):
    wall = Wall((5.0, 0.0), (5.0, 12.0), kind)
    s = line_of_sight(scene(ARCHER, GHOUL, walls=[wall]), "archer", "ghoul")
    assert s.clear is clear
    assert s.cover is (Cover.NONE if clear else Cover.FULL)


# Baton, Half Cover: "Ranged attacks against a character partially hidden behind an object have
# a negative chance to hit."
def test_partly_hidden_target_has_half_cover():
    wall = Wall((7.0, 0.0), (7.0, 5.5))  # hides the top half of the ghoul's tile from the archer
    s = line_of_sight(scene(ARCHER, GHOUL, walls=[wall]), "archer", "ghoul")
    assert s.clear
    assert s.cover is Cover.HALF
    assert 0 < s.lines_clear < 4
    assert "blocked by wall (7, 0)–(7, 5.5)" in s.explanation


def test_cover_objects_give_cover_without_blocking():
    barrel = MapObject("b", ((5.0, 4.0), (6.0, 4.0), (6.0, 7.0), (5.0, 7.0)), "Low wall",
                       blocks_movement=True, cover=Cover.HALF)
    s = line_of_sight(scene(ARCHER, GHOUL, objects=[barrel]), "archer", "ghoul")
    assert s.clear and s.lines_clear == 4
    assert s.cover is Cover.HALF
    assert "object Low wall crosses 4 of 4 lines: half cover" in s.explanation
    arrow_slit = MapObject("s", barrel.outline, "Arrow slit", cover=Cover.FULL)
    assert line_of_sight(scene(ARCHER, GHOUL, objects=[arrow_slit]), "archer", "ghoul").cover is Cover.FULL
    # a full-cover object that crosses only some of the lines gives half cover
    corner = MapObject("c", ((7.0, 4.0), (7.5, 4.0), (7.5, 5.4), (7.0, 5.4)), "Crate", cover=Cover.FULL)
    assert line_of_sight(scene(ARCHER, GHOUL, objects=[corner]), "archer", "ghoul").cover is Cover.HALF
    # the viewer standing in the cover object gets nothing from it
    rocks = ((0.0, 4.0), (3.0, 4.0), (3.0, 7.0), (0.0, 7.0))
    around_archer = MapObject("r", rocks, "Rocks", cover=Cover.HALF)
    assert line_of_sight(scene(ARCHER, GHOUL, objects=[around_archer]), "archer", "ghoul").cover is Cover.NONE


def test_sight_blocking_objects_and_terrain():
    pillar = MapObject("p", ((4.0, 0.0), (5.0, 0.0), (5.0, 12.0), (4.0, 12.0)), "Pillar", blocks_sight=True)
    assert not line_of_sight(scene(ARCHER, GHOUL, objects=[pillar]), "archer", "ghoul").clear
    rock = {(4, y): "solid" for y in range(12)}
    assert not line_of_sight(scene(ARCHER, GHOUL, terrain=rock), "archer", "ghoul").clear
    chasm = {(4, y): "chasm" for y in range(12)}  # impassable but does not block sight
    assert line_of_sight(scene(ARCHER, GHOUL, terrain=chasm), "archer", "ghoul").clear


def test_tokens_block_is_a_ruleset_choice():
    ogre = tok("ogre", (4, 4), size=Size.HUGE)
    e = scene(ARCHER, GHOUL, ogre)
    assert line_of_sight(e, "archer", "ghoul").cover is Cover.NONE
    s = line_of_sight(e, "archer", "ghoul", tokens_block=True)
    assert not s.clear and "token Ogre" in s.explanation


@st.composite
def sight_scenes(draw, sizes=(Size.MEDIUM, Size.LARGE)):
    size = 12
    walls = []
    for _ in range(draw(st.integers(0, 8))):
        x, y = draw(st.integers(0, size)), draw(st.integers(0, size))
        length = draw(st.integers(1, 4))
        kind = draw(st.sampled_from(list(WallKind)))
        if draw(st.booleans()):
            walls.append(Wall((float(x), float(y)), (float(x + length), float(y)), kind))
        else:
            walls.append(Wall((float(x), float(y)), (float(x), float(y + length)), kind))
    n = draw(st.sampled_from(sizes))
    spots = st.tuples(st.integers(0, size - 2), st.integers(0, size - 2))
    a, b = draw(spots), draw(spots)
    blocker = draw(spots)
    tokens = (tok("a", a, n), tok("b", b, n), tok("c", blocker))
    return Encounter(GameMap(size, size, walls=tuple(walls)), tokens, ruleset="avorkarth")


@settings(max_examples=150, deadline=None)
@given(sight_scenes(), st.booleans())
def test_sight_is_symmetric_for_equal_sizes(e, tokens_block):
    """Issue: "LOS is symmetric for equal-size tokens"."""
    there = line_of_sight(e, "a", "b", tokens_block=tokens_block)
    back = line_of_sight(e, "b", "a", tokens_block=tokens_block)
    assert there.clear == back.clear
    assert (there.cover is Cover.FULL) == (not there.clear)


def test_visibility_polygon_open_room_and_wall():
    e = scene(tok("a", (2, 2)), width=10, height=8)
    poly = visibility_polygon(e, "a")
    assert poly.area == pytest.approx(80.0, rel=1e-6)
    wall = Wall((5.0, 0.0), (5.0, 8.0))
    poly = visibility_polygon(scene(tok("a", (2, 2)), walls=[wall], width=10, height=8), "a")
    assert poly.area == pytest.approx(40.0, rel=1e-6)
    assert not poly.contains(shapely.Point(7, 4))
    window = Wall((5.0, 0.0), (5.0, 8.0), WallKind.WINDOW)
    assert visibility_polygon(scene(tok("a", (2, 2)), walls=[window], width=10, height=8), "a").area == (
        pytest.approx(80.0)
    )


def test_visibility_polygon_shadow_and_radius():
    wall = Wall((4.0, 3.0), (4.0, 6.0))  # a short wall east of the viewer casts a shadow
    e = scene(tok("a", (1, 4)), walls=[wall], width=12, height=10)
    poly = visibility_polygon(e, "a")
    assert not poly.contains(shapely.Point(8, 4.5))  # in the shadow
    assert poly.contains(shapely.Point(8, 0.5))  # past the wall's end
    limited = visibility_polygon(scene(tok("a", (5, 5)), width=20, height=20), "a", radius_tiles=3)
    assert limited.area == pytest.approx(math.pi * 9, rel=0.01)


@settings(max_examples=60, deadline=None)
@given(sight_scenes(sizes=(Size.MEDIUM,)))
def test_visibility_polygon_agrees_with_centre_sight(e):
    """A point is in the polygon when the straight line from the centre reaches it unblocked.

    Medium tokens: their centres are never on a grid line, so no sight line runs along a wall.
    """
    poly = visibility_polygon(e, "a")
    other = e.token("b")
    centre = shapely.Point(other.centre)
    line = shapely.LineString([e.token("a").centre, other.centre])
    blockers = [shapely.LineString([w.a, w.b]) for w in e.map.walls if w.blocks_sight]
    blocked = any(line.intersects(b) for b in blockers)
    if poly.buffer(-1e-6).contains(centre):
        assert not blocked or any(line.touches(b) for b in blockers)
    elif not poly.buffer(1e-6).contains(centre):
        assert blocked


@settings(max_examples=120, deadline=None)
@given(sight_scenes(), st.booleans())
def test_sight_matches_a_brute_force_shapely_check(e, tokens_block):
    """Clear iff one of the 25 point-to-point lines misses every blocker; cover from the 4 centre lines."""
    from vantage.engine.geometry import sight_points

    a, b = e.token("a"), e.token("b")
    # walls: exact touches count as crossing, a hair of buffer makes shapely agree on rounding;
    # token boxes are tested exactly (GEOS), so here too
    blockers = [shapely.LineString([w.a, w.b]).buffer(1e-7) for w in e.map.walls if w.blocks_sight]
    if tokens_block:
        c = e.token("c")
        (x, y), n = c.position, c.footprint
        blockers.append(shapely.box(x + 0.1, y + 0.1, x + n - 0.1, y + n - 0.1))

    def line_clear(p, q):
        line = shapely.LineString([p, q]) if p != q else shapely.Point(p)
        return not any(line.intersects(blocker) for blocker in blockers)

    clear = any(line_clear(p, q) for p in sight_points(a) for q in sight_points(b))
    cover_clear = sum(line_clear(a.centre, q) for q in sight_points(b)[1:])
    s = line_of_sight(e, "a", "b", tokens_block=tokens_block)
    assert s.clear == clear
    assert s.lines_clear == cover_clear


def test_blocking_tokens_follow_the_encounter():
    ogre = tok("ogre", (4, 4), size=Size.HUGE)
    e = scene(ARCHER, GHOUL, ogre)
    assert not line_of_sight(e, "archer", "ghoul", tokens_block=True).clear
    moved = e.with_token(replace(ogre, position=(4, 0)))
    assert line_of_sight(moved, "archer", "ghoul", tokens_block=True).cover is Cover.NONE
    assert not line_of_sight(e, "archer", "ghoul", tokens_block=True).clear
