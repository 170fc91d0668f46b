"""Big maps in the GM window: the first press on a token and drag latency at 400 × 400 tiles.

The map is the benchmark battlefield made big (``bench_map.make_benchmark_encounter`` with
``side=400``: 30 % non-open terrain, 1200 wall segments, doors and windows) under a background
picture of modest size (2048 px, written to a temporary folder), with 400, 40 or 4 tokens.

- ``BENCH first_press_400`` — the first press on a token after the map is shown (what issue 15
  measured at 906 ms): the token's reachable set, with whatever part of the movement graph it
  needs; target 50 ms. Median over fresh windows (each a new map value, so nothing is cached).
- ``BENCH first_press_400_movement`` — the movement part of that press, headless: a fresh map's
  graph and the mover's reachable set (the rest of the press is the GUI answering the selection:
  the token panel, the tactics overlays).
- ``BENCH drag_move_400x400_<n>tokens`` — one mouse move during a drag, from the mouse event until
  Qt has painted what it changed (the events are processed: the regions of the path overlay, the
  dragged token and the hover are repainted, as on screen), over 40 tiles round the token, each
  the first time in the drag; target 8 ms, for n = 400, 40 and 4, so that the figures show
  whether it grows with the token count. The runs alternate the token counts (the machine is
  shared), and each figure is the median over all its moves. (``drag.py`` repaints the whole
  viewport after each move instead, which measures the picture's repaint as much as the drag.)
- ``BENCH drag_move_400x400_<n>tokens_full_repaint`` — the same 40 moves again, each followed by
  a repaint of the whole 1920 × 1080 viewport, as ``drag.py`` measures (the reasons for the
  refused tiles are cached by then; the paths are worked out again); target 16 ms, drag.py's.

Exits non-zero only if it could not run. Run: ``.venv/bin/python benchmarks/big_map.py``.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench_map import make_benchmark_encounter  # noqa: E402
from drag_gesture import map_window, mouse, mover, ring_round  # noqa: E402
from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QMouseEvent, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.model import BackgroundImage, Encounter, Token  # noqa: E402
from vantage.engine.rules.asking import ask_reachable  # noqa: E402
from vantage.engine.rules.base import Unanswered  # noqa: E402

SIDE = 400
WALLS = 1200
TOKEN_COUNTS = (400, 40, 4)
PRESS_TARGET_MS = 50.0
MOVE_TARGET_MS = 8.0
FULL_REPAINT_TARGET_MS = 16.0  # drag.py's target
PICTURE_PX = 2048
ROUNDS = 5


def write_picture(folder: Path) -> Path:
    """A 2048 px picture with some texture (so it is not a flat colour): the map's background."""
    image = QImage(PICTURE_PX, PICTURE_PX, QImage.Format.Format_RGB32)
    image.fill(QColor("#6b5a3e"))
    painter = QPainter(image)
    for k in range(0, PICTURE_PX, 64):
        painter.fillRect(k, 0, 24, PICTURE_PX, QColor(90 + k % 60, 80, 60))
        painter.fillRect(0, k, PICTURE_PX, 12, QColor(60, 90 + k % 50, 70))
    painter.end()
    path = folder / "background.png"
    if not image.save(str(path)):
        raise OSError(f"could not write {path}")
    return path


def big_encounter(tokens: int, picture: Path, seed: int = 1) -> tuple[Encounter, Token]:
    """The 400 × 400 battlefield with the picture under it and ``tokens`` tokens, and the mover:
    the medium party token nearest the middle, with an Avorkarth stat block. Fewer tokens are the
    mover and the first others of the 400, so that only the token count changes."""
    encounter = make_benchmark_encounter(seed, side=SIDE, walls=WALLS, tokens=max(TOKEN_COUNTS))
    background = BackgroundImage(str(picture), pixels_per_tile=PICTURE_PX / SIDE)
    token = mover(encounter, SIDE)
    others = [t for t in encounter.tokens if t.id != token.id][: tokens - 1]
    game_map = replace(encounter.map, background=background)
    return replace(encounter, map=game_map, tokens=(token, *others), ruleset="avorkarth"), token


def first_reachable_ms(picture: Path) -> float:
    """The movement part of a first press, headless: the reachable set of the mover on a map
    value no graph was made for yet (so the graph is made and built round the token)."""
    encounter, token = big_encounter(max(TOKEN_COUNTS), picture)
    fresh = replace(encounter, map=replace(encounter.map))
    t0 = time.perf_counter()
    found = ask_reachable(fresh, token.id)
    elapsed = (time.perf_counter() - t0) * 1000
    if isinstance(found, Unanswered):
        raise RuntimeError(found.reason)
    return elapsed


