"""Touch on a map view: two fingers pinch to zoom and pan, one finger goes to a tool, a long press
asks for a menu.

A view hands its viewport's touch events to :class:`TouchGestures` (``WA_AcceptTouchEvents`` on the
viewport). Every touch sequence is accepted, so Qt never turns it into mouse events as well (its
"synthesized" mouse events would press, drag and drop a second time); a view also ignores any mouse
event that a touchscreen sends (:func:`from_touchscreen`) for the same reason.

One finger is handed to a :class:`OneFinger` — the play tool's drag, for instance — from its first
contact to its release. It is cancelled (the tool puts back what it started) when a second finger
lands, which turns the gesture into a pinch for the rest of the sequence, and when it is held still
for :data:`LONG_PRESS_MS`, which asks the finger's tool for its menu (``touch_hold``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto
from typing import Protocol

from PySide6.QtCore import QEvent, QLineF, QObject, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QEventPoint, QInputDevice, QMouseEvent, QPointingDevice, QTouchEvent
from PySide6.QtWidgets import QGraphicsView

from vantage.engine.model import Tile
from vantage.gui.canvas.map_scene import MapScene

#: How long a finger is held still before it asks for a menu (ms): Qt's own tap-and-hold time.
LONG_PRESS_MS = 600
#: How far a finger may wander (view pixels) and still be held still.
HOLD_SLOP_PX = 12.0
#: The touch events a view hands over.
TOUCH_EVENTS = (
    QEvent.Type.TouchBegin, QEvent.Type.TouchUpdate, QEvent.Type.TouchEnd, QEvent.Type.TouchCancel,
)


class OneFinger(Protocol):
    """What a tool does with one finger; the view is the one touched."""

    def touch_press(self, view: QGraphicsView, pos: QPointF) -> bool:
        """The finger lands at ``pos`` (view pixels); True when the tool takes it."""
        ...

    def touch_move(self, view: QGraphicsView, pos: QPointF) -> None: ...
    def touch_release(self, view: QGraphicsView, pos: QPointF) -> None: ...

    def touch_cancel(self, view: QGraphicsView) -> None:
        """Put back what the press started (a second finger landed, or the press became a hold)."""
        ...

    def touch_hold(self, view: QGraphicsView, pos: QPointF, global_pos: QPoint) -> bool:
        """The finger was held still at ``pos``: True when the tool showed something (a menu),
        having put back what the press started; then the rest of the finger does nothing."""
        ...


def map_scene_of(view: QGraphicsView) -> MapScene:
    scene = view.scene()
    assert isinstance(scene, MapScene), f"{type(view).__name__} does not show a map"
    return scene


def map_point_under(view: QGraphicsView, pos: QPointF | QPoint) -> tuple[float, float]:
    """The map point (in tiles) under the view pixel ``pos``."""
    return map_scene_of(view).grid.map_point(view.mapToScene(QPoint(int(pos.x()), int(pos.y()))))


def tile_under(view: QGraphicsView, pos: QPointF | QPoint) -> Tile | None:
    """The map's tile under the view pixel ``pos``, or None off the map."""
    scene = map_scene_of(view)
    tile = scene.grid.tile_at(view.mapToScene(QPoint(int(pos.x()), int(pos.y()))))
    return tile if scene.encounter.map.in_bounds(tile) else None


def from_touchscreen(event: QMouseEvent) -> bool:
    """Whether a mouse event comes from a touchscreen (made by Qt or the window system from a touch
    the map has had already), not from a mouse, a touchpad or a pen."""
    device = event.pointingDevice()
    return device is not None and device.type() == QInputDevice.DeviceType.TouchScreen


class Phase(Enum):
    IDLE = auto()
    ONE = auto()  # one finger, handed to a tool (or to nobody)
    HELD = auto()  # one finger held still: its menu was shown; the rest of it does nothing
    TWO = auto()  # two fingers: pinch and pan until every finger is up


@dataclass
class Finger:
    id: int
    start: QPointF
    last: QPointF
    handler: OneFinger | None  # the tool that took it, or None
    wandered: bool = False


