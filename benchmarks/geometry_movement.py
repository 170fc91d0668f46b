"""Speed of the geometry and movement queries on the benchmark battlefield.

Run: ``.venv/bin/python benchmarks/geometry_movement.py``. Prints one line per measurement,
``BENCH <name> <median> <unit> target <target>``, and exits non-zero only if it could not run.
Figures are indicative: the machine may be shared.

To add a figure, write ``def prepare_<name>(ctx: Context) -> Callable[[], object]`` that does the
set-up and returns the call to time, and list it in ``MEASUREMENTS``.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_map import make_benchmark_encounter  # noqa: E402

from vantage.engine.geometry import (
    arc_of,
    charge_lanes,
    line_of_sight,
    locked_pairs,
    obstacles_for,
    sight,
    visibility_polygon,
)
from vantage.engine.geometry.obstacles import Obstacles  # noqa: E402
from vantage.engine.model import Encounter, Token  # noqa: E402
from vantage.engine.movement import (  # noqa: E402
    MovementGraph,
    MovementRules,
    reachable_tiles,
)
from vantage.engine.movement import events as movement_events  # noqa: E402
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT
from vantage.engine.rules.avorkarth.tactics import (  # noqa: E402
    ARC_WIDTHS,
    CHARGE_MIN_DISTANCE,
    CHARGE_MIN_TILES,
)
from vantage.engine.rules.baton.movement_rules import BATON_MOVEMENT


@dataclass
class Context:
    """What every measurement may use: the encounter, its obstacles and a seeded generator."""

    encounter: Encounter
    obstacles: Obstacles
    rng: random.Random

    def nearest(self, token: Token, count: int) -> list[Token]:
        others = [t for t in self.encounter.tokens if t.id != token.id]
        return sorted(others, key=lambda t: math.dist(t.centre, token.centre))[:count]


@dataclass(frozen=True)
class Measurement:
    name: str
    unit: str
    target: float
    prepare: Callable[[Context], Callable[[], object]]
    repeat: int = 50


def _cycle(calls: list[Callable[[], object]]) -> Callable[[], object]:
    state = {"i": 0}

    def call() -> object:
        state["i"] = (state["i"] + 1) % len(calls)
        return calls[state["i"]]()

    return call


def prepare_obstacles_build(ctx: Context) -> Callable[[], object]:
    return lambda: Obstacles.build(ctx.encounter.map)


def prepare_los_cover(ctx: Context) -> Callable[[], object]:
    """LOS + cover between two random tokens."""
    tokens = ctx.encounter.tokens
    pairs = [tuple(ctx.rng.sample(tokens, 2)) for _ in range(200)]
    return _cycle([
        (lambda a=a, b=b: line_of_sight(ctx.encounter, a.id, b.id, obstacles=ctx.obstacles)) for a, b in pairs
    ])


def prepare_los_cover_tokens_block(ctx: Context) -> Callable[[], object]:
    """LOS + cover between two random tokens when tokens block sight (a ruleset choice)."""
    tokens = ctx.encounter.tokens
    pairs = [tuple(ctx.rng.sample(tokens, 2)) for _ in range(200)]
    return _cycle([
        (lambda a=a, b=b: line_of_sight(
            ctx.encounter, a.id, b.id, tokens_block=True, obstacles=ctx.obstacles
        ))
        for a, b in pairs
    ])


def prepare_visibility_polygon_radius_12(ctx: Context) -> Callable[[], object]:
    """The visibility polygon of one token within 12 tiles (60 ft)."""
    tokens = ctx.rng.sample(ctx.encounter.tokens, 20)
    return _cycle([
        (lambda t=t: visibility_polygon(ctx.encounter, t.id, radius_tiles=12, obstacles=ctx.obstacles))
        for t in tokens
    ])


def prepare_charge_lanes_20(ctx: Context) -> Callable[[], object]:
    """All charge lanes from one token to its 20 nearest tokens (charges happen within a move)."""
    calls = []
    for attacker in ctx.rng.sample(ctx.encounter.tokens, 20):
        targets = [t.id for t in ctx.nearest(attacker, 20)]
        calls.append(
            lambda a=attacker, ts=targets: charge_lanes(
                ctx.encounter, a.id, ts, min_tiles=CHARGE_MIN_TILES, min_distance=CHARGE_MIN_DISTANCE,
                obstacles=ctx.obstacles
            )
        )
    return _cycle(calls)


def prepare_charge_lanes_20_random(ctx: Context) -> Callable[[], object]:
    """All charge lanes from one token to 20 random tokens (long lanes across the map): which are
    open, where each ends and how long it is (a failed lane's tiles and reasons are worked out
    only when read: see ``charge_lanes_20_random_read``)."""
    calls = []
    for attacker in ctx.rng.sample(ctx.encounter.tokens, 20):
        others = [t.id for t in ctx.encounter.tokens if t.id != attacker.id]
        targets = ctx.rng.sample(others, 20)
        calls.append(
            lambda a=attacker, ts=targets: charge_lanes(
                ctx.encounter, a.id, ts, min_tiles=CHARGE_MIN_TILES, min_distance=CHARGE_MIN_DISTANCE,
                obstacles=ctx.obstacles
            )
        )
    return _cycle(calls)


def prepare_charge_lanes_20_random_read(ctx: Context) -> Callable[[], object]:
    """``charge_lanes_20_random`` with every lane's explanation read (a tooltip on each lane)."""
    lanes = prepare_charge_lanes_20_random(ctx)

    def call() -> object:
        found = lanes()
        assert isinstance(found, dict)
        return [lane.explanation for lane in found.values()]

    return call


