"""Make docs/screenshots/simulate.png: Combat ▸ What are the odds… over the GM window, after 400
fights of the Power Tiers sample.

Run on a real display (``DISPLAY=:N QT_QPA_PLATFORM=xcb``) or offscreen:
``.venv/bin/python docs/screenshots/make_simulate_screenshot.py [FIGHTS]``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.fileformat import load_encounter  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.workspace import ActionId  # noqa: E402

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parents[1] / "maps" / "04-power-tiers-ambush.json"


def main() -> int:
    fights = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    app = QApplication.instance() or QApplication(sys.argv)
    window = MainWindow(load_encounter(SAMPLE), SAMPLE)
    window.resize(1280, 800)
    window.show()
    window.workspace.actions.action(ActionId.SIMULATE).trigger()
    dialog = next(w for w in app.topLevelWidgets() if w.windowTitle() == "What are the odds?")
    dialog.fights.setValue(fights)
    dialog.seed.setValue(1)
    dialog.start()
    while dialog.run is not None:
        app.processEvents()
        dialog.run.wait(50) if dialog.run is not None else None
    app.processEvents()
    dialog.grab().save(str(HERE / "simulate.png"))
    print(dialog.status.text())
    window.files.ask_unsaved = lambda: "discard"
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
