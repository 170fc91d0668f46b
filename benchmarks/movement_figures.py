"""Movement figures on the benchmark battlefield (200 × 200, ~30 % non-open terrain, 300 walls,
100 tokens): building the movement graph, the reachable set for a 12-tile allowance, and a path
lookup in that set.

``measurements()`` lists the named measurement functions (each returns ``(median, unit,
target)``) so that ``benchmarks/geometry_movement.py`` can run them beside the geometry figures;
run on its own it prints ``BENCH <name> <median> <unit> target <target>`` lines and exits
non-zero only if it could not run. Run: ``.venv/bin/python benchmarks/movement_figures.py``.

The graph-build target (1000 ms, sizes 1–4 on demand after that) is ours, not the issue's.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_map import make_benchmark_encounter  # noqa: E402

from engine.model import Encounter  # noqa: E402
from engine.movement import (  # noqa: E402
    AVORKARTH_MOVEMENT,
    BATON_MOVEMENT,
    MovementGraph,
    Reachable,
    reachable_tiles,
)

Figure = tuple[float, str, float]

_ENCOUNTER: list[Encounter] = []


def encounter() -> Encounter:
    if not _ENCOUNTER:
        _ENCOUNTER.append(make_benchmark_encounter())
    return _ENCOUNTER[0]


def _timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def graph_build() -> Figure:
    """One movement graph for the map: walls, objects, one-tile steps and the medium footprint."""
    game_map = encounter().map
    times = [_timed(lambda: MovementGraph(game_map)) for _ in range(3)]
    return statistics.median(times), "ms", 1000


def graph_large_sizes() -> Figure:
    """The extra footprints (large, huge, gargantuan), built on first use of each size."""
    game_map = encounter().map
    times = []
    for _ in range(3):
        graph = MovementGraph(game_map)
        times.append(_timed(lambda g=graph: [g.neighbours(size) for size in (2, 3, 4)]))
    return statistics.median(times), "ms", 2000


def _graph() -> MovementGraph:
    graph = MovementGraph(encounter().map)
    for size in (1, 2, 3, 4):
        graph.neighbours(size)
    return graph


def _reachable_sets(graph: MovementGraph) -> tuple[list[float], list[Reachable]]:
    enc = encounter()
    times: list[float] = []
    found: list[Reachable] = []
    for rules in (AVORKARTH_MOVEMENT, BATON_MOVEMENT):
        for token in enc.tokens:
            start = time.perf_counter()
            reach = reachable_tiles(enc, token.id, 12, rules, graph=graph)
            times.append((time.perf_counter() - start) * 1000)
            found.append(reach)
    return times, found


def reachable_12() -> Figure:
    """The reachable set of each of the 100 tokens with 12 tiles, Avorkarth and Baton rules."""
    times, _ = _reachable_sets(_graph())
    return statistics.median(times), "ms", 5


def path_lookup() -> Figure:
    """A path (with its events) to the farthest reachable tile, read from a reachable set."""
    _, sets = _reachable_sets(_graph())
    times = []
    for reach in sets:
        tiles = reach.tiles
        goal = max(tiles, key=tiles.__getitem__)
        times.append(_timed(lambda r=reach, g=goal: r.path_to(g)))
    return statistics.median(times), "ms", 0.2


def measurements() -> list[tuple[str, Callable[[], Figure]]]:
    return [
        ("movement_graph_build", graph_build),
        ("movement_graph_large_sizes", graph_large_sizes),
        ("movement_reachable_12", reachable_12),
        ("movement_path_lookup", path_lookup),
    ]


def main() -> int:
    for name, measure in measurements():
        median, unit, target = measure()
        print(f"BENCH {name} {median:.3g} {unit} target {target:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
