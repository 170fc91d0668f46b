"""Make the GUI screenshots in this folder: one per overlay, plus a drag in progress.

Run from the checkout: ``.venv/bin/python docs/screenshots/make_screenshots.py`` (offscreen).
Each picture is the GM window's map view on the built-in demo encounter with Bram selected.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtGui import QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.demo_encounter import demo_encounter  # noqa: E402
from vantage.engine.model import Facing  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.canvas.snapshot import render_view  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.play.tactics_overlay import Layer  # noqa: E402

SHOTS: dict[Layer, str] = {
    Layer.REACHABLE: "overlay-reachable.png",
    Layer.ARCS: "overlay-arcs.png",
    Layer.REACH_ZONES: "overlay-reach-zones.png",
    Layer.CHARGE: "overlay-charge-lanes.png",
    Layer.FLANKING: "overlay-flanking.png",
    Layer.SIGHT: "overlay-sight.png",
}


def _window() -> MainWindow:
    encounter = demo_encounter()
    # put Bram beside a ghoul with Ilse on its other side, so locks and flanking show
    bram = replace(encounter.token("bram"), position=(14, 10), facing=Facing.E)
    ilse = replace(encounter.token("ilse"), position=(16, 10), conditions=())
    window = MainWindow(encounter.with_token(bram).with_token(ilse))
    for dock in window.docks.values():
        dock.hide()
    window.resize(1300, 860)
    window.show()
    QApplication.processEvents()
    window.view.fit_map()
    return window


def make(out_dir: Path = HERE) -> list[Path]:
    app = start_application(["screenshots"])  # offscreen: the text in the bundled font
    window = _window()
    window.workspace.selection.select_token("bram")
    written: list[Path] = []
    for layer, name in SHOTS.items():
        for other, action in window.window_actions.layers.items():
            action.setChecked(other is layer)
        if layer is Layer.SIGHT:
            window._hovered_token = None
            window.view.hovered_tile.emit((19, 8))  # hover the ogre
        path = out_dir / name
        render_view(window.view).save(str(path))
        written.append(path)
    for action in window.window_actions.layers.values():
        action.setChecked(False)
    view = window.view
    start = QPointF(view.tile_centre_in_view((14, 10)))
    end = QPointF(view.tile_centre_in_view((12, 12)))
    left = Qt.MouseButton.LeftButton
    view.mousePressEvent(QMouseEvent(QMouseEvent.Type.MouseButtonPress, start, start, left, left,
                                     Qt.KeyboardModifier.NoModifier))
    view.mouseMoveEvent(QMouseEvent(QMouseEvent.Type.MouseMove, end, end, Qt.MouseButton.NoButton,
                                    Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
    path = out_dir / "drag-path.png"
    render_view(view).save(str(path))
    written.append(path)
    window.close()
    del app
    return written


if __name__ == "__main__":
    for written in make():
        print(written)
