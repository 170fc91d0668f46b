"""The reachable set, paths, path checks and the reasons a move is refused."""

import pytest

from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter, GameMap, Side, Size, Token, Wall
from vantage.engine.movement import (
    DiagonalPolicy,
    MovementRules,
    check_path,
    find_path,
    movement_allowance,
    reachable_tiles,
    reachable_until,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT
from vantage.engine.rules.baton.movement_rules import BATON_MOVEMENT, BATON_SLOWING
from vantage.engine.rules.power_tiers.movement_rules import POWER_TIERS_MOVEMENT
from vantage.engine.rules.shattered_world.movement_rules import SHATTERED_WORLD_MOVEMENT
from vantage.engine.terrain import MovementClass

PLAIN = MovementRules()


def enc(width=10, height=10, tokens=(), walls=(), terrain=None):
    game_map = GameMap(width, height, walls=tuple(walls))
    if terrain:
        game_map = game_map.with_terrain(terrain)
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth")


def tok(tid, pos, side=Side.PARTY, size=Size.MEDIUM, name=None, conditions=()):
    return Token(tid, name or tid, pos, side=side, size=size, conditions=conditions)


def test_open_ground_reachable_set_is_the_chebyshev_square():
    r = reachable_tiles(enc(tokens=[tok("a", (5, 5))]), "a", 2, PLAIN)
    assert set(r.tiles) == {(x, y) for x in range(3, 8) for y in range(3, 8)}
    assert r.cost((5, 5)) == 0
    assert r.cost((7, 3)) == 2
    assert r.cost((8, 5)) is None


# issue: "diagonal cost as a ruleset policy (1, 1.5, or alternating 1-2)"
@pytest.mark.parametrize(
    ("policy", "goal", "cost"),
    [
        (DiagonalPolicy.ONE, (8, 8), 3),
        (DiagonalPolicy.ONE_AND_HALF, (6, 6), 1.5),
        (DiagonalPolicy.ONE_AND_HALF, (7, 7), 3),
        (DiagonalPolicy.ALTERNATING, (6, 6), 1),
        (DiagonalPolicy.ALTERNATING, (7, 7), 3),  # 1 + 2
        (DiagonalPolicy.ALTERNATING, (8, 8), 4),  # 1 + 2 + 1
        (DiagonalPolicy.ALTERNATING, (8, 7), 4),  # two diagonals and one straight step
    ],
)
def test_diagonal_policies(policy, goal, cost):
    r = reachable_tiles(enc(tokens=[tok("a", (5, 5))]), "a", 6, MovementRules(diagonal=policy))
    assert r.cost(goal) == cost
    path = r.path_to(goal)
    assert path.cost == cost


def test_enemies_block_and_allies_can_be_crossed_but_not_ended_on():
    # a corridor one tile high: row 1, walls above and below
    walls = [Wall((0.0, 1.0), (10.0, 1.0)), Wall((0.0, 2.0), (10.0, 2.0))]
    ally = tok("b", (3, 1), name="Bram")
    enemy = tok("g", (6, 1), Side.ENEMY, name="Ghoul")
    e = enc(tokens=[tok("a", (1, 1)), ally, enemy], walls=walls)
    r = reachable_tiles(e, "a", 8, PLAIN)
    assert r.cost((4, 1)) == 3  # through the ally
    assert (3, 1) not in r
    assert r.why_not((3, 1)) == "ally Bram stands there"
    assert r.why_not((6, 1)) == "enemy Ghoul blocks"
    assert r.why_not((7, 1)) == "enemy Ghoul blocks"
    with pytest.raises(CommandRejected, match="enemy Ghoul blocks"):
        r.path_to((8, 1))


@pytest.mark.parametrize(
    ("flags", "through_ally", "end_on_ally", "through_enemy"),
    [
        ({}, True, False, False),
        ({"allies_passable": False}, False, False, False),
        ({"end_on_ally": True}, True, True, False),
        ({"enemies_block": False}, True, False, True),
    ],
)
def test_token_flags_of_the_rules(flags, through_ally, end_on_ally, through_enemy):
    walls = [Wall((0.0, 1.0), (10.0, 1.0)), Wall((0.0, 2.0), (10.0, 2.0))]
    e = enc(tokens=[tok("a", (1, 1)), tok("b", (2, 1)), tok("g", (4, 1), Side.ENEMY)], walls=walls)
    r = reachable_tiles(e, "a", 8, MovementRules(**flags))
    assert ((3, 1) in r) is through_ally
    assert ((2, 1) in r) is end_on_ally
    assert ((5, 1) in r) is (through_ally and through_enemy)
    assert (4, 1) not in r  # never ends on an enemy


def test_neutral_tokens_block():
    walls = [Wall((0.0, 1.0), (10.0, 1.0)), Wall((0.0, 2.0), (10.0, 2.0))]
    e = enc(tokens=[tok("a", (1, 1)), tok("n", (3, 1), Side.NEUTRAL, name="Mule")], walls=walls)
    assert reachable_tiles(e, "a", 8, PLAIN).why_not((5, 1)) == "neutral Mule blocks"


def test_a_closed_room_is_out_of_reach_because_of_the_wall():
    room = [Wall((6.0, 6.0), (9.0, 6.0)), Wall((9.0, 6.0), (9.0, 9.0)),
            Wall((9.0, 9.0), (6.0, 9.0)), Wall((6.0, 9.0), (6.0, 6.0))]
    r = reachable_tiles(enc(tokens=[tok("a", (5, 5))], walls=room), "a", 10, PLAIN)
    assert r.why_not((7, 7)) == "wall in the way"
    assert r.cost((9, 9)) == 7  # round the room, past its corner


def test_impassable_target_and_outside_the_map():
    r = reachable_tiles(enc(tokens=[tok("a", (1, 1))], terrain={(3, 3): "chasm"}), "a", 5, PLAIN)
    assert r.why_not((3, 3)) == "chasm: impassable"
    assert r.why_not((12, 1)) == "outside the map"


def test_over_the_allowance_says_how_much_is_needed():
    r = reachable_tiles(enc(tokens=[tok("a", (0, 0))]), "a", 5, PLAIN)
    assert r.why_not((7, 0)) == "needs 7 tiles, has 5"
    with pytest.raises(CommandRejected, match="needs 7 tiles, has 5"):
        find_path(enc(tokens=[tok("a", (0, 0))]), "a", (7, 0), 5, PLAIN)


# avorkarth: "Tame ... :-2 Movement (Min. 1)" — applied to the whole move once tame terrain is on
# the path; the search keeps (tile, worst class) states, so an open detour of equal length wins.
def test_an_equal_length_detour_around_tame_ground_keeps_the_full_allowance():
    e = enc(12, 3, tokens=[tok("a", (0, 1))], terrain={(2, 1): "sand"})
    r = reachable_tiles(e, "a", 6, AVORKARTH_MOVEMENT)
    assert r.cost((6, 1)) == 6
    path = r.path_to((6, 1))
    assert (2, 1) not in path.tiles
    assert path.allowance.value == 6
    assert r.cost((2, 1)) == 2  # stepping onto the sand itself: 2 ≤ 6 − 2


def test_unavoidable_tame_ground_lowers_the_whole_move_by_two():
    walls = [Wall((0.0, 1.0), (12.0, 1.0)), Wall((0.0, 2.0), (12.0, 2.0))]
    e = enc(12, 3, tokens=[tok("a", (0, 1))], walls=walls, terrain={(2, 1): "sand"})
    r = reachable_tiles(e, "a", 6, AVORKARTH_MOVEMENT)
    assert r.cost((4, 1)) == 4
    assert r.cost((5, 1)) is None
    reason = r.why_not((5, 1))
    assert reason.startswith("needs 5 tiles, has 4")
    assert "tame terrain" in reason


# avorkarth: "Difficult Terrain ... Half or -4 Movement (whichever is worse, Min 1)"
def test_difficult_ground_on_the_path_halves_or_minus_four():
    walls = [Wall((0.0, 1.0), (12.0, 1.0)), Wall((0.0, 2.0), (12.0, 2.0))]
    e = enc(12, 3, tokens=[tok("a", (0, 1))], walls=walls, terrain={(1, 1): "brush"})
    assert max(reachable_tiles(e, "a", 10, AVORKARTH_MOVEMENT).tiles.values()) == 5  # half of 10
    assert max(reachable_tiles(e, "a", 6, AVORKARTH_MOVEMENT).tiles.values()) == 2  # 6 − 4
    assert max(reachable_tiles(e, "a", 2, AVORKARTH_MOVEMENT).tiles.values()) == 1  # min 1


# avorkarth: "Harsh Terrain (Quicksand) : No Movement" — the start tile counts (our default)
def test_a_token_in_quicksand_cannot_move():
    e = enc(tokens=[tok("a", (4, 4))], terrain={(4, 4): "quicksand"})
    r = reachable_tiles(e, "a", 8, AVORKARTH_MOVEMENT)
    assert dict(r.tiles) == {(4, 4): 0}
    assert r.why_not((5, 4)) == "quicksand: no movement"


def test_quicksand_can_never_be_entered():
    e = enc(tokens=[tok("a", (4, 4))], terrain={(5, 4): "quicksand"})
    r = reachable_tiles(e, "a", 8, AVORKARTH_MOVEMENT)
    assert (5, 4) not in r
    assert r.why_not((5, 4)) == "quicksand: no movement"
    assert r.cost((6, 4)) == 2  # around it


def test_the_start_tile_can_be_left_out_of_the_worst_class():
    e = enc(tokens=[tok("a", (4, 4))], terrain={(4, 4): "sand"})
    counting = reachable_tiles(e, "a", 5, AVORKARTH_MOVEMENT)
    ignoring = reachable_tiles(e, "a", 5, MovementRules(
        allowance_for_worst=AVORKARTH_MOVEMENT.allowance_for_worst, start_tile_counts=False))
    assert max(counting.tiles.values()) == 3
    assert max(ignoring.tiles.values()) == 5


def test_per_step_multipliers():
    rules = MovementRules(step_multiplier={c: (2.0 if c is MovementClass.DIFFICULT else 1.0)
                                           for c in MovementClass})
    walls = [Wall((0.0, 1.0), (12.0, 1.0)), Wall((0.0, 2.0), (12.0, 2.0))]
    e = enc(12, 3, tokens=[tok("a", (0, 1))], walls=walls, terrain={(2, 1): "brush", (3, 1): "brush"})
    r = reachable_tiles(e, "a", 6, rules)
    assert r.cost((2, 1)) == 3
    assert r.cost((4, 1)) == 6


def test_a_large_token_goes_round_a_gap_it_cannot_fit_through():
    walls = [Wall((5.0, 0.0), (5.0, 4.0)), Wall((5.0, 5.0), (5.0, 10.0))]  # one-tile gap at y 4..5
    e = enc(tokens=[tok("big", (2, 3), size=Size.LARGE), tok("m", (2, 7))], walls=walls)
    big = reachable_tiles(e, "big", 20, PLAIN)
    assert not any(x >= 5 for x, _ in big.tiles)
    assert big.why_not((6, 3)) == "wall in the way"
    assert reachable_tiles(e, "m", 20, PLAIN).cost((6, 4)) is not None


def test_a_large_token_is_blocked_by_any_overlap_with_an_enemy():
    e = enc(tokens=[tok("big", (2, 2), size=Size.LARGE), tok("g", (5, 3), Side.ENEMY, name="Ghoul")])
    r = reachable_tiles(e, "big", 3, PLAIN)
    assert (4, 2) not in r  # would cover (5, 3)
    assert (4, 3) not in r
    assert (4, 1) in r
    assert r.why_not((4, 2)) == "enemy Ghoul blocks"
    assert (3, 0) in r


# avorkarth: "a character can only do two actions while as such. Attack back, or retreat."
# "Retreating : A creature may retreat out of melee range, but may only use movement actions"
def test_a_locked_token_may_only_retreat_out_of_reach():
    e = enc(tokens=[tok("a", (4, 4)), tok("g", (5, 4), Side.ENEMY, name="Ghoul")])
    r = reachable_tiles(e, "a", 3, AVORKARTH_MOVEMENT)
    assert (4, 5) not in r  # still next to the Ghoul
    assert r.why_not((4, 5)) == "locked: a retreat must end out of the reach of Ghoul"
    path = r.path_to((2, 4))
    assert path.retreat
    assert "retreat" in path.explanation
    assert [ev.kind for ev in path.events if ev.kind == "leaves_reach"] == ["leaves_reach"]


@pytest.mark.parametrize(
    "rules", [PLAIN, BATON_MOVEMENT, POWER_TIERS_MOVEMENT, SHATTERED_WORLD_MOVEMENT],
    ids=lambda r: r.name or "default",
)
def test_starting_in_reach_is_no_retreat_where_locked_tokens_need_not_retreat(rules):
    """Review §4 #11: "``Path.retreat`` is set whenever the mover starts in an enemy's reach,
    even when ``locked_must_retreat`` is False" — Baton: "When a character moves out of the reach
    of an enemy … they allow that enemy to immediately make an attack", no more."""
    e = enc(tokens=[tok("a", (4, 4)), tok("g", (5, 4), Side.ENEMY, name="Ghoul")])
    assert not rules.locked_must_retreat
    reach = reachable_tiles(e, "a", 3, rules)
    assert (4, 5) in reach  # may end still next to the Ghoul
    for path in (reach.path_to((2, 4)), check_path(e, "a", [(4, 4), (3, 4), (2, 4)], 3, rules)):
        assert not path.retreat
        assert "retreat" not in path.explanation
        assert [ev.kind for ev in path.events if ev.kind == "leaves_reach"] == ["leaves_reach"]


def test_an_unlocked_token_may_end_next_to_an_enemy():
    e = enc(tokens=[tok("a", (1, 4)), tok("g", (5, 4), Side.ENEMY)])
    path = reachable_tiles(e, "a", 3, AVORKARTH_MOVEMENT).path_to((4, 4))
    assert not path.retreat


def test_check_path_accepts_a_legal_path_and_reports_its_cost():
    e = enc(tokens=[tok("a", (0, 0))])
    path = check_path(e, "a", [(0, 0), (1, 1), (2, 1), (3, 2)], 5,
                      MovementRules(diagonal=DiagonalPolicy.ALTERNATING))
    assert path.cost == 1 + 1 + 2
    assert path.tiles[-1] == (3, 2)


def test_check_path_names_the_first_illegal_step():
    walls = [Wall((2.0, 0.0), (2.0, 1.0)), Wall((1.0, 1.0), (2.0, 1.0))]  # an L round (1, 0)
    e = enc(tokens=[tok("a", (0, 0)), tok("g", (0, 3), Side.ENEMY, name="Ghoul")], walls=walls)
    with pytest.raises(CommandRejected, match=r"step 2 from \(1, 0\) to \(2, 1\): wall in the way"):
        check_path(e, "a", [(0, 0), (1, 0), (2, 1)], 5, PLAIN)
    with pytest.raises(CommandRejected, match="enemy Ghoul blocks"):
        check_path(e, "a", [(0, 0), (0, 1), (0, 2), (0, 3)], 5, PLAIN)
    with pytest.raises(CommandRejected, match="not a step to a neighbouring tile"):
        check_path(e, "a", [(0, 0), (0, 2)], 5, PLAIN)
    with pytest.raises(CommandRejected, match="must start at the token's position"):
        check_path(e, "a", [(0, 1), (0, 2)], 5, PLAIN)
    with pytest.raises(CommandRejected, match="needs 6 tiles, has 5"):
        check_path(e, "a", [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6)], 5, PLAIN)


