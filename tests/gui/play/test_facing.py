"""Facing in the GM window (issue 5): "rotate by the wheel over a token with a modifier, by keys
(Q/E), or by dragging the facing notch; 8 directions".

The notch and the wheel are the play tool's (a workspace in play mode); Q/E and Delete are the
window's menu shortcuts, tested on the whole window (slow)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from vantage.engine.model import Facing
from vantage.gui.canvas.map_grid import TILE_PX


def _click(qtbot, window, tile):
    pos = window.view.tile_centre_in_view(tile)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


@pytest.mark.slow
def test_q_and_e_turn_the_selected_token_an_eighth_and_undo_turns_back(qtbot, gm_window):
    window = gm_window
    _click(qtbot, window, (5, 6))
    assert window.workspace.selection.token == "bram"
    assert window.encounter.token("bram").facing is Facing.E
    qtbot.keyClick(window.view, Qt.Key.Key_E)
    assert window.encounter.token("bram").facing is Facing.SE
    qtbot.keyClick(window.view, Qt.Key.Key_Q)
    qtbot.keyClick(window.view, Qt.Key.Key_Q)
    assert window.encounter.token("bram").facing is Facing.NE
    assert window.scene.token_items["bram"].token.facing is Facing.NE
    window.window_actions.undo.trigger()
    assert window.encounter.token("bram").facing is Facing.E
    window.window_actions.redo.trigger()
    assert window.encounter.token("bram").facing is Facing.NE
    assert window.scene.token_items["bram"].token.facing is Facing.NE


def test_dragging_the_facing_notch_points_the_token_at_the_cursor(qtbot, demo_play):
    window = demo_play
    view = window.view
    _click(qtbot, window, (5, 6))
    centre = view.mapFromScene(QPointF(5.5 * TILE_PX, 6.5 * TILE_PX))
    notch = centre + QPoint(int(0.4 * TILE_PX), 0)  # Bram faces east: the notch is on the right
    below = centre + QPoint(0, int(2 * TILE_PX))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=notch)
    qtbot.mouseMove(view.viewport(), below)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=below)
    assert window.encounter.token("bram").facing is Facing.S
    assert window.encounter.token("bram").position == (5, 6)


def test_shift_wheel_over_a_token_turns_it(qtbot, demo_play):
    window = demo_play
    view = window.view
    pos = QPointF(view.tile_centre_in_view((15, 10)))
    zoom = view.zoom()
    global_pos = QPointF(view.viewport().mapToGlobal(pos.toPoint()))
    event = QWheelEvent(pos, global_pos, QPoint(0, 0), QPoint(0, -120), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.ShiftModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)
    assert window.encounter.token("ghoul-1").facing is Facing.NW  # W turned clockwise
    assert view.zoom() == zoom


@pytest.mark.slow
def test_delete_removes_the_selected_token_and_undo_brings_it_back(qtbot, gm_window):
    window = gm_window
    _click(qtbot, window, (5, 6))
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert "bram" not in {t.id for t in window.encounter.tokens}
    assert "bram" not in window.scene.token_items and window.workspace.selection.token is None
    window.window_actions.undo.trigger()
    assert "bram" in window.scene.token_items