def prepare_visibility_polygon(ctx: Context) -> Callable[[], object]:
    """The visibility polygon of one token over the whole map."""
    tokens = ctx.rng.sample(ctx.encounter.tokens, 20)
    return _cycle([
        (lambda t=t: visibility_polygon(ctx.encounter, t.id, obstacles=ctx.obstacles)) for t in tokens
    ])


def prepare_arcs_all_pairs_of_one(ctx: Context) -> Callable[[], object]:
    """The arc every other token is in, for one defender (99 readings)."""
    defender = ctx.encounter.tokens[0]
    others = [t for t in ctx.encounter.tokens if t.id != defender.id]
    return lambda: [arc_of(defender, t, ARC_WIDTHS) for t in others]


def prepare_locked_pairs(ctx: Context) -> Callable[[], object]:
    return lambda: locked_pairs(ctx.encounter)


def _full_movement_graph(ctx: Context) -> MovementGraph:
    graph = MovementGraph(ctx.encounter.map)
    for size in (1, 2, 3, 4):
        graph.prepare_all(size)
    return graph


def _whole_map_graph(ctx: Context) -> MovementGraph:
    graph = MovementGraph(ctx.encounter.map)
    graph.prepare_all(1)
    return graph


def prepare_movement_graph_build(ctx: Context) -> Callable[[], object]:
    """The movement graph of the whole map (every chunk): walls, objects, steps, the one-tile
    footprint. A search builds only the chunks it reaches (``movement.first_reachable_12``)."""
    return lambda: _whole_map_graph(ctx)


def prepare_movement_first_reachable_12(ctx: Context) -> Callable[[], object]:
    """A fresh graph of the map and one token's reachable set with 12 tiles: what the first press
    on a token computes (the graph is built only round the token)."""
    tokens = [t for t in ctx.encounter.tokens if t.footprint == 1]
    return _cycle([
        (lambda t=t: reachable_tiles(ctx.encounter, t.id, 12, AVORKARTH_MOVEMENT,
                                     graph=MovementGraph(ctx.encounter.map)))
        for t in tokens
    ])


def prepare_movement_graph_all_sizes(ctx: Context) -> Callable[[], object]:
    """A fresh movement graph and its large, huge and gargantuan footprints (built on first use)."""
    return lambda: _full_movement_graph(ctx)


def prepare_movement_reachable_12(ctx: Context) -> Callable[[], object]:
    """The reachable set of one token with 12 tiles (every token, Avorkarth and Baton rules)."""
    graph = _full_movement_graph(ctx)
    return _cycle([
        (lambda t=t, r=rules: reachable_tiles(ctx.encounter, t.id, 12, r, graph=graph))
        for rules in (AVORKARTH_MOVEMENT, BATON_MOVEMENT) for t in ctx.encounter.tokens
    ])


def _path_lookups(ctx: Context, rule_sets: tuple[MovementRules, ...]) -> Callable[[], object]:
    graph = _full_movement_graph(ctx)
    calls = []
    for rules in rule_sets:
        for token in ctx.encounter.tokens:
            reach = reachable_tiles(ctx.encounter, token.id, 12, rules, graph=graph)
            goal = max(reach.tiles, key=reach.tiles.__getitem__)
            calls.append(lambda r=reach, g=goal: r.path_to(g))
    return _cycle(calls)


def prepare_movement_path_lookup(ctx: Context) -> Callable[[], object]:
    """A path with its events to the farthest tile of a reachable set already computed
    (Avorkarth's rules and Baton's; Baton's ``leaves_cover`` event is measured on its own below)."""
    return _path_lookups(ctx, (AVORKARTH_MOVEMENT, replace(BATON_MOVEMENT, leaves_cover=False)))


def prepare_movement_path_lookup_leaves_cover(ctx: Context) -> Callable[[], object]:
    """The same with Baton's rules as they are: every step out of full cover from an enemy within
    30 tiles is an event (the line of sight of each enemy to each tile of the path)."""
    return _path_lookups(ctx, (BATON_MOVEMENT,))


