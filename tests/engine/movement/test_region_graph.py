"""The movement graph built by region gives the whole-map graph's answers (issue 15, "Big maps":
"the first press on a token at 400×400 tiles ≤ 50 ms (build the movement graph after load
without blocking the window, incrementally, or by region)").

The oracle is the whole-map build as it was before the graph was built by chunk (every step of
every tile at once, from :class:`StepBlocks` over the whole map), kept here verbatim; the graph
under test is cut into chunks of 5 tiles, so random 7–17-tile maps have many chunk borders.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter, GameMap, MapObject, Side, Size, Token, Wall, WallKind
from vantage.engine.movement import (
    DiagonalPolicy,
    MovementGraph,
    MovementRules,
    movement_graph,
    reachable_tiles,
)
from vantage.engine.movement import (
    search as search_module,
)
from vantage.engine.movement.walls import DIAGONAL, DIRECTIONS, StepBlocks
from vantage.engine.protocol.gm_commands import PaintTerrain, Place, SetDoor
from vantage.engine.rules.asking import ask_reachable
from vantage.engine.rules.avorkarth.movement_rules import avorkarth_terrain_allowance
from vantage.engine.rules.avorkarth.statblock import DEFAULT_ABILITIES, stats_dict
from vantage.engine.session import apply
from vantage.engine.terrain import MovementClass

IMPASSABLE = MovementClass.IMPASSABLE.severity
TERRAINS = ["open", "open", "open", "open", "sand", "brush", "quicksand", "chasm"]
SMALL_CHUNK = 5


# -- the oracle: the whole-map build ---------------------------------------------------------
def _block_reduce(
    values: Sequence[int], w: int, size: int, combine: str, height: int | None = None
) -> list[int]:
    n = len(values)
    height = size if height is None else height
    rows = list(values)
    for k in range(1, size):
        shifted = values[k:]
        if combine == "and":
            rows[: n - k] = [a & b for a, b in zip(rows, shifted, strict=False)]
        else:
            rows[: n - k] = [max(a, b) for a, b in zip(rows, shifted, strict=False)]
    out = list(rows)
    for k in range(1, height):
        shifted = rows[k * w:]
        if combine == "and":
            out[: n - k * w] = [a & b for a, b in zip(out, shifted, strict=False)]
        else:
            out[: n - k * w] = [max(a, b) for a, b in zip(out, shifted, strict=False)]
    return out


def whole_map(game_map: GameMap, size: int) -> tuple[list[int], list[int], list[int]]:
    """(fits, classes, moves) of the whole map at once, as the graph was built before chunks."""
    w, h = game_map.width, game_map.height
    severity = {kid: kind.movement.severity for kid, kind in game_map.terrain_kinds.items()}
    tile_class = [severity[k] for k in game_map.terrain]
    blocks = StepBlocks(game_map)
    passable = [
        1 if c != IMPASSABLE and i not in blocks.object_tiles else 0 for i, c in enumerate(tile_class)
    ]
    masks = [0] * (w * h)
    for i in range(w * h):
        x, y = i % w, i // w
        for d, (dx, dy) in enumerate(DIRECTIONS):
            if 0 <= x + dx < w and 0 <= y + dy < h and passable[i + dx + dy * w]:
                masks[i] |= 1 << d
    for i, d in (*blocks.wall_orthogonal, *blocks.wall_diagonal, *blocks.object_steps):
        masks[i] &= ~(1 << d)
    for i in range(w * h):
        for d in DIAGONAL:
            if not masks[i] >> d & 1:
                continue
            dx, dy = DIRECTIONS[d]
            ddx, ddy = (2 if dx > 0 else 6), (4 if dy > 0 else 0)
            round_x = blocks.orthogonal_open(i, ddx) and blocks.orthogonal_open(i + dx, ddy)
            round_y = blocks.orthogonal_open(i, ddy) and blocks.orthogonal_open(i + dy * w, ddx)
            if not (round_x or round_y):
                masks[i] &= ~(1 << d)
    fit = [0] * (w * h)
    if size == 1:
        fit = list(passable)
    else:
        passable_block = _block_reduce(passable, w, size, "and")
        east = _block_reduce([m >> 2 & 1 for m in masks], w, size - 1, "and", height=size)
        south = _block_reduce([m >> 4 & 1 for m in masks], w, size, "and", height=size - 1)
        for y in range(h - size + 1):
            for x in range(w - size + 1):
                i = y * w + x
                fit[i] = 1 if passable_block[i] and east[i] and south[i] else 0
    classes = _block_reduce(tile_class, w, size, "max") if size > 1 else tile_class
    step_and = _block_reduce(masks, w, size, "and") if size > 1 else masks
    moves = [m if ok else 0 for m, ok in zip(step_and, fit, strict=True)]
    if size > 1:
        offsets = [dx + dy * w for dx, dy in DIRECTIONS]
        for d, o in enumerate(offsets):
            moves = [m & ~(1 << d) if m >> d & 1 and not fit[i + o] else m for i, m in enumerate(moves)]
    return fit, classes, moves


# -- random maps ---------------------------------------------------------------------------
@st.composite
def maps(draw: st.DrawFn) -> GameMap:
    w, h = draw(st.integers(7, 17)), draw(st.integers(7, 17))
    terrain = tuple(draw(st.lists(st.sampled_from(TERRAINS), min_size=w * h, max_size=w * h)))
    kinds = [WallKind.WALL, WallKind.WALL, WallKind.DOOR_CLOSED, WallKind.DOOR_OPEN, WallKind.WINDOW]
    walls = []
    for _ in range(draw(st.integers(0, 14))):
        kind = draw(st.sampled_from(kinds))
        if draw(st.integers(0, 3)) == 0:  # a wall off the grid: any angle, half tiles
            a = (draw(st.integers(0, 2 * w)) / 2, draw(st.integers(0, 2 * h)) / 2)
            b = (draw(st.integers(0, 2 * w)) / 2, draw(st.integers(0, 2 * h)) / 2)
            if a != b:
                walls.append(Wall(a, b, kind))
            continue
        x, y, length = draw(st.integers(0, w)), draw(st.integers(0, h)), draw(st.integers(1, 8))
        if draw(st.booleans()):
            walls.append(Wall((float(x), float(y)), (float(min(w, x + length)), float(y)), kind))
        else:
            walls.append(Wall((float(x), float(y)), (float(x), float(min(h, y + length))), kind))
    walls = [wall for wall in walls if wall.a != wall.b]
    objects = []
    for k in range(draw(st.integers(0, 2))):
        x, y = draw(st.integers(0, w - 2)), draw(st.integers(0, h - 2))
        ww, hh = draw(st.sampled_from([0.7, 1.6, 2.4])), draw(st.sampled_from([0.7, 1.6]))
        x0, y0, x1, y1 = x + 0.2, y + 0.2, x + 0.2 + ww, y + 0.2 + hh
        outline = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        objects.append(MapObject(f"o{k}", outline, name=f"Crate {k}"))
    return GameMap(w, h, terrain=terrain, walls=tuple(walls), objects=tuple(objects))


SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow  # 100 generated maps, each searched whole and by region: 5 to 9 s
@SETTINGS
@given(maps(), st.sampled_from([1, 2, 3, 4]), st.randoms(use_true_random=False))
def test_the_graph_built_by_chunk_is_the_whole_map_graph(game_map, size, rng):
    """Every position's fit, class and steps equal the whole-map build, whatever order the
    chunks are built in (a search reaches them in any order), and so does the rest of the map
    built in one go after a few chunks."""
    by_chunk = MovementGraph(game_map, chunk=SMALL_CHUNK, whole_map_after=10**6)  # chunk by chunk only
    w, h = game_map.width, game_map.height
    positions = list(range(w * h))
    rng.shuffle(positions)
    for i in positions:
        by_chunk.prepare_at(size, i)
    assert by_chunk.built_chunks(size) == by_chunk.chunk_count
    at_once = MovementGraph(game_map, chunk=SMALL_CHUNK)
    rng.shuffle(positions)
    for i in positions[:3]:
        at_once.prepare_at(size, i)
    at_once.prepare_all(size)
    fit, classes, moves = whole_map(game_map, size)
    valid = [i for i in range(w * h) if i % w <= w - size and i // w <= h - size]
    for graph in (by_chunk, at_once):
        built_moves, built_fits, built_classes, ready = graph.lazy_arrays(size)
        assert all(ready[i] for i in range(w * h))
        assert [built_fits[i] for i in valid] == [fit[i] for i in valid]
        assert [built_moves[i] for i in valid] == [moves[i] for i in valid]
        assert [built_classes[i] for i in valid] == [classes[i] for i in valid]


@st.composite
def encounters(draw: st.DrawFn) -> Encounter:
    game_map = draw(maps())
    size = draw(st.sampled_from([Size.MEDIUM, Size.MEDIUM, Size.LARGE, Size.HUGE]))
    n = size.footprint
    start = (draw(st.integers(0, game_map.width - n)), draw(st.integers(0, game_map.height - n)))
    mover = Token("m", "Mover", start, Side.PARTY, size)
    tokens = [mover]
    for k in range(draw(st.integers(0, 5))):
        pos = (draw(st.integers(0, game_map.width - 1)), draw(st.integers(0, game_map.height - 1)))
        if pos not in mover.footprint_tiles():
            side = draw(st.sampled_from([Side.PARTY, Side.ENEMY, Side.NEUTRAL]))
            tokens.append(Token(f"t{k}", f"T{k}", pos, side))
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth")


rules_strategy = st.builds(
    lambda diagonal, avorkarth, retreat: MovementRules(
        diagonal=diagonal, allowance_for_worst=avorkarth_terrain_allowance if avorkarth else None,
        locked_must_retreat=retreat,
    ),
    st.sampled_from(list(DiagonalPolicy)), st.booleans(), st.booleans(),
)


@pytest.mark.slow  # 100 generated maps, each searched whole and by region: 5 to 9 s
@SETTINGS
@given(encounters(), rules_strategy, st.integers(0, 9))
def test_a_search_on_the_graph_built_by_region_answers_as_on_the_whole_map(e, rules, allowance):
    """The reachable set, the cost and path to every tile and the reason for every other tile
    are the same on a fresh graph the search builds chunk by chunk as on a fully built one."""
    whole = MovementGraph(e.map, chunk=SMALL_CHUNK)
    n = e.token("m").footprint
    whole.prepare_all(n)
    whole.prepare_all(1)
    region = MovementGraph(e.map, chunk=SMALL_CHUNK, whole_map_after=10**6)
    by_region = reachable_tiles(e, "m", allowance, rules, graph=region)
    full = reachable_tiles(e, "m", allowance, rules, graph=whole)
    assert dict(by_region.tiles) == dict(full.tiles)
    for tile in full.tiles:
        assert by_region.path_to(tile) == full.path_to(tile)
    for y in range(e.map.height):
        for x in range(e.map.width):
            if (x, y) not in full.tiles:
                assert by_region.why_not((x, y)) == full.why_not((x, y)), (x, y)


# -- what a press builds, and what a change rebuilds -----------------------------------------
PLAIN = MovementRules()


def test_a_search_within_an_allowance_builds_only_the_chunks_round_the_token():
    """"the first press on a token at 400×400 tiles … (build the movement graph … by region)":
    a reachable set within 6 tiles reads the chunks within 6 tiles of the token, not the map."""
    e = Encounter(GameMap(400, 400), (Token("m", "Mover", (200, 200), Side.PARTY),), ruleset="avorkarth")
    graph = movement_graph(e.map)
    found = reachable_tiles(e, "m", 6, PLAIN)
    assert found.cost((206, 206)) == 6 and found.cost((207, 200)) is None
    assert graph.chunk_count == 625
    assert graph.built_chunks(1) <= 4  # (194…206)² lies in the chunks of tiles 192…207
    assert graph.built_chunks(2) == 0  # no large footprint was asked about


def test_an_unbounded_question_builds_what_it_floods_and_no_more_than_needed_once():
    """why_not floods without an allowance; what it builds stays built for the next question."""
    e = Encounter(GameMap(64, 64), (Token("m", "Mover", (1, 1), Side.PARTY),), ruleset="avorkarth")
    found = reachable_tiles(e, "m", 3, PLAIN)
    assert found.why_not((60, 60)) == "needs 59 tiles, has 3"
    graph = movement_graph(e.map)
    built = graph.built_chunks(1)
    assert built >= 4  # the A* ran diagonally across the map
    assert found.why_not((60, 59)) == "needs 59 tiles, has 3"
    assert graph.built_chunks(1) >= built


def _walled_room() -> Encounter:
    """A 40 × 20 map parted at x = 20 by a wall with a closed door at y = 10…11."""
    door = Wall((20.0, 10.0), (20.0, 11.0), WallKind.DOOR_CLOSED)
    walls = (Wall((20.0, 0.0), (20.0, 10.0)), door, Wall((20.0, 11.0), (20.0, 20.0)))
    return Encounter(GameMap(40, 20, walls=walls), (Token("m", "Mover", (17, 10), Side.PARTY),),
                     ruleset="avorkarth")


def test_a_door_opened_after_the_first_press_lets_the_path_through():
    """"the graph is updated when terrain, walls, doors or tokens change": the graph of the map
    before the door opened answers the first press; the opened door's map gets its own graph."""
    e = _walled_room()
    before = reachable_tiles(e, "m", 8, PLAIN)
    assert (22, 10) not in before
    assert before.why_not((22, 10)) == "a closed door in the way (20, 10)–(20, 11)"
    opened, _ = apply(e, SetDoor((20.0, 10.0), (20.0, 11.0), True), NoDice())
    after = reachable_tiles(opened, "m", 8, PLAIN)
    assert movement_graph(opened.map) is not movement_graph(e.map)
    assert after.cost((22, 10)) == 5
    assert after.path_to((22, 10)).tiles == ((17, 10), (18, 10), (19, 10), (20, 10), (21, 10), (22, 10))


