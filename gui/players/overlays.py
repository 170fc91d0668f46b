"""What the table needs to follow the game: big token labels, the active token and the last move.

Both overlays paint from the *filtered* encounter (vantage.engine.table.player_view), so they can only show
what the players may see. Each is one item for all tokens, above the fog.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.engine.model import Encounter, Point, Token
from vantage.gui.canvas.label_placement import painted_view, place_labels, reach_margin
from vantage.gui.canvas.map_grid import MapGrid
from vantage.gui.canvas.token_item import token_grow

LABEL_Z = 30.0
HIGHLIGHT_Z = 25.0
#: Label text height as a share of one tile: at one inch per tile, about 8 mm.
LABEL_TILE_SHARE = 0.32
ACTIVE_COLOUR = QColor("#ffd400")
#: The room between a name and its token, as a share of a tile.
LABEL_GAP_TILES = 0.12
MOVE_COLOUR = QColor("#ffffff")


@dataclass(frozen=True)
class LastMove:
    """A token's last change of place as the players saw it: from one shown tile to another."""

    token_id: str
    start: Point  # footprint centre before, in tile units
    end: Point


def last_move(before: Encounter | None, after: Encounter) -> LastMove | None:
    """The token that moved between two player views (the last one listed, if several did)."""
    if before is None:
        return None
    old = {t.id: t for t in before.tokens}
    found: LastMove | None = None
    for token in after.tokens:
        was = old.get(token.id)
        if was is not None and was.position != token.position:
            found = LastMove(token.id, was.centre, token.centre)
    return found


class LabelLayer(QGraphicsItem):
    """The name of every shown token, white on a black pill: readable across a table. Each name sits
    beside its token — under it where there is room — never on it, inside the part of the map the
    window shows and clear of the other names and tokens (:mod:`~vantage.gui.canvas.label_placement`,
    laid out again whenever the tokens or the view change)."""

    def __init__(self, grid: MapGrid) -> None:
        super().__init__()
        self.grid = grid
        self.setZValue(LABEL_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._tokens: tuple[Token, ...] = ()
        self._bounds = QRectF()
        font = QFont("Sans Serif")
        font.setBold(True)
        font.setPixelSize(int(grid.scene_length(LABEL_TILE_SHARE)))
        self._font = font
        self._metrics = QFontMetricsF(font)
        self._layout_key: tuple[object, ...] | None = None
        #: between a name and its token: clear of the yellow ring round the token whose turn it is
        self._gap = grid.scene_length(LABEL_GAP_TILES)
        #: token id → where its name was last drawn (scene units)
        self.placed: dict[str, QRectF] = {}

    def set_tokens(self, tokens: tuple[Token, ...]) -> None:
        if tokens == self._tokens:
            return
        self.prepareGeometryChange()
        self._tokens = tokens
        bounds = QRectF()
        for token in tokens:
            mx, my = reach_margin(self._label_size(token), self._gap)
            drawn = self._anchor(token, 1e-9)  # the largest a token is drawn (MAX_GROW)
            bounds = bounds.united(drawn.adjusted(-mx, -my, mx, my))
        self._bounds = bounds
        self._layout_key = None
        self.update()

    def _label_size(self, token: Token) -> QSizeF:
        return QSizeF(self._metrics.horizontalAdvance(token.name) + self.grid.scene_length(0.3),
                      self._metrics.height() + self.grid.scene_length(0.08))

    def _anchor(self, token: Token, scale: float = 1.0) -> QRectF:
        """The token as drawn at ``scale``: its footprint, or larger on a small screen
        (:func:`~vantage.gui.canvas.token_item.token_grow`)."""
        square = self.grid.footprint_rect(token.position, token.footprint)
        grow = token_grow(token, square.width(), scale)
        if grow == 1.0:
            return square
        spill = square.width() * (grow - 1) / 2
        return square.adjusted(-spill, -spill, spill, spill)

    def layout(self, view: QRectF | None, scale: float = 1.0) -> dict[str, QRectF]:
        """Where each named token's label goes in ``view`` (scene units; None: anywhere) at
        ``scale`` device pixels per unit: the tokens out of sight get none."""
        key = (self._tokens, None if view is None else view.getRect(), scale)
        if key == self._layout_key:
            return self.placed
        named = [t for t in self._tokens if t.name
                 and (view is None or self._anchor(t, scale).intersects(view))]
        anchors = {t.id: self._anchor(t, scale) for t in self._tokens}
        rects = place_labels([(self._label_size(t), anchors[t.id]) for t in named], view,
                             list(anchors.values()), gap=self._gap)
        self.placed = {t.id: rect for t, rect in zip(named, rects, strict=True)}
        self._layout_key = key
        return self.placed

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setFont(self._font)
        names = {t.id: t.name for t in self._tokens}
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        for token_id, rect in self.layout(painted_view(painter, widget), scale).items():
            painter.setPen(QPen(QColor("#ffffff"), 1.5))
            painter.setBrush(QColor(0, 0, 0, 235))
            painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, names[token_id])


