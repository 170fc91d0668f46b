"""Make the screenshots of the rules feedback (docs/gui.md, "Rules feedback you can trust").

Run from the checkout: ``.venv/bin/python docs/screenshots/make_feedback_screenshots.py``
(offscreen, or under Xvfb with ``DISPLAY`` set). On the built-in demo, combat started with Bram
acting and a short wall beside the Ogre: the GM window with the overlays a first start shows
and the half-cover badge on the hovered Ogre (``feedback-cover.png``), and Bram's menu against
Ghoul 2, every option greyed with its reason and no odds (``feedback-menu.png``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))

from PySide6.QtCore import QPoint  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.demo_encounter import demo_encounter  # noqa: E402
from vantage.engine.dice import ScriptedDice  # noqa: E402
from vantage.engine.model import Wall  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402


def _settle(app: QApplication, rounds: int = 20) -> None:
    for _ in range(rounds):
        app.processEvents()
        QTest.qWait(20)


def shoot(target_dir: Path) -> list[Path]:
    app = start_application(sys.argv)  # offscreen: the text in the bundled font
    assert isinstance(app, QApplication)
    e = demo_encounter()
    bram = replace(e.token("bram"), position=(14, 10))
    ilse = replace(e.token("ilse"), position=(16, 10), conditions=())
    ghoul = replace(e.token("ghoul-1"), position=(15, 10))
    game_map = replace(e.map, walls=(*e.map.walls, Wall((19.0, 7.5), (19.0, 8.5))))
    window = MainWindow(replace(e, map=game_map).with_token(bram).with_token(ilse).with_token(ghoul))
    window.files.ask_unsaved = lambda: "discard"
    window.resize(1600, 1000)
    window.show()
    _settle(app)
    window.view.set_zoom(1.0)
    window.view.center_on_tile((16, 9))
    window.document.dice = ScriptedDice([20] + [1] * 10 + [10] * 40)
    window.tracker.start_combat()
    for _ in range(len(window.encounter.tokens)):
        if window.tracker.active == "bram":
            break
        window.tracker.next_turn()
    window.workspace.selection.select_token("bram")
    QTest.mouseMove(window.view.viewport(), window.view.tile_centre_in_view((19, 8)))
    _settle(app)
    cover = target_dir / "feedback-cover.png"
    window.view.viewport().grab().copy(250, 100, 800, 500).save(str(cover))
    menu = window.attack_menu.build("bram", "ghoul-2", window)
    menu.popup(QPoint(100, 100))
    _settle(app, 10)
    shot = target_dir / "feedback-menu.png"
    menu.grab().save(str(shot))
    menu.close()
    window.close()
    return [cover, shot]


if __name__ == "__main__":
    for path in shoot(HERE):
        print(path)
