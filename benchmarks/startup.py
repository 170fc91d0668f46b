"""Cold start to the first painted map frame, against the bare PySide6 floor, with one picture.

Makes once, in a temporary folder, a 2560 × 1920 px map picture (a painted-looking PNG: smooth
colour fields, grain and grid lines) and an encounter that uses it (the first bundled sample with
``map.background`` set to it). Then it alternates cold runs, each a fresh ``python`` process under
``QT_QPA_PLATFORM=offscreen`` with a 1920×1080 screen (the offscreen platform's ``configfile``):

- the floor: a tiny PySide6 script that creates the QApplication, decodes the same picture, shows
  it in a window as large as the GM window opens on that screen (``PREFERRED_SIZE``, 1440×900)
  and reports when that window is first painted;
- the view floor (issue 32): a bare PySide6 ``QMainWindow`` whose central widget is a
  ``QGraphicsView`` showing the same picture as a pixmap item, Qt defaults, at the same size; it
  reports when the view's viewport is first painted;
- Vantage: ``python -m vantage.gui FILE`` (the real entry point, as ``vantage FILE``), which
  reports when its GM window's map view is first painted through ``VANTAGE_FIRST_FRAME_REPORT``
  (``gui/gm/main_window.py``), when the window is complete, and when the checks ``vantage FILE``
  makes once it is complete (the background, the stat blocks, the recovery offer) are made.

Both count from ``time.perf_counter()`` read here just before the process starts
(``VANTAGE_START_CLOCK``; one clock for the whole machine). Each Vantage run gets an empty user
folder (``VANTAGE_USER_DIR``), so no recent file or autosave of another run changes what it does.
Both run with compiled bytecode, as an installed program does (pip and the bundle compile it): a
``PYTHONPYCACHEPREFIX`` folder of this run's own, filled by one untimed run of each first (a
``PYTHONDONTWRITEBYTECODE`` in the environment would make every start compile every module).
Prints ``BENCH startup_floor``, ``BENCH startup_vantage … target 1.5×floor``, ``BENCH
startup_ratio … x target 1.5`` (with the ratio of the CPU each process spent to its first frame,
steadier on a shared machine) and, for information, ``BENCH startup_complete`` (the window with
every tool and panel), ``BENCH startup_view_floor`` and ``BENCH window_complete … x target 1.5``:
the complete window (every panel, menu and tool usable) over the view floor's first frame, with
the CPU each spent (issue 32), and, for information, ``BENCH startup_checked`` (the complete window
and its checks: what the GM waits for before the window answers; absent from a Vantage whose hook
does not report it). Exits non-zero only if it could not run.
Run: ``.venv/bin/python benchmarks/startup.py [RUNS]`` (default 9 of each).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

RATIO_TARGET = 1.5
COMPLETE_TARGET = 1.5
PICTURE_PX = (2560, 1920)
SCREEN = (1920, 1080)
#: The offscreen platform's screen, so both programs open on a 1920×1080 screen.
SCREEN_CONFIG = json.dumps({"screens": [{"name": "bench", "x": 0, "y": 0, "width": SCREEN[0],
                                          "height": SCREEN[1], "logicalDpi": 96, "logicalBaseDpi": 96,
                                          "dpr": 1}]})
TIMEOUT_S = 60

#: The floor: the least any Qt program does to show the picture. Reads the same start clock and
#: writes the seconds to its first paint, like Vantage's hook.
FLOOR_SCRIPT = """
import os, sys, time
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

start = float(os.environ["VANTAGE_START_CLOCK"])
report = Path(os.environ["VANTAGE_FIRST_FRAME_REPORT"])
app = QApplication(sys.argv[:1])
pixmap = QPixmap(sys.argv[1])
assert not pixmap.isNull(), sys.argv[1]

class Picture(QWidget):
    painted = False
    def paintEvent(self, event):
        painter = QPainter(self)
        painter.drawPixmap(self.rect(), pixmap)
        painter.end()
        if not self.painted:
            self.painted = True
            QTimer.singleShot(0, self.report)
    def report(self):
        seconds, cpu = time.perf_counter() - start, time.process_time()
        report.write_text(f"first_frame {seconds:.4f}\\nfirst_frame_cpu {cpu:.4f}\\n", encoding="utf-8")
        app.quit()

