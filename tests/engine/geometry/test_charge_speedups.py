"""The fast paths of charge lanes give the same answers as the plain, one-at-a-time ones.

Avorkarth: "This can only be done if the creature has a clear line between themselves and their
target and is at least 3 tiles away. A charge cannot change direction." The rule itself is checked
in test_geo_charge.py; here the batched and per-lane-row computations must agree with it.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry import charge_lane, charge_lanes
from vantage.engine.geometry.sweep import lane_row_spans, lane_spans, swept_tiles, tiles_from_spans
from vantage.engine.model import Encounter, GameMap, MapObject, Side, Size, Token, Wall

#: Avorkarth's shortest charge, "at least 3 tiles away" (the geometry has no default of its own)
CHARGE_MIN = 3

SIZE = 16


@settings(max_examples=150, deadline=None)
@given(
    st.tuples(st.integers(0, 30), st.integers(0, 30)),
    st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), min_size=1, max_size=8),
    st.integers(1, 4),
)
def test_lane_row_spans_cover_the_swept_tiles(start, ends, n):
    """Each lane's own row spans give exactly swept_tiles, in its order (rows, then columns)."""
    rows, first, last = lane_row_spans(start, np.array(ends), n)
    for k, end in enumerate(ends):
        got = [tuple(t) for t in tiles_from_spans(rows[k], first[k], last[k]).tolist()]
        assert got == swept_tiles(start, end, n)


def test_sideways_and_standing_lanes():
    """A slide along a row covers that row only; a lane of length 0 covers the footprint."""
    rows, first, last = lane_row_spans((2, 3), np.array([(7, 3), (2, 3), (2, 9)]), 2)
    tiles = [[tuple(t) for t in tiles_from_spans(rows[k], first[k], last[k]).tolist()] for k in range(3)]
    assert tiles[0] == swept_tiles((2, 3), (7, 3), 2)
    assert {y for _, y in tiles[0]} == {3, 4}
    assert tiles[1] == [(2, 3), (3, 3), (2, 4), (3, 4)]
    assert tiles[2] == swept_tiles((2, 3), (2, 9), 2)


@st.composite
def crowded_scenes(draw):
    walls = []
    for _ in range(draw(st.integers(0, 8))):
        x, y = draw(st.integers(1, SIZE - 1)), draw(st.integers(1, SIZE - 1))
        b = (x + 1, y) if draw(st.booleans()) else (x, y + 1)
        walls.append(Wall((float(x), float(y)), (float(b[0]), float(b[1]))))
    points = st.tuples(st.floats(0, SIZE), st.floats(0, SIZE))
    for a, b in draw(st.lists(st.tuples(points, points), max_size=3)):  # long and slanted walls
        if a != b:
            walls.append(Wall(a, b))
    objects = []
    for x, y in draw(st.lists(st.tuples(st.integers(0, SIZE - 2), st.integers(0, SIZE - 2)), max_size=2)):
        outline = ((x + 0.5, y + 0.2), (x + 1.5, y + 0.5), (x + 1.0, y + 1.8))
        objects.append(MapObject(f"rock{x}-{y}", outline, name="Rock"))
    tiles = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
    kinds = st.sampled_from(["chasm", "quicksand", "deep-water", "marsh"])  # marsh does not stop
    terrain = draw(st.dictionaries(tiles, kinds, max_size=24))
    game_map = GameMap(SIZE, SIZE, walls=tuple(walls), objects=tuple(objects)).with_terrain(terrain)
    a_size = draw(st.sampled_from([Size.MEDIUM, Size.LARGE, Size.HUGE]))
    a_pos = draw(st.tuples(st.integers(0, SIZE - 3), st.integers(0, SIZE - 3)))
    tokens = [Token("a", "A", a_pos, size=a_size)]
    for i in range(draw(st.integers(1, 7))):
        size = draw(st.sampled_from([Size.MEDIUM, Size.MEDIUM, Size.LARGE, Size.HUGE]))
        pos = draw(st.tuples(st.integers(0, SIZE - 3), st.integers(0, SIZE - 3)))
        token = Token(f"t{i}", f"T{i}", pos, side=Side.ENEMY, size=size)
        taken = {tile for t in tokens[1:] for tile in t.footprint_tiles()}
        if not taken & set(token.footprint_tiles()):  # tokens other than the attacker do not stack
            tokens.append(token)
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth")


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=120, deadline=None)
@given(crowded_scenes(), st.integers(1, 4))
def test_all_lanes_at_once_equal_each_lane_alone(e, min_tiles):
    """Lanes checked together (one batch of candidates, one batch of failures) = one by one."""
    together = charge_lanes(e, "a", min_tiles=min_tiles)
    for tid, lane in together.items():
        assert lane == charge_lane(e, "a", tid, min_tiles=min_tiles)


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=120, deadline=None)
@given(crowded_scenes())
def test_a_failed_lane_lists_its_tiles_and_every_token_on_them(e):
    """A failed lane still shows its tiles (start footprint excluded, nearest first) and names
    every other token standing on them: "a clear line between themselves and their target"."""
    a = e.token("a")
    start = set(a.footprint_tiles())
    for tid, lane in charge_lanes(e, "a", min_tiles=CHARGE_MIN).items():
        if lane.valid or lane.end_tile is None:
            continue
        swept = swept_tiles(a.position, lane.end_tile, a.footprint)
        assert set(lane.tiles) == set(swept) - start
        assert len(lane.tiles) == len(set(lane.tiles))
        dx, dy = lane.end_tile[0] - a.position[0], lane.end_tile[1] - a.position[1]
        keys = [(x * dx + y * dy, y, x) for x, y in lane.tiles]
        assert keys == sorted(keys)
        on_lane = {t.id for t in e.tokens if t.id not in ("a", tid) and set(t.footprint_tiles()) & set(swept)}
        named = {r.split(" (")[1].split(")")[0] for r in lane.reasons if r.startswith("blocked by token")}
        assert named == on_lane


