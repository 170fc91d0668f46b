"""The fog drawn over a map: opaque in the player window, a tint in the GM window.

The whole fog is one small image with one pixel per tile, painted stretched over the map without
smoothing, so a 200×200 map's fog is one ``drawImage`` call and an edit rebuilds 40,000 bytes,
not 40,000 items. The shade of each tile comes from :func:`vantage.engine.table.fog.fog_shade`.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.engine.model import GameMap, Tile
from vantage.engine.table.fog import FogShade
from vantage.gui.canvas.map_grid import MapGrid, grid_of

#: Colours of each shade, for the players (opaque) and for the GM (a tint he can see through).
PLAYER_FOG: dict[FogShade, QColor] = {
    FogShade.HIDDEN: QColor(0, 0, 0, 255),
    FogShade.EXPLORED: QColor(0, 0, 0, 150),
    FogShade.VISIBLE: QColor(0, 0, 0, 0),
}
GM_FOG: dict[FogShade, QColor] = {
    FogShade.HIDDEN: QColor(10, 10, 40, 130),
    FogShade.EXPLORED: QColor(10, 10, 40, 55),
    FogShade.VISIBLE: QColor(0, 0, 0, 0),
}
#: Above tokens for the players (a large token half in the dark is half covered); under tokens
#: for the GM, who must see every token.
PLAYER_FOG_Z = 20.0
GM_FOG_Z = 2.0  # over ground and walls (-10, -5), under the tactics overlay (5) and tokens (10)


_SHADE_INDEX = {FogShade.HIDDEN: 0, FogShade.EXPLORED: 1, FogShade.VISIBLE: 2}


def fog_image(game_map: GameMap, visible: frozenset[Tile] | None, colours: dict[FogShade, QColor]) -> QImage:
    """One pixel per tile in the colour of its shade (hidden / explored / visible).

    Built as one byte per tile (an indexed image whose colour table holds the three shades),
    then converted once to ARGB, so a 200×200 map costs a few milliseconds.
    """
    w, h = game_map.width, game_map.height
    stride = (w + 3) // 4 * 4  # Qt wants 32-bit aligned rows
    data = bytearray(stride * h)
    remembered = 2 if visible is None else 1
    for x, y in game_map.revealed:
        if 0 <= x < w and 0 <= y < h:
            data[y * stride + x] = remembered
    for x, y in visible or ():
        if 0 <= x < w and 0 <= y < h:
            data[y * stride + x] = 2
    indexed = QImage(bytes(data), w, h, stride, QImage.Format.Format_Indexed8)
    table = [0] * 3
    for shade, index in _SHADE_INDEX.items():
        table[index] = colours[shade].rgba()
    indexed.setColorTable(table)
    return indexed.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)  # owns its pixels


class FogLayer(QGraphicsItem):
    """The fog of one map. ``opaque`` for the players; a tint for the GM. Nothing when fog is off."""

    def __init__(self, game_map: GameMap, *, opaque: bool, visible: frozenset[Tile] | None = None) -> None:
        super().__init__()
        self.opaque = opaque
        self.setZValue(PLAYER_FOG_Z if opaque else GM_FOG_Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._colours = PLAYER_FOG if opaque else GM_FOG
        self._key: tuple[object, ...] = ()
        self._image: QImage | None = None
        self._size = (0, 0)
        self._grid: MapGrid = grid_of(game_map)
        self.rebuilds = 0
        self.set_fog(game_map, visible)

    def set_fog(self, game_map: GameMap, visible: frozenset[Tile] | None = None) -> None:
        """Show the fog of ``game_map``; the image is rebuilt only when the fog itself changed."""
        key = (game_map.width, game_map.height, game_map.fog_enabled, game_map.revealed, visible)
        if key == self._key:
            return
        if (game_map.width, game_map.height) != self._size:
            self.prepareGeometryChange()
            self._size = (game_map.width, game_map.height)
        self._key = key
        self._grid = grid_of(game_map)
        if game_map.fog_enabled and game_map.width > 0 and game_map.height > 0:
            self._image = fog_image(game_map, visible, self._colours)
            self.rebuilds += 1
        else:
            self._image = None
        self.update()

    @property
    def shows_fog(self) -> bool:
        """False when the map has no fog (the layer then paints nothing)."""
        return self._image is not None

    def boundingRect(self) -> QRectF:
        return self._grid.map_rect(*self._size)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._image is None:
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        painter.drawImage(self.boundingRect(), self._image, QRectF(self._image.rect()))
