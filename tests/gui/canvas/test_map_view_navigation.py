"""Navigation (issue 5): "Zoom with the wheel anchored under the cursor, pan by middle-drag or
space-drag, fit-to-map, keyboard arrows"."""

from __future__ import annotations

import pytest
from play_workspace import PlayWorkspace, play_workspace
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from vantage.engine.demo_encounter import demo_encounter


@pytest.fixture
def desk(qtbot) -> PlayWorkspace:
    """The demo map in play mode (a left drag on a token would move it), shown, at zoom 1."""
    return play_workspace(qtbot, demo_encounter())


def _wheel(view, pos, delta, modifiers=Qt.KeyboardModifier.NoModifier):
    global_pos = QPointF(view.viewport().mapToGlobal(pos))
    event = QWheelEvent(QPointF(pos), global_pos, QPoint(0, 0), QPoint(0, delta), Qt.MouseButton.NoButton,
                        modifiers, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def test_wheel_zoom_keeps_the_point_under_the_cursor(qtbot, desk):
    view = desk.view
    view.set_zoom(2.0)
    pos = QPoint(200, 150)
    before = view.mapToScene(pos)
    _wheel(view, pos, 120)
    assert view.zoom() > 2.0
    after = view.mapToScene(pos)
    assert abs(after.x() - before.x()) < 2 and abs(after.y() - before.y()) < 2


def test_middle_drag_pans_and_arrows_scroll(qtbot, desk):
    view = desk.view
    view.set_zoom(3.0)
    viewport = view.viewport()
    start = view.mapToScene(QPoint(300, 300))
    qtbot.mousePress(viewport, Qt.MouseButton.MiddleButton, pos=QPoint(300, 300))
    qtbot.mouseMove(viewport, QPoint(200, 250))
    qtbot.mouseRelease(viewport, Qt.MouseButton.MiddleButton, pos=QPoint(200, 250))
    moved = view.mapToScene(QPoint(300, 300))
    assert moved.x() > start.x() and moved.y() > start.y()  # the map followed the hand
    x = view.horizontalScrollBar().value()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.horizontalScrollBar().value() > x


def test_space_drag_pans_too(qtbot, desk):
    view = desk.view
    view.set_zoom(3.0)
    viewport = view.viewport()
    start = view.mapToScene(QPoint(300, 300))
    qtbot.keyPress(view, Qt.Key.Key_Space)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=QPoint(300, 300))
    qtbot.mouseMove(viewport, QPoint(250, 300))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=QPoint(250, 300))
    qtbot.keyRelease(view, Qt.Key.Key_Space)
    assert view.mapToScene(QPoint(300, 300)).x() > start.x()
    assert desk.encounter.token("bram").position == (5, 6)


def test_fit_shows_the_whole_map(qtbot, desk):
    view = desk.view
    view.set_zoom(4.0)
    view.fit_map()
    visible = view.mapToScene(view.viewport().rect()).boundingRect()
    assert visible.contains(view.map_scene().map_rect().adjusted(1, 1, -1, -1))
