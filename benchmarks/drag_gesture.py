"""What the two drag benchmarks share (``drag.py`` on the 200 × 200 map, ``big_map.py`` on the
400 × 400 one): the token they drag, the GM window they drag it in, the mouse events and the ring
of tiles the drag goes round."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from vantage.engine.model import Encounter, Side, Token
from vantage.engine.rules.avorkarth.statblock import DEFAULT_ABILITIES, stats_dict
from vantage.gui.gm.main_window import MainWindow

#: The dragged token's Avorkarth stat block: movement 12, so the reachable set is a real one.
MOVER_STATS = stats_dict(6, abilities=dict.fromkeys(DEFAULT_ABILITIES, 5), movement=12)
#: The window the drags are measured in: the map view gets all of it.
WINDOW_SIZE = (1920, 1080)


def mover(encounter: Encounter, side: int) -> Token:
    """The medium party token nearest the middle of a ``side`` × ``side`` map, with MOVER_STATS."""
    candidates = [t for t in encounter.tokens if t.side is Side.PARTY and t.footprint == 1]
    best = min(candidates, key=lambda t: abs(t.position[0] - side // 2) + abs(t.position[1] - side // 2))
    return replace(best, stats=MOVER_STATS)


def map_window(app: QApplication, encounter: Encounter, centre: tuple[int, int]) -> MainWindow:
    """A GM window on ``encounter``, its docks hidden, 1920 × 1080, at zoom 1 on ``centre``,
    painted once."""
    window = MainWindow(encounter)
    for dock in window.docks.values():
        dock.hide()
    window.resize(*WINDOW_SIZE)
    window.show()
    window.view.set_zoom(1.0)
    window.view.center_on_tile(centre)
    app.processEvents()
    window.view.viewport().repaint()
    return window


def mouse(kind: QMouseEvent.Type, pos: QPointF, buttons: Qt.MouseButton) -> QMouseEvent:
    button = Qt.MouseButton.LeftButton if kind != QMouseEvent.Type.MouseMove else Qt.MouseButton.NoButton
    return QMouseEvent(kind, pos, pos, button, buttons, Qt.KeyboardModifier.NoModifier)


def ring_round(tile: tuple[int, int]) -> list[tuple[int, int]]:
    """40 tiles on the square ring 8 tiles round ``tile``, in order."""
    x0, y0 = tile
    ring = [(x0 + d, y0 - 8) for d in range(-8, 9)]
    ring += [(x0 + 8, y0 + d) for d in range(-7, 9)] + [(x0 + d, y0 + 8) for d in range(7, -8, -1)]
    return ring[:40]
