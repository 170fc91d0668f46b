"""A view onto a :class:`MapScene`: zoom under the cursor, pan, fit, keyboard scrolling.

Mouse gestures other than navigation are passed to a *tool* (play: drag tokens; edit: paint),
so the view itself knows nothing about rules or editing.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QKeyEvent,
    QMouseEvent,
    QNativeGestureEvent,
    QPainter,
    QResizeEvent,
    QTouchEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import QGraphicsView, QWidget

from vantage.gui.canvas.ground_cache import GroundCache, frame_ended
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.palette import MARGIN_COLOUR
from vantage.gui.canvas.touch import TOUCH_EVENTS, MouseFromTouch, OneFinger, TouchGestures, from_touchscreen

TOKEN_MIME = "application/x-vantage-token-image"
MIN_ZOOM = 0.03
MAX_ZOOM = 8.0
WHEEL_STEP = 1.2
ARROW_STEP_PX = 60

#: Thin flat scroll bars in the colours of the map's margin. The platform's own bars are drawn with
#: gradients: Fusion's tall bar takes about 3 ms to repaint, and a zoom step changes its range, so
#: each wheel step paid it (a third of the step on an 8192 px picture); these take 0.05 ms.
FLAT_SCROLL_BARS = f"QScrollBar {{ background: {MARGIN_COLOUR.name()}; border: none; margin: 0; }}" + """
QScrollBar:vertical { width: 12px; }
QScrollBar:horizontal { height: 12px; }
QScrollBar::handle { background: #5c5c66; border-radius: 4px; margin: 2px; }
QScrollBar::handle:hover { background: #7a7a86; }
QScrollBar::handle:pressed { background: #9a9aa8; }
QScrollBar::handle:vertical { min-height: 32px; }
QScrollBar::handle:horizontal { min-width: 32px; }
QScrollBar::add-line, QScrollBar::sub-line { width: 0; height: 0; border: none; }
QScrollBar::add-page, QScrollBar::sub-page { background: none; }
"""


class ViewTool(Protocol):
    """What a tool answers; each handler returns True when it used the event."""

    def press(self, view: MapView, event: QMouseEvent) -> bool: ...
    def move(self, view: MapView, event: QMouseEvent) -> bool: ...
    def release(self, view: MapView, event: QMouseEvent) -> bool: ...
    def wheel(self, view: MapView, event: QWheelEvent) -> bool: ...


class MapView(QGraphicsView):
    """Shows a map scene. ``hovered_tile`` fires with the tile under the cursor (or None)."""

    hovered_tile = Signal(object)
    zoom_changed = Signal(float)
    #: a palette picture dropped on a tile: (tile, image path or "")
    token_dropped = Signal(object, str)
    double_clicked = Signal(object)

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._scene_ref = scene  # the view keeps its scene alive; a scene may outlive many views
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, False)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setToolTip("Wheel or pinch: zoom · middle-drag, Space+drag or two fingers: pan · F: fit the map")
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.setStyleSheet(FLAT_SCROLL_BARS)
        corner = QWidget()  # where the two bars meet: the margin's colour, not the window's grey
        corner.setStyleSheet(f"background: {MARGIN_COLOUR.name()};")
        self.setCornerWidget(corner)
        self.tool: ViewTool | None = None
        self._pan_from: QPoint | None = None
        self.zoom_changed.connect(self._token_detail_for_zoom)
        self._space_down = False
        self._last_tile: tuple[int, int] | None = None
        self._keep_fitted = False  # after "fit", follow window resizes until the GM zooms
        self.setAcceptDrops(True)
        # touch: pinch and two-finger pan here; one finger goes to the tool (see _one_finger)
        self.touch = TouchGestures(self, self._one_finger, self.zoom_at, self._pan_by)
        self._mouse_from_touch = MouseFromTouch(self._send_mouse)
        #: the ground as the last frames drew it, copied in while the view stands still
        self.ground_cache = GroundCache()
        #: the scale (the transform's 2 × 2 part) of the last frame painted (_tokens_for_frame)
        self._frame_scale: tuple[float, ...] = ()

    def map_scene(self) -> MapScene:
        return self._scene_ref

    # -- painting --------------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        """The margin and the map's ground: copied from :attr:`ground_cache` when the frame before
        had the same transform and ground (its layers then paint nothing), else drawn. The tokens
        keep pictures from the second frame at a scale on (:meth:`_tokens_for_frame`)."""
        self._tokens_for_frame(painter)
        if not self.ground_cache.paint(self, painter, self.map_scene().ground_layers()):
            super().drawBackground(painter, rect)

    def _tokens_for_frame(self, painter: QPainter) -> None:
        """The first frame at a new scale paints the tokens straight onto it (a wheel step costs
        what it did); a second frame at the same scale (a pan keeps it) lets them keep pictures
        (``MapScene.keep_token_pictures``)."""
        t = painter.worldTransform()
        scale = (t.m11(), t.m12(), t.m21(), t.m22())
        self.map_scene().keep_token_pictures(scale == self._frame_scale)
        self._frame_scale = scale

    def drawForeground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        frame_ended(painter)
        super().drawForeground(painter, rect)

    # -- zoom ------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def _token_detail_for_zoom(self, zoom: float) -> None:
        """Zoomed out below a token's detail, the scene draws every token as a disc in one go."""
        # a token grows to its minimum size on screen (MAX_GROW at most): it is a plain disc when
        # even grown it is under DETAIL_MIN_PX, and those discs come from one item
        scene = self.map_scene()
        scene.dot_tokens_at(scene.grid.device_px_per_tile(zoom))

    def _follow_resizes(self, fitted: bool) -> None:
        """Fitted, the view follows the window and shows no scroll bars: with scroll bars shown as
        needed, a fit that makes them vanish widens the viewport, the wider fit brings them back,
        and the window re-fits for ever (the freeze a GM saw at 1280×800). Zoomed, they return."""
        self._keep_fitted = fitted
        policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOff if fitted else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        if self.horizontalScrollBarPolicy() != policy:
            self.setHorizontalScrollBarPolicy(policy)
            self.setVerticalScrollBarPolicy(policy)

    def set_zoom(self, factor: float) -> None:
        """Zoom to ``factor`` (1.0 = a scene unit is a screen pixel: a tile is the grid's ``tile_px``
        pixels wide), keeping the centre."""
        factor = max(MIN_ZOOM, min(MAX_ZOOM, factor))
        self._follow_resizes(False)
        anchor = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.resetTransform()
        self.scale(factor, factor)
        self.setTransformationAnchor(anchor)
        self.zoom_changed.emit(factor)

    def zoom_by(self, ratio: float) -> None:
        target = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom() * ratio))
        self._follow_resizes(False)
        ratio = target / self.zoom()
        self.scale(ratio, ratio)
        self.zoom_changed.emit(self.zoom())

    def zoom_at(self, ratio: float, view_pos: QPoint) -> None:
        """Zoom by ``ratio`` keeping the scene point under ``view_pos`` where it is.

        The scale and the scroll that puts the point back are one change of the picture: the
        view is redrawn once, whole, as after any zoom, instead of the scroll bars first shifting
        the old frame's pixels (a blit of the whole viewport per bar) that the redraw replaces."""
        before = self.mapToScene(view_pos)
        mode = self.viewportUpdateMode()
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        try:
            self.zoom_by(ratio)
            shift = self.mapFromScene(before) - view_pos
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + shift.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + shift.y())
        finally:
            self.setViewportUpdateMode(mode)

    def fit_map(self) -> None:
        """Show the whole map; it stays fitted as the window is resized, until the GM zooms."""
        self._follow_resizes(True)
        self.fitInView(self.map_scene().map_rect(), Qt.AspectRatioMode.KeepAspectRatio)
        self.zoom_changed.emit(self.zoom())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._keep_fitted:
            self.fit_map()

    def center_on_tile(self, tile: tuple[int, int]) -> None:
        self.centerOn(self.map_scene().grid.tile_centre(tile))

    # -- coordinates -----------------------------------------------------------------------
    def tile_at(self, view_pos: QPoint | QPointF) -> tuple[int, int] | None:
        p = self.mapToScene(QPoint(int(view_pos.x()), int(view_pos.y())))
        tile = self.map_scene().grid.tile_at(p)
        return tile if self.map_scene().encounter.map.in_bounds(tile) else None

    def tile_centre_in_view(self, tile: tuple[int, int]) -> QPoint:
        return self.mapFromScene(self.map_scene().grid.tile_centre(tile))

    # -- touch -----------------------------------------------------------------------------
    def _one_finger(self) -> OneFinger | None:
        """The tool's own touch handler (``touch_handler()``), else one finger as the left button."""
        handler = getattr(self.tool, "touch_handler", None)
        if callable(handler):
            found: OneFinger = handler()
            return found
        return self._mouse_from_touch

    def _send_mouse(self, event: QMouseEvent) -> None:
        {QEvent.Type.MouseButtonPress: self.mousePressEvent, QEvent.Type.MouseMove: self.mouseMoveEvent,
         QEvent.Type.MouseButtonRelease: self.mouseReleaseEvent}[event.type()](event)

    def _pan_by(self, dx: float, dy: float) -> None:
        """Move the map with the fingers (``dx``, ``dy`` view pixels)."""
        self._follow_resizes(False)
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(dx))
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(dy))

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() in TOUCH_EVENTS and isinstance(event, QTouchEvent):
            return self.touch.handle(event)
        pinch = Qt.NativeGestureType.ZoomNativeGesture
        if isinstance(event, QNativeGestureEvent) and event.gestureType() == pinch:
            self.zoom_at(1.0 + event.value(), event.position().toPoint())  # a touchpad's pinch
            event.accept()
            return True
        return super().viewportEvent(event)

    # -- events ----------------------------------------------------------------------------
    def wheelEvent(self, event: QWheelEvent) -> None:
        if self.tool is not None and self.tool.wheel(self, event):
            return
        steps = event.angleDelta().y() / 120
        if steps:
            self.zoom_at(WHEEL_STEP**steps, event.position().toPoint())
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if from_touchscreen(event):  # the touch events did it already
            event.accept()
            return
        panning = event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self._space_down
        )
        if panning:
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.tool is not None and self.tool.press(self, event):
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if from_touchscreen(event):
            event.accept()
            return
        if self._pan_from is not None:
            here = event.position().toPoint()
            delta = here - self._pan_from
            self._pan_from = here
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())
            event.accept()
            return
        tile = self.tile_at(event.position())
        if tile != self._last_tile:
            self._last_tile = tile
            self.hovered_tile.emit(tile)
        if self.tool is not None and self.tool.move(self, event):
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if from_touchscreen(event):
            event.accept()
            return
        pan_buttons = (Qt.MouseButton.MiddleButton, Qt.MouseButton.LeftButton)
        if self._pan_from is not None and event.button() in pan_buttons:
            self._pan_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        if self.tool is not None and self.tool.release(self, event):
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if from_touchscreen(event):
            event.accept()
            return
        p = self.mapToScene(event.position().toPoint())
        self.double_clicked.emit(self.map_scene().grid.map_point(p))
        event.accept()

    # -- palette drops ---------------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(TOKEN_MIME):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(TOKEN_MIME):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        if not event.mimeData().hasFormat(TOKEN_MIME):
            super().dropEvent(event)
            return
        tile = self.tile_at(event.position())
        if tile is not None:
            image = bytes(event.mimeData().data(TOKEN_MIME).data()).decode("utf-8")
            self.token_dropped.emit(tile, image)
        event.acceptProposedAction()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        arrows: dict[int, tuple[int, int]] = {  # by int: event.key() is an int (Qt.Key is an IntEnum)
            Qt.Key.Key_Left: (-ARROW_STEP_PX, 0),
            Qt.Key.Key_Right: (ARROW_STEP_PX, 0),
            Qt.Key.Key_Up: (0, -ARROW_STEP_PX),
            Qt.Key.Key_Down: (0, ARROW_STEP_PX),
        }
        if key in arrows:
            dx, dy = arrows[key]
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx)
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy)
            return
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(WHEEL_STEP)
            return
        if key == Qt.Key.Key_Minus:
            self.zoom_by(1 / WHEEL_STEP)
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space_down = False
            if self._pan_from is None:
                self.viewport().unsetCursor()
            return
        super().keyReleaseEvent(event)
