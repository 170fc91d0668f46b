"""A ring on the tile where the engine waits for the table (``Decision.at``: the tile a move
leaves an enemy's reach from), so the GM sees on the map where the reaction would happen."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.engine.model import Tile
from vantage.gui.canvas.map_grid import MapGrid

RING = QColor("#ff2bd6")  # magenta: no terrain, side or overlay uses it
RING_EDGE = QColor("#1a001a")


class DecisionMarker(QGraphicsItem):
    """A thick ring with a dark edge around ``tile`` (placed by ``grid``), over the tokens; its
    tooltip is the prompt."""

    def __init__(self, tile: Tile, prompt: str, grid: MapGrid) -> None:
        super().__init__()
        self.tile = tile
        self.setZValue(35)  # over tokens and the path, under result flashes
        square = grid.tile_rect(tile)
        self.setPos(square.topLeft())
        self._side = square.width()
        self.setToolTip(prompt)

    def boundingRect(self) -> QRectF:
        return QRectF(-10, -10, self._side + 20, self._side + 20)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        ring = QRectF(-4, -4, self._side + 8, self._side + 8)
        painter.setPen(QPen(RING_EDGE, 9))
        painter.drawEllipse(ring)
        painter.setPen(QPen(RING, 6))
        painter.drawEllipse(ring)
