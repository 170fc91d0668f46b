"""How long importing a map takes, against the least any program must do with the same file.

    .venv/bin/python benchmarks/import.py [--quick] [--exports FOLDER]

Prints, each run alternately with its floor in the same process (medians; this machine is shared):

- ``BENCH import_real_dd2vtt <median> s target <2 × floor>`` and ``BENCH import_real_dd2vtt_ratio
  <ratio> x target 2``: the real 1.8 MB Dungeondraft export in ``tests/fixtures/uvtt/real``,
  imported as the GM window does it (``import_map_file``, the picture written beside the map by
  ``store_background`` with ``if_exists="new_name"``, then decoded for showing as the map view does
  with ``decode_for_showing``), against the **floor**: ``json.loads`` of the file's bytes,
  ``base64.b64decode`` of its picture and ``QImage.fromData`` of the result (what a bare viewer
  must do to show the same picture; it writes nothing and reads no walls).
- ``BENCH import_5mb_dd2vtt …`` and ``…_ratio``: the same for a generated 5 MB export of the
  same shape (a 2176 × 1600 px textured PNG, 34 × 25 cells at 64 px, freehand cave walls, doors),
  written here, so the benchmark needs nothing fetched.
- ``BENCH import_sample <median> s target 2``: the whole ``vantage import`` run of the real
  export (read, write the encounter and its picture, each fsynced), and ``BENCH import_10000px
  <median> s target 10`` for a generated Universal VTT file holding a 10,000 × 10,000 px PNG
  (100 × 100 cells at 100 px), whose picture ``vantage import`` shrinks to 8,192 px.

``--exports FOLDER`` adds the same pair of figures for every ``.dd2vtt``/``.uvtt``/``.df2vtt`` in
FOLDER (``BENCH import_<name> …``): real exports whose licence or size keeps them out of the
repository, e.g. ``exampleMaps/sampleMap.dd2vtt`` of the public repository Imagix/uvtt2fgu (commit
9d37cb3, BSD-3-Clause: a 3.8 MB Dungeondraft export, 2560 × 2560 px at 256 px a cell).

Every ``vantage import`` run writes into a folder of its own (the importer never replaces an
encounter or a picture without ``--force``). Exits non-zero only if it could not run.
"""

from __future__ import annotations

import base64
import io
import itertools
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "tests" / "fixtures" / "uvtt"))  # the test pictures' maker

from make_variants import solid_png  # noqa: E402
from timing import median_seconds  # noqa: E402

from vantage.engine.importers.open_map import import_map_file  # noqa: E402
from vantage.engine.importers.uvtt import import_uvtt_file  # noqa: E402
from vantage.gui.canvas.map_picture import decode_for_showing  # noqa: E402
from vantage.gui.cli.import_map import run as vantage_import  # noqa: E402
from vantage.gui.importing.images import store_background  # noqa: E402

SAMPLE = ROOT / "tests/fixtures/uvtt/real/cave-and-doors.dd2vtt"
RULESET = "avorkarth"
TARGET_RATIO = 2.0
_runs = itertools.count()


def floor_read(source: Path) -> object:
    """The least a viewer does with the file: parse it, decode the base64, decode the picture."""
    from PySide6.QtGui import QImage

    doc = json.loads(source.read_bytes())
    picture = QImage.fromData(base64.b64decode(doc["image"]))
    if picture.isNull():
        raise RuntimeError(f"{source.name}: the floor could not decode the picture")
    return picture


def floor_parse(source: Path) -> object:
    """The JSON+base64 floor alone: parse the file, decode the picture's base64 (no pixels)."""
    return base64.b64decode(json.loads(source.read_bytes())["image"])


def gm_import(source: Path, folder: Path) -> object:
    """The import as the GM window does it: the map, its picture written beside it, then decoded
    for showing. Each run writes into a fresh folder (nothing is replaced)."""
    target = folder / f"run{next(_runs)}"
    target.mkdir()
    result = import_map_file(source, ruleset=RULESET)
    encounter = store_background(result, target, f"{source.stem}-background", absolute=True,
                                 if_exists="new_name")
    background = encounter.map.background
    assert background is not None
    image, _ = decode_for_showing(Path(background.path))
    return image


def full_import(source: Path, folder: Path) -> None:
    """The whole ``vantage import`` run into a fresh folder of its own."""
    target = folder / f"cli{next(_runs)}"
    target.mkdir()
    argv = [str(source), "-o", str(target / "out.json"), "--ruleset", RULESET]
    err = io.StringIO()
    code = vantage_import(argv, io.StringIO(), err)
    if code != 0:
        raise RuntimeError(f"vantage import {source.name} exited {code}: {err.getvalue().strip()}")