def test_terrain_painted_and_a_token_placed_after_the_first_press_change_the_answer():
    e, _ = apply(_walled_room(), SetDoor((20.0, 10.0), (20.0, 11.0), True), NoDice())
    assert reachable_tiles(e, "m", 8, PLAIN).cost((22, 10)) == 5
    # a chasm beyond the doorway, and beside it where a diagonal passes the ends of the wall
    chasm, _ = apply(e, PaintTerrain(((20, 9), (20, 10), (20, 11)), "chasm"), NoDice())
    assert (22, 10) not in reachable_tiles(chasm, "m", 8, PLAIN)
    e = e.with_token(Token("g", "Ghoul", (30, 5), Side.ENEMY))
    blocked, _ = apply(e, Place(token="g", tile=(20, 10)), NoDice())
    found = reachable_tiles(blocked, "m", 8, PLAIN)
    assert (20, 10) not in found and found.why_not((20, 10)) == "enemy Ghoul blocks"
    assert (20, 10) not in found.path_to((22, 10)).tiles  # round the Ghoul, past the wall's end


def test_the_reachable_query_answers_a_second_press_on_the_same_encounter_from_the_first():
    """A press asks twice (the drag and the reachable tint): the same encounter value and token
    get the same answer; a moved token (a new encounter value) is searched anew."""
    stats = stats_dict(6, abilities=dict.fromkeys(DEFAULT_ABILITIES, 5), movement=12)
    mover = Token("m", "Mover", (5, 5), Side.PARTY, stats=stats)
    e = Encounter(GameMap(30, 30), (mover,), ruleset="avorkarth")
    first = ask_reachable(e, "m")
    assert ask_reachable(e, "m") is first
    moved, _ = apply(e, Place(token="m", tile=(20, 20)), NoDice())
    again = ask_reachable(moved, "m")
    assert again is not first
    assert again.cost((20, 20)) == 0 and first.cost((5, 5)) == 0


