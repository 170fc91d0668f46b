"""Time to save and to load encounter files.

Prints ``BENCH file_load_200 <median> ms target 150`` and ``BENCH file_save_200 <median> ms target
150`` for the 200 × 200 benchmark encounter (100 tokens, 300 walls), and ``BENCH file_load_1000``
for a 1000 × 1000 map (the largest a file may hold) with terrain and elevation everywhere.
Exits non-zero only if it could not run. Run: ``.venv/bin/python benchmarks/fileformat.py``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_map import make_benchmark_encounter  # noqa: E402
from timing import median_ms  # noqa: E402

from vantage.engine.fileformat import load_encounter, save_encounter  # noqa: E402
from vantage.engine.model import Encounter, GameMap  # noqa: E402


def largest_map() -> Encounter:
    side = 1000
    kinds = ("open", "rubble", "brush", "sand", "deep-water")
    terrain = tuple(kinds[(x * 7 + y * 3) % len(kinds)] for y in range(side) for x in range(side))
    elevation = tuple(float((x + y) % 11) for y in range(side) for x in range(side))
    return Encounter(GameMap(side, side, terrain=terrain, elevation=elevation), name="largest",
                     ruleset="avorkarth")


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.json"
        enc = make_benchmark_encounter()
        save_ms = median_ms(lambda: save_encounter(enc, path), 9)
        load_ms = median_ms(lambda: load_encounter(path), 9)
        if load_encounter(path) != enc:
            print("the benchmark encounter did not round trip", file=sys.stderr)
            return 1
        print(f"BENCH file_save_200 {save_ms:.1f} ms target 150  ({path.stat().st_size / 1024:.0f} KiB)")
        print(f"BENCH file_load_200 {load_ms:.1f} ms target 150")
        big = Path(folder) / "largest.json"
        big_enc = largest_map()
        big_save_ms = median_ms(lambda: save_encounter(big_enc, big, keep_backup=False), 3)
        big_load_ms = median_ms(lambda: load_encounter(big), 3)
        size_mib = big.stat().st_size / 2**20
        print(f"BENCH file_save_1000 {big_save_ms:.0f} ms target 5000  ({size_mib:.1f} MiB)")
        print(f"BENCH file_load_1000 {big_load_ms:.0f} ms target 5000")
    return 0


if __name__ == "__main__":
    sys.exit(main())
