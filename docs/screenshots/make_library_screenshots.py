"""Make the screenshots of the Creatures dock, Duplicate and token pictures (docs/gui.md,
"Adding monsters quickly").

Run from the checkout: ``.venv/bin/python docs/screenshots/make_library_screenshots.py [DIR]``
(offscreen unless ``QT_QPA_PLATFORM`` says otherwise, e.g. ``xcb`` under Xvfb). On the built-in
demo: the Creatures dock filtered to "ar", two Gladiators added from it (the second numbered),
the first given a wide picture (drawn cropped round), Ghoul 1 duplicated, and the token menu of
the pictured Gladiator open on its GM section. It writes ``creatures-gm.png`` (the window),
``creatures-dock.png`` (the dock) and ``creatures-menu.png`` (the token menu).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))

from PySide6.QtCore import QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QLinearGradient, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.demo_encounter import demo_encounter  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.play.creature_library import attach_creature_tools  # noqa: E402
from vantage.gui.play.duplicate import duplicate_token  # noqa: E402
from vantage.gui.play.token_picture import set_picture  # noqa: E402


def wide_picture(path: Path) -> Path:
    """A 480 × 300 picture: a helmeted head in the middle, a red and a blue band at the sides that
    the round crop cuts off."""
    image = QImage(480, 300, QImage.Format.Format_ARGB32)
    image.fill(QColor("#c0392b"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(QRectF(390, 0, 90, 300), QColor("#2c3e9f"))
    sky = QLinearGradient(QPointF(0, 0), QPointF(0, 300))
    sky.setColorAt(0, QColor("#f7d794"))
    sky.setColorAt(1, QColor("#786fa6"))
    painter.fillRect(QRectF(90, 0, 300, 300), sky)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#e0ac69"))
    painter.drawEllipse(QRectF(175, 95, 130, 150))
    painter.setBrush(QColor("#7f8c8d"))
    painter.drawChord(QRectF(165, 70, 150, 130), 0, 180 * 16)
    painter.setBrush(QColor("#2d3436"))
    painter.drawEllipse(QRectF(208, 150, 16, 12))
    painter.drawEllipse(QRectF(256, 150, 16, 12))
    painter.end()
    image.save(str(path))
    return path


def shoot(target_dir: Path) -> list[Path]:
    window = MainWindow(demo_encounter())
    window.files.ask_unsaved = lambda: "discard"
    tools = attach_creature_tools(window.workspace, window.edit_settings)
    window.resize(1600, 1000)
    window.show()
    tools.show_library()
    QApplication.processEvents()
    window.view.fit_map()
    library = tools.library
    library.filter_edit.setText("ar")
    first = library.add_creature("gladiator", (11, 3))
    library.add_creature("gladiator", (11, 3))
    assert first is not None
    set_picture(window.document, first, wide_picture(Path(tempfile.mkdtemp()) / "gladiator.png"))
    window.say(duplicate_token(window.document, "ghoul-1"))
    window.workspace.selection.select_token(first)
    QApplication.processEvents()
    window.view.set_zoom(1.6)
    window.view.center_on_tile((12, 6))
    QApplication.processEvents()
    paths = [target_dir / name for name in ("creatures-gm.png", "creatures-dock.png", "creatures-menu.png")]
    window.grab().save(str(paths[0]))
    tools.dock.grab().save(str(paths[1]))
    menu = window.attack_menu.build(None, first, window.view)
    menu.adjustSize()
    menu.grab().save(str(paths[2]))
    window.document.undo_stack.setClean()
    window.close()
    return paths


def main(argv: list[str]) -> int:
    app = start_application(argv)  # offscreen: the text in the bundled font
    target = Path(argv[1]) if len(argv) > 1 else HERE
    for path in shoot(target):
        print(path)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
