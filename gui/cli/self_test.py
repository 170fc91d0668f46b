"""``vantage --self-test [--out DIR] [FILE ...]``: load and render every sample offscreen.

Loads each bundled sample encounter (and any FILE given: an encounter, or a Universal VTT /
Tiled map, imported on the fly), renders one frame of the GM map view
to a PNG in a temporary folder (or DIR, which is kept), and prints one line per encounter: the
path, its size in tiles, the scene's pixels per tile and the milliseconds from reading the file
to the first frame; then whether the frames' text is drawn in Vantage's bundled font (not boxes:
Qt's offscreen platform on Windows has no fonts of its own); then it serves the players' devices
page on loopback, fetches it and joins it over WebSocket (one more line); then the total. Exits 0
only if every encounter loaded and rendered a non-blank picture, the font drew its text and the
page answered. The packaged build is checked with this.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from vantage.engine.model import Encounter

FRAME_SIZE = (1280, 800)


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="vantage --self-test", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="extra encounter files to load and render")
    parser.add_argument("--out", type=Path, help="keep the PNGs in this folder")
    return parser.parse_args(argv)


def _sources(extra: list[Path]) -> list[tuple[str, Path | None]]:
    from vantage.gui.appdata.resources import sample_encounters

    try:
        samples = sample_encounters()
    except FileNotFoundError:
        samples = []
    found: list[tuple[str, Path | None]] = [(str(p), p) for p in samples]
    if not found:
        found.append(("<built-in demo encounter>", None))
    found += [(str(p), p) for p in extra]
    return found


def _load(path: Path | None, work_dir: Path) -> tuple[Encounter, Path | None]:
    """The encounter to render and the folder its background picture is in.

    A Universal VTT or Tiled map (``vantage import``'s formats, not a plain picture) is imported
    on the fly, played by the ruleset ``vantage import`` would choose (the one the GM chose last,
    else the first installed); its embedded picture is written into ``work_dir``.
    """
    if path is None:
        from vantage.engine.demo_encounter import demo_encounter

        return demo_encounter(), None
    from vantage.engine.importers import IMPORT_SUFFIXES, import_map_file, is_plain_image
    from vantage.gui.appdata.gm_settings import preferred_ruleset

    if path.suffix.lower() in IMPORT_SUFFIXES and not is_plain_image(path):
        result = import_map_file(path, ruleset=preferred_ruleset())
        if result.image is not None and result.suggested_image_name:
            (work_dir / result.suggested_image_name).write_bytes(result.image.data)
        return result.encounter, work_dir
    from vantage.engine.fileformat import load_encounter

    return load_encounter(path), path.parent


def run(argv: list[str]) -> int:
    args = _parse(argv)
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QFrame

    if QApplication.instance() is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # the self-test never needs a screen

    from vantage.engine.fileformat import problems_text
    from vantage.gui.canvas.bundled_font import font_report, start_application
    from vantage.gui.canvas.map_scene import MapScene
    from vantage.gui.canvas.map_view import MapView
    from vantage.gui.canvas.snapshot import distinct_colours, render_view

    app = start_application(["vantage-self-test"])  # offscreen: the text in Vantage's own font
    out_dir = args.out
    temp: tempfile.TemporaryDirectory[str] | None = None
    if out_dir is None:
        temp = tempfile.TemporaryDirectory(prefix="vantage-self-test-")
        out_dir = Path(temp.name)
    out_dir.mkdir(parents=True, exist_ok=True)
    failures = 0
    started = time.perf_counter()
    sources = _sources(args.files)
    for index, (label, path) in enumerate(sources):
        t0 = time.perf_counter()
        try:
            encounter, base_dir = _load(path, out_dir)
            scene = MapScene(encounter, base_dir=base_dir)
            view = MapView(scene)
            view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            view.setFrameShape(QFrame.Shape.NoFrame)
            view.resize(*FRAME_SIZE)
            view.show()
            app.processEvents()
            view.fit_map()
            image = render_view(view)
            ms = (time.perf_counter() - t0) * 1000
            stem = path.stem if path else "demo"
            png = out_dir / f"{index:02d}-{stem}.png"
            if not image.save(str(png)):
                raise OSError(f"could not write {png}")
            if distinct_colours(image) < 3:
                raise RuntimeError("the rendered frame is blank")
            m = encounter.map
            px = scene.grid.tile_px
            print(f"ok    {label}  {m.width}x{m.height} tiles  {px:g} px/tile  {ms:.0f} ms  -> {png}")
            view.close()
            view.deleteLater()
            scene.deleteLater()
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none aborts the run
            failures += 1
            print(f"FAIL  {label}  {type(exc).__name__}: {problems_text(exc)}")
    font_ok, font_line = font_report(app)
    print(f"{'ok  ' if font_ok else 'FAIL'}  font: {font_line}")
    failures += 0 if font_ok else 1
    try:
        from vantage.engine.demo_encounter import demo_encounter
        from vantage.gui.players_devices.self_check import check_devices_page

        print(f"ok    {check_devices_page(demo_encounter())}")
    except Exception as exc:  # noqa: BLE001 - reported like a sample that failed
        failures += 1
        print(f"FAIL  players' devices page  {type(exc).__name__}: {exc}")
    total_ms = (time.perf_counter() - started) * 1000
    verdict = "all worked" if failures == 0 else f"{failures} failed"
    print(f"total {len(sources)} encounters  {total_ms:.0f} ms  {verdict}")
    app.processEvents()
    if temp is not None:
        temp.cleanup()
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