def prepare_movement_path_lookup_leaves_cover_fresh(ctx: Context) -> Callable[[], object]:
    """The same, with nothing kept from earlier paths (the full-cover answers and the cover events
    movement keeps are forgotten before each call): the cost of a path whose places are new."""
    lookup = _path_lookups(ctx, (BATON_MOVEMENT,))

    def call() -> object:
        movement_events._cover_events_memo.clear()
        sight._full_cover_memo.clear()
        return lookup()

    return call


def prepare_movement_why_not(ctx: Context) -> Callable[[], object]:
    """Why a token cannot reach a tile up to 25 tiles away (A* towards it), after the set."""
    graph = _full_movement_graph(ctx)
    side = ctx.encounter.map.width
    calls = []
    for token in ctx.rng.sample(ctx.encounter.tokens, 40):
        reach = reachable_tiles(ctx.encounter, token.id, 12, AVORKARTH_MOVEMENT, graph=graph)
        x, y = token.position
        dx, dy = ctx.rng.randint(-25, 25), ctx.rng.randint(-25, 25)
        goal = (min(side - 4, max(0, x + dx)), min(side - 4, max(0, y + dy)))
        calls.append(lambda r=reach, g=goal: r.why_not(g))
    return _cycle(calls)


MEASUREMENTS: list[Measurement] = [
    Measurement("geometry.obstacles_build", "ms", 500.0, prepare_obstacles_build, repeat=5),
    Measurement("geometry.los_cover", "ms", 0.2, prepare_los_cover, repeat=400),
    Measurement("geometry.los_cover_tokens_block", "ms", 0.2, prepare_los_cover_tokens_block, repeat=400),
    Measurement("geometry.charge_lanes_20", "ms", 5.0, prepare_charge_lanes_20, repeat=40),
    Measurement("geometry.charge_lanes_20_random", "ms", 5.0, prepare_charge_lanes_20_random, repeat=40),
    Measurement(
        "geometry.charge_lanes_20_random_read", "ms", 5.0, prepare_charge_lanes_20_random_read, repeat=40
    ),
    Measurement("geometry.visibility_polygon", "ms", 50.0, prepare_visibility_polygon, repeat=20),
    Measurement(
        "geometry.visibility_polygon_r12", "ms", 50.0, prepare_visibility_polygon_radius_12, repeat=20
    ),
    Measurement("geometry.arcs_99", "ms", 20.0, prepare_arcs_all_pairs_of_one, repeat=10),
    Measurement("geometry.locked_pairs_100", "ms", 20.0, prepare_locked_pairs, repeat=10),
    # movement: the build and why_not targets are ours (the issue sets none): a map edit such as a
    # terrain stroke rebuilds the graph, so it should not be felt
    Measurement("movement.graph_build", "ms", 100.0, prepare_movement_graph_build, repeat=5),
    Measurement("movement.graph_all_sizes", "ms", 500.0, prepare_movement_graph_all_sizes, repeat=3),
    # ours, from issue 15's 50 ms for the first press on a 400 × 400 map (benchmarks/big_map.py)
    Measurement("movement.first_reachable_12", "ms", 20.0, prepare_movement_first_reachable_12, repeat=20),
    Measurement("movement.reachable_12", "ms", 5.0, prepare_movement_reachable_12, repeat=200),
    Measurement("movement.path_lookup", "ms", 0.2, prepare_movement_path_lookup, repeat=400),
    # ours: a path is asked for once per tile the drag enters, so 2 ms is not felt
    Measurement(
        "movement.path_lookup_leaves_cover", "ms", 2.0, prepare_movement_path_lookup_leaves_cover, repeat=200
    ),
    Measurement(
        "movement.path_lookup_leaves_cover_fresh", "ms", 2.0, prepare_movement_path_lookup_leaves_cover_fresh,
        repeat=200,
    ),
    Measurement("movement.why_not", "ms", 20.0, prepare_movement_why_not, repeat=40),
]


def measure(measurement: Measurement, ctx: Context) -> float:
    """The median time of one call, in the measurement's unit (ms)."""
    ctx.rng.seed(f"7:{measurement.name}")  # each figure samples the same tokens whatever runs before it
    call = measurement.prepare(ctx)
    call()  # warm up
    times = []
    for _ in range(measurement.repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000.0


def main() -> int:
    try:
        encounter = make_benchmark_encounter()
        ctx = Context(encounter, obstacles_for(encounter.map), random.Random(7))
        wanted = sys.argv[1:]  # names (or parts of names) to run; none: all
        for m in MEASUREMENTS:
            if wanted and not any(w in m.name for w in wanted):
                continue
            print(f"BENCH {m.name} {measure(m, ctx):.4g} {m.unit} target {m.target:g}", flush=True)
    except Exception as error:  # the script could not run: say why, exit non-zero
        print(f"benchmark failed: {error!r}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
