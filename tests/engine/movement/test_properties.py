"""Properties of the movement search on random small maps (hypothesis).

issue: "a path never crosses a wall or a blocking object; its cost equals the sum of its steps;
every reachable tile's cost ≤ allowance" — and the reachable set is exact: it equals what a plain
networkx Dijkstra finds per worst terrain class.
"""

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, box

from vantage.engine.model import Encounter, GameMap, MapObject, Side, Size, Token, Wall, WallKind
from vantage.engine.movement import (
    DiagonalPolicy,
    MovementRules,
    check_path,
    find_path,
    movement_graph,
    reachable_tiles,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.movement_rules import avorkarth_terrain_allowance
from vantage.engine.terrain import MovementClass

TERRAINS = ["open", "open", "open", "sand", "brush", "quicksand", "chasm"]
W = H = 8


@st.composite
def encounters(draw, with_tokens=True):
    terrain = tuple(draw(st.lists(st.sampled_from(TERRAINS), min_size=W * H, max_size=W * H)))
    walls = []
    for _ in range(draw(st.integers(0, 10))):
        x, y = draw(st.integers(0, W)), draw(st.integers(0, H))
        length = draw(st.integers(1, 3))
        kind = draw(st.sampled_from([WallKind.WALL, WallKind.WALL, WallKind.DOOR_OPEN, WallKind.WINDOW]))
        if draw(st.booleans()):
            walls.append(Wall((float(x), float(y)), (float(min(W, x + length)), float(y)), kind))
        else:
            walls.append(Wall((float(x), float(y)), (float(x), float(min(H, y + length))), kind))
    objects = []
    if draw(st.booleans()):
        x, y = draw(st.integers(0, W - 2)), draw(st.integers(0, H - 2))
        outline = ((x + 0.2, y + 0.2), (x + 1.8, y + 0.2), (x + 1.8, y + 0.9), (x + 0.2, y + 0.9))
        objects.append(MapObject("o", outline))
    game_map = GameMap(W, H, terrain=terrain, walls=tuple(walls), objects=tuple(objects))
    size = draw(st.sampled_from([Size.MEDIUM, Size.MEDIUM, Size.LARGE]))
    n = size.footprint
    mover = Token("m", "Mover", (draw(st.integers(0, W - n)), draw(st.integers(0, H - n))), Side.PARTY, size)
    tokens = [mover]
    if with_tokens:
        for k in range(draw(st.integers(0, 4))):
            pos = (draw(st.integers(0, W - 1)), draw(st.integers(0, H - 1)))
            if pos not in mover.footprint_tiles():
                side = draw(st.sampled_from([Side.PARTY, Side.ENEMY, Side.NEUTRAL]))
                tokens.append(Token(f"t{k}", f"T{k}", pos, side))
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth")


rules_strategy = st.builds(
    MovementRules,
    diagonal=st.sampled_from(list(DiagonalPolicy)),
    step_multiplier=st.sampled_from([
        {c: 1.0 for c in MovementClass},
        {c: (2.0 if c is MovementClass.DIFFICULT else 1.0) for c in MovementClass},
    ]),
    allowance_for_worst=st.sampled_from([None, avorkarth_terrain_allowance]),
)

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def step_cost(rules, game_map, path_tiles, n):
    """Recompute a path's cost from the rules, step by step."""
    total, parity = 0.0, 0
    for a, b in zip(path_tiles, path_tiles[1:], strict=False):
        if a[0] != b[0] and a[1] != b[1]:
            if rules.diagonal is DiagonalPolicy.ALTERNATING:
                base, parity = (2.0 if parity else 1.0), parity ^ 1
            else:
                base = 1.5 if rules.diagonal is DiagonalPolicy.ONE_AND_HALF else 1.0
        else:
            base = 1.0
        under = [game_map.terrain_at((b[0] + dx, b[1] + dy)).movement for dy in range(n) for dx in range(n)]
        worst = max(under, key=lambda c: c.severity)
        total += base * rules.step_multiplier[worst]
    return total


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@SETTINGS
@given(encounters(), rules_strategy, st.integers(0, 7))
def test_every_path_is_legal_and_costs_the_sum_of_its_steps(e, rules, allowance):
    r = reachable_tiles(e, "m", allowance, rules)
    mover = e.token("m")
    n = mover.footprint
    walls = [LineString([w.a, w.b]) for w in e.map.walls if w.blocks_movement]
    objects = [o for o in e.map.objects if o.blocks_movement]
    others = {t for o in e.tokens if o.id != "m" for t in o.footprint_tiles()}
    blockers = {t for o in e.tokens if o.id != "m" and o.side is not Side.PARTY for t in o.footprint_tiles()}
    for goal, cost in r.tiles.items():
        path = r.path_to(goal)
        assert path.cost == cost
        assert cost <= path.allowance.value + 1e-9
        assert cost <= allowance + 1e-9
        assert abs(step_cost(rules, e.map, path.tiles, n) - cost) < 1e-9
        if goal != mover.position:
            assert not set(mover.footprint_tiles(goal)) & others  # never ends on another token
        for a, b in zip(path.tiles, path.tiles[1:], strict=False):
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
            assert not set(mover.footprint_tiles(b)) & blockers
            for dx in range(n):
                for dy in range(n):
                    ta, tb = (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)
                    assert e.map.terrain_at(tb).passable
                    segment = LineString([(ta[0] + 0.5, ta[1] + 0.5), (tb[0] + 0.5, tb[1] + 0.5)])
                    assert not any(segment.crosses(w) for w in walls), (ta, tb)
                    for o in objects:
                        shape = box(*o.outline[0], *o.outline[2])
                        assert segment.intersection(shape).length == 0
        assert check_path(e, "m", path.tiles, allowance, rules).cost == cost


@SETTINGS
@given(encounters(with_tokens=False), st.integers(0, 8), st.sampled_from([1.0, 1.5]),
       st.booleans(), st.booleans())
@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_the_reachable_set_is_exactly_a_dijkstra_per_worst_class(e, allowance, diagonal, avorkarth, costly):
    """A tile is reachable when some path with worst class w costs no more than the allowance for
    w; per w that is a networkx Dijkstra on the tiles no worse than w."""
    policy = DiagonalPolicy.ONE if diagonal == 1.0 else DiagonalPolicy.ONE_AND_HALF
    multiplier = {c: (2.0 if costly and c is MovementClass.DIFFICULT else 1.0) for c in MovementClass}
    rules = MovementRules(diagonal=policy, step_multiplier=multiplier,
                          allowance_for_worst=avorkarth_terrain_allowance if avorkarth else None)
    mover = e.token("m")
    n = mover.footprint
    graph = movement_graph(e.map)
    static = graph.as_networkx(n, diagonal)
    for _a, b, data in static.edges(data=True):
        data["weight"] *= multiplier[graph.class_at(b, n)]
    start = mover.position
    expected: dict = {}
    if start in static:
        start_class = graph.class_at(start, n)
        for c in MovementClass:
            if avorkarth and c.severity < start_class.severity:
                continue
            limit = avorkarth_terrain_allowance(allowance, c).value if avorkarth else allowance
            nodes = [t for t in static if not avorkarth or graph.class_at(t, n).severity <= c.severity]
            lengths = nx.single_source_dijkstra_path_length(static.subgraph(nodes), start, weight="weight")
            for tile, cost in lengths.items():
                if cost <= limit + 1e-9 and cost < expected.get(tile, float("inf")):
                    expected[tile] = cost
    else:
        expected[start] = 0.0
    got = reachable_tiles(e, "m", allowance, rules, graph=graph).tiles
    assert set(got) == set(expected)
    for tile, cost in expected.items():
        assert abs(got[tile] - cost) < 1e-9


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@SETTINGS
@given(encounters(), rules_strategy, st.integers(0, 7))
def test_find_path_agrees_with_the_reachable_set_everywhere(e, rules, allowance):
    """find_path searches towards one goal (A*); it must find exactly the reachable set's costs
    and refuse exactly the tiles the set leaves out, with the same reason."""
    r = reachable_tiles(e, "m", allowance, rules)
    for goal in e.map.tiles():
        try:
            cost = find_path(e, "m", goal, allowance, rules).cost
        except CommandRejected as exc:
            assert r.cost(goal) is None
            assert exc.reason == r.why_not(goal)
            assert exc.reason
        else:
            assert r.cost(goal) is not None
            assert abs(cost - r.cost(goal)) < 1e-9