window = Picture()
window.resize(int(sys.argv[2]), int(sys.argv[3]))
window.show()
sys.exit(app.exec())
"""

#: The view floor: a bare QMainWindow with a QGraphicsView showing the picture (Qt defaults).
VIEW_FLOOR_SCRIPT = """
import os, sys, time
from pathlib import Path
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsView, QMainWindow

start = float(os.environ["VANTAGE_START_CLOCK"])
report = Path(os.environ["VANTAGE_FIRST_FRAME_REPORT"])
app = QApplication(sys.argv[:1])
pixmap = QPixmap(sys.argv[1])
assert not pixmap.isNull(), sys.argv[1]
scene = QGraphicsScene()
scene.addPixmap(pixmap)
window = QMainWindow()
view = QGraphicsView(scene)
window.setCentralWidget(view)

def report_frame():
    seconds, cpu = time.perf_counter() - start, time.process_time()
    report.write_text(f"first_frame {seconds:.4f}\\nfirst_frame_cpu {cpu:.4f}\\n", encoding="utf-8")
    app.quit()

class FirstPaint(QObject):
    seen = False
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not self.seen:
            self.seen = True
            QTimer.singleShot(0, report_frame)
        return False

first_paint = FirstPaint()
view.viewport().installEventFilter(first_paint)
window.resize(int(sys.argv[2]), int(sys.argv[3]))
window.show()
sys.exit(app.exec())
"""


def make_picture(path: Path) -> None:
    """A picture that compresses like a painted battle map: smooth colour fields, grain, a grid."""
    import numpy as np
    from PySide6.QtGui import QImage

    w, h = PICTURE_PX
    rng = np.random.default_rng(15)
    coarse = rng.integers(40, 200, size=(h // 160 + 2, w // 160 + 2, 3)).astype(np.float32)
    ys = np.linspace(0, coarse.shape[0] - 1.001, h)
    xs = np.linspace(0, coarse.shape[1] - 1.001, w)
    y0, x0 = ys.astype(int), xs.astype(int)
    fy, fx = (ys - y0)[:, None, None], (xs - x0)[None, :, None]
    top = coarse[y0][:, x0] * (1 - fx) + coarse[y0][:, x0 + 1] * fx
    bottom = coarse[y0 + 1][:, x0] * (1 - fx) + coarse[y0 + 1][:, x0 + 1] * fx
    rgb = top * (1 - fy) + bottom * fy + rng.normal(0, 9, size=(h, w, 1))
    rgb[::80, :, :] *= 0.45  # grid lines every 80 px
    rgb[:, ::80, :] *= 0.45
    pixels = np.clip(rgb, 0, 255).astype(np.uint8)
    rgba = np.dstack([pixels, np.full((h, w, 1), 255, np.uint8)])
    image = QImage(rgba.tobytes(), w, h, 4 * w, QImage.Format.Format_RGBA8888)
    if not image.save(str(path), "PNG"):
        raise OSError(f"could not write {path}")


def make_fixture(folder: Path) -> tuple[Path, Path]:
    """The picture and an encounter file that shows it under the first sample's map."""
    from vantage.engine.fileformat import load_encounter, save_encounter
    from vantage.engine.model import BackgroundImage
    from vantage.gui.appdata.resources import sample_encounters

    picture = folder / "map.png"
    make_picture(picture)
    encounter = load_encounter(sample_encounters()[0])
    per_tile = PICTURE_PX[0] / encounter.map.width
    background = BackgroundImage(path=picture.name, pixels_per_tile=per_tile)
    encounter = replace(encounter, map=replace(encounter.map, background=background))
    target = folder / "with-picture.json"
    save_encounter(encounter, target, keep_backup=False)
    return picture, target


