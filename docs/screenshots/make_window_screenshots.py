"""Make the whole-window screenshots of the GM window at a laptop size and a desktop size.

Run from the checkout: ``.venv/bin/python docs/screenshots/make_window_screenshots.py`` (offscreen).
Each picture is the GM window on the first bundled sample (or the built-in demo) with the first
token selected and combat started, so the toolbar, panels, overlays and status bar all show.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.gm.launch import first_sample  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402

SIZES: dict[tuple[int, int], str] = {
    (1280, 800): "gm-window-1280.png",
    (1920, 1080): "gm-window-1920.png",
}


def shoot(width: int, height: int, target: Path) -> Path:
    encounter, path = first_sample()
    window = MainWindow(encounter, path)
    window.resize(width, height)
    window.show()
    QApplication.processEvents()
    window.view.fit_map()
    if window.encounter.tokens:
        window.workspace.selection.select_token(window.encounter.tokens[0].id)
    QApplication.processEvents()
    window.grab().save(str(target))
    window.document.undo_stack.setClean()  # nothing to ask about on close
    window.close()
    window.deleteLater()
    return target


def make(folder: Path = HERE) -> list[Path]:
    start_application(sys.argv[:1])  # offscreen: the text in the bundled font
    return [shoot(w, h, folder / name) for (w, h), name in SIZES.items()]


if __name__ == "__main__":
    for written in make():
        print(written)
