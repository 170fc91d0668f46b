"""Run in a real X window (under Xvfb): the ruler and a cone shown on the projector, driven with
real key presses and mouse drags.

``python measure_session.py OUT.json [PICTURE.png]`` opens the demo in a GM window with the
measuring tools attached (as MainWindow.__init__ will), presses T, picks the cone, drags it out
towards Ghoul 2, shows it to the players, presses R, ticks "Show the ruler to the players", opens
the player view, drags the ruler from Bram to Ghoul 1, then presses Esc; it writes what both
screens hold after each step (and a picture of the desktop before Esc). The test
``tests/gui/play/test_measuring_real_window.py`` starts it under Xvfb and checks the file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from vantage.engine.demo_encounter import demo_encounter
from vantage.gui.appdata.player_settings import PlayerSettings, save_settings
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.gm.measuring import attach_measuring


def _state(window: MainWindow, step: str) -> dict[str, Any]:
    m = window.measuring
    player = window.player_view.controller.player
    state: dict[str, Any] = {
        "step": step,
        "tool": "ruler" if window.view.tool is m.ruler else "templates" if window.view.tool is m.templates
        else "play" if window.view.tool is window.play_tool else "other",
        "templates": [[t.kind.value, list(t.origin), t.direction, t.shown]
                      for t in window.encounter.templates],
        "ruler": m.ruler.measurement.label if m.ruler.measurement else None,
        "mode_label": window.status_line.mode_label.text(),
    }
    if player is not None:
        state["projector_templates"] = [item.label.text() for item in player.measure_templates.items.values()]
        state["projector_ruler"] = player.measure_ruler.text if player.measure_ruler.isVisible() else None
    return state


def _drag(window: MainWindow, a: QPointF, b: QPointF) -> None:
    viewport = window.view.viewport()
    start, end = window.view.mapFromScene(a * TILE_PX), window.view.mapFromScene(b * TILE_PX)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(viewport, end)
    QTest.qWait(30)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    QTest.qWait(100)


def _key(window: MainWindow, key: Qt.Key) -> None:
    window.activateWindow()
    window.view.setFocus()
    QTest.keyClick(window.view, key)
    QTest.qWait(80)


def main(out: Path, picture: Path | None) -> int:
    app = QApplication(sys.argv)
    save_settings(PlayerSettings(fullscreen=False, labels=True))
    window = MainWindow(demo_encounter())
    attach_measuring(window.workspace, window.player_view.controller)
    window.files.ask_unsaved = lambda: "discard"
    window.resize(1200, 760)
    window.move(0, 0)
    window.show()
    QTest.qWaitForWindowExposed(window)
    window.windowHandle().requestActivate()
    QTest.qWait(300)
    window.view.fit_map()
    states = []
    _key(window, Qt.Key.Key_T)
    states.append(_state(window, "T pressed"))
    window.measuring.panel.cone_button.click()
    window.measuring.panel.show_new.setChecked(True)  # shown on the projector from its placement
    _drag(window, QPointF(14.0, 7.0), QPointF(17.5, 6.5))  # placed: the tool goes back (issue 30)
    states.append(_state(window, "cone placed and shown"))
    _key(window, Qt.Key.Key_R)
    window.measuring.ruler_to_players.setChecked(True)
    player = window.player_view.controller.open_player_view()
    player.move(1200, 0)
    player.resize(700, 460)
    QTest.qWaitForWindowExposed(player)
    QTest.qWait(300)
    window.activateWindow()
    _drag(window, QPointF(5.5, 6.5), QPointF(15.5, 10.5))
    states.append(_state(window, "ruler dragged"))
    if picture is not None:
        app.primaryScreen().grabWindow(0).save(str(picture))
    _key(window, Qt.Key.Key_Escape)
    states.append(_state(window, "Esc pressed"))
    out.write_text(json.dumps(states, indent=1), encoding="utf-8")
    window.document.undo_stack.setClean()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else None))