def test_find_path_matches_the_reachable_set():
    e = enc(tokens=[tok("a", (1, 1))], terrain={(3, 2): "rubble", (3, 3): "rubble", (3, 1): "rubble"},
            walls=[Wall((4.0, 0.0), (4.0, 6.0))])
    r = reachable_tiles(e, "a", 12, AVORKARTH_MOVEMENT)
    for goal in [(5, 2), (2, 8), (6, 6)]:
        assert find_path(e, "a", goal, 12, AVORKARTH_MOVEMENT).cost == r.cost(goal)


def test_a_breakdown_allowance_is_kept_for_explanations():
    e = enc(tokens=[tok("a", (0, 0))])
    allowance = movement_allowance(8, ["prone"], table=BATON_SLOWING)  # baton: prone halves
    r = reachable_tiles(e, "a", allowance, BATON_MOVEMENT)
    assert r.allowance == 4
    assert isinstance(r.allowance_breakdown, Breakdown)
    assert "prone: half" in r.path_to((4, 0)).explanation


def test_the_terrain_allowance_explains_the_turns_allowance_too():
    e = enc(tokens=[tok("a", (0, 0))], terrain={(1, 0): "sand"})
    halved = movement_allowance(8, ["prone"], table=BATON_SLOWING)  # any halving turn allowance
    path = check_path(e, "a", [(0, 0), (1, 0)], halved, AVORKARTH_MOVEMENT)
    assert path.allowance.value == 2
    assert path.allowance.explain() == "Movement: (speed 8, prone: half −4 = 4), tame terrain −2 = 2"