@settings(max_examples=120, deadline=None)
@given(crowded_scenes(), st.integers(1, 4))
def test_a_lane_that_is_no_charge_says_why(e, min_tiles):
    """A failed lane is known to fail before its tiles and reasons are worked out (they are worked
    out when read); read, they name at least one reason — "This can only be done if the creature
    has a clear line between themselves and their target and is at least 3 tiles away"."""
    for lane in charge_lanes(e, "a", min_tiles=min_tiles).values():
        assert lane.valid == (not lane.reasons)
        assert lane.valid or lane.reasons


@settings(max_examples=150, deadline=None)
@given(crowded_scenes(), st.integers(1, 4))
def test_lanes_checked_one_by_one_equal_the_batch(e, min_tiles):
    """The few-candidate path (each lane's row spans in Python) finds the same lanes, tiles, ends
    and reasons as the batch of arrays: "a clear line between themselves and their target"."""
    from vantage.engine.geometry import charge as charge_module

    one_by_one = {tid: charge_lane(e, "a", tid, min_tiles=min_tiles) for tid in (t.id for t in e.tokens[1:])}
    saved = charge_module._ONE_BY_ONE
    charge_module._ONE_BY_ONE = 0
    charge_module._lanes_memo.clear()  # else the lanes just found are handed back
    try:
        batch = {tid: charge_lane(e, "a", tid, min_tiles=min_tiles) for tid in one_by_one}
    finally:
        charge_module._ONE_BY_ONE = saved
    assert one_by_one == batch


@settings(max_examples=150, deadline=None)
@given(
    st.tuples(st.integers(0, 30), st.integers(0, 30)),
    st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), min_size=1, max_size=8),
    st.integers(1, 4),
)
def test_one_lanes_spans_equal_the_batch_spans(start, ends, n):
    """lane_spans (one lane, Python floats) gives the rows and spans lane_row_spans gives."""
    rows, first, last = lane_row_spans(start, np.array(ends), n)
    for k, end in enumerate(ends):
        spans = zip(rows[k].tolist(), first[k].tolist(), last[k].tolist(), strict=True)
        batch = [(r, f, la) for r, f, la in spans if la >= f]
        assert [s for s in lane_spans(start, end, n) if s[2] >= s[1]] == batch


@settings(max_examples=150, deadline=None)
@given(
    st.tuples(st.integers(0, 30), st.integers(0, 30)),
    st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), min_size=1, max_size=16),
    st.integers(1, 4),
)
def test_few_outlines_equal_the_array_outlines(start, ends, n):
    """The swept region of a few lanes, built one by one, has exactly the batch's corners."""
    from vantage.engine.geometry import sweep

    few = sweep.swept_outlines(start, np.array(ends), n)
    saved = sweep._FEW_OUTLINES
    sweep._FEW_OUTLINES = 0
    try:
        batch = sweep.swept_outlines(start, np.array(ends), n)
    finally:
        sweep._FEW_OUTLINES = saved
    assert [p.wkb for p in few] == [p.wkb for p in batch]


def test_lanes_asked_again_on_an_equal_board_are_the_same_and_follow_a_moved_token():
    """Lanes are kept per map by the tokens' ids, names, places and sizes: asked again on an equal
    board (another encounter object) they are equal; a token moved into the lane blocks it — "a
    clear line between themselves and their target"."""
    game_map = GameMap(12, 1)  # one row: no way round
    a = Token("a", "A", (0, 0))
    t = Token("t", "T", (8, 0), side=Side.ENEMY)
    e = Encounter(game_map, (a, t), ruleset="avorkarth")
    first = charge_lane(e, "a", "t", min_tiles=CHARGE_MIN)
    assert first.valid
    again = charge_lane(Encounter(game_map, (a, t), ruleset="avorkarth"), "a", "t", min_tiles=CHARGE_MIN)
    assert again == first
    blocker = Token("b", "B", (4, 0), side=Side.PARTY)
    e_blocked = Encounter(game_map, (a, t, blocker), ruleset="avorkarth")
    blocked = charge_lane(e_blocked, "a", "t", min_tiles=CHARGE_MIN)
    assert not blocked.valid
    assert any("blocked by token B (b)" in r for r in blocked.reasons)
    renamed = Token("b", "C", (4, 0), side=Side.PARTY)
    e_renamed = Encounter(game_map, (a, t, renamed), ruleset="avorkarth")
    renamed_lane = charge_lane(e_renamed, "a", "t", min_tiles=CHARGE_MIN)
    assert any("blocked by token C (b)" in r for r in renamed_lane.reasons)
