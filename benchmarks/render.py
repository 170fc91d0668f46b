"""Frame time of the GM map view: a 200×200 map with 500 tokens into a 1920×1080 image.

Prints ``BENCH render_zoom1 <median> ms target 8`` (zoom 1.0, one tile = 48 px) and
``BENCH render_whole_map <median> ms target 8`` (zoomed out so the whole map fits), plus the
time to open a 40×30 map. Caches are warm: the first frame at each zoom is not counted (from the
second frame at a zoom the view copies in its ground — margin, terrain, walls — kept as one picture,
``gui/canvas/ground_cache.py``, and draws only the tokens over it; a frame at a new zoom draws the
ground as before). Zoomed
out that far a token is a plain disc, and all of those are drawn by one item
(``gui/canvas/token_dots.py``); the few large tokens that are still large enough draw their own detail.
Each token and that item of discs keep what they drew as a picture in device pixels (Qt's
``DeviceCoordinateCache``), so a still frame copies them in: after the figures, a line says how many
``paint`` calls of tokens and discs one more still frame made at each zoom (counted outside the
measured frames).
Exits non-zero only if it could not run. Run: ``.venv/bin/python benchmarks/render.py``.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench_map import make_benchmark_encounter  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QFrame  # noqa: E402

from vantage.engine.model import Encounter, Facing, GameMap, Side, Token  # noqa: E402
from vantage.gui.canvas.map_scene import MapScene  # noqa: E402
from vantage.gui.canvas.map_view import MapView  # noqa: E402
from vantage.gui.canvas.snapshot import render_view  # noqa: E402

TOKENS = 500
FRAMES = 30
TARGET_MS = 8.0


def with_tokens(encounter: Encounter, count: int, seed: int = 7) -> Encounter:
    """The benchmark encounter topped up to ``count`` medium tokens on free passable tiles."""
    rng = random.Random(seed)
    taken = {tile for t in encounter.tokens for tile in t.footprint_tiles()}
    m = encounter.map
    tokens = list(encounter.tokens)
    while len(tokens) < count:
        tile = (rng.randrange(m.width), rng.randrange(m.height))
        if tile in taken or not m.terrain_at(tile).passable:
            continue
        taken.add(tile)
        side = rng.choice(list(Side))
        tokens.append(Token(f"x{len(tokens)}", f"{side.value} {len(tokens)}", tile, side,
                            facing=Facing(rng.randrange(8))))
    return Encounter(m, tuple(tokens), name=encounter.name, ruleset="avorkarth")


def make_view(encounter: Encounter, width: int = 1920, height: int = 1080) -> MapView:
    view = MapView(MapScene(encounter))
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setFrameShape(QFrame.Shape.NoFrame)
    view.resize(width, height)
    view.show()
    QApplication.processEvents()
    return view


def median_frame_ms(view: MapView, frames: int = FRAMES, clock=time.perf_counter) -> float:
    image = render_view(view)  # warm the caches
    times = []
    for _ in range(frames):
        t0 = clock()
        image = render_view(view, image)
        times.append((clock() - t0) * 1000)
    return statistics.median(times)


def paints_in_a_still_frame(view: MapView) -> int:
    """How many times tokens and the item of discs paint in one more frame of ``view`` as it is
    (counted by wrapping their ``paint`` for that frame only, not in a measured one)."""
    from vantage.gui.canvas.token_dots import TokenDots
    from vantage.gui.canvas.token_item import TokenItem

    calls = 0
    originals = {cls: cls.paint for cls in (TokenItem, TokenDots)}

    def counted(original):  # noqa: ANN001, ANN202
        def paint(self, *args):  # noqa: ANN001, ANN002, ANN202
            nonlocal calls
            calls += 1
            return original(self, *args)
        return paint

    render_view(view)
    try:
        for cls, original in originals.items():
            cls.paint = counted(original)
        render_view(view)
    finally:
        for cls, original in originals.items():
            cls.paint = original
    return calls


def main() -> int:
    app = QApplication.instance() or QApplication(["render-bench"])
    encounter = with_tokens(make_benchmark_encounter(), TOKENS)
    view = make_view(encounter)
    view.set_zoom(1.0)
    view.center_on_tile((100, 100))
    zoom1 = median_frame_ms(view)
    view.fit_map()
    whole = median_frame_ms(view)
    whole_cpu = median_frame_ms(view, clock=time.process_time)
    print(f"BENCH render_zoom1 {zoom1:.2f} ms target {TARGET_MS:g}")
    print(f"BENCH render_whole_map {whole:.2f} ms target {TARGET_MS:g}  (zoom {view.zoom():.3f}; "
          f"CPU {whole_cpu:.2f} ms, which a busy shared machine inflates less)")
    whole_paints = paints_in_a_still_frame(view)
    view.set_zoom(1.0)
    view.center_on_tile((100, 100))
    render_view(view)
    print(f"  paint() calls in one more still frame: {paints_in_a_still_frame(view)} at zoom 1, "
          f"{whole_paints} at whole-map zoom (tokens and the item of discs; 0: all from their pictures)")
    small = with_tokens(Encounter(GameMap(40, 30), ruleset="avorkarth"), 20)
    t0 = time.perf_counter()
    small_view = make_view(small, 1280, 800)
    small_view.fit_map()
    render_view(small_view)
    open_ms = (time.perf_counter() - t0) * 1000
    print(f"BENCH open_40x30 {open_ms:.1f} ms target 1000")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