def test_a_graph_for_another_map_is_refused():
    from vantage.engine.movement import (
    movement_graph,
)

    other = movement_graph(GameMap(3, 3))
    with pytest.raises(ValueError, match="another map"):
        reachable_tiles(enc(tokens=[tok("a", (0, 0))]), "a", 2, PLAIN, graph=other)


def test_a_given_path_that_doubles_back_is_checked_and_kept_as_given():
    """A move path may cross a tile twice (there and back): it is checked step by step and costs
    every step. It once sent the predecessor chain round in a loop until memory ran out."""
    from vantage.engine.model import Encounter, GameMap, Token
    from vantage.engine.movement import (
    MovementRules,
    check_path,
)

    encounter = Encounter(GameMap(5, 5, terrain=("open",) * 25), (Token("a", "A", (1, 1)),),
                          ruleset="avorkarth")
    path = check_path(encounter, "a", [(1, 1), (1, 2), (1, 1), (2, 1)], 6, MovementRules())
    assert path.tiles == ((1, 1), (1, 2), (1, 1), (2, 1)) and path.cost == 3


def test_the_tiles_to_a_tile_are_those_of_its_path_and_a_tile_out_of_reach_says_why():
    # Reachable.tiles_to: the tiles of path_to without its events (what a move command holds),
    # round an enemy and a wall, on difficult ground, for every tile reached
    walls = [Wall((3, 0), (3, 4))]
    terrain = {(4, y): "sand" for y in range(10)}
    e = enc(tokens=[tok("a", (1, 1)), tok("foe", (2, 3), side=Side.ENEMY)], walls=walls, terrain=terrain)
    r = reachable_tiles(e, "a", 7, AVORKARTH_MOVEMENT)
    assert len(r.tiles) > 20
    for tile in r.tiles:
        assert r.tiles_to(tile) == r.path_to(tile).tiles
    with pytest.raises(CommandRejected, match="blocks"):
        r.tiles_to((2, 3))


