"""Reach, adjacency and locking between footprints."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry import (
    are_enemies,
    elevation_difference,
    enemies_in_reach,
    fall_height,
    footprint_distance,
    ground_under,
    height_of,
    locked_pairs,
    within_reach,
)
from vantage.engine.model import Encounter, GameMap, Side, Size, Token


def tok(tid, pos, side=Side.PARTY, size=Size.MEDIUM, elevation=0.0):
    return Token(tid, tid, pos, side=side, size=size, elevation=elevation)


@pytest.mark.parametrize(
    ("a_pos", "a_size", "b_pos", "b_size", "expected"),
    [
        ((5, 5), Size.MEDIUM, (5, 5), Size.MEDIUM, 0),  # same tile
        ((5, 5), Size.MEDIUM, (6, 5), Size.MEDIUM, 1),  # side by side
        ((5, 5), Size.MEDIUM, (6, 6), Size.MEDIUM, 1),  # diagonal
        ((5, 5), Size.MEDIUM, (7, 5), Size.MEDIUM, 2),  # one tile between
        ((5, 5), Size.MEDIUM, (8, 7), Size.MEDIUM, 3),  # Chebyshev: max(3, 2)
        ((5, 5), Size.LARGE, (7, 6), Size.MEDIUM, 1),  # large covers 5..6; 7 touches
        ((5, 5), Size.LARGE, (4, 4), Size.MEDIUM, 1),  # diagonal to top-left corner
        ((5, 5), Size.HUGE, (6, 6), Size.MEDIUM, 0),  # inside the huge footprint
        ((0, 0), Size.GARGANTUAN, (6, 1), Size.LARGE, 3),  # 0..3 vs 6..7
        ((6, 1), Size.LARGE, (0, 0), Size.GARGANTUAN, 3),
    ],
)
def test_footprint_distance_table(a_pos, a_size, b_pos, b_size, expected):
    assert footprint_distance(tok("a", a_pos, size=a_size), tok("b", b_pos, size=b_size)) == expected


sizes = st.sampled_from(list(Size))
tiles = st.tuples(st.integers(0, 30), st.integers(0, 30))


@settings(max_examples=150, deadline=None)
@given(tiles, sizes, tiles, sizes)
def test_distance_is_symmetric_and_matches_brute_force(pa, sa, pb, sb):
    a, b = tok("a", pa, size=sa), tok("b", pb, size=sb)
    brute = min(
        max(abs(x1 - x2), abs(y1 - y2))
        for (x1, y1) in a.footprint_tiles()
        for (x2, y2) in b.footprint_tiles()
    )
    assert footprint_distance(a, b) == footprint_distance(b, a) == brute


def test_within_reach_counts_adjacent_and_not_beyond():
    a = tok("a", (2, 2))
    assert within_reach(a, tok("b", (3, 3)), 1)
    assert not within_reach(a, tok("b", (4, 3)), 1)
    assert within_reach(a, tok("b", (4, 3)), 2)


def test_elevation_above_threshold_adds_tiles():
    game_map = GameMap(10, 10).with_elevation({(3, 2): 10.0})
    a = tok("a", (2, 2))
    b = tok("b", (3, 2))  # adjacent, but standing 10 ft higher
    assert within_reach(a, b, 1)  # elevation ignored without a threshold
    # 10 ft difference, threshold 5 ft: 5 ft excess -> +1 tile -> distance 2
    assert not within_reach(a, b, 1, game_map=game_map, vertical_threshold_ft=5.0)
    assert within_reach(a, b, 2, game_map=game_map, vertical_threshold_ft=5.0)
    # a threshold equal to the difference adds nothing
    assert within_reach(a, b, 1, game_map=game_map, vertical_threshold_ft=10.0)
    # a flying token counts its own elevation: 11 ft over a 5 ft threshold -> ceil(6/5) = 2 tiles
    flyer = tok("f", (3, 3), elevation=11.0)
    assert not within_reach(a, flyer, 2, game_map=game_map, vertical_threshold_ft=5.0)
    assert within_reach(a, flyer, 3, game_map=game_map, vertical_threshold_ft=5.0)


def test_sides_enemies():
    p, e, n = tok("p", (0, 0)), tok("e", (0, 0), Side.ENEMY), tok("n", (0, 0), Side.NEUTRAL)
    assert are_enemies(p, e) and are_enemies(e, p)
    assert not are_enemies(p, tok("p2", (0, 0)))
    assert not are_enemies(e, tok("e2", (0, 0), Side.ENEMY))
    assert not are_enemies(p, n) and not are_enemies(e, n)


def test_locked_within_one_tile():
    """Avorkarth: "Whenever a character is within a tile's distance, they are considered locked"."""
    enc = Encounter(
        GameMap(20, 20),
        (
            tok("hero", (5, 5)),
            tok("ghoul", (6, 6), Side.ENEMY),  # diagonal: locked
            tok("archer", (10, 5)),
            tok("orc", (12, 5), Side.ENEMY),  # two tiles from archer: not locked
            tok("ally", (5, 6)),  # same side as hero: never locked with hero
            tok("cat", (4, 4), Side.NEUTRAL),  # neutral: never locks
        ), ruleset="avorkarth",
    )
    assert locked_pairs(enc) == frozenset({frozenset({"hero", "ghoul"}), frozenset({"ally", "ghoul"})})


def test_locked_needs_each_others_reach():
    enc = Encounter(GameMap(20, 20), (tok("spear", (5, 5)), tok("orc", (7, 5), Side.ENEMY)),
                    ruleset="avorkarth")
    reaches = {"spear": 2, "orc": 1}
    assert locked_pairs(enc, lambda t: reaches[t.id]) == frozenset()
    assert locked_pairs(enc, lambda t: 2) == frozenset({frozenset({"spear", "orc"})})


def test_enemies_in_reach_nearest_first():
    enc = Encounter(
        GameMap(20, 20),
        (
            tok("hero", (5, 5)),
            tok("far", (7, 5), Side.ENEMY),
            tok("near", (6, 5), Side.ENEMY),
            tok("friend", (4, 5)),
            tok("out", (9, 5), Side.ENEMY),
        ), ruleset="avorkarth",
    )
    assert enemies_in_reach(enc, "hero", lambda t: 2) == ("near", "far")
    assert enemies_in_reach(enc, "hero") == ("near",)


def test_height_and_fall():
    game_map = GameMap(10, 10).with_elevation({(1, 0): 15.0, (2, 0): 5.0})
    big = tok("big", (0, 0), size=Size.LARGE, elevation=2.0)  # covers (1, 0): stands on 15 ft
    assert height_of(game_map, big) == 17.0
    enc = Encounter(game_map, (big, tok("low", (5, 5))), ruleset="avorkarth")
    assert elevation_difference(enc, "big", "low") == 17.0
    assert elevation_difference(enc, "low", "big") == -17.0
    assert fall_height(game_map, (1, 0), (2, 0)) == 10.0
    assert fall_height(game_map, (2, 0), (1, 0)) == 0.0
    assert fall_height(game_map, (3, 3), (4, 4)) == 0.0


def test_ground_under_reads_only_the_tiles_of_the_footprint_on_the_map():
    """Module text: "A token stands on the *highest* ground under its footprint (a large creature
    straddling a ledge stands on the ledge)" — tiles off the map are no ground; none at all is 0."""
    game_map = GameMap(4, 4).with_elevation({(3, 3): 10.0, (2, 3): 20.0, (0, 0): 5.0})
    huge = tok("huge", (2, 2), size=Size.HUGE)  # 3 × 3 from (2, 2): only (2..3, 2..3) are on the map
    assert ground_under(game_map, huge) == 20.0
    assert ground_under(game_map, tok("edge", (3, 3))) == 10.0
    assert ground_under(game_map, tok("corner", (0, 0))) == 5.0
    assert ground_under(game_map, tok("off", (4, 1))) == 0.0
    assert ground_under(game_map, tok("off_large", (-2, -2), size=Size.LARGE)) == 0.0
    assert ground_under(game_map, tok("half_on", (-1, -1), size=Size.LARGE)) == 5.0
