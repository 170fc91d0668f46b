"""Paths prefer straight lines among equal costs (issue 16, item 9).

Issue 16: "Paths prefer straight lines among equal costs (no zig-zags)". With every step costing
the same, many paths share the cheapest cost; the one returned has the fewest changes of direction.
"""

import pytest

from vantage.engine.model import Encounter, GameMap, Token, Wall
from vantage.engine.movement import DiagonalPolicy, MovementRules, find_path, reachable_tiles

RULES = [MovementRules(diagonal=policy) for policy in DiagonalPolicy]


def turns(tiles):
    steps = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(tiles, tiles[1:], strict=False)]
    return sum(1 for s, t in zip(steps, steps[1:], strict=False) if s != t)


def open_ground(start, walls=()):
    return Encounter(GameMap(15, 15, walls=tuple(walls)), (Token("t", "Bram", start),), ruleset="avorkarth")


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.diagonal.name)
@pytest.mark.parametrize("goal", [(7, 12), (12, 7), (7, 2), (2, 7), (12, 12), (2, 2), (12, 2), (2, 12)])
def test_a_goal_in_line_is_reached_in_a_straight_line(rules, goal):
    enc = open_ground((7, 7))
    for path in (find_path(enc, "t", goal, 20, rules), reachable_tiles(enc, "t", 20, rules).path_to(goal)):
        assert turns(path.tiles) == 0, path.tiles


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.diagonal.name)
@pytest.mark.parametrize("goal", [(12, 9), (9, 12), (3, 4), (11, 1), (8, 13)])
def test_a_goal_off_the_lines_is_reached_with_one_bend(rules, goal):
    """Diagonals and straight steps, each run in one piece: one bend, never a zig-zag."""
    enc = open_ground((7, 7))
    reach = reachable_tiles(enc, "t", 20, rules)
    for path in (find_path(enc, "t", goal, 20, rules), reach.path_to(goal)):
        assert path.cost == reach.cost(goal)
        assert turns(path.tiles) == 1, path.tiles


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.diagonal.name)
def test_every_path_on_open_ground_has_at_most_one_bend(rules):
    enc = open_ground((7, 7))
    reach = reachable_tiles(enc, "t", 7, rules)
    assert all(turns(reach.path_to(tile).tiles) <= 1 for tile in reach.tiles)


def test_round_a_wall_the_path_still_keeps_its_bends_few():
    """A wall across the way: going round it needs bends, but no more than the way round needs."""
    enc = open_ground((7, 10), walls=[Wall((4.0, 7.0), (11.0, 7.0))])
    path = find_path(enc, "t", (7, 3), 30, MovementRules())
    assert path.cost == 8
    assert turns(path.tiles) <= 2, path.tiles
