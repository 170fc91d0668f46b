"""The tactics overlay's items as values: a *piece* says everything one item is drawn from.

:class:`~vantage.gui.play.tactics_overlay.TacticsOverlay` works out the pieces of the selected
token after every change and keeps the item of each piece that is still there; only a piece that
is new or differs gets a new item, and only a piece that went loses its item (issue 32: the
overlay rebuilt all its items on every command, a quarter of a step, and repainted the map under
all of them). Equal pieces make equal items, so the overlay after any number of changes draws
exactly what an overlay built fresh for the same encounter draws.

Colours are kept as ``QColor.rgba()`` numbers and points as plain floats in scene units, so that
comparing two pieces compares what is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from vantage.engine.model import Tile
from vantage.gui.canvas.map_grid import MapGrid, SquareGrid
from vantage.gui.play.lane_items import LaneLine, TileShade, visible_rect

Point = tuple[float, float]
Rect = tuple[float, float, float, float]
#: the colour of a flanking badge's disc
FLANK_DISC = QColor("#8e44ad")


@dataclass(frozen=True, slots=True)
class Pen:
    """A pen as a value: its colour (``QColor.rgba()``), width, line style and cap."""

    rgba: int
    width: float
    style: Qt.PenStyle = Qt.PenStyle.SolidLine
    cap: Qt.PenCapStyle = Qt.PenCapStyle.SquareCap

    @classmethod
    def of(cls, colour: QColor, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine,
           cap: Qt.PenCapStyle = Qt.PenCapStyle.SquareCap) -> Pen:
        return cls(colour.rgba(), float(width), style, cap)

    def qpen(self) -> QPen:
        return QPen(QColor.fromRgba(self.rgba), self.width, self.style, self.cap)


def rect_of(rect: QRectF) -> Rect:
    return (rect.x(), rect.y(), rect.width(), rect.height())


def point_of(point: QPointF) -> Point:
    return (point.x(), point.y())


def _qrect(rect: Rect) -> QRectF:
    return QRectF(*rect)


def _qpoint(point: Point) -> QPointF:
    return QPointF(*point)


@lru_cache(maxsize=4)
def badge_font(pixels: int) -> QFont:
    """The bold sans-serif of the overlay's badges, ``pixels`` high."""
    font = QFont("Sans Serif")
    font.setPixelSize(pixels)
    font.setBold(True)
    return font


@lru_cache(maxsize=256)
def text_size(text: str) -> tuple[float, float]:
    """The size of ``text`` drawn by a :class:`QGraphicsSimpleTextItem` in its default font."""
    rect = QGraphicsSimpleTextItem(text).boundingRect()
    return (rect.width(), rect.height())


def paint_costs(costs: Iterable[tuple[Tile, float]], allowance: float, width: int, height: int) -> QImage:
    """One pixel per tile: green where the move is cheap, shading to amber as it uses it all up."""
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    allowance = max(1.0, float(allowance))
    colours: dict[float, QColor] = {}  # a move has few distinct costs: one colour each
    for (x, y), cost in costs:
        colour = colours.get(cost)
        if colour is None:
            share = min(1.0, cost / allowance)
            colour = colours[cost] = QColor.fromHsvF(0.33 - 0.22 * share, 0.85, 0.9, 0.42)
        image.setPixelColor(x, y, colour)
    return image