@st.composite
def rooms(draw: st.DrawFn) -> Encounter:
    """A random encounter with a closed room or two drawn on it (walls round a rectangle, maybe a
    closed door or a window in them), so that some goals are walled off."""
    e = draw(encounters())
    w, h = e.map.width, e.map.height
    walls = list(e.map.walls)
    for _ in range(draw(st.integers(1, 2))):
        x0, y0 = draw(st.integers(0, w - 2)), draw(st.integers(0, h - 2))
        x1, y1 = draw(st.integers(x0 + 1, min(w, x0 + 5))), draw(st.integers(y0 + 1, min(h, y0 + 5)))
        kind = draw(st.sampled_from([WallKind.WALL, WallKind.DOOR_CLOSED, WallKind.WINDOW]))
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for k, (a, b) in enumerate(zip(corners, corners[1:] + corners[:1], strict=True)):
            side = kind if k == 0 else WallKind.WALL
            walls.append(Wall((float(a[0]), float(a[1])), (float(b[0]), float(b[1])), side))
    return Encounter(replace(e.map, walls=tuple(walls)), e.tokens, ruleset="avorkarth")


@pytest.mark.slow  # 100 generated maps, each searched whole and by region: 5 to 9 s
@SETTINGS
@given(rooms(), rules_strategy, st.integers(0, 6))
def test_the_walled_off_shortcut_gives_the_reasons_of_the_searches(e, rules, allowance):
    """``why_not`` skips its two searches when the goal lies in a small walled-off part of the
    map; the reason for every tile is the one the searches give."""
    with_shortcut = reachable_tiles(e, "m", allowance, rules)
    reasons = {
        (x, y): with_shortcut.why_not((x, y)) for y in range(e.map.height) for x in range(e.map.width)
    }
    limit = search_module.WALLED_OFF_LIMIT
    search_module.WALLED_OFF_LIMIT = 0
    try:
        searched = reachable_tiles(e, "m", allowance, rules)
        assert {tile: searched.why_not(tile) for tile in reasons} == reasons
    finally:
        search_module.WALLED_OFF_LIMIT = limit
