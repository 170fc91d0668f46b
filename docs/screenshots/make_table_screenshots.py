"""Make the screenshots of the tools at the table (docs/gui.md, "Players roll their own dice",
"Waiting for the table", "Hide and reveal", "Damage and healing by hand", "The projector").

Run from the checkout: ``.venv/bin/python docs/screenshots/make_table_screenshots.py [DIR]``
(offscreen unless ``QT_QPA_PLATFORM`` says otherwise, e.g. ``xcb`` under Xvfb). On the ruined
courtyard sample, whose party rolls at the table, with the player view open:

- ``table-roll-prompt.png``: the map and the prompt bar under it: Start combat waits for Mira's
  morale check; the bar says what it needs;
- ``table-roll-refused.png``: the same bar with 21 typed and refused in place;
- ``decisions-needs.png``: the Decisions panel on the same roll, its "Needs:" line;
- ``dice-box.png``: the dice box after ``2d6+3`` was rolled into the log, and the log;
- ``damage-dialog.png``: the damage dialog of Ghoul 1 on Avorkarth's tracks, 2 typed;
- ``hidden-token.png``: Ghoul 2 hidden from the players, faded on the GM's map beside Ghoul 1;
- ``projector-strip-grid.png``: the player window with the turn-order strip and the grid on, Ghoul
  2 absent.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAPS = HERE.parents[1] / "maps"
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))

from PySide6.QtCore import QRect  # noqa: E402
from PySide6.QtGui import QImage, QPainter  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from vantage.engine.dice import ScriptedDice  # noqa: E402
from vantage.engine.fileformat import load_encounter  # noqa: E402
from vantage.gui.appdata.player_settings import PlayerSettings, save_settings  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.play.damage_dialog import DamageDialog  # noqa: E402
from vantage.gui.play.visibility import set_hidden  # noqa: E402

#: the pictures, in the order :func:`make` writes them
SHOTS = ("table-roll-prompt.png", "table-roll-refused.png", "decisions-needs.png", "dice-box.png",
         "damage-dialog.png", "hidden-token.png", "projector-strip-grid.png")


def _settle(widget: QWidget | None = None) -> None:
    for _ in range(5):
        QApplication.processEvents()
    if widget is not None:
        widget.repaint()
        QApplication.processEvents()


def _around(widget: QWidget, rect: QRect, margin: int = 40) -> QRect:
    """``rect`` grown by ``margin`` and kept inside ``widget``."""
    return rect.adjusted(-margin, -margin, margin, margin).intersected(widget.rect())


def make(target_dir: Path) -> list[Path]:
    """Write every picture of :data:`SHOTS` into ``target_dir``; their paths, in that order."""
    target_dir.mkdir(parents=True, exist_ok=True)
    save_settings(PlayerSettings(fullscreen=False, labels=True, initiative_strip=True, grid=True))
    window = MainWindow(load_encounter(MAPS / "01-ruined-courtyard.json"))
    window.files.ask_unsaved = lambda: "discard"
    window.resize(1500, 950)
    window.move(0, 0)
    window.show()
    _settle()
    window.document.dice = ScriptedDice([10] * 100)  # the GM's dice
    paths = {name: target_dir / name for name in SHOTS}

    player = window.player_view.controller.open_player_view()
    player.resize(1280, 720)
    player.move(520, 120)
    _settle()

    # the prompt bar under the map: Start combat waits for Mira's die (the map stays in sight)
    window.tracker.start_combat()
    prompt = window.table_rolls.prompt
    column = window.centralWidget()
    _settle(column)
    column.grab().save(str(paths["table-roll-prompt.png"]))
    prompt.fields[0].setText("21")
    prompt.send_faces()
    _settle(column)
    prompt.grab().save(str(paths["table-roll-refused.png"]))

    # the Decisions panel on the same roll
    decisions = window.docks["Decisions"]
    decisions.show()
    decisions.raise_()
    panel = window.decision_panel
    while panel.flashing:  # the picture after the blinking, not in the middle of it
        QTest.qWait(50)
    _settle(decisions)
    decisions.grab().save(str(paths["decisions-needs.png"]))

    prompt.fields[0].setText("12")
    prompt.send_faces()
    _settle()

    # the dice box: 2d6+3 rolled into the log
    box = window.table_rolls.dice_box
    window.document.dice = ScriptedDice([4, 2])
    box.field.setText("2d6+3")
    box.roll()
    _settle(window)
    toolbar = window.table_rolls.toolbar
    top_left = toolbar.mapTo(window, toolbar.rect().topLeft())
    strip = window.grab(QRect(top_left.x(), top_left.y(), toolbar.width(),
                              toolbar.height()))
    log = window.docks["Combat log"]  # its last lines, under the box, in the same picture
    lines = log.grab()
    picture = QImage(max(strip.width(), lines.width()), strip.height() + lines.height(),
                     QImage.Format.Format_ARGB32)
    picture.fill(window.palette().window().color())
    painter = QPainter(picture)
    painter.drawPixmap(0, 0, strip)
    painter.drawPixmap(0, strip.height(), lines)
    painter.end()
    picture.save(str(paths["dice-box.png"]))

    # the damage dialog of Ghoul 1, 2 typed
    dialog = DamageDialog(window.document, "ghoul-1", parent=window)
    dialog.amount.setValue(2)
    dialog.amount.selectAll()
    dialog.show()
    _settle(dialog)
    dialog.grab().save(str(paths["damage-dialog.png"]))
    dialog.reject()

    # Ghoul 2 hidden: faded on the GM's map, gone from the projector
    set_hidden(window.document, "ghoul-2", True)
    window.workspace.selection.select_token("ghoul-2")
    window.view.set_zoom(1.6)
    window.view.center_on_tile((16, 10))
    _settle(window)
    view = window.view.viewport()
    one = window.view.tile_centre_in_view(window.encounter.token("ghoul-1").position)
    two = window.view.tile_centre_in_view(window.encounter.token("ghoul-2").position)
    rect = QRect(one, two).normalized()
    view.grab(_around(view, rect, 110)).save(str(paths["hidden-token.png"]))

    # the projector: the turn-order strip and the grid
    _settle(player)
    player.grab().save(str(paths["projector-strip-grid.png"]))

    window.document.undo_stack.setClean()
    player.close()
    window.close()
    return [paths[name] for name in SHOTS]


def main(argv: list[str]) -> int:
    app = start_application(argv)  # offscreen: the text in the bundled font
    target = Path(argv[1]) if len(argv) > 1 else HERE
    for path in make(target):
        print(path)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
