"""Speed of the encounter simulator on every bundled sample (issue 31: ≥ 400 fights of each sample
in ≤ 10 s on a 2-core machine, i.e. ≥ 40 fights/s).

Run: ``.venv/bin/python benchmarks/simulate.py [--fights N] [--jobs J] [SAMPLE-SUBSTRING …]``.
For each sample it plays N fights (default 40) on J worker processes (default 2; 1 plays in this
process) and prints

- ``BENCH simulate_<sample> <fights/s> fights/s target 40`` (wall time, pool start included);
- ``BENCH simulate_<sample>_400 <seconds> s target 10``: the time 400 fights take at that rate
  (measured when N is 400, else extrapolated from N fights — said on the line as ``(from N)``);
- ``BENCH simulate_<sample>_cpu <ms> ms per fight``: the median CPU time of one fight played in
  this process (``--cpu-fights`` fights, default 5; 0 leaves it out) — the steady figure on a
  shared machine, where the wall time depends on the others' load.

Wall time on a shared machine is noisy: say how loaded it was when quoting the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from vantage.engine.fileformat import load_encounter
from vantage.engine.simulate.fight import fight_seed, play_fight
from vantage.engine.simulate.runner import simulate

MAPS = Path(__file__).resolve().parent.parent / "maps"
TARGET_FIGHTS_PER_SECOND = 40.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fights per second of the simulator on each sample.")
    parser.add_argument("--fights", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cpu-fights", type=int, default=5)
    parser.add_argument("only", nargs="*", help="samples whose file name contains one of these")
    args = parser.parse_args(argv)
    for path in sorted(MAPS.glob("*.json")):
        if args.only and not any(part in path.name for part in args.only):
            continue
        encounter = load_encounter(path)
        start = time.perf_counter()
        report = simulate(encounter, args.fights, seed=args.seed, jobs=args.jobs)
        seconds = time.perf_counter() - start
        rate = report.fights / seconds
        name = path.stem.split("-", 1)[-1].replace("-", "_")
        print(f"BENCH simulate_{name} {rate:.1f} fights/s target {TARGET_FIGHTS_PER_SECOND:g}", flush=True)
        measured = "" if args.fights == 400 else f" (from {args.fights})"
        print(f"BENCH simulate_{name}_400 {400 / rate:.1f} s target 10{measured}", flush=True)
        if args.cpu_fights > 0:
            cpu = []
            for index in range(args.cpu_fights):
                begin = time.process_time()
                play_fight(encounter, fight_seed(args.seed, index))
                cpu.append(time.process_time() - begin)
            print(f"BENCH simulate_{name}_cpu {statistics.median(cpu) * 1000:.0f} ms per fight", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
