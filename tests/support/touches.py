"""Touches for the tests: Qt's own touch events (``QTest.touchEvent``) from a touchscreen device,
at points of a widget.

Each point is given with its widget (``press(id, point, widget)``): without it, Qt takes the point
as a place on the screen, not in the widget (a point sent at (128, 122) of a widget whose corner is
at (40, 40) arrives at (88, 82)), offscreen and on xcb alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPoint
from PySide6.QtGui import QPointingDevice
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

_DEVICE: list[QPointingDevice] = []


def touchscreen() -> QPointingDevice:
    """One touchscreen for the whole test run (Qt keeps every device it is told of)."""
    if not _DEVICE:
        _DEVICE.append(QTest.createTouchDevice())
    return _DEVICE[0]


def touch(widget: QWidget, presses: Sequence[tuple[int, QPoint]] = (),
          moves: Sequence[tuple[int, QPoint]] = (), releases: Sequence[tuple[int, QPoint]] = (),
          still: Sequence[int] = ()) -> None:
    """One touch event on ``widget``: fingers (id, point) pressed, moved, released, held still."""
    sequence = QTest.touchEvent(widget, touchscreen())
    for finger, point in presses:
        sequence = sequence.press(finger, point, widget)
    for finger, point in moves:
        sequence = sequence.move(finger, point, widget)
    for finger, point in releases:
        sequence = sequence.release(finger, point, widget)
    for finger in still:
        sequence = sequence.stationary(finger)
    sequence.commit()


def press(widget: QWidget, point: QPoint, finger: int = 0) -> None:
    touch(widget, presses=[(finger, point)])


def move(widget: QWidget, point: QPoint, finger: int = 0) -> None:
    touch(widget, moves=[(finger, point)])


def release(widget: QWidget, point: QPoint, finger: int = 0) -> None:
    touch(widget, releases=[(finger, point)])


def finger_drag(widget: QWidget, start: QPoint, end: QPoint) -> None:
    """A finger pressed on ``start``, moved past the hold distance, to ``end``, and lifted."""
    press(widget, start)
    move(widget, start + QPoint(20, 20))
    move(widget, end)
    release(widget, end)
