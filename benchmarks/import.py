"""How long importing a map takes.

    .venv/bin/python benchmarks/import.py

Prints ``BENCH import_sample <median> s target 2`` for the real Dungeondraft sample (engine import
and the whole ``vantage import`` run: read, write the encounter and its picture), and ``BENCH
import_10000px <median> s target 10`` for a generated Universal VTT file holding a
10,000 × 10,000 px PNG (100 × 100 cells at 100 px), whose picture ``vantage import`` shrinks to
8,192 px. The PNG is a single-colour image written by hand with zlib, so making it is cheap; the
decoder still has to inflate and scale all 10⁸ pixels. Exits non-zero only if it could not run.
"""

from __future__ import annotations

import base64
import io
import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "fixtures" / "uvtt"))  # the test pictures' maker

from make_variants import solid_png  # noqa: E402
from timing import median_seconds  # noqa: E402

from vantage.engine.importers.uvtt import import_uvtt_file  # noqa: E402
from vantage.gui.cli.import_map import run as vantage_import  # noqa: E402

SAMPLE = Path(__file__).resolve().parents[1] / "tests/fixtures/uvtt/real/cave-and-doors.dd2vtt"


def full_import(source: Path, folder: Path) -> None:
    for earlier in folder.glob("out.*"):  # the run before's encounter and picture (never replaced)
        earlier.unlink()
    argv = [str(source), "-o", str(folder / "out.json"), "--ruleset", "avorkarth"]
    err = io.StringIO()
    code = vantage_import(argv, io.StringIO(), err)
    if code != 0:
        raise RuntimeError(f"vantage import {source.name} exited {code}: {err.getvalue().strip()}")


def big_uvtt(path: Path, side_px: int = 10_000, cells: int = 100) -> None:
    png = solid_png(side_px, side_px)
    doc = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": cells, "y": cells},
                       "pixels_per_grid": side_px // cells},
        "line_of_sight": [[{"x": x, "y": 1}, {"x": x, "y": cells - 1}] for x in range(2, cells, 4)],
        "portals": [], "lights": [],
        "image": base64.b64encode(png).decode("ascii"),
    }
    path.write_text(json.dumps(doc), encoding="ascii")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if SAMPLE.exists():
            engine_s = median_seconds(lambda: import_uvtt_file(SAMPLE, ruleset="avorkarth"), 5)
            total_s = median_seconds(lambda: full_import(SAMPLE, folder), 5)
            print(f"BENCH import_sample {total_s:.3f} s target 2  (engine only {engine_s:.3f} s)")
        else:
            print(f"import_sample skipped: {SAMPLE} is missing", file=sys.stderr)
        big = folder / "big.uvtt"
        big_uvtt(big)
        engine_s = median_seconds(lambda: import_uvtt_file(big, ruleset="avorkarth"), 3)
        total_s = median_seconds(lambda: full_import(big, folder), 3)
        detail = f"engine only {engine_s:.3f} s, shrunk to 8192 px"
        print(f"BENCH import_10000px {total_s:.3f} s target 10  ({detail})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