def alternating_medians(
    first: Callable[[], object], second: Callable[[], object], rounds: int
) -> tuple[float, float]:
    """Median seconds of ``first`` and of ``second``, run one after the other ``rounds`` times
    (so that a busy spell of the shared machine falls on both)."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(rounds):
        for action, times in ((first, a), (second, b)):
            start = time.perf_counter()
            action()
            times.append(time.perf_counter() - start)
    return statistics.median(a), statistics.median(b)


def textured_png(width: int, height: int, seed: int = 3) -> bytes:
    """A map-like RGB picture (stone-coloured gradient with grain) that PNG cannot squeeze much:
    about 0.75 byte per pixel, as painted exports are."""
    import numpy as np
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage

    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:height, 0:width]
    base = 110 + 40 * np.sin(x / 97.0) * np.cos(y / 131.0)
    grain = rng.integers(0, 4, size=(height, width, 3))
    rgb = np.clip(base[..., None] + grain + np.array([10, 0, -15]), 0, 255).astype(np.uint8)
    rgba = np.dstack([rgb, np.full((height, width), 255, np.uint8)])[..., [2, 1, 0, 3]].copy()
    image = QImage(rgba.data, width, height, width * 4, QImage.Format.Format_RGB32).copy()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def cave_loop(rng: random.Random, cx: float, cy: float, radius: float, points: int) -> list[dict]:
    """A freehand closed loop as Dungeondraft writes cave walls (six-decimal float points)."""
    loop = []
    for i in range(points):
        angle = 2 * math.pi * i / points
        r = radius * (1 + 0.25 * math.sin(5 * angle) + rng.uniform(-0.05, 0.05))
        loop.append({"x": round(cx + r * math.cos(angle), 6), "y": round(cy + r * math.sin(angle), 6)})
    return loop + [loop[0]]


def generated_export(path: Path, cells: tuple[int, int] = (34, 25), ppg: int = 64) -> int:
    """A Dungeondraft-shaped export (format 0.3, walls, object outlines, doors, lights, a PNG) of
    about 5 MB at ``path``; its size in bytes."""
    rng = random.Random(11)
    width, height = cells
    walls = [cave_loop(rng, rng.uniform(5, width - 5), rng.uniform(5, height - 5), rng.uniform(2, 4), 160)
             for _ in range(12)]
    walls += [[{"x": x, "y": 2}, {"x": x, "y": height - 2}] for x in range(4, width, 6)]
    objects = [cave_loop(rng, rng.uniform(2, width - 2), rng.uniform(2, height - 2), 0.4, 40)
               for _ in range(30)]
    portals = [{"position": {"x": x + 0.5, "y": 10}, "bounds": [{"x": x, "y": 10}, {"x": x + 1, "y": 10}],
                "rotation": 0, "closed": True, "freestanding": False} for x in range(4, width, 6)]
    lights = [{"position": {"x": rng.uniform(0, width), "y": rng.uniform(0, height)}, "range": 6,
               "intensity": 1, "color": "ffeccd8b", "shadows": True} for _ in range(20)]
    doc = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": width, "y": height},
                       "pixels_per_grid": ppg},
        "line_of_sight": walls, "objects_line_of_sight": objects, "portals": portals,
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"}, "lights": lights,
        "image": base64.b64encode(textured_png(width * ppg, height * ppg)).decode("ascii"),
    }
    text = json.dumps(doc, indent="\t")
    path.write_text(text, encoding="ascii")
    return len(text)


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


def against_floor(name: str, source: Path, folder: Path, rounds: int) -> None:
    gm_import(source, folder)  # warm: Qt's image plugins, the importer's modules
    floor_read(source)
    imported, floor = alternating_medians(lambda: gm_import(source, folder), lambda: floor_read(source),
                                          rounds)
    ratio = imported / floor
    size = f"{source.stat().st_size / 1e6:.1f} MB"
    print(f"BENCH {name} {imported:.4f} s target {TARGET_RATIO * floor:.4f}  "
          f"({size}; floor json+base64+QImage {floor:.4f} s)")
    print(f"BENCH {name}_ratio {ratio:.2f} x target {TARGET_RATIO:g}  (import / floor, same run)")
    engine, parse = alternating_medians(lambda: import_map_file(source, ruleset=RULESET),
                                        lambda: floor_parse(source), rounds)
    print(f"BENCH {name}_engine_ratio {engine / parse:.2f} x target {TARGET_RATIO:g}  (the engine's import "
          f"{engine:.4f} s, no pixels decoded, / json+base64 alone {parse:.4f} s)")


def main() -> int:
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(["import-bench"])  # noqa: F841
    quick = "--quick" in sys.argv
    rounds = 5 if quick else 11
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if SAMPLE.exists():
            against_floor("import_real_dd2vtt", SAMPLE, folder, rounds)
        else:
            print(f"import_real_dd2vtt skipped: {SAMPLE} is missing", file=sys.stderr)
        if "--exports" in sys.argv:
            exports = Path(sys.argv[sys.argv.index("--exports") + 1])
            found = sorted(p for p in exports.iterdir() if p.suffix in (".dd2vtt", ".uvtt", ".df2vtt"))
            if not found:
                print(f"--exports: no Universal VTT file in {exports}", file=sys.stderr)
            for export in found:
                against_floor(f"import_{export.stem}", export, folder, rounds)
        five = folder / "generated-5mb.dd2vtt"
        generated_export(five)
        against_floor("import_5mb_dd2vtt", five, folder, rounds)
        if SAMPLE.exists():
            engine_s = median_seconds(lambda: import_uvtt_file(SAMPLE, ruleset=RULESET), 5)
            total_s = median_seconds(lambda: full_import(SAMPLE, folder), 5)
            print(f"BENCH import_sample {total_s:.3f} s target 2  (engine only {engine_s:.3f} s)")
        if not quick:
            big = folder / "big.uvtt"
            big_uvtt(big)
            engine_s = median_seconds(lambda: import_uvtt_file(big, ruleset=RULESET), 3)
            total_s = median_seconds(lambda: full_import(big, folder), 3)
            detail = f"engine only {engine_s:.3f} s, shrunk to 8192 px"
            print(f"BENCH import_10000px {total_s:.3f} s target 10  ({detail})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