@pytest.mark.parametrize("mover", [(1, 1), (8, 8), (0, 9)])
def test_a_search_that_stops_at_the_first_tile_beside_an_enemy_finds_what_the_whole_set_finds(mover):
    # reachable_until: the tile nearest an enemy, then cheapest, then least, its cost and its path
    # are those of the whole reachable set; it stops early only once a tile beside one is met
    walls = [Wall((3, 0), (3, 4)), Wall((6, 5), (10, 5))]
    terrain = {(x, 6): "sand" for x in range(10)}
    foes = [tok("foe-1", (5, 2), side=Side.ENEMY), tok("foe-2", (2, 7), side=Side.ENEMY, size=Size.LARGE)]
    e = enc(tokens=[tok("a", mover), tok("ally", (4, 4)), *foes], walls=walls, terrain=terrain)

    def gap(tile):
        return min(max(max(f.position[0] - tile[0], tile[0] - f.position[0] - f.footprint + 1, 0),
                       max(f.position[1] - tile[1], tile[1] - f.position[1] - f.footprint + 1, 0))
                   for f in foes)

    for allowance in (2, 4, 7):
        # the bounded search first (a whole search kept for the same move would be given instead)
        part = reachable_until(e, "a", allowance, AVORKARTH_MOVEMENT, rank=gap, floor=1, below=gap(mover),
                               key=("test", mover))
        whole = reachable_tiles(e, "a", allowance, AVORKARTH_MOVEMENT)
        assert set(part.tiles) <= set(whole.tiles)
        ranked = sorted((gap(t), c, t) for t, c in whole.tiles.items() if gap(t) < gap(mover))
        found = sorted((gap(t), c, t) for t, c in part.tiles.items() if gap(t) < gap(mover))
        assert found[:1] == ranked[:1]
        if ranked:
            tile = ranked[0][2]
            assert part.tiles_to(tile) == whole.tiles_to(tile)
            if ranked[0][0] == 1:  # stopped: nothing dearer than the tile beside an enemy
                assert all(c <= ranked[0][1] for c in part.tiles.values())
    assert len(part.tiles) < len(whole.tiles)  # with 7 tiles, one beside an enemy is met early
