"""Charge-lane pictures that stay cheap while the view repaints during a drag.

A lane can cross the whole map. Qt strokes a path item in full before clipping it, so long
antialiased lanes cost milliseconds each; these items clip to what is on screen first and
draw only that: a line segment, and the lane's swept tiles as plain rectangles.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPainterPathStroker, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.engine.geometry.clip import segment_span_in_rect
from vantage.engine.model import Tile
from vantage.gui.canvas.map_grid import MapGrid


def visible_rect(painter: QPainter, option: QStyleOptionGraphicsItem) -> QRectF:
    """The part of the item's coordinates that lands on the painter's device."""
    device = painter.device()
    inverse, ok = painter.worldTransform().inverted()
    on_device = inverse.mapRect(QRectF(0, 0, device.width(), device.height())) if ok else option.exposedRect
    return option.exposedRect.intersected(on_device)


def clip_segment(line: QLineF, rect: QRectF) -> QLineF | None:
    """The part of ``line`` inside ``rect``, or None."""
    a, b = (line.x1(), line.y1()), (line.x2(), line.y2())
    span = segment_span_in_rect(a, b, rect.left(), rect.top(), rect.right(), rect.bottom())
    if span is None:
        return None
    return QLineF(line.pointAt(span[0]), line.pointAt(span[1]))


class LaneLine(QGraphicsItem):
    """A straight lane from ``a`` to ``b`` (scene units) drawn with ``pen``; tooltip = the reason."""

    def __init__(self, a: QPointF, b: QPointF, pen: QPen, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.line = QLineF(a, b)
        self._pen = pen
        w = pen.widthF()
        self._bounds = QRectF(a, b).normalized().adjusted(-w, -w, w, w)

    def pen(self) -> QPen:
        return self._pen

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        path = QPainterPath(self.line.p1())
        path.lineTo(self.line.p2())
        stroker = QPainterPathStroker()
        stroker.setWidth(max(8.0, self._pen.widthF()))
        return stroker.createStroke(path)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        w = self._pen.widthF()
        part = clip_segment(self.line, visible_rect(painter, option).adjusted(-w, -w, w, w))
        if part is not None:
            # antialiasing a few dozen long lines costs ~10 ms a frame; straight lanes read fine without
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            painter.setPen(self._pen)
            painter.drawLine(part)


class TileShade(QGraphicsItem):
    """Tiles filled with one translucent colour, drawn only where they are on screen."""

    def __init__(self, tiles: tuple[Tile, ...], colour: QColor, grid: MapGrid,
                 parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.tiles = tiles
        self.colour = colour
        self.grid = grid
        xs = [t[0] for t in tiles] or [0]
        ys = [t[1] for t in tiles] or [0]
        self._bounds = grid.tiles_rect((min(xs), min(ys)), (max(xs), max(ys)))

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        seen = visible_rect(painter, option)
        for x, y in self.tiles:
            rect = self.grid.tile_rect((x, y))
            if rect.intersects(seen):
                painter.fillRect(rect, self.colour)
