"""Run in a real X window (under Xvfb): touch on the GM's map and on the player window.

``python touch_session.py OUT.json [PICTURE.png]`` opens the demo fight (Ghoul 1 hidden on (7, 8))
in a GM window and, with Qt's own touch events from a touchscreen device, drags Bram with a finger,
pinches the map, long-presses Ilse for her menu; then opens the player view, ticks Players ▸ Touch
table and drags Bram again with a finger on the player window, and tries the hidden Ghoul 1 and the
visible Ghoul 2. It writes what the two windows hold after each step (and a picture of the desktop
while the player's finger drags). ``tests/gui/play/test_touch_real_window.py`` starts it under Xvfb.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QGraphicsView, QMenu
from touches import move, press, release, touch

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.model import Tile
from vantage.gui.appdata.player_settings import PlayerSettings, save_settings
from vantage.gui.canvas.touch import LONG_PRESS_MS, map_scene_of
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.workspace import ActionId

HIDDEN_GHOUL = (7, 8)


def _encounter():  # noqa: ANN202 - an Encounter
    encounter = demo_encounter()
    tokens = tuple(replace(t, position=HIDDEN_GHOUL, hidden=True) if t.id == "ghoul-1" else t
                   for t in encounter.tokens)
    return replace(encounter, tokens=tokens)


def _at(view: QGraphicsView, tile: Tile) -> QPoint:
    return view.mapFromScene(map_scene_of(view).grid.tile_centre(tile))


def _finger_drag(view: QGraphicsView, start: Tile, end: Tile, picture: Path | None = None) -> None:
    viewport = view.viewport()
    a, b = _at(view, start), _at(view, end)
    press(viewport, a)
    QTest.qWait(30)
    move(viewport, a + QPoint(20, 20))
    QTest.qWait(30)
    move(viewport, b)
    QTest.qWait(100)
    if picture is not None:
        QApplication.primaryScreen().grabWindow(0).save(str(picture))
    release(viewport, b)
    QTest.qWait(100)


def _state(window: MainWindow, step: str, **more: Any) -> dict[str, Any]:
    player = window.player_view.controller.player
    state: dict[str, Any] = {
        "step": step,
        "platform": QApplication.platformName(),
        "positions": {t.id: list(t.position) for t in window.encounter.tokens},
        "undo": [window.document.undo_stack.text(i) for i in range(window.document.undo_stack.count())],
        "status": window.statusBar().currentMessage(),
        "zoom": window.view.zoom(),
        "selected": window.workspace.selection.token,
    }
    if player is not None:
        state["player_tokens"] = {t.id: list(t.position) for t in player.shown.tokens}
    return state | more


def main(out: Path, picture: Path | None) -> int:
    QApplication(sys.argv)
    save_settings(PlayerSettings(fullscreen=False, labels=True))
    window = MainWindow(_encounter())
    window.files.ask_unsaved = lambda: "discard"
    window.resize(1200, 760)
    window.move(0, 0)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.windowHandle().requestActivate()
    QTest.qWait(300)
    window.view.set_zoom(1.0)
    window.view.center_on_tile((8, 8))
    QTest.qWait(50)
    states = []
    view = window.view
    _finger_drag(view, (5, 6), (7, 7))
    states.append(_state(window, "GM finger drag"))
    _finger_drag(view, (7, 7), (7, 12))  # into the brush and beyond: refused
    states.append(_state(window, "GM refused finger drag"))
    centre = _at(view, (9, 8))
    zoom = view.zoom()
    under = view.mapToScene(centre)
    touch(view.viewport(), presses=[(0, centre - QPoint(60, 0)), (1, centre + QPoint(60, 0))])
    QTest.qWait(30)
    touch(view.viewport(), moves=[(0, centre - QPoint(90, 0)), (1, centre + QPoint(90, 0))])
    QTest.qWait(30)
    touch(view.viewport(), releases=[(0, centre - QPoint(90, 0)), (1, centre + QPoint(90, 0))])
    QTest.qWait(50)
    held = view.mapFromScene(under) - centre
    states.append(_state(window, "pinched", zoom_ratio=view.zoom() / zoom, drift=[held.x(), held.y()]))
    view.center_on_tile(window.encounter.token("ilse").position)  # in view whatever the docks leave it
    QTest.qWait(50)
    ilse = _at(view, window.encounter.token("ilse").position)
    press(view.viewport(), ilse)
    QTest.qWait(LONG_PRESS_MS + 300)
    popup = QApplication.activePopupWidget()
    menu = [a.text() for a in popup.actions()] if isinstance(popup, QMenu) else None
    release(view.viewport(), ilse)
    if popup is not None:
        popup.close()
    QTest.qWait(50)
    states.append(_state(window, "long press on Ilse", menu=menu))

    controller = window.player_view.controller
    player = controller.open_player_view()
    player.move(1200, 0)
    player.resize(700, 460)
    QTest.qWaitForWindowExposed(player)
    QTest.qWait(300)
    window.workspace.actions.action(ActionId.TOUCH_TABLE).setChecked(True)
    QTest.qWait(50)
    _finger_drag(player.view, (7, 7), (6, 5), picture)
    states.append(_state(window, "player finger drag"))
    _finger_drag(player.view, HIDDEN_GHOUL, (9, 9))
    ghoul_2 = window.encounter.token("ghoul-2").position
    _finger_drag(player.view, ghoul_2, (ghoul_2[0] - 1, ghoul_2[1]))
    states.append(_state(window, "player touched the hidden and the enemy"))
    out.write_text(json.dumps(states, indent=1), encoding="utf-8")
    window.document.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else None))
