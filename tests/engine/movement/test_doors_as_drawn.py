"""Walls, doors and windows off the tile edges block and open exactly as drawn (issue 16, item 11).

Issue 16: "Walls, doors and windows that are not aligned with tile edges must block and open
exactly as drawn; test with UVTT doors at grid corners, diagonals and half-tile offsets." The maps
are small Universal VTT files in ``tests/fixtures/uvtt_doors/`` read by the real importer.
"""

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.editing import nearest_door, toggle_door
from vantage.engine.importers.uvtt import import_uvtt_file
from vantage.engine.model import Encounter, GameMap, Size, Token, Wall, WallKind
from vantage.engine.movement import MovementRules, check_path, find_path, reachable_tiles
from vantage.engine.movement.graph import MovementGraph
from vantage.engine.movement.walls import DIRECTIONS
from vantage.engine.protocol.errors import CommandRejected

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt_doors"
PLAIN = MovementRules()


def imported(name: str, at: tuple[int, int]) -> Encounter:
    encounter = import_uvtt_file(FIXTURES / name, ruleset="avorkarth").encounter
    return replace(encounter, tokens=(Token("t", "Bram", at),))


def opened(encounter: Encounter, point: tuple[float, float]) -> Encounter:
    index = nearest_door(encounter.map, point)
    assert index is not None
    return replace(encounter, map=toggle_door(encounter.map, index))


def far_side(encounter: Encounter) -> set[tuple[int, int]]:
    return set(reachable_tiles(encounter, "t", 100, PLAIN).tiles)


# -- a door across a grid corner (the Dungeondraft map of the walkthrough) ----------------------

def test_a_closed_door_across_a_grid_corner_keeps_the_rooms_apart_and_is_named():
    """"a closed door is reported as a door, not 'wall in the way'" (issue 16, item 9)."""
    enc = imported("corner-door.uvtt", (5, 1))
    assert not any(x < 5 for x, _ in far_side(enc))
    with pytest.raises(CommandRejected) as refused:
        check_path(enc, "t", [(5, 1), (4, 1)], 5, PLAIN)
    assert str(refused.value) == "step 1 from (5, 1) to (4, 1): a closed door in the way (5, 1.5)–(5, 2.5)"
    with pytest.raises(CommandRejected) as refused:
        find_path(enc, "t", (2, 2), 20, PLAIN)
    assert str(refused.value) == "a closed door in the way (5, 1.5)–(5, 2.5)"


def test_an_open_door_across_a_grid_corner_lets_tokens_through_both_rows_it_covers():
    """The door covers half of the edges of rows 1 and 2: open, a token passes beside either
    half and diagonally through the corner; the wall beyond its ends still blocks."""
    enc = opened(imported("corner-door.uvtt", (5, 1)), (5.0, 2.0))
    for a, b in [((5, 1), (4, 1)), ((5, 2), (4, 2)), ((5, 1), (4, 2)), ((5, 2), (4, 1))]:
        start = replace(enc, tokens=(Token("t", "Bram", a),))
        assert check_path(start, "t", [a, b], 5, PLAIN).cost == 1
    for a, b in [((5, 0), (4, 0)), ((5, 3), (4, 3)), ((5, 0), (4, 1)), ((5, 3), (4, 2))]:
        start = replace(enc, tokens=(Token("t", "Bram", a),))
        with pytest.raises(CommandRejected, match="wall in the way"):
            check_path(start, "t", [a, b], 5, PLAIN)
    assert find_path(enc, "t", (2, 2), 20, PLAIN).cost == 3


# -- a door on a diagonal wall ----------------------------------------------------------------