class TouchGestures(QObject):
    """The touch gestures of one view.

    ``one_finger`` gives the handler for a finger that lands alone (None: one finger does nothing);
    ``zoom_at(ratio, view_pos)`` and ``pan_by(dx, dy)`` move the camera under two fingers (None: two
    fingers do nothing, as on the players' touch table, whose camera is the GM's).
    """

    def __init__(
        self,
        view: QGraphicsView,
        one_finger: Callable[[], OneFinger | None],
        zoom_at: Callable[[float, QPoint], None] | None = None,
        pan_by: Callable[[float, float], None] | None = None,
    ) -> None:
        super().__init__(view)
        self.view = view
        self._one_finger = one_finger
        self._zoom_at = zoom_at
        self._pan_by = pan_by
        self.phase = Phase.IDLE
        self.finger: Finger | None = None
        self._centre = QPointF()
        self._spread = 0.0
        self._hold = QTimer(self)
        self._hold.setSingleShot(True)
        self._hold.setInterval(LONG_PRESS_MS)
        self._hold.timeout.connect(self._held)
        view.viewport().setAttribute(Qt.WidgetAttribute.WA_AcceptTouchEvents, True)

    @property
    def active(self) -> bool:
        return self.phase is not Phase.IDLE

    def handle(self, event: QTouchEvent) -> bool:
        """Take one touch event of the viewport; True when it is used (and accepted). A touchpad's
        touches are left alone: its fingers are not on the map (Qt sends its mouse and wheel events,
        and a pinch on it as a native zoom gesture)."""
        device = event.device()
        if device is None or device.type() != QInputDevice.DeviceType.TouchScreen:
            event.ignore()
            return False
        kind = event.type()
        if kind == QEvent.Type.TouchCancel:
            self._cancel_finger()
            self._finish()
            event.accept()
            return True
        down = [p for p in event.points() if p.state() != QEventPoint.State.Released]
        if kind == QEvent.Type.TouchBegin and self.phase is not Phase.IDLE:
            self._cancel_finger()  # a begin without the end of the last sequence: start afresh
            self._finish()
        if len(down) >= 2:
            self._two(down[0].position(), down[1].position())
        elif len(down) == 1 and self.phase is Phase.IDLE:
            self._land(down[0])
        elif len(down) == 1 and self.phase is Phase.ONE:
            self._move(down[0])
        if not down or kind == QEvent.Type.TouchEnd:
            self._lift(event)
        event.accept()
        return True

    # -- one finger ------------------------------------------------------------------------
    def _land(self, point: QEventPoint) -> None:
        pos = point.position()
        handler = self._one_finger()
        taken = handler if handler is not None and handler.touch_press(self.view, pos) else None
        self.finger = Finger(point.id(), pos, pos, taken)
        self.phase = Phase.ONE
        self._hold.start()

    def _move(self, point: QEventPoint) -> None:
        finger = self.finger
        if finger is None or point.id() != finger.id:
            return
        pos = point.position()
        finger.last = pos
        if not finger.wandered and QLineF(finger.start, pos).length() > HOLD_SLOP_PX:
            finger.wandered = True
            self._hold.stop()
        if finger.handler is not None and finger.wandered:
            finger.handler.touch_move(self.view, pos)

    def _held(self) -> None:
        finger = self.finger
        if self.phase is not Phase.ONE or finger is None or finger.wandered:
            return
        handler = finger.handler or self._one_finger()
        if handler is None:
            return
        global_pos = self.view.viewport().mapToGlobal(finger.last.toPoint())
        if handler.touch_hold(self.view, finger.last, global_pos):
            finger.handler = None
            self.phase = Phase.HELD

    def _lift(self, event: QTouchEvent) -> None:
        finger = self.finger
        if self.phase is Phase.ONE and finger is not None and finger.handler is not None:
            pos = next((p.position() for p in event.points() if p.id() == finger.id), finger.last)
            finger.handler.touch_release(self.view, pos)
        self._finish()

    def _cancel_finger(self) -> None:
        finger = self.finger
        if self.phase is Phase.ONE and finger is not None and finger.handler is not None:
            finger.handler.touch_cancel(self.view)
        self.finger = None

    def _finish(self) -> None:
        self._hold.stop()
        self.finger = None
        self.phase = Phase.IDLE

    # -- two fingers -----------------------------------------------------------------------
    def _two(self, a: QPointF, b: QPointF) -> None:
        centre = (a + b) / 2
        spread = QLineF(a, b).length()
        if self.phase is not Phase.TWO:
            self._hold.stop()
            self._cancel_finger()
            self.phase = Phase.TWO
        elif self._spread > 0 and spread > 0:
            if self._zoom_at is not None and abs(spread / self._spread - 1) > 1e-3:
                self._zoom_at(spread / self._spread, centre.toPoint())
            shift = centre - self._centre
            if self._pan_by is not None and (shift.x() or shift.y()):
                self._pan_by(shift.x(), shift.y())
        self._centre, self._spread = centre, spread


class MouseFromTouch:
    """One finger as the left mouse button, for a tool that knows nothing of touch (the editor's
    brushes, the fog tool): the view's own mouse handlers get a press, moves and a release."""

    def __init__(self, send: Callable[[QMouseEvent], None]) -> None:
        self._send = send
        self._last = QPointF()

    def _event(self, view: QGraphicsView, kind: QEvent.Type, pos: QPointF, buttons: Qt.MouseButton) -> None:
        self._last = pos
        global_pos = QPointF(view.viewport().mapToGlobal(pos.toPoint()))
        button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else Qt.MouseButton.LeftButton
        self._send(QMouseEvent(kind, pos, global_pos, button, buttons, Qt.KeyboardModifier.NoModifier,
                               QPointingDevice.primaryPointingDevice()))

    def touch_press(self, view: QGraphicsView, pos: QPointF) -> bool:
        self._event(view, QEvent.Type.MouseButtonPress, pos, Qt.MouseButton.LeftButton)
        return True

    def touch_move(self, view: QGraphicsView, pos: QPointF) -> None:
        self._event(view, QEvent.Type.MouseMove, pos, Qt.MouseButton.LeftButton)

    def touch_release(self, view: QGraphicsView, pos: QPointF) -> None:
        self._event(view, QEvent.Type.MouseButtonRelease, pos, Qt.MouseButton.NoButton)

    def touch_cancel(self, view: QGraphicsView) -> None:
        """The button comes up where the finger was: a brush stroke painted so far stays (one undo
        step), as when the mouse button is let go."""
        self.touch_release(view, self._last)

    def touch_hold(self, view: QGraphicsView, pos: QPointF, global_pos: QPoint) -> bool:
        return False
