"""Make the screenshots of issue 30 items 1, 3 and 7 (docs/gui.md, "Labels stay clear", "The map
view"), at the screen size Xvfb gives (run it at 1920×1080 and at 1280×800 to compare).

Run under Xvfb from the checkout: ``DISPLAY=:N QT_QPA_PLATFORM=xcb .venv/bin/python
docs/screenshots/make_label_screenshots.py [DIR]`` (DIR: docs/screenshots/ by default):

- ``labels-projector.png``: the player window on the Baton crossroads, names beside their tokens
  and the ruler's reading to the map's right edge inside the window;
- ``labels-gm.png``: the GM's map with the cover badge beside Cultist Hask and a long refusal
  wrapped at the map's edge (the two are made one after the other and put side by side);
- ``wound-ledger.png``: an Avorkarth ghoul after 8 minor wounds — its bar, its tooltip's reading —
  and the log's sentence;
- at another screen size than 1920×1080 the two label pictures carry its width
  (``labels-gm-1280.png``, ``labels-projector-1280.png`` at 1280×800);
- ``door-marks.png``: the imported cave (``tests/fixtures/uvtt/real/cave-and-doors.dd2vtt``) with
  one door open, one locked and one closed, over the map art.

The label pictures come from ``tests/support/labels_session.py --pictures`` (the session the
real-window test checks), the others are drawn here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))

from PySide6.QtCore import QRect, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.dice import ScriptedDice  # noqa: E402
from vantage.engine.fileformat import load_encounter  # noqa: E402
from vantage.engine.model import WallKind  # noqa: E402
from vantage.engine.protocol.commands import ApplyDamage  # noqa: E402
from vantage.gui.document import run_command  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402

#: The ``vantage`` command of this checkout.
VANTAGE = [sys.executable, "-c", "import sys; from vantage.gui.app import main; sys.exit(main())"]


def _side_by_side(left: QImage, right: QImage) -> QImage:
    size = (left.width() + right.width() + 8, max(left.height(), right.height()))
    out = QImage(*size, QImage.Format.Format_RGB32)
    out.fill(QColor("#202020"))
    painter = QPainter(out)
    painter.drawImage(0, 0, left)
    painter.drawImage(left.width() + 8, 0, right)
    painter.end()
    return out


def label_pictures(out: Path, suffix: str = "") -> None:
    with tempfile.TemporaryDirectory() as folder:
        session = ROOT / "tests" / "support" / "labels_session.py"
        subprocess.run([sys.executable, str(session), folder, "--pictures"], check=True, timeout=120)
        shots = {p.name.rsplit("-", 1)[0]: p for p in Path(folder).glob("*.png")}
        QImage(str(shots["player-ruler-to-the-edge"])).save(str(out / f"labels-projector{suffix}.png"))
        badge, refusal = QImage(str(shots["gm-cover-badge"])), QImage(str(shots["gm-refusal-at-the-edge"]))
        # the map view's right part (the labels are there, the refusal at its right edge): its
        # place in the window comes from the session's labels.json
        steps = json.loads((Path(folder) / "labels.json").read_text(encoding="utf-8"))
        left, top = steps[-1]["gm_viewport_at"]
        width, height = steps[-1]["gm_viewport"]
        crop = QRect(left + int(width * 0.3), top, width - int(width * 0.3), min(height, 640))
        _side_by_side(badge.copy(crop), refusal.copy(crop)).save(str(out / f"labels-gm{suffix}.png"))


def wound_picture(app: QApplication, out: Path) -> None:
    window = MainWindow(load_encounter(ROOT / "maps" / "01-ruined-courtyard.json"))
    window.files.ask_unsaved = lambda: "discard"
    window.resize(1280, 800)
    window.show()
    window.document.dice = ScriptedDice([12] * 40)
    from vantage.engine.protocol.commands import SetTableDice, StartCombat

    run_command(window.document, "Vantage rolls", SetTableDice())
    run_command(window.document, "Start combat", StartCombat())
    run_command(window.document, "Hurt Ghoul 3", ApplyDamage(token="ghoul-3", amount=8))
    run_command(window.document, "Hurt Ghoul 1", ApplyDamage(token="ghoul-1", amount=63))
    for _ in range(5):  # the window fits the map once shown: zoom in after that
        app.processEvents()
    window.view.resetTransform()
    window.view.scale(2.5, 2.5)
    window.view.centerOn(window.scene.token_items["ghoul-1"].sceneBoundingRect().center())
    app.processEvents()
    item = window.scene.token_items["ghoul-1"]
    map_part = window.view.grab().toImage()
    tip = QImage(map_part.width(), 120, QImage.Format.Format_RGB32)
    tip.fill(QColor("#ffffe0"))
    painter = QPainter(tip)
    painter.drawText(QRectF(8, 4, tip.width() - 16, 112), int(Qt.TextFlag.TextWordWrap), item.toolTip())
    painter.end()
    lines = [entry.sentence for entry in window.document.log if "takes" in entry.sentence]
    text = QImage(map_part.width(), 40 * len(lines) + 10, QImage.Format.Format_RGB32)
    text.fill(QColor("white"))
    painter = QPainter(text)
    for number, line in enumerate(lines):
        box = QRectF(8, 4 + 40 * number, text.width() - 16, 40)
        painter.drawText(box, int(Qt.TextFlag.TextWordWrap), line)
    painter.end()
    height = map_part.height() + tip.height() + text.height()
    whole = QImage(map_part.width(), height, QImage.Format.Format_RGB32)
    painter = QPainter(whole)
    painter.drawImage(0, 0, map_part)
    painter.drawImage(0, map_part.height(), tip)
    painter.drawImage(0, map_part.height() + tip.height(), text)
    painter.end()
    whole.save(str(out / "wound-ledger.png"))
    window.close()


def door_picture(out: Path) -> None:
    from vantage.gui.canvas.map_scene import MapScene

    with tempfile.TemporaryDirectory() as folder:
        encounter_file = Path(folder) / "cave.json"
        cave = ROOT / "tests" / "fixtures" / "uvtt" / "real" / "cave-and-doors.dd2vtt"
        subprocess.run([*VANTAGE, "import", str(cave), "-o", str(encounter_file)], check=True, timeout=120,
                       capture_output=True)
        encounter = load_encounter(encounter_file)
        walls = list(encounter.map.walls)
        doors = [i for i, w in enumerate(walls) if w.kind.is_door]
        walls[doors[0]] = replace(walls[doors[0]], kind=WallKind.DOOR_OPEN)
        walls[doors[1]] = replace(walls[doors[1]], kind=WallKind.DOOR_LOCKED)
        encounter = replace(encounter, map=replace(encounter.map, walls=tuple(walls)))
        scene = MapScene(encounter, base_dir=Path(folder))
        area = scene.map_rect()
        image = QImage(int(area.width()), int(area.height()), QImage.Format.Format_RGB32)
        image.fill(QColor("black"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scene.render(painter, QRectF(0, 0, image.width(), image.height()), area)
        painter.end()
        image.copy(QRect(380, 200, 480, 640)).save(str(out / "door-marks.png"))


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    screen = app.primaryScreen().geometry()
    # 1920×1080 makes the pictures docs/gui.md shows first; another screen size adds its width
    # (labels-gm-1280.png, labels-projector-1280.png at 1280×800)
    label_pictures(out, "" if screen.width() >= 1920 else f"-{screen.width()}")
    wound_picture(app, out)
    door_picture(out)


if __name__ == "__main__":
    main()
