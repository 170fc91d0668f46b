"""How well and how fast the grid of a picture is guessed, on the labelled set.

    .venv/bin/python benchmarks/grid_detection.py

Runs :func:`vantage.engine.importers.grid_guess.find_grid` on every picture of
``tests/fixtures/grids`` (``labels.json``, drawn by ``make_grids.py``: 21 with a known grid — thin,
thick, dashed, dotted, faint, under textures and props, JPEG at quality 60, margins and a legend,
0.3–0.5° of rotation, bold lines every five cells — and 7 with none) and
prints ``BENCH grid_found_share <pct> % target 90`` (grids found within ±1 px of the label),
``BENCH grid_wrong <n> count target 0`` (a guess off the label, or any guess on a picture with no
grid) and ``BENCH grid_seconds_per_picture <median> s target 1`` (reading the file with Qt as the
import dialog does, then guessing; the median over the set of each picture's median of 3 runs).

``--real MIRRORS`` (or the environment variable ``VANTAGE_MAP_MIRRORS``) also runs the second set,
real battle maps (``tests/fixtures/grids/real_maps.json``: Dungeondraft exports and pictures from
public repositories, named by repository, commit and path, labelled by eye; none stored here), read
from local copies of those repositories under MIRRORS (``<owner>+<name>/repo``), and prints
``BENCH grid_detection_real_found <n> count target <90 % of those with a grid>``,
``BENCH grid_detection_real_wrong <n> count target 0`` and ``BENCH grid_detection_real_seconds_max
<s> s target 1``. Without copies it says so loudly and prints no figure for that set.
Exits non-zero only if it could not run.
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "fixtures" / "grids"))  # the labelled set and its reader

from labelled_set import labels, read_gray, verdict  # noqa: E402
from real_set import gray_of, picture_bytes, real_maps  # noqa: E402
from timing import median_seconds  # noqa: E402

from vantage.engine.importers.grid_guess import GridRefused, find_grid  # noqa: E402


def real_figures(mirrors: Path) -> None:
    """The second, real set: found, wrong and the slowest guess (see the module text)."""
    counts = {"found": 0, "refused": 0, "wrong": 0}
    with_grid = 0
    slowest = 0.0
    skipped: list[str] = []
    for real in real_maps():
        data = picture_bytes(mirrors, real)
        if isinstance(data, str):
            skipped.append(data)
            continue
        gray = gray_of(data)
        result = find_grid(gray)
        slowest = max(slowest, median_seconds(lambda gray=gray: find_grid(gray), 3))
        judged = verdict(real.label, result)
        counts[judged] += 1
        with_grid += real.label.cell_px is not None
        told = result.reason if isinstance(result, GridRefused) else (
            f"{result.cell_px:g} px at ({result.offset_px[0]:.1f}, {result.offset_px[1]:.1f})")
        wanted = ("no grid" if real.label.cell_px is None
                  else f"{real.label.cell_px:g} px at {real.label.offset_px}")
        print(f"  {real.repository}:{real.path}: {judged} — {told} (label: {wanted})")
    for reason in skipped:
        print(f"grid_detection --real: SKIPPED {reason}", file=sys.stderr)
    ran = sum(counts.values())
    if not ran:
        print(f"grid_detection --real: no real map could be read under {mirrors}; no figure", file=sys.stderr)
        return
    print(f"BENCH grid_detection_real_found {counts['found']} count target {0.9 * with_grid:.1f}  "
          f"({counts['found']} of {with_grid} grids found, {ran - with_grid} pictures with no grid, "
          f"{len(skipped)} skipped)")
    print(f"BENCH grid_detection_real_wrong {counts['wrong']} count target 0  ({counts['refused']} refused)")
    print(f"BENCH grid_detection_real_seconds_max {slowest:.3f} s target 1  (the guess alone, on the "
          "picture's brightness; each picture's median of 3)")


def main() -> int:
    mirrors = os.environ.get("VANTAGE_MAP_MIRRORS")
    if "--real" in sys.argv:
        mirrors = sys.argv[sys.argv.index("--real") + 1]
    if mirrors:
        real_figures(Path(mirrors))
        if "--real-only" in sys.argv:
            return 0
    pictures = labels()
    if not pictures:
        print("grid_detection: tests/fixtures/grids/labels.json lists no pictures", file=sys.stderr)
        return 1
    counts = {"found": 0, "refused": 0, "wrong": 0}
    seconds: list[float] = []
    for label in pictures:
        result = find_grid(read_gray(label.path))
        judged = verdict(label, result)
        counts[judged] += 1
        seconds.append(median_seconds(lambda label=label: find_grid(read_gray(label.path)), 3))
        told = result.reason if isinstance(result, GridRefused) else (
            f"{result.cell_px:g} px at ({result.offset_px[0]:.1f}, {result.offset_px[1]:.1f})")
        wanted = "no grid" if label.cell_px is None else f"{label.cell_px:g} px at {label.offset_px}"
        print(f"  {label.path.name}: {judged} — {told} (label: {wanted})")
    with_grid = sum(1 for label in pictures if label.cell_px is not None)
    found_share = 100.0 * counts["found"] / with_grid if with_grid else 0.0
    without = len(pictures) - with_grid
    print(f"BENCH grid_found_share {found_share:.1f} % target 90  "
          f"({counts['found']} of {with_grid} grids found, {without} pictures with no grid)")
    print(f"BENCH grid_wrong {counts['wrong']} count target 0  ({counts['refused']} refused)")
    print(f"BENCH grid_seconds_per_picture {statistics.median(seconds):.3f} s target 1  "
          f"(slowest {max(seconds):.3f} s, read with Qt and guessed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
