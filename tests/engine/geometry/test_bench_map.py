"""The benchmark battlefield is what the benchmarks say it is, and the same for the same seed."""

from collections import Counter

from benchmarks.bench_map import make_benchmark_encounter
from vantage.engine.geometry import footprint_distance
from vantage.engine.model import Side, WallKind
from vantage.engine.terrain import MovementClass


def test_benchmark_encounter_shape():
    e = make_benchmark_encounter()
    game_map = e.map
    assert (game_map.width, game_map.height) == (200, 200)
    classes = Counter(game_map.terrain_kinds[t].movement for t in game_map.terrain)
    non_open = 1 - classes[MovementClass.OPEN] / (200 * 200)
    assert 0.28 <= non_open <= 0.33
    assert classes[MovementClass.IMPASSABLE] > 0
    assert len(game_map.walls) == 300
    kinds = {w.kind for w in game_map.walls}
    assert {WallKind.WALL, WallKind.DOOR_CLOSED, WallKind.DOOR_OPEN, WallKind.WINDOW} <= kinds
    for wall in game_map.walls:  # on tile edges
        assert all(float(v).is_integer() for v in (*wall.a, *wall.b))
        assert wall.a[0] == wall.b[0] or wall.a[1] == wall.b[1]
    assert len(e.tokens) == 100
    assert {t.side for t in e.tokens} == set(Side)
    assert len({t.size for t in e.tokens}) >= 4
    for t in e.tokens:
        for tile in t.footprint_tiles():
            assert game_map.in_bounds(tile) and game_map.terrain_at(tile).passable
    tokens = list(e.tokens)
    for i, a in enumerate(tokens):
        for b in tokens[i + 1 :]:
            assert footprint_distance(a, b) > 0  # no two tokens overlap


def test_benchmark_encounter_is_deterministic():
    assert make_benchmark_encounter(3) == make_benchmark_encounter(3)
    assert make_benchmark_encounter(3) != make_benchmark_encounter(4)