class TurnHighlight(QGraphicsItem):
    """A thick yellow ring round the token whose turn it is, and an arrow for the last move."""

    def __init__(self, grid: MapGrid) -> None:
        super().__init__()
        self.grid = grid
        self.setZValue(HIGHLIGHT_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.active: Token | None = None
        self.move: LastMove | None = None
        self._bounds = QRectF()

    def set_state(self, active: Token | None, move: LastMove | None) -> None:
        if (active, move) == (self.active, self.move):
            return
        self.prepareGeometryChange()
        self.active, self.move = active, move
        bounds = QRectF()
        if active is not None:
            bounds = bounds.united(self._ring_rect(active).adjusted(-12, -12, 12, 12))
        if move is not None:
            bounds = bounds.united(QRectF(self.grid.scene_point(move.start),
                                          self.grid.scene_point(move.end)).normalized())
            margin = self.grid.scene_length(1)
            bounds = bounds.adjusted(-margin, -margin, margin, margin)
        self._bounds = bounds
        self.update()

    def _ring_rect(self, token: Token) -> QRectF:
        return self.grid.footprint_rect(token.position, token.footprint).adjusted(-3, -3, 3, 3)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if self.move is not None:
            self._paint_move(painter, self.move)
        if self.active is not None:
            rect = self._ring_rect(self.active)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor(0, 0, 0, 200), 12))
            painter.drawEllipse(rect)
            painter.setPen(QPen(ACTIVE_COLOUR, 7))
            painter.drawEllipse(rect)

    def _paint_move(self, painter: QPainter, move: LastMove) -> None:
        a, b = self.grid.scene_point(move.start), self.grid.scene_point(move.end)
        line = b - a
        length = (line.x() ** 2 + line.y() ** 2) ** 0.5
        if length < 1:
            return
        ux, uy = line.x() / length, line.y() / length
        tip = b - QPointF(ux, uy) * self.grid.scene_length(0.58)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        ghost_radius = self.grid.scene_length(0.35)
        ghost = QRectF(a.x() - ghost_radius, a.y() - ghost_radius, self.grid.scene_length(0.7),
                       self.grid.scene_length(0.7))
        painter.setPen(QPen(QColor(0, 0, 0, 190), 9, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(a, tip)
        painter.drawEllipse(ghost)
        painter.setPen(QPen(MOVE_COLOUR, 5, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
        painter.drawLine(a, tip)
        painter.drawEllipse(ghost)
        head = self.grid.scene_length(0.3)
        left = tip - QPointF(ux, uy) * head + QPointF(-uy, ux) * head * 0.6
        right = tip - QPointF(ux, uy) * head - QPointF(-uy, ux) * head * 0.6
        painter.setPen(QPen(QColor(0, 0, 0, 190), 2))
        painter.setBrush(QBrush(MOVE_COLOUR))
        painter.drawPolygon(QPolygonF([tip, left, right]))
