"""Run in a real X window (under Xvfb): the GM window and the player view, driven as a GM would.

``python projector_session.py OUT.json`` opens the marsh-crossing sample in the GM window, opens
the player view, puts it full screen, opens the courtyard sample, locks the camera to scale, and
resizes the player window, writing after each step what the screens show: the windows' sizes,
where the map lies in the player window, its last-move arrow. The test
``tests/gui/players/test_projector_real_window.py`` starts it under Xvfb and checks the file.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication
from session_steps import play_steps

import vantage
from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.gm_commands import Place
from vantage.gui.appdata.player_settings import Camera
from vantage.gui.document import run_command
from vantage.gui.gm.main_window import MainWindow

MAPS = Path(vantage.__file__).resolve().parent / "maps"
STEP_MS = 700


def _state(window: MainWindow, name: str) -> dict[str, Any]:
    player = window.player_view.controller.player
    screen = window.screen().geometry()
    state: dict[str, Any] = {
        "step": name,
        "screen": [screen.width(), screen.height()],
        "gm_window": [window.frameGeometry().width(), window.frameGeometry().height()],
    }
    if player is not None:
        rect = player.map_rect_on_screen()
        centre = player.view.mapToScene(player.view.viewport().rect().center())
        state |= {
            "player_window": [player.width(), player.height()],
            "fullscreen": player.isFullScreen(),
            "map_on_screen": [rect.left(), rect.top(), rect.width(), rect.height()],
            "camera_centre": [centre.x(), centre.y()],
            "map_centre": [player.scene.map_rect().center().x(), player.scene.map_rect().center().y()],
            "last_move": player.last_move is not None,
            "map_size": [player.shown.map.width, player.shown.map.height],
        }
    return state


def main(out: Path) -> int:
    app = QApplication(sys.argv[:1])
    window = MainWindow(load_encounter(MAPS / "02-marsh-crossing.json"))
    window.files.ask_unsaved = lambda: "discard"
    controller = window.player_view.controller

    def move_someone() -> None:
        token = next(t for t in window.document.encounter.tokens if not t.hidden)
        x, y = token.position
        run_command(window.document, "Move", Place(token=token.id, tile=(x, y + 1)))

    steps: list[tuple[str, Callable[[], object]]] = [
        ("gm window", lambda: None),
        ("player view opened", controller.open_player_view),
        ("full screen", lambda: controller.update_settings(fullscreen=True)),
        ("a token moved", move_someone),
        ("another map", lambda: window.files.open_file(MAPS / "01-ruined-courtyard.json", ask=False)),
        ("locked to scale", lambda: controller.update_settings(camera=Camera.LOCKED)),
        ("windowed", lambda: controller.update_settings(fullscreen=False, camera=Camera.FIT)),
        ("resized", lambda: controller.player and controller.player.resize(900, 500)),
    ]

    return play_steps(app, window, steps, lambda name: _state(window, name), out, STEP_MS)

if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
