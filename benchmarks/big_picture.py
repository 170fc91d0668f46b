"""Big background pictures (issue 15): repaint and zoom on an 8192 px picture, memory of the GM and
player windows together, and importing a 38,400 × 25,600 px Universal VTT export.

    .venv/bin/python benchmarks/big_picture.py [--no-import | --import-only | --memory-only |
                                                --first-frame-only]

Prints, each Vantage figure with the floor's from the same run (the floor: a bare QGraphicsView
holding only a QGraphicsPixmapItem of the same picture, same window size, the same render hints
and the smooth transformation Vantage draws its picture with, and no scroll bars; the views take
turns, median of each). Vantage's view is the GM window's, with its scroll bars as needed. The
floor is also measured with Qt's default scroll bars, quoted in brackets: on a zoom step those cost
the floor a few ms (Fusion repaints its tall bar with gradients when the range changes), which is
why Vantage draws its own flat ones; the ratio is taken to the floor without any.

  BENCH repaint_8192 <ms> ms target <1.3 × floor>     a full repaint of a fitted 1920×1080 view
  BENCH repaint_8192_ratio <x> x target 1.3          (and the process CPU times and their ratio:
                                                      steadier on a shared machine)
  BENCH zoom_step_8192 <ms> ms target <1.3 × floor>   one wheel step, from the QWheelEvent sent to
                                                      the view to the repainted frame
  BENCH zoom_step_8192_ratio <x> x target 1.3
  BENCH memory_two_windows_ratio <x> x target 1.1    peak memory with the GM view and the player
                                                      window open over one GM view (subprocesses)
  BENCH memory_two_windows_floor_ratio <x> x target 1.1   the same against a bare PySide6 program
                                                      with two QGraphicsViews of one pixmap item
  BENCH first_frame_16384 <s> s target <floor>       (--first-frame-only) a 16,384² PNG: opening
  BENCH first_frame_16384_ratio <x> x target 1.0      the map to the first frame showing it, vs a
                                                      bare QGraphicsView of a QGraphicsPixmapItem
  BENCH first_frame_16384_busy_core <s> s target <floor>   the same with one core kept busy by a
  BENCH first_frame_16384_busy_core_ratio <x> x target 1.0  spinning process (a loaded machine)
  BENCH import_38400 <s> s target 30                 the GUI's import (with its progress bar) of
                                                      a .dd2vtt holding a 38,400 × 25,600 px PNG
                                                      (wall time; its CPU time in brackets)
  BENCH import_38400_peak <MiB> MiB target 2048      its peak memory (a subprocess's own peak)

The pictures are written row by row with zlib (never whole in memory): grid squares of varying
colour with dark lines, a gradient, and bands of fine noise, so they are neither one colour nor
trivially compressible. The 38,400 px file (≈ 510 MB, as large as real exports) is kept in the
temp folder between runs.
Exits non-zero only when it could not run.
"""

from __future__ import annotations

import base64
import json
import os
import resource
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from contextlib import nullcontext
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import numpy as np  # noqa: E402

VIEW_SIZE = (1920, 1080)
SIDE_8192 = 8192
PIXELS_PER_TILE = 128
FRAMES = 61  # frames per figure and view, alternated: the median holds under a shared machine's load
RATIO_TARGET = 1.3
MEMORY_TARGET = 1.1
IMPORT_SIZE = (38_400, 25_600)
IMPORT_PIXELS_PER_GRID = 256
IMPORT_TARGET_S = 30
IMPORT_TARGET_MIB = 2048
IMPORT_RUNS = 3  # the import's runs (each in a fresh process): the median is quoted


