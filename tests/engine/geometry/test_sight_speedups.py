"""The fast paths of line of sight (strip prefilter, bundle crossings, end points in blockers)
give the same answers as plain brute-force checks."""

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry import line_of_sight, obstacles_for, sight_points
from vantage.engine.geometry.crossing import Strip, bundle_crossings, segments_cross
from vantage.engine.model import Cover, Encounter, GameMap, MapObject, Size, Token, Wall, WallKind

halves = st.integers(0, 24).map(lambda v: v / 2)  # 0, 0.5, … 12: touching cases are common
points = st.tuples(halves, halves)
segments = st.tuples(points, points).map(lambda ab: (*ab[0], *ab[1]))


def _bounds(segs: np.ndarray) -> np.ndarray:
    return np.hstack([np.minimum(segs[:, :2], segs[:, 2:]), np.maximum(segs[:, :2], segs[:, 2:])])


@settings(max_examples=150, deadline=None)
@given(st.lists(points, min_size=1, max_size=5), st.lists(points, min_size=1, max_size=5),
       st.lists(segments, min_size=1, max_size=12))
@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_bundle_crossings_match_every_pair_tested(starts, ends, segs):
    """The strip only drops pairs that cannot cross: the pairs equal "boxes overlap and
    segments_cross" over every line × segment pair."""
    lines = np.array([(*a, *b) for a in starts for b in ends], dtype=float)
    walls = np.array(segs, dtype=float)
    bounds = _bounds(walls)
    strip = Strip.around(starts + ends, (ends[0][0] - starts[0][0], ends[0][1] - starts[0][1]))
    got = set(zip(*(a.tolist() for a in bundle_crossings(lines, walls, bounds, strip)), strict=True))
    li, si = np.meshgrid(np.arange(len(lines)), np.arange(len(walls)), indexing="ij")
    li, si = li.ravel(), si.ravel()
    lo = np.minimum(lines[li, :2], lines[li, 2:])
    hi = np.maximum(lines[li, :2], lines[li, 2:])
    overlap = ((bounds[si, :2] <= hi) & (bounds[si, 2:] >= lo)).all(axis=1)
    cross = segments_cross(lines[li], walls[si])
    expected = {(int(a), int(b)) for a, b in zip(li[overlap & cross], si[overlap & cross], strict=True)}
    assert got == expected


