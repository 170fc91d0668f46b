"""Issue 30 item 5: "the template tool stays armed after placing — put it away after a placement
(Shift keeps it armed, documented in the tooltip)". The same in a real window:
tests/gui/test_prompt_bar_real_window.py."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.gm.measuring import attach_measuring

pytestmark = pytest.mark.slow


def _point(window, x: float, y: float) -> QPoint:
    return window.view.mapFromScene(QPointF(x * TILE_PX, y * TILE_PX))


def _click(qtbot, window, at: QPoint, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, at)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, at)
    qtbot.wait(20)  # the tool goes away once the release is delivered


def test_a_placement_puts_the_tool_away_and_shift_keeps_it_out(qtbot, gm_window):
    window = gm_window
    measuring = attach_measuring(window.workspace, window.player_view.controller)
    assert "A placement puts the tool away; Shift+click keeps it out" in measuring.templates_action.toolTip()
    measuring.templates_action.trigger()
    assert window.view.tool is measuring.templates
    _click(qtbot, window, _point(window, 10.5, 10.5), Qt.KeyboardModifier.ShiftModifier)
    assert len(window.encounter.templates) == 1
    assert window.view.tool is measuring.templates and measuring.templates_action.isChecked()  # Shift
    _click(qtbot, window, _point(window, 14.5, 10.5))
    assert len(window.encounter.templates) == 2
    assert window.view.tool is window.play_tool and not measuring.templates_action.isChecked()
    assert "the tool is put away (Shift+click keeps it out" in window.statusBar().currentMessage()
    _click(qtbot, window, _point(window, 18.5, 10.5))  # a stray click places nothing now
    assert len(window.encounter.templates) == 2
