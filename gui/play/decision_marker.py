"""A ring on the tile where the engine waits for the table (``Decision.at``: the tile a move
leaves an enemy's reach from), so the GM sees on the map where the reaction would happen."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.engine.model import Tile
from vantage.gui.canvas.palette import TILE_PX

RING = QColor("#ff2bd6")  # magenta: no terrain, side or overlay uses it
RING_EDGE = QColor("#1a001a")


class DecisionMarker(QGraphicsItem):
    """A thick ring with a dark edge around ``tile``, over the tokens; its tooltip is the prompt."""

    def __init__(self, tile: Tile, prompt: str) -> None:
        super().__init__()
        self.tile = tile
        self.setZValue(35)  # over tokens and the path, under result flashes
        self.setPos(tile[0] * TILE_PX, tile[1] * TILE_PX)
        self.setToolTip(prompt)

    def boundingRect(self) -> QRectF:
        return QRectF(-10, -10, TILE_PX + 20, TILE_PX + 20)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        ring = QRectF(-4, -4, TILE_PX + 8, TILE_PX + 8)
        painter.setPen(QPen(RING_EDGE, 9))
        painter.drawEllipse(ring)
        painter.setPen(QPen(RING, 6))
        painter.drawEllipse(ring)
