"""Make the whole-window screenshots of the GM window at a laptop size and a desktop size.

Run from the checkout: ``.venv/bin/python docs/screenshots/make_window_screenshots.py`` (offscreen;
under Xvfb with ``QT_QPA_PLATFORM=xcb`` for real window fonts). Each picture is the GM window on
the first bundled sample (or the built-in demo) with the first token selected and combat started —
its first roll waiting in the prompt bar under the map — so the toolbar, panels, overlays, the bar
and the status bar all show. ``first-launch-1920.png`` is a first start: the first-launch hint in
the bar (a fresh user folder).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))  # a first start

from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.gm.launch import first_sample  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402

SIZES: dict[tuple[int, int], str] = {
    (1280, 800): "gm-window-1280.png",
    (1920, 1080): "gm-window-1920.png",
}


def shoot(width: int, height: int, target: Path, first_start: bool = False) -> Path:
    encounter, path = first_sample()
    window = MainWindow(encounter, path, remember=first_start)
    window.resize(width, height)
    window.show()
    for _ in range(5):
        QApplication.processEvents()
    if not first_start:
        window.tracker.start_combat()  # the sample's party rolls at the table: the bar asks
    QApplication.processEvents()
    window.view.fit_map()
    if window.encounter.tokens and not first_start:
        window.workspace.selection.select_token(window.encounter.tokens[0].id)
    for _ in range(5):
        QApplication.processEvents()
    window.grab().save(str(target))
    window.document.undo_stack.setClean()  # nothing to ask about on close
    window.close()
    window.deleteLater()
    return target


def make(folder: Path = HERE) -> list[Path]:
    start_application(sys.argv[:1])  # offscreen: the text in the bundled font
    shots = [shoot(w, h, folder / name) for (w, h), name in SIZES.items()]
    return [*shots, shoot(1920, 1080, folder / "first-launch-1920.png", first_start=True)]


if __name__ == "__main__":
    for written in make():
        print(written)
