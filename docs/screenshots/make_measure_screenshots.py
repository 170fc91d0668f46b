"""Make the screenshots of the ruler and the area templates (docs/gui.md, "Measure and mark").

Run from the checkout: ``.venv/bin/python docs/screenshots/make_measure_screenshots.py`` (offscreen).
On the built-in demo: a 20 ft circle on the party, a 20 ft cone towards Ghoul 2
(shown on the projector), a 30 ft line and a 10 ft square, and the ruler from Bram to Ghoul 1
shown to the players. It writes the GM window (``measure-gm.png``) and the player window
(``measure-projector.png``), where only the cone and the ruler appear.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))

from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.demo_encounter import demo_encounter  # noqa: E402
from vantage.engine.model import TemplateKind  # noqa: E402
from vantage.gui.appdata.player_settings import PlayerSettings, save_settings  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.gm.measuring import attach_measuring  # noqa: E402


def shoot(target_dir: Path) -> list[Path]:
    save_settings(PlayerSettings(fullscreen=False, labels=True))
    window = MainWindow(demo_encounter())
    measuring = attach_measuring(window.workspace, window.player_view.controller)
    window.resize(1600, 1000)
    window.show()
    QApplication.processEvents()
    window.view.fit_map()
    tool = measuring.templates
    measuring.templates_action.trigger()
    tool.set_shape(TemplateKind.CIRCLE)
    tool.place((5.0, 7.0))
    tool.set_shape(TemplateKind.LINE)
    tool.place((8.0, 13.5), direction=90)
    tool.set_shape(TemplateKind.SQUARE)
    tool.place((20.0, 13.0), direction=15)
    tool.set_shape(TemplateKind.CONE)
    tool.show_new = True
    tool.size_feet = 20
    tool.place((14.0, 7.0), direction=75)
    measuring.ruler_action.trigger()
    measuring.ruler_to_players.setChecked(True)
    player = window.player_view.controller.open_player_view()
    player.resize(1280, 800)
    measuring.ruler.measure((6, 6), (15, 10))
    QApplication.processEvents()
    player.apply_camera()
    QApplication.processEvents()
    paths = [target_dir / "measure-gm.png", target_dir / "measure-projector.png"]
    window.grab().save(str(paths[0]))
    player.grab().save(str(paths[1]))
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