def timed_run(command: list[str], report: Path, env: dict[str, str]) -> dict[str, float]:
    """Start ``command`` cold and read the seconds it reports (``first_frame``, ``complete``)."""
    report.unlink(missing_ok=True)
    env = {**env, "VANTAGE_FIRST_FRAME_REPORT": str(report), "VANTAGE_START_CLOCK": repr(time.perf_counter())}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    if not report.is_file():
        raise RuntimeError(f"{' '.join(command)} reported nothing (exit {done.returncode}):\n{done.stderr}")
    figures = {}
    for line in report.read_text(encoding="utf-8").splitlines():
        name, value = line.split()
        figures[name] = float(value)
    return figures


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 9
    with tempfile.TemporaryDirectory(prefix="vantage-startup-") as tmp:
        folder = Path(tmp)
        screen = folder / "screen.json"
        screen.write_text(SCREEN_CONFIG, encoding="utf-8")
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen}"
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(folder / "bytecode")
        try:
            picture, encounter_file = make_fixture(folder)
            from vantage.gui.gm.main_window import PREFERRED_SIZE
        except Exception as exc:  # noqa: BLE001 - the benchmark could not run
            print(f"startup: could not make the picture and the encounter: {exc}", file=sys.stderr)
            return 1
        report = folder / "report.txt"
        window = (PREFERRED_SIZE.width(), PREFERRED_SIZE.height())
        floor_cmd = [sys.executable, "-c", FLOOR_SCRIPT, str(picture), *map(str, window)]
        view_floor_cmd = [sys.executable, "-c", VIEW_FLOOR_SCRIPT, str(picture), *map(str, window)]
        vantage_cmd = [sys.executable, "-m", "vantage.gui", str(encounter_file)]
        floor: list[float] = []
        vantage: list[float] = []
        floor_cpu: list[float] = []
        vantage_cpu: list[float] = []
        complete: list[float] = []
        complete_cpu: list[float] = []
        view_floor: list[float] = []
        view_floor_cpu: list[float] = []
        checked: list[float] = []
        checked_cpu: list[float] = []
        try:
            for run in range(-1, runs):  # run -1 compiles the bytecode of both and is not counted
                floor_figures = timed_run(floor_cmd, report, env)
                view_figures = timed_run(view_floor_cmd, report, env)
                user_dir = folder / f"user{run}"
                user_dir.mkdir()
                figures = timed_run(vantage_cmd, report, {**env, "VANTAGE_USER_DIR": str(user_dir)})
                if run >= 0:
                    floor.append(floor_figures["first_frame"])
                    vantage.append(figures["first_frame"])
                    floor_cpu.append(floor_figures["first_frame_cpu"])
                    vantage_cpu.append(figures["first_frame_cpu"])
                    complete.append(figures["complete"])
                    complete_cpu.append(figures.get("complete_cpu", 0.0))
                    view_floor.append(view_figures["first_frame"])
                    view_floor_cpu.append(view_figures["first_frame_cpu"])
                    if "checked" in figures:
                        checked.append(figures["checked"])
                        checked_cpu.append(figures["checked_cpu"])
        except (RuntimeError, subprocess.TimeoutExpired, KeyError, ValueError) as exc:
            print(f"startup: a run failed: {exc}", file=sys.stderr)
            return 1
    floor_s, vantage_s = statistics.median(floor), statistics.median(vantage)
    floor_cpu_s, vantage_cpu_s = statistics.median(floor_cpu), statistics.median(vantage_cpu)
    print(f"BENCH startup_floor {floor_s:.3f} s  (the bare PySide6 window, {runs} runs)")
    print(f"BENCH startup_vantage {vantage_s:.3f} s target {RATIO_TARGET * floor_s:.3f}  "
          f"(floor {floor_s:.3f} s)")
    print(f"BENCH startup_ratio {vantage_s / floor_s:.2f} x target {RATIO_TARGET}  (process CPU to the "
          f"first frame: {vantage_cpu_s:.3f} s / {floor_cpu_s:.3f} s = {vantage_cpu_s / floor_cpu_s:.2f} x)")
    complete_s, complete_cpu_s = statistics.median(complete), statistics.median(complete_cpu)
    view_s, view_cpu_s = statistics.median(view_floor), statistics.median(view_floor_cpu)
    print(f"BENCH startup_complete {complete_s:.3f} s  (every tool, menu and panel attached)")
    print(f"BENCH startup_view_floor {view_s:.3f} s  (a bare QMainWindow + QGraphicsView with the picture, "
          f"{runs} runs)")
    cpu_note = (f"process CPU: {complete_cpu_s:.3f} s / {view_cpu_s:.3f} s = "
                f"{complete_cpu_s / view_cpu_s:.2f} x" if complete_cpu_s else "no CPU figure")
    print(f"BENCH window_complete {complete_s / view_s:.2f} x target {COMPLETE_TARGET}  "
          f"({complete_s:.3f} s / {view_s:.3f} s; {cpu_note})")
    if checked:
        checked_s, checked_cpu_s = statistics.median(checked), statistics.median(checked_cpu)
        print(f"BENCH startup_checked {checked_s:.3f} s  (the complete window and the checks made once it "
              f"is complete: background, stat blocks, recovery offer; process CPU {checked_cpu_s:.3f} s "
              f"= {checked_cpu_s / view_cpu_s:.2f} x the view floor's)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