def test_a_door_on_a_diagonal_wall_blocks_when_closed_and_opens_when_open():
    enc = imported("diagonal-door.uvtt", (1, 1))
    assert far_side(enc) == {(x, y) for x in range(8) for y in range(8) if x + y < 7}
    with pytest.raises(CommandRejected, match=r"a closed door in the way \(3, 5\)–\(4, 4\)"):
        find_path(enc, "t", (5, 5), 20, PLAIN)
    path = find_path(opened(enc, (3.5, 4.5)), "t", (5, 5), 20, PLAIN)
    # the one step from the near side (centre x + y < 8) to the far side goes through the door
    (a, b), = [(a, b) for a, b in zip(path.tiles, path.tiles[1:], strict=False)
               if a[0] + a[1] + 1 < 8 <= b[0] + b[1] + 1]
    t = (8 - (a[0] + a[1] + 1)) / ((b[0] + b[1]) - (a[0] + a[1]))
    assert 3 <= a[0] + 0.5 + t * (b[0] - a[0]) <= 4


def test_tiles_cut_by_a_diagonal_wall_stand_on_one_side_of_it():
    """A centre exactly on a wall stands just east of it: (3, 4) on x + y = 8 is on the far side."""
    enc = imported("diagonal-door.uvtt", (1, 1))
    for tile in [(3, 4), (4, 3), (0, 7), (7, 0)]:
        assert tile not in far_side(enc)


# -- a door half a tile off the grid ----------------------------------------------------------

def test_a_door_half_a_tile_off_the_grid_blocks_when_closed_and_opens_when_open():
    enc = imported("half-offset-door.uvtt", (3, 0))
    assert far_side(enc) == {(x, y) for x in range(8) for y in range(2)}
    with pytest.raises(CommandRejected, match=r"a closed door in the way \(3, 2.5\)–\(4, 2.5\)"):
        find_path(enc, "t", (3, 4), 20, PLAIN)
    open_enc = opened(enc, (3.5, 2.5))
    assert far_side(open_enc) == {(x, y) for x in range(8) for y in range(6)}
    path = find_path(open_enc, "t", (3, 4), 20, PLAIN)
    assert path.tiles == ((3, 0), (3, 1), (3, 2), (3, 3), (3, 4))
    # beside the door the wall still stands: row 2 counts as south of it
    with pytest.raises(CommandRejected, match="wall in the way"):
        check_path(replace(open_enc, tokens=(Token("t", "Bram", (1, 1)),)), "t", [(1, 1), (1, 2)], 5, PLAIN)


def test_a_window_half_a_tile_off_the_grid_blocks_and_is_named():
    enc = imported("offset-window.uvtt", (2, 2))
    assert any(w.kind is WallKind.WINDOW for w in enc.map.walls)
    assert far_side(enc) == {(x, y) for x in range(4) for y in range(6)}  # x = 4 stands east of it
    with pytest.raises(CommandRejected, match=r"a window in the way \(4.5, 2\)–\(4.5, 3\)"):
        find_path(enc, "t", (6, 2), 20, PLAIN)


# -- the rule as a property: a wall drawn across the map is never crossed ----------------------

coordinate = st.one_of(
    st.integers(0, 16).map(lambda v: v / 2),  # grid lines, half tiles and tile centres
    st.floats(0, 8, allow_nan=False),
)


def _side(p: tuple[float, float], line: list[tuple[float, float]]) -> int:
    """1 south of the x-monotone polyline, 0 north; a point on it stands just east of it."""
    for (ax, ay), (bx, by) in zip(line, line[1:], strict=False):
        if ax <= p[0] < bx:
            slope = (by - ay) / (bx - ax)
            y = ay + slope * (p[0] - ax)
            if abs(p[1] - y) <= 1e-9:
                return 1 if slope <= 0 else 0
            return 1 if p[1] > y else 0
    raise AssertionError("the line spans the map")


@settings(max_examples=200, deadline=None)
@given(st.lists(coordinate, min_size=1, max_size=4), st.lists(coordinate, min_size=3, max_size=6),
       st.booleans())
