"""Run in a real X window (under Xvfb): where the map's labels land in the GM window and the player
window (issue 30 item 3: "Labels never cover the token they describe, stay inside the view, and
avoid each other").

``python labels_session.py OUT_FOLDER [--pictures]`` opens the Baton crossroads sample (Bram beside
Cultist Hask, whose long names collided on the projector) in the GM window, opens the player view,
then: the ruler from Bram to the map's right edge shown to the players; Bram selected and Cultist
Hask hovered (the cover badge); a drag's refusal at the map's right edge (the long reason). After
each step it writes, in the coordinates of each window's map viewport, every label's rectangle,
the rectangle of what it describes and the viewport's size, to ``OUT_FOLDER/labels.json``; with
``--pictures`` it also saves both windows as PNGs there. ``tests/gui/test_labels_real_window.py``
starts it under Xvfb and checks the file.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QGraphicsView
from session_steps import play_steps

import vantage
from vantage.engine.fileformat import load_encounter
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.gm.measuring import Measuring

MAPS = Path(vantage.__file__).resolve().parent / "maps"
STEP_MS = 700
LONG_REFUSAL = ("Bram cannot move to (19, 7): needs 12 tiles, has 6 (Movement: (stat block movement 6 = 6), "
                "difficult terrain: half −3 = 3)")


def _rect(rect: QRectF) -> list[float]:
    return [round(rect.left(), 1), round(rect.top(), 1), round(rect.width(), 1), round(rect.height(), 1)]


def _in_view(view: QGraphicsView, scene_rect: QRectF) -> list[float]:
    return _rect(view.mapFromScene(scene_rect).boundingRect().toRectF())


def main(out: Path, pictures: bool) -> int:
    app = QApplication(sys.argv[:1])
    window = MainWindow(load_encounter(MAPS / "06-baton-crossroads.json"))
    window.files.ask_unsaved = lambda: "discard"
    controller = window.player_view.controller
    measuring = window.workspace.findChild(Measuring)
    assert isinstance(measuring, Measuring)
    grid = window.scene.grid

    def footprint(token_id: str) -> QRectF:
        token = window.document.encounter.token(token_id)
        return grid.footprint_rect(token.position, token.footprint)

    def ruler_to_the_edge() -> None:
        measuring.ruler_to_players.setChecked(True)
        measuring.ruler.measure((8, 7), (19, 7))

    def hover_the_cultist() -> None:
        window.workspace.selection.select_token("bram")
        window.workspace.hover.set((9, 7), "cultist-1")

    def refuse_at_the_edge() -> None:
        window.workspace.hover.set(None, None)
        measuring.ruler.clear()
        if window.play_tool.overlay.scene() is None:  # as a drag's press puts it there
            window.scene.addItem(window.play_tool.overlay)
        window.play_tool.overlay.show_refusal((19, 7), LONG_REFUSAL, 1)

    def state(name: str) -> dict[str, Any]:
        gm_view = window.view
        found: dict[str, Any] = {"step": name, "screen": [window.screen().geometry().width(),
                                                          window.screen().geometry().height()],
                                 "gm_viewport": [gm_view.viewport().width(), gm_view.viewport().height()]}
        corner = gm_view.viewport().mapTo(window, gm_view.viewport().rect().topLeft())
        found["gm_viewport_at"] = [corner.x(), corner.y()]  # in the window (docs' picture crops)
        player = controller.player
        if player is not None:
            pv = player.view
            found["player_viewport"] = [pv.viewport().width(), pv.viewport().height()]
            shown = {t.id: t for t in player.shown.tokens}
            found["names"] = [
                {"token": tid, "label": _in_view(pv, rect), "anchor": _in_view(pv, footprint(tid))}
                for tid, rect in player.labels.placed.items() if tid in shown]
            ruler = player.measure_ruler
            if ruler.isVisible() and ruler.measurement is not None:
                found["player_ruler"] = {"label": _rect(ruler.label_rect),
                                         "anchor": _in_view(pv, grid.tile_rect(ruler.measurement.end))}
        ruler = measuring.ruler_item
        if ruler.isVisible() and ruler.measurement is not None:
            found["gm_ruler"] = {"label": _rect(ruler.label_rect),
                                 "anchor": _in_view(gm_view, grid.tile_rect(ruler.measurement.end))}
        badge = window.tactics.sight_label
        if badge is not None and badge.parentItem() is not None:
            found["cover_badge"] = {"label": _in_view(gm_view, badge.parentItem().sceneBoundingRect()),
                                    "anchor": _in_view(gm_view, footprint("cultist-1")),
                                    "text": badge.text()}
        overlay = window.play_tool.overlay
        if not overlay.label_box.isEmpty():
            found["drag_label"] = {"label": _in_view(gm_view, overlay.label_box),
                                   "anchor": _in_view(gm_view, grid.footprint_rect((19, 7), 1)),
                                   "text": overlay.label}
        if pictures:
            size = found["screen"][0]
            window.grab().save(str(out / f"gm-{name.replace(' ', '-')}-{size}.png"))
            if player is not None:
                player.grab().save(str(out / f"player-{name.replace(' ', '-')}-{size}.png"))
        return found

    steps: list[tuple[str, Callable[[], object]]] = [
        ("player view opened", controller.open_player_view),
        ("ruler to the edge", ruler_to_the_edge),
        ("cover badge", hover_the_cultist),
        ("refusal at the edge", refuse_at_the_edge),
    ]

    return play_steps(app, window, steps, state, out / "labels.json", STEP_MS)

if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), "--pictures" in sys.argv[2:]))
