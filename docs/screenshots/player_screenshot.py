"""Screenshots of the GM window and the player window side by side, for docs/screenshots/.

    python docs/screenshots/player_screenshot.py [OUT_DIR]

Opens the first sample encounter offscreen, turns fog on, reveals the party's surroundings, hides
one enemy from the players, makes it Bram's turn after a ghoul's move, and saves
``player_side_by_side.png`` (GM left, players right) plus each window on its own.
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from vantage.engine.model import Encounter
from vantage.engine.protocol.gm_commands import Place
from vantage.engine.table import fog
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.document import run_command

GAP_PX = 16
CAPTION_PX = 36


def staged(encounter: Encounter) -> tuple[Encounter, Encounter]:
    """The sample before and after one move: fog on around the party, one enemy hidden."""
    party = [t for t in encounter.tokens if t.side.value == "party"]
    game_map = replace(encounter.map, fog_enabled=True)
    for token in party:
        game_map = fog.reveal_brush(game_map, token.centre, 7.5)
    enemies = [t for t in encounter.tokens if t.side.value == "enemy"]
    hidden = enemies[-1]
    before = encounter.with_map(game_map).with_token(replace(hidden, hidden=True))
    mover = min(enemies[:-1], key=lambda t: t.position[1] * -1)
    before = before.with_map(fog.reveal_brush(before.map, mover.centre, 3.0))
    active = party[0].id if party else None
    before = replace(before, combat={"round": 2, "active_token": active})
    after = before.with_token(replace(mover, position=(mover.position[0] + 1, mover.position[1] + 3)))
    return before, after


def side_by_side(left: QImage, right: QImage, captions: tuple[str, str]) -> QImage:
    height = max(left.height(), right.height()) + CAPTION_PX
    image = QImage(left.width() + GAP_PX + right.width(), height, QImage.Format.Format_RGB32)
    image.fill(QColor("#202024"))
    p = QPainter(image)
    font = QFont("Sans Serif")
    font.setPixelSize(20)
    font.setBold(True)
    p.setFont(font)
    p.setPen(QColor("#ffffff"))
    p.drawText(12, 26, captions[0])
    p.drawText(left.width() + GAP_PX + 12, 26, captions[1])
    p.drawImage(QPoint(0, CAPTION_PX), left)
    p.drawImage(QPoint(left.width() + GAP_PX, CAPTION_PX), right)
    p.end()
    return image


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path(__file__).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["VANTAGE_USER_DIR"] = tempfile.mkdtemp(prefix="vantage-shots-")  # leave the user's alone
    app = start_application([])  # offscreen: the text in the bundled font
    from vantage.gui.appdata.player_settings import PlayerSettings, save_settings
    from vantage.gui.gm.launch import first_sample
    from vantage.gui.gm.main_window import MainWindow

    encounter, path = first_sample()
    before, after = staged(encounter)
    save_settings(PlayerSettings(fullscreen=False))
    window = MainWindow(before, path)
    controller = window.player_view.controller
    window.resize(1280, 800)
    window.show()
    player = controller.open_player_view()
    player.resize(960, 720)
    moved = next(t for t in after.tokens if t.position != before.token(t.id).position)
    run_command(window.document, "Ghoul moves", Place(token=moved.id, tile=moved.position))
    app.processEvents()
    app.processEvents()
    window.view.fit_map()
    player.apply_camera()
    app.processEvents()
    gm_image = window.grab().toImage()
    player_image = player.grab().toImage()
    gm_image.save(str(out / "player_gm_window.png"))
    player_image.save(str(out / "player_player_window.png"))
    combined = side_by_side(
        gm_image.scaledToHeight(720, Qt.TransformationMode.SmoothTransformation), player_image,
        ("GM window: fog as a tint, hidden ogre shown faded", "Player window: opaque fog, no hidden token"),
    )
    combined.save(str(out / "player_side_by_side.png"))
    print(f"saved {out / 'player_side_by_side.png'}")
    player.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