@settings(max_examples=150, deadline=None)
@given(st.lists(points, min_size=2, max_size=6), st.lists(st.tuples(points, points), min_size=1, max_size=8))
def test_strip_keeps_every_box_a_line_between_its_points_meets(pts, corners):
    """Every box that a line between two of the points touches is kept by the strip."""
    boxes = np.array([(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
                      for a, b in corners], dtype=float)
    strip = Strip.around(pts, (pts[-1][0] - pts[0][0], pts[-1][1] - pts[0][1]))
    kept = set(strip.near_boxes(boxes).tolist())
    for i, box in enumerate(boxes):
        geometry = shapely.box(*box)
        if any(shapely.LineString([p, q]).intersects(geometry) for p in pts for q in pts if p != q):
            assert i in kept


def test_segments_cross_handles_parallel_and_proper_pairs_in_one_call():
    """Touching counts as crossing: the collinear branch only runs on the parallel rows."""
    lines = np.array([[0, 0, 4, 0], [0, 0, 4, 0], [0, 0, 4, 4], [0, 0, 4, 0]], dtype=float)
    walls = np.array([[2, 0, 6, 0], [5, 0, 6, 0], [0, 4, 4, 0], [1, 1, 3, 1]], dtype=float)
    assert segments_cross(lines, walls).tolist() == [True, False, True, False]


def tok(tid, pos, size=Size.MEDIUM):
    return Token(tid, tid.title(), pos, size=size)


@st.composite
def busy_scenes(draw):
    """Slanted walls, sight-blocking objects, solid terrain and a third token, all on 0.5 steps."""
    side = 12
    walls = [Wall(a, b, draw(st.sampled_from(list(WallKind))))
             for a, b in draw(st.lists(st.tuples(points, points).filter(lambda ab: ab[0] != ab[1]),
                                       max_size=6))]
    objects = []
    extents = st.integers(1, 6).map(lambda v: v / 2)
    for i, (x, y, w, h) in enumerate(draw(st.lists(st.tuples(halves, halves, extents, extents), max_size=3))):
        outline = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        objects.append(MapObject(f"o{i}", outline, f"Block {i}", blocks_sight=True))
    terrain = {(x, y): "solid" for x, y in draw(st.lists(st.tuples(st.integers(0, side - 1),
                                                                      st.integers(0, side - 1)), max_size=6))}
    game_map = GameMap(side, side, walls=tuple(walls), objects=tuple(objects))
    game_map = GameMap(side, side, walls=tuple(walls), objects=tuple(objects),
                       terrain=game_map.with_terrain(terrain).terrain)
    spots = st.tuples(st.integers(0, side - 2), st.integers(0, side - 2))
    sizes = st.sampled_from([Size.MEDIUM, Size.LARGE])
    tokens = (tok("a", draw(spots), draw(sizes)), tok("b", draw(spots), draw(sizes)), tok("c", draw(spots)))
    return Encounter(game_map, tokens, ruleset="avorkarth")


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=200, deadline=None)
@given(busy_scenes(), st.booleans())
def test_sight_matches_brute_force_with_objects_terrain_and_slanted_walls(e, tokens_block):
    """Module rule: "Line of sight is clear when at least one line from a sight point of the viewer
    to a sight point of the target crosses nothing that blocks sight … Touching counts as crossing."
    Cover lines are the four from the viewer's centre to the target's corners."""
    a, b = e.token("a"), e.token("b")
    layer = obstacles_for(e.map).sight
    # walls and areas: exact touches count as crossing, a hair of buffer makes shapely agree on
    # rounding; token boxes are tested exactly (GEOS), so here too
    blockers = [blocker.buffer(1e-7) for blocker in layer.geometries]
    if tokens_block:
        (x, y), n = e.token("c").position, e.token("c").footprint
        blockers.append(shapely.box(x + 0.1, y + 0.1, x + n - 0.1, y + n - 0.1))

    def line_clear(p, q):
        line = shapely.LineString([p, q]) if p != q else shapely.Point(p)
        return not any(line.intersects(blocker) for blocker in blockers)

    clear = any(line_clear(p, q) for p in sight_points(a) for q in sight_points(b))
    cover_clear = sum(line_clear(a.centre, q) for q in sight_points(b)[1:])
    s = line_of_sight(e, "a", "b", tokens_block=tokens_block)
    assert s.clear == clear
    assert s.lines_clear == cover_clear
    assert (s.cover is Cover.FULL) == (not clear)


def test_a_viewer_inside_a_sight_blocking_object_sees_nothing():
    """Module rule: a line starting or ending inside a sight-blocking area is blocked."""
    pillar = MapObject("p", ((0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (0.0, 3.0)), "Pillar", blocks_sight=True)
    e = Encounter(GameMap(12, 12, objects=(pillar,)), (tok("a", (1, 1)), tok("b", (8, 8))),
                  ruleset="avorkarth")
    s = line_of_sight(e, "a", "b")
    assert not s.clear and "object Pillar" in s.explanation
    assert not line_of_sight(e, "b", "a").clear


def test_a_token_beyond_the_map_edge_still_gets_the_exact_answer():
    """Sight points outside the map's tile grid skip the tile shortcut, not the test."""
    rock = MapObject("r", ((10.0, 10.0), (14.0, 10.0), (14.0, 14.0), (10.0, 14.0)), "Rock", blocks_sight=True)
    e = Encounter(GameMap(12, 12, objects=(rock,)), (tok("a", (1, 1)), tok("b", (12, 12))),
                  ruleset="avorkarth")
    assert not line_of_sight(e, "a", "b").clear
    open_map = Encounter(GameMap(12, 12), e.tokens, ruleset="avorkarth")
    assert line_of_sight(open_map, "a", "b").clear


def test_blocking_tokens_off_the_strip_do_not_block_but_one_on_it_does():
    """tokens_block: "the footprints of other tokens" block; far ones are skipped unseen."""
    tokens = (tok("a", (0, 5)), tok("b", (10, 5)), tok("far", (5, 0)), tok("mid", (5, 5)))
    e = Encounter(GameMap(12, 12), tokens, ruleset="avorkarth")
    s = line_of_sight(e, "a", "b", tokens_block=True)
    assert not s.clear and "token Mid" in s.explanation and "Far" not in s.explanation
    e2 = Encounter(GameMap(12, 12), tokens[:3], ruleset="avorkarth")
    assert line_of_sight(e2, "a", "b", tokens_block=True).cover is Cover.NONE