def one_window(
    app: QApplication, tokens: int, picture: Path
) -> tuple[tuple[float, float], list[float], list[float], bool]:
    """Open a window on a fresh big map; time the first press, 40 drag moves (Qt paints what
    changed), and the same 40 moves again each followed by a repaint of the whole viewport."""
    encounter, token = big_encounter(tokens, picture)
    window = map_window(app, encounter, token.position)
    try:
        view = window.view
        start = QPointF(view.tile_centre_in_view(token.position))
        t0, c0 = time.perf_counter(), time.process_time()
        view.mousePressEvent(mouse(QMouseEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton))
        press_ms = (time.perf_counter() - t0) * 1000
        press_cpu = (time.process_time() - c0) * 1000
        times = []
        pos = start
        for tile in ring_round(token.position):
            pos = QPointF(view.tile_centre_in_view(tile))
            t0 = time.perf_counter()
            view.mouseMoveEvent(mouse(QMouseEvent.Type.MouseMove, pos, Qt.MouseButton.LeftButton))
            app.processEvents()  # Qt paints what changed: the overlay, the token, the hover
            times.append((time.perf_counter() - t0) * 1000)
        tool = window.play_tool
        shown = tool.overlay.path is not None or tool.overlay.refusal is not None
        full = []
        for tile in ring_round(token.position):
            pos = QPointF(view.tile_centre_in_view(tile))
            t0 = time.perf_counter()
            view.mouseMoveEvent(mouse(QMouseEvent.Type.MouseMove, pos, Qt.MouseButton.LeftButton))
            view.viewport().repaint()
            full.append((time.perf_counter() - t0) * 1000)
        # back to the start: the drop moves nothing, so the window closes without asking
        view.mouseMoveEvent(mouse(QMouseEvent.Type.MouseMove, start, Qt.MouseButton.LeftButton))
        view.mouseReleaseEvent(mouse(QMouseEvent.Type.MouseButtonRelease, start, Qt.MouseButton.NoButton))
        return (press_ms, press_cpu), times, full, shown
    finally:
        window.files.ask_unsaved = lambda: "discard"
        window.close()
        window.deleteLater()
        app.processEvents()


def main() -> int:
    app = QApplication.instance() or QApplication(["big-map-bench"])
    presses: list[float] = []
    presses_cpu: list[float] = []  # the wall time is the figure; the CPU time shows the machine's load
    movement: list[float] = []
    moves: dict[int, list[float]] = {n: [] for n in TOKEN_COUNTS}
    full: dict[int, list[float]] = {n: [] for n in TOKEN_COUNTS}
    with tempfile.TemporaryDirectory() as folder:
        picture = write_picture(Path(folder))
        for _ in range(ROUNDS):
            for n in TOKEN_COUNTS:  # alternate the token counts: the machine is shared
                press, times, full_times, shown = one_window(app, n, picture)
                if not shown:
                    print(f"big map benchmark: the overlay never showed a path or a reason ({n} tokens)",
                          file=sys.stderr)
                    return 1
                if n == TOKEN_COUNTS[0]:
                    presses.append(press[0])
                    presses_cpu.append(press[1])
                    movement.append(first_reachable_ms(picture))
                moves[n] += times
                full[n] += full_times
    print(f"BENCH first_press_400 {statistics.median(presses):.1f} ms target {PRESS_TARGET_MS:g}"
          f"  (400 × 400 tiles, {TOKEN_COUNTS[0]} tokens;"
          f" max {max(presses):.0f} ms over {len(presses)} windows;"
          f" CPU time {statistics.median(presses_cpu):.1f} ms)")
    print(f"BENCH first_press_400_movement {statistics.median(movement):.1f} ms target {PRESS_TARGET_MS:g}"
          "  (its movement part: a fresh map's graph and the token's reachable set)")
    for n in TOKEN_COUNTS:
        times = moves[n]
        print(f"BENCH drag_move_400x400_{n}tokens {statistics.median(times):.2f} ms target {MOVE_TARGET_MS:g}"
              f"  (max {max(times):.1f} ms over {len(times)} moves)")
    for n in TOKEN_COUNTS:
        times = full[n]
        print(f"BENCH drag_move_400x400_{n}tokens_full_repaint {statistics.median(times):.2f} ms"
              f" target {FULL_REPAINT_TARGET_MS:g}  (each move then the whole 1920×1080 viewport repainted,"
              " as drag.py measures)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