class CostTint(QGraphicsItem):
    """The reachable area: a tiny image (one pixel per tile) stretched over the map, unsmoothed.

    Only ``extent`` (in tiles; default: the whole image) is drawn: the pixels outside it are
    transparent, and blending them over a full screen on every repaint of a drag is what costs.
    """

    def __init__(self, image: QImage, parent: QGraphicsItem, grid: MapGrid,
                 extent: QRectF | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._image = image
        self._grid = grid
        whole = QRectF(0, 0, image.width(), image.height())
        tiles = whole if extent is None else extent.intersected(whole)
        self._bounds = grid.area_rect(tiles)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        seen = visible_rect(painter, option).intersected(self.boundingRect())
        if seen.isEmpty():
            return
        x0, y0 = self._grid.tile_at(seen.topLeft())
        x1, y1 = self._grid.tile_at(seen.bottomRight())
        x1, y1 = min(x1 + 1, self._image.width()), min(y1 + 1, self._image.height())
        source = QRectF(x0, y0, x1 - x0, y1 - y0)
        target = self._grid.area_rect(source)
        painter.drawImage(target, self._image, source)


@dataclass(frozen=True, slots=True)
class CostPiece:
    """The reachable area: one pixel per tile of a ``width`` × ``height`` image, green where the
    move is cheap shading to amber as it uses ``allowance`` up; drawn over ``extent`` (in tiles)."""

    width: int
    height: int
    allowance: float
    costs: tuple[tuple[Tile, float], ...]
    extent: Rect
    grid: SquareGrid

    def make(self, parent: QGraphicsItem) -> QGraphicsItem:
        image = paint_costs(self.costs, self.allowance, self.width, self.height)
        extent = None if self.extent == (0.0, 0.0, 0.0, 0.0) else _qrect(self.extent)
        return CostTint(image, parent, self.grid, extent)


@dataclass(frozen=True, slots=True)
class PathPiece:
    """Polygons (``closed``) or polylines through scene points, with a pen and a fill."""

    rings: tuple[tuple[Point, ...], ...]
    pen: Pen
    brush: int | None
    tip: str
    closed: bool = True

    def make(self, parent: QGraphicsItem) -> QGraphicsItem:
        path = QPainterPath()
        for ring in self.rings:
            path.moveTo(_qpoint(ring[0]))
            for point in ring[1:]:
                path.lineTo(_qpoint(point))
            if self.closed:
                path.closeSubpath()
        item = QGraphicsPathItem(path, parent)
        if self.brush is not None:
            item.setBrush(QBrush(QColor.fromRgba(self.brush)))
        item.setPen(self.pen.qpen())
        item.setToolTip(self.tip)
        return item


@dataclass(frozen=True, slots=True)
class RectPiece:
    """A plain rectangle with a pen and a fill (an enemy's reach zone)."""

    rect: Rect
    pen: Pen
    brush: int
    tip: str

    def make(self, parent: QGraphicsItem) -> QGraphicsItem:
        item = QGraphicsRectItem(_qrect(self.rect), parent)
        item.setPen(self.pen.qpen())
        item.setBrush(QBrush(QColor.fromRgba(self.brush)))
        item.setToolTip(self.tip)
        return item


@dataclass(frozen=True, slots=True)
class LanePiece:
    """A straight line from ``a`` to ``b`` (a charge lane, a ruleset mark's line), with the
    ``shade`` tiles under it tinted when there are any."""

    a: Point
    b: Point
    pen: Pen
    tip: str
    shade: tuple[Tile, ...] = ()
    shade_rgba: int = 0
    grid: SquareGrid | None = None

    def make(self, parent: QGraphicsItem) -> QGraphicsItem:
        item = LaneLine(_qpoint(self.a), _qpoint(self.b), self.pen.qpen(), parent)
        item.setToolTip(self.tip)
        if self.shade and self.grid is not None:
            TileShade(self.shade, QColor.fromRgba(self.shade_rgba), self.grid, item).setToolTip(self.tip)
        return item


@dataclass(frozen=True, slots=True)
class ShadePiece:
    """Tiles filled with one translucent colour."""

    tiles: tuple[Tile, ...]
    rgba: int
    grid: SquareGrid
    tip: str

    def make(self, parent: QGraphicsItem) -> QGraphicsItem:
        item = TileShade(self.tiles, QColor.fromRgba(self.rgba), self.grid, parent)
        item.setToolTip(self.tip)
        return item


@dataclass(frozen=True, slots=True)
class LabelPiece:
    """A few words at ``pos`` in the item's default font."""

    text: str
    rgba: int
    pos: Point
    tip: str

    def make(self, parent: QGraphicsItem) -> QGraphicsItem:
        label = QGraphicsSimpleTextItem(self.text, parent)
        label.setBrush(QBrush(QColor.fromRgba(self.rgba)))
        label.setPos(_qpoint(self.pos))
        label.setToolTip(self.tip)
        return label


@dataclass(frozen=True, slots=True)
class CountPiece:
    """A flanking count: a purple disc filling ``spot`` with the count in white in its middle
    (the item made is the disc; the count is its child)."""

    spot: Rect
    count: int
    tip: str

    def make(self, parent: QGraphicsItem) -> QGraphicsItem:
        spot = _qrect(self.spot)
        disc = QGraphicsEllipseItem(spot, parent)
        disc.setBrush(QBrush(FLANK_DISC))
        disc.setPen(QPen(QColor("#ffffff"), 1.5))
        disc.setToolTip(self.tip)
        label = QGraphicsSimpleTextItem(str(self.count), disc)
        label.setFont(badge_font(13))
        label.setBrush(QBrush(QColor("#ffffff")))
        text = label.boundingRect()
        label.setPos(spot.center().x() - text.width() / 2, spot.center().y() - text.height() / 2)
        return disc


@dataclass(frozen=True, slots=True)
class BadgePiece:
    """The sight's cover in ``words`` on a light rounded badge over ``rect``, edged in ``rgba``
    (the item made is the badge; the words are its child)."""

    rect: Rect
    words: str
    rgba: int
    tip: str

    def make(self, parent: QGraphicsItem) -> QGraphicsItem:
        rect = _qrect(self.rect)
        box = QPainterPath()
        box.addRoundedRect(rect, 4, 4)
        badge = QGraphicsPathItem(box, parent)
        badge.setBrush(QBrush(QColor(255, 255, 255, 235)))
        badge.setPen(QPen(QColor.fromRgba(self.rgba), 2))
        badge.setToolTip(self.tip)
        label = QGraphicsSimpleTextItem(self.words, badge)
        label.setFont(badge_font(14))
        label.setBrush(QBrush(QColor("#1b1b1b")))
        label.setPos(rect.left() + 5, rect.top() + 2)
        label.setToolTip(self.tip)
        return badge


def badge_size(words: str) -> QSizeF:
    """The size of the sight badge holding ``words``."""
    label = QGraphicsSimpleTextItem(words)
    label.setFont(badge_font(14))
    text = label.boundingRect()
    return QSizeF(max(text.width() + 10, 24.0), text.height() + 4)


Piece = CostPiece | PathPiece | RectPiece | LanePiece | ShadePiece | LabelPiece | CountPiece | BadgePiece


def drop_item(item: QGraphicsItem) -> None:
    """Take ``item`` (and its children) off its parent and out of the scene."""
    item.setParentItem(None)  # type: ignore[arg-type]  # None is Qt's "no parent"
    scene = item.scene()
    if scene is not None:
        scene.removeItem(item)