# -- pictures ------------------------------------------------------------------------------------
def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def write_map_png(path: Path, width: int, height: int, cell: int = 256, noise_every: int = 4) -> None:
    """A map-like RGB picture written a row at a time: squares of ``cell`` px in varying colours
    with 3 px dark grid lines, a blue gradient, and one band of fine noise in every
    ``noise_every`` bands of 64 rows; each row Sub-filtered, as PNG writers do for smooth rows.
    Memory: a few rows."""
    xs = np.arange(width)
    noise = np.random.default_rng(5).integers(0, 4, (97, width, 3), dtype=np.uint8)
    tile_r = ((xs // cell * 37) % 120 + 60).astype(np.uint8)
    tile_g = ((xs // cell * 11) % 90 + 70).astype(np.uint8)
    lines = (xs % cell) < 3
    base = np.empty((width, 3), np.uint8)
    packer = zlib.compressobj(1)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        for y in range(height):
            band = y // cell
            base[:, 0] = tile_r + band * 53 % 120
            base[:, 1] = tile_g + band * 29 % 90
            base[:, 2] = (xs * 3 // 7 + y) % 64 + 40
            row = base + noise[y % 97] if (y // 64) % noise_every == 0 else base.copy()
            if y % cell < 3:
                row[:] = 20
            else:
                row[lines] = 20
            sub = row.copy()
            sub[1:] -= row[:-1]
            data = packer.compress(b"\x01" + sub.tobytes())
            if data:
                out.write(_chunk(b"IDAT", data))
        out.write(_chunk(b"IDAT", packer.flush()))
        out.write(_chunk(b"IEND", b""))


def write_big_dd2vtt(path: Path, size: tuple[int, int] = IMPORT_SIZE) -> None:
    """A Universal VTT file holding a ``size`` PNG (at 256 px per grid square) and a few walls;
    the PNG goes through a temp file and is base64-encoded in pieces."""
    png = path.with_suffix(".png")
    write_map_png(png, *size)
    cells = (size[0] // IMPORT_PIXELS_PER_GRID, size[1] // IMPORT_PIXELS_PER_GRID)
    head = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": cells[0], "y": cells[1]},
                       "pixels_per_grid": IMPORT_PIXELS_PER_GRID},
        "line_of_sight": [[{"x": x, "y": 1}, {"x": x, "y": cells[1] - 1}] for x in range(2, cells[0], 8)],
        "portals": [], "lights": [],
    }
    text = json.dumps(head)
    with open(png, "rb") as source, open(path, "w", encoding="ascii") as out:
        out.write(text[:-1] + ', "image": "')
        while piece := source.read(3 * 1024 * 1024):
            out.write(base64.b64encode(piece).decode("ascii"))
        out.write('"}')
    png.unlink()


# -- the views -----------------------------------------------------------------------------------
def picture_encounter(picture: Path, side: int = SIDE_8192):  # noqa: ANN201 (Encounter; imported late)
    """A map of ``side`` px (at PIXELS_PER_TILE) with ``picture`` as its background, walls and 20
    tokens: the picture covers the map exactly when it is ``side`` px wide."""
    from vantage.engine.model import BackgroundImage, Encounter, GameMap, Side, Token, Wall, WallKind

    tiles = side // PIXELS_PER_TILE
    walls = tuple(Wall((x, 4.0), (x, tiles - 4.0), WallKind.WALL) for x in range(8, tiles, 8))
    tokens = tuple(Token(f"t{i}", f"token {i}", (2 + i * 3 % (tiles - 4), 2 + i * 7 % (tiles - 4)),
                         Side.PARTY if i % 2 else Side.ENEMY) for i in range(20))
    game_map = GameMap(tiles, tiles, walls=walls, background=BackgroundImage(str(picture), PIXELS_PER_TILE))
    return Encounter(game_map, tokens, name="big picture", ruleset="avorkarth")


def vantage_view(picture: Path, side: int = SIDE_8192):  # noqa: ANN201
    from PySide6.QtWidgets import QApplication, QFrame

    from vantage.gui.canvas.map_scene import MapScene
    from vantage.gui.canvas.map_view import MapView

    view = MapView(MapScene(picture_encounter(picture, side)))  # its own scroll bars, as in the GM window
    view.setFrameShape(QFrame.Shape.NoFrame)
    view.resize(*VIEW_SIZE)
    view.show()
    view.fit_map()
    QApplication.processEvents()
    return view


def floor_view(picture: Path, hints, scroll_bars: bool = False, limit_mb: int = 1024):  # noqa: ANN001, ANN201
    """The least any Qt program does: one pixmap item in a bare view that zooms on the wheel, with
    no scroll bars (``scroll_bars``: Qt's default ones, shown as needed)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPixmap, QWheelEvent
    from PySide6.QtWidgets import QApplication, QFrame, QGraphicsPixmapItem, QGraphicsScene, QGraphicsView

    from vantage.gui.canvas.map_picture import allocation_limit

    class FloorView(QGraphicsView):
        def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
            factor = 1.2 ** (event.angleDelta().y() / 120)
            self.scale(factor, factor)

    scene = QGraphicsScene()
    with allocation_limit(limit_mb):
        item = QGraphicsPixmapItem(QPixmap(str(picture)))
    if item.pixmap().isNull():
        raise RuntimeError(f"the floor could not load {picture.name} within {limit_mb} MB")
    item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
    scene.addItem(item)
    view = FloorView(scene)
    view.setRenderHints(hints)
    view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
    view.setFrameShape(QFrame.Shape.NoFrame)  # as Vantage's
    if not scroll_bars:
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.resize(*VIEW_SIZE)
    view.show()
    view.fitInView(item, Qt.AspectRatioMode.KeepAspectRatio)
    QApplication.processEvents()
    view._scene_ref = scene  # type: ignore[attr-defined]  # keep the scene alive with the view
    return view


Sample = tuple[float, float]  # wall ms, process CPU ms (every thread: Qt draws with helper threads)


def repaint_ms(view) -> Sample:  # noqa: ANN001
    t0, c0 = time.perf_counter(), time.process_time()
    view.viewport().repaint()
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000


def wheel_ms(view, step: int) -> Sample:  # noqa: ANN001
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    where = QPointF(VIEW_SIZE[0] * 0.4, VIEW_SIZE[1] * 0.55)
    event = QWheelEvent(where, view.viewport().mapToGlobal(where), QPoint(0, 0), QPoint(0, 120 * step),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                        False)
    t0, c0 = time.perf_counter(), time.process_time()
    QApplication.sendEvent(view.viewport(), event)
    view.viewport().repaint()
    return (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000


VIEWS = ("ours", "floor", "floor_qt_bars")


def paint_figures(picture: Path) -> dict[str, dict[str, list[Sample]]]:
    """For each figure, the samples of Vantage, of the floor and of the floor with Qt's default
    scroll bars, taken in turn (the order rotating frame by frame)."""
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication(["big-picture-bench"])
    ours = vantage_view(picture)
    shown_whole(ours)  # decoded on the thread pool: frames before it would measure a map without it
    levels_made(ours)
    hints = ours.renderHints() | QPainter.RenderHint.SmoothPixmapTransform
    views = dict(zip(VIEWS, (ours, floor_view(picture, hints), floor_view(picture, hints, scroll_bars=True)),
                     strict=True))
    for view in views.values():  # warm: the pyramid's level is built after the first frame
        for _ in range(3):
            repaint_ms(view)
            QApplication.processEvents()
    repaint: dict[str, list[Sample]] = {name: [] for name in VIEWS}
    zoom: dict[str, list[Sample]] = {name: [] for name in VIEWS}
    for frame in range(FRAMES):
        for name in VIEWS[frame % 3:] + VIEWS[:frame % 3]:
            repaint[name].append(repaint_ms(views[name]))
    for view in views.values():  # warm the zoomed-in levels
        wheel_ms(view, 1)
        QApplication.processEvents()
        wheel_ms(view, -1)
        QApplication.processEvents()
    for frame in range(FRAMES * 2):  # each view zooms in and out alternately
        step = 1 if frame % 2 == 0 else -1
        turn = frame // 2 % 3
        for name in VIEWS[turn:] + VIEWS[:turn]:
            zoom[name].append(wheel_ms(views[name], step))
            QApplication.processEvents()
    return {"repaint_8192": repaint, "zoom_step_8192": zoom}


def median_of(samples: list[Sample], which: int) -> float:
    return statistics.median(sample[which] for sample in samples)


# -- subprocess measurements -------------------------------------------------------------------------
def memory_child(picture: Path, windows: str) -> None:
    """Open the GM view (and the player window when ``windows`` is "two"), paint, print the peak."""
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication(["big-picture-memory"])
    view = vantage_view(picture)
    shown_whole(view)
    keep = [view]
    if windows == "two":
        from vantage.gui.appdata.player_settings import PlayerSettings
        from vantage.gui.players.window import PlayerWindow

        player = PlayerWindow(view.map_scene().source_encounter, settings=PlayerSettings(fullscreen=False))
        player.resize(*VIEW_SIZE)
        player.show()
        QApplication.processEvents()
        player.repaint()
        QApplication.processEvents()
        shown_whole(player.view)
        keep.append(player)
    for _ in range(3):
        QApplication.processEvents()
    if os.environ.get("BIG_PICTURE_RSS"):
        print(Path("/proc/self/status").read_text().split("VmRSS:")[1].split()[0], file=sys.stderr)
    print(peak_kib())


def shown_whole(view, timeout_s: float = 120.0) -> None:  # noqa: ANN001
    """Wait until ``view``'s scene shows its picture (a big one is decoded on the thread pool: a
    figure taken before it is there measures a map without its picture), repaint, and let the
    level built after that frame come, then repaint again."""
    from PySide6.QtWidgets import QApplication

    scene = view.scene()
    deadline = time.monotonic() + timeout_s
    while scene.background is None and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)
    if scene.background is None:
        raise RuntimeError(f"the picture was not shown within {timeout_s:.0f} s: {scene.background_notice}")
    for _ in range(3):
        view.viewport().repaint()
        QApplication.processEvents()


def levels_made(view, timeout_s: float = 60.0) -> None:  # noqa: ANN001
    """Wait until the smaller levels of ``view``'s picture, made on the thread pool after it is
    shown, have come (the frames measured are those of a map opened a moment ago)."""
    from PySide6.QtWidgets import QApplication

    picture = view.scene().background.picture
    deadline = time.monotonic() + timeout_s
    while getattr(picture, "levels_pending", False) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


def first_frame_child(picture: Path, which: str) -> None:
    """Seconds from opening the map (the QApplication already made) to the first frame that shows
    the whole picture: Vantage's GM view (``ours``; a big picture is decoded on the thread pool and
    shown downscaled: the frame painted as soon as the scene holds it) or the floor, a bare
    QGraphicsView with a QGraphicsPixmapItem of the picture (Qt's allocation limit raised so that
    it loads at all). Each paints one frame with the picture, as a window does."""
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication(["big-picture-first-frame"])
    with open(picture, "rb") as png:
        side = struct.unpack(">I", png.read(20)[16:20])[0]  # IHDR's width: the map is the picture's size
    start = time.perf_counter()
    if which == "ours":
        view = vantage_view(picture, side)
        scene = view.scene()
        deadline = time.monotonic() + 600
        while scene.background is None and time.monotonic() < deadline:
            QApplication.processEvents()
            time.sleep(0.002)
        if scene.background is None:
            raise RuntimeError(f"the picture was not shown: {scene.background_notice}")
    else:
        view = floor_view(picture, QPainter.RenderHint.Antialiasing, scroll_bars=True, limit_mb=1100)
    view.viewport().repaint()
    seconds = time.perf_counter() - start
    if os.environ.get("BIG_PICTURE_SHOT"):  # the frame, to look at
        view.grab().save(os.environ["BIG_PICTURE_SHOT"])
    print(seconds)


class BusyCore:
    """A second process spinning on one core for as long as the block runs (the machine of a GM
    whose browser or video call keeps a core busy): the floor, on one thread, loses little to it;
    a decode spread over threads shares the other core with it."""

    def __enter__(self) -> BusyCore:
        self._process = subprocess.Popen([sys.executable, "-c", "while True: pass"])
        return self

    def __exit__(self, *exc: object) -> None:
        self._process.kill()
        self._process.wait()


def first_frame_figures(side: int = 16384, runs: int = 3) -> None:
    """The first frame of a ``side``² PNG against the floor's, alternated run by run, on the machine
    as it is and then with one core kept busy by another process."""
    with tempfile.TemporaryDirectory() as tmp:
        picture = Path(tmp) / f"map-{side}.png"
        write_map_png(picture, side, side)
        for name, load in (("", nullcontext()), ("_busy_core", BusyCore())):
            ours: list[float] = []
            floor: list[float] = []
            with load:
                for _ in range(runs):  # alternate the runs
                    ours.append(float(run_child("--first-frame-child", str(picture), "ours")))
                    floor.append(float(run_child("--first-frame-child", str(picture), "floor")))
            mine, bare = statistics.median(ours), statistics.median(floor)
            busy = "; one core kept busy by a spinning process" if name else ""
            print(f"BENCH first_frame_{side}{name} {mine:.2f} s target {bare:.2f}  (the floor, a bare "
                  f"QGraphicsView of a QGraphicsPixmapItem, {bare:.2f} s; medians of {runs}, "
                  f"alternated{busy})")
            print(f"BENCH first_frame_{side}{name}_ratio {mine / bare:.2f} x target 1.0")


def floor_memory_child(picture: Path) -> None:
    """The floor for the memory figure: a bare PySide6 program with a GM-sized and a TV-sized
    QGraphicsView on one scene holding one QGraphicsPixmapItem of the picture (Qt defaults, with
    only Qt's allocation limit raised so that the picture loads at all), both painted; prints the
    peak."""
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QApplication, QGraphicsView

    QApplication.instance() or QApplication(["big-picture-floor-memory"])
    gm = floor_view(picture, QPainter.RenderHint.Antialiasing, scroll_bars=True)
    tv = QGraphicsView(gm.scene())
    tv.resize(*VIEW_SIZE)
    tv.show()
    tv.fitInView(gm.scene().itemsBoundingRect())
    for view in (gm, tv):
        view.viewport().repaint()
    for _ in range(3):
        QApplication.processEvents()
    print(peak_kib())


def peak_kib() -> int:
    """This process's peak resident memory in KiB: Linux's VmHWM, which starts afresh with the
    program (``ru_maxrss`` keeps the high-water mark of the process it was forked from, so every
    child of a benchmark that had painted an 8192 px picture reported at least that much)."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak // 1024 if sys.platform == "darwin" else peak  # bytes on macOS


def import_child(source: Path) -> None:
    """The GUI's import of ``source`` (progress bar included, the report accepted), timed; prints
    seconds, maxrss in KiB, the progress values seen and the picture stored."""
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication(["big-picture-import"])
    from vantage.gui.importing import dialog

    seen: list[int] = []
    original = dialog.ImportProgress

    class Recorded(original):  # type: ignore[misc,valid-type]
        def close(self) -> None:
            seen.extend(self.values)
            super().close()

    dialog.ImportProgress = Recorded  # type: ignore[misc]
    t0, c0 = time.perf_counter(), time.process_time()
    encounter = dialog.import_file_interactively(None, source, confirm=lambda d: True, ruleset=None)
    seconds, cpu_seconds = time.perf_counter() - t0, time.process_time() - c0
    background = None if encounter is None else encounter.map.background
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu_seconds, "maxrss_kib": peak_kib(),
                      "progress_steps": len(set(seen)), "picture": background.path if background else None}))


def run_child(*args: str) -> str:
    done = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, timeout=600,
                          check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {done.stderr[-2000:]}")
    return done.stdout.strip().splitlines()[-1]


def main(argv: list[str]) -> int:
    if argv[:1] == ["--memory-child"]:
        memory_child(Path(argv[1]), argv[2])
        return 0
    if argv[:1] == ["--first-frame-child"]:
        first_frame_child(Path(argv[1]), argv[2])
        return 0
    if "--first-frame-only" in argv:
        first_frame_figures()
        return 0
    if argv[:1] == ["--floor-memory-child"]:
        floor_memory_child(Path(argv[1]))
        return 0
    if argv[:1] == ["--import-child"]:
        import_child(Path(argv[1]))
        return 0
    if "--import-only" in argv:
        return import_figures()
    if "--memory-only" in argv:
        with tempfile.TemporaryDirectory() as tmp:
            picture = Path(tmp) / "map-8192.png"
            write_map_png(picture, SIDE_8192, SIDE_8192)
            memory_figures(picture)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        picture = Path(tmp) / "map-8192.png"
        write_map_png(picture, SIDE_8192, SIDE_8192)
        for name, samples in paint_figures(picture).items():
            ours, floor = median_of(samples["ours"], 0), median_of(samples["floor"], 0)
            cpu_ours, cpu_floor = median_of(samples["ours"], 1), median_of(samples["floor"], 1)
            qt_bars = median_of(samples["floor_qt_bars"], 0)
            print(f"BENCH {name} {ours:.2f} ms target {RATIO_TARGET * floor:.2f}  (floor {floor:.2f} ms; "
                  f"with Qt's default scroll bars {qt_bars:.2f} ms)")
            print(f"BENCH {name}_ratio {ours / floor:.2f} x target {RATIO_TARGET}  (process CPU: "
                  f"{cpu_ours:.2f} ms vs floor {cpu_floor:.2f} ms, {cpu_ours / cpu_floor:.2f} x; "
                  f"to the floor with Qt's scroll bars {ours / qt_bars:.2f} x)")
        memory_figures(picture)
    if "--no-import" in argv:
        return 0
    return import_figures()


def memory_figures(picture: Path, runs: int = 3) -> None:
    one: list[int] = []
    two: list[int] = []
    floor: list[int] = []
    for _ in range(runs):  # alternate the runs
        one.append(int(run_child("--memory-child", str(picture), "one")))
        two.append(int(run_child("--memory-child", str(picture), "two")))
        floor.append(int(run_child("--floor-memory-child", str(picture))))
    one_mib, two_mib = statistics.median(one) / 1024, statistics.median(two) / 1024
    floor_mib = statistics.median(floor) / 1024
    print(f"BENCH memory_two_windows_ratio {two_mib / one_mib:.2f} x target {MEMORY_TARGET}  "
          f"(GM view {one_mib:.0f} MiB, GM view + player window {two_mib:.0f} MiB)")
    print(f"BENCH memory_two_windows_floor_ratio {two_mib / floor_mib:.2f} x target {MEMORY_TARGET}  "
          f"(GM view + player window {two_mib:.0f} MiB; the floor, a bare PySide6 program with two "
          f"QGraphicsViews of one QGraphicsPixmapItem, {floor_mib:.0f} MiB; the peer viewer itself "
          "could not be had here)")


def import_figures() -> int:
    """The 38,400 px import, IMPORT_RUNS times in fresh subprocesses: the median wall and CPU time
    and the highest peak."""
    big = Path(tempfile.gettempdir()) / "vantage-bench-38400x25600-v2.dd2vtt"
    if not big.exists():
        t0 = time.perf_counter()
        write_big_dd2vtt(big)
        print(f"(wrote {big}, {big.stat().st_size / 1024**2:.0f} MiB, in {time.perf_counter() - t0:.0f} s)")
    results = []
    for _ in range(IMPORT_RUNS):
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / big.name
            os.symlink(big, source) if hasattr(os, "symlink") else source.write_bytes(big.read_bytes())
            result = json.loads(run_child("--import-child", str(source)))
        if not result["picture"] or result["progress_steps"] < 3:
            raise RuntimeError(f"the import did not finish with a picture and a moving bar: {result}")
        results.append(result)
    seconds = statistics.median(r["seconds"] for r in results)
    cpu = statistics.median(r["cpu_seconds"] for r in results)
    runs = ", ".join(f"{r['seconds']:.1f}" for r in results)
    print(f"BENCH import_38400 {seconds:.1f} s target {IMPORT_TARGET_S}  (median of {len(results)}: "
          f"{runs} s; process CPU {cpu:.1f} s; progress bar: {results[0]['progress_steps']} values)")
    peak = max(r["maxrss_kib"] for r in results) / 1024
    print(f"BENCH import_38400_peak {peak:.0f} MiB target {IMPORT_TARGET_MIB}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