@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_no_step_crosses_a_wall_drawn_right_across_the_map(xs, ys, split):
    """However the wall is drawn (corners, centres, half tiles, any angle), every step the graph
    allows keeps to one side of it."""
    inner = sorted({x for x in xs if 0 < x < 8})
    points = [0.0, *inner, 8.0]
    line = [(x, ys[k % len(ys)]) for k, x in enumerate(points)]
    segments = [Wall(a, b) for a, b in zip(line, line[1:], strict=False)]
    if split:  # the same wall cut into pieces at its midpoints, as map makers draw
        segments = [piece for wall in segments for piece in (
            Wall(wall.a, ((wall.a[0] + wall.b[0]) / 2, (wall.a[1] + wall.b[1]) / 2)),
            Wall(((wall.a[0] + wall.b[0]) / 2, (wall.a[1] + wall.b[1]) / 2), wall.b))]
    graph = MovementGraph(GameMap(8, 8, walls=tuple(segments)))
    moves = graph.moves(1)
    for i, mask in enumerate(moves):
        x, y = graph.tile(i)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            if mask >> d & 1:
                assert _side((x + 0.5, y + 0.5), line) == _side((x + dx + 0.5, y + dy + 0.5), line), (
                    (x, y), (x + dx, y + dy))


def test_a_step_past_the_end_of_a_free_wall_is_not_blocked():
    """As for walls on tile edges: stepping past the end of a single wall is allowed."""
    graph = MovementGraph(GameMap(6, 6, walls=(Wall((2.5, 0.0), (2.5, 2.5)),)))
    assert graph.can_step((2, 2), (3, 2))  # along y = 2.5, past the wall's end
    assert graph.can_step((1, 2), (2, 2))  # onto the wall's end
    assert graph.can_step((2, 2), (1, 1))
    assert not graph.can_step((1, 1), (2, 1))  # (2, 1) stands just east of the wall
    assert graph.can_step((2, 1), (3, 1))


def test_the_way_through_an_open_corner_door_runs_straight():
    """"Paths prefer straight lines among equal costs": diagonally through the door's middle,
    then straight on — one bend, not the equal-cost zig-zag along the wall."""
    enc = opened(imported("corner-door.uvtt", (7, 4)), (5.0, 2.0))
    path = find_path(enc, "t", (1, 1), 6, PLAIN)
    assert path.tiles == ((7, 4), (6, 3), (5, 2), (4, 1), (3, 1), (2, 1), (1, 1))
    assert reachable_tiles(enc, "t", 6, PLAIN).path_to((1, 1)).tiles == path.tiles


free_walls = st.lists(
    st.builds(lambda a, b, c, d: Wall((a, b), (c, d)), coordinate, coordinate, coordinate, coordinate)
    .filter(lambda w: w.a != w.b),
    max_size=6,
)


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=150, deadline=None)
@given(free_walls)
def test_walls_anywhere_block_a_step_both_ways_or_neither(walls):
    """A wall drawn anywhere stops a step from A to B exactly when it stops the step from B to A."""
    graph = MovementGraph(GameMap(8, 8, walls=tuple(walls)))
    for i, mask in enumerate(graph.moves(1)):
        x, y = graph.tile(i)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            b = (x + dx, y + dy)
            if graph.in_bounds(b):
                assert bool(mask >> d & 1) == graph.can_step(b, (x, y)), ((x, y), b)



def test_a_large_token_passes_where_each_of_its_rows_centre_lines_does():
    """A footprint steps when every one of its tiles may: through the open corner door, one tile
    wide, a 2 × 2 token passes with its two rows' centre lines along the door's two ends; on a
    tile edge the same door is too narrow for it (its second row meets the wall)."""
    enc = opened(imported("corner-door.uvtt", (7, 1)), (5.0, 2.0))
    large = replace(enc, tokens=(replace(enc.tokens[0], size=Size.LARGE),))
    assert (2, 1) in far_side(large)
    aligned = replace(large, map=replace(large.map, walls=(
        Wall((5.0, 0.0), (5.0, 1.0)), Wall((5.0, 1.0), (5.0, 2.0), WallKind.DOOR_OPEN),
        Wall((5.0, 2.0), (5.0, 6.0)))))
    assert not any(x < 5 for x, _ in far_side(aligned))
