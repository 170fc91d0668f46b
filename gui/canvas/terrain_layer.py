"""The ground: terrain, elevation and grid, pre-rendered into cached square chunks.

One item paints the whole map, never one item per tile. The map is cut into chunks that are
rendered once per *level of detail* (48, 24, 12 or 6 pixels per tile, each chunk at most 768
pixels wide) and kept in a bounded cache; painting draws only the chunks in the exposed area at
the coarsest level that is still sharp. An edit invalidates only the chunks it touched.

Over a background picture (``translucent``) the chunks hold only the tinted ground and the
elevation; a chunk with neither is not drawn at all, and the grid is drawn as one set of lines over
the exposed part at the view's own scale (filled rects one scene unit wide and at least one
device pixel: the lines the chunks would hold), so a zoom step does not blend a screenful of
mostly clear pixmaps.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.engine.model import GameMap, Tile
from vantage.engine.terrain import MovementClass
from vantage.gui.canvas.grid_lines import paint_grid_lines
from vantage.gui.canvas.ground_cache import GroundLayer, drawn_from_cache
from vantage.gui.canvas.map_grid import SquareGrid, grid_of
from vantage.gui.canvas.palette import (
    GRID_COLOUR,
    MOVEMENT_TEXTURE,
    terrain_colour,
    texture_colour,
)

#: Pixels per tile of each cached level, finest first.
LEVELS: tuple[int, ...] = (48, 24, 12, 6)
CHUNK_PX = 768
MAX_CACHED_CHUNKS = 48  # ≤ 48 × 2.3 MB at the finest level; a 1920×1080 view needs ~12
#: Below this many device pixels per tile the grid lines are left out (they would be a smear).
GRID_MIN_PX = 10


def level_for(device_px_per_tile: float) -> int:
    """The coarsest cached level that still has at least as many pixels per tile as the screen."""
    for px in reversed(LEVELS):
        if px >= device_px_per_tile:
            return px
    return LEVELS[0]


def chunk_tiles(level_px: int) -> int:
    return CHUNK_PX // level_px


class TerrainLayer(GroundLayer):
    """Paints terrain, elevation shading/contours and the grid of one :class:`GameMap`.

    ``translucent`` (set when the map has a background image) leaves open ground clear and
    tints the rest, so the picture under it shows through.
    """

    def __init__(self, game_map: GameMap, translucent: bool = False) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setZValue(-10)
        self._map = game_map
        #: where the tiles lie: the chunks are squares of tiles, so the grid is a square one
        self.grid: SquareGrid = grid_of(game_map)
        self._translucent = translucent
        self._cache: OrderedDict[tuple[int, int, int], QPixmap] = OrderedDict()
        self.chunks_rendered = 0
        self._line_colour: QColor | None = QColor(GRID_COLOUR)  # None: no grid drawn

    # -- model -----------------------------------------------------------------------------
    @property
    def game_map(self) -> GameMap:
        return self._map

    def set_map(self, game_map: GameMap, changed_tiles: Iterable[Tile] | None = None) -> None:
        """Show ``game_map``; only chunks holding ``changed_tiles`` are redrawn (all if None)."""
        same_shape = (game_map.width, game_map.height) == (self._map.width, self._map.height)
        if changed_tiles is None or not same_shape:
            if not same_shape:
                self.prepareGeometryChange()
            self._cache.clear()
        else:
            self._invalidate(changed_tiles)
        self._map = game_map
        self.grid = grid_of(game_map)
        self.update()

    @property
    def grid_colour(self) -> QColor | None:
        """The grid's colour with its opacity, or None when no grid is drawn."""
        return None if self._line_colour is None else QColor(self._line_colour)

    def set_grid(self, colour: QColor | None) -> None:
        """Draw the grid in ``colour`` (its alpha is the opacity), or none at all (None)."""
        old = None if self._line_colour is None else self._line_colour.rgba()
        new = None if colour is None else QColor(colour).rgba()
        if old != new:
            self._line_colour = None if colour is None else QColor(colour)
            if not self._translucent:  # over a picture the grid is not in the chunks
                self._cache.clear()
            self.update()

    def set_translucent(self, translucent: bool) -> None:
        if translucent != self._translucent:
            self._translucent = translucent
            self._cache.clear()
            self.update()

    def _invalidate(self, tiles: Iterable[Tile]) -> None:
        touched: set[tuple[int, int, int]] = set()
        for x, y in tiles:
            for level in LEVELS:
                n = chunk_tiles(level)
                # a contour on a chunk's edge depends on the neighbour tile too
                for nx, ny in ((x, y), (x - 1, y), (x, y - 1)):
                    if nx >= 0 and ny >= 0:
                        touched.add((level, nx // n, ny // n))
        for key in touched:
            self._cache.pop(key, None)

    # -- QGraphicsItem ---------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self.grid.map_rect(self._map.width, self._map.height)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if drawn_from_cache(painter):  # the view copied the ground in already (ground_cache)
            return
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        level = level_for(self.grid.device_px_per_tile(scale))
        n = chunk_tiles(level)
        chunk_scene = self.grid.scene_length(n)
        exposed = option.exposedRect.intersected(self.boundingRect())
        exposed = exposed.intersected(_device_rect_in_item(painter))
        if exposed.isEmpty():
            return
        cx0 = int(exposed.left() // chunk_scene)
        cy0 = int(exposed.top() // chunk_scene)
        cx1 = int((exposed.right() - 1e-6) // chunk_scene)
        cy1 = int((exposed.bottom() - 1e-6) // chunk_scene)
        # nearest-pixel is sharp enough near 1:1, and fast
        smooth = self.grid.device_px_per_tile(scale) < 0.75 * level
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, smooth)
        for cy in range(cy0, cy1 + 1):
            for cx in range(cx0, cx1 + 1):
                pixmap = self._chunk(level, cx, cy)
                if pixmap.isNull():  # over a picture, a chunk of open level ground: nothing to draw
                    continue
                w = self.grid.scene_length(pixmap.width() / level)
                h = self.grid.scene_length(pixmap.height() / level)
                painter.drawPixmap(QRectF(cx * chunk_scene, cy * chunk_scene, w, h), pixmap,
                                   QRectF(pixmap.rect()))
        if self._translucent and self._line_colour is not None and level >= GRID_MIN_PX:
            paint_grid_lines(painter, exposed, scale, self._line_colour, self.grid)

    # -- chunks ----------------------------------------------------------------------------
    def _chunk(self, level: int, cx: int, cy: int) -> QPixmap:
        key = (level, cx, cy)
        found = self._cache.get(key)
        if found is not None:
            self._cache.move_to_end(key)
            return found
        pixmap = self.render_chunk(level, cx, cy)
        self._cache[key] = pixmap
        while len(self._cache) > MAX_CACHED_CHUNKS:
            self._cache.popitem(last=False)
        return pixmap

    def render_chunk(self, level: int, cx: int, cy: int) -> QPixmap:
        """Draw the tiles of chunk (cx, cy) at ``level`` pixels per tile (over a picture, a null
        pixmap when the chunk has nothing to tint: open ground, no elevation)."""
        self.chunks_rendered += 1
        m = self._map
        n = chunk_tiles(level)
        x0, y0 = cx * n, cy * n
        x1, y1 = min(x0 + n, m.width), min(y0 + n, m.height)
        if self._translucent and self._is_clear(x0, y0, x1, y1):
            return QPixmap()
        pixmap = QPixmap(max(1, (x1 - x0) * level), max(1, (y1 - y0) * level))
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setPen(Qt.PenStyle.NoPen)
        kinds = m.terrain_kinds
        for y in range(y0, y1):
            row = y * m.width
            for x in range(x0, x1):
                kind = kinds[m.terrain[row + x]]
                if self._translucent and kind.movement is MovementClass.OPEN:
                    continue
                rect = QRectF((x - x0) * level, (y - y0) * level, level, level)
                colour = terrain_colour(kind)
                if self._translucent:
                    colour.setAlpha(110)
                p.fillRect(rect, colour)
                pattern = MOVEMENT_TEXTURE[kind.movement]
                if pattern != Qt.BrushStyle.NoBrush and level >= 12:
                    p.fillRect(rect, QBrush(texture_colour(kind), pattern))
        self._paint_elevation(p, level, x0, y0, x1, y1)
        if level >= GRID_MIN_PX and self._line_colour is not None and not self._translucent:
            self._paint_grid(p, level, x1 - x0, y1 - y0, self._line_colour)
        p.end()
        return pixmap

    def _is_clear(self, x0: int, y0: int, x1: int, y1: int) -> bool:
        """True when tiles [x0, x1) × [y0, y1) are all open ground and level (a contour on the
        chunk's right or bottom edge needs the next tile too, so that row and column count)."""
        m = self._map
        open_names = {name for name, kind in m.terrain_kinds.items() if kind.movement is MovementClass.OPEN}
        elevation = m.elevation
        for y in range(y0, y1):
            row = y * m.width
            if not open_names.issuperset(m.terrain[row + x0:row + x1]):
                return False
            if any(elevation[row + x0:row + min(x1 + 1, m.width)]):
                return False
        below = y1 * m.width
        return not (y1 < m.height and any(elevation[below + x0:below + x1]))

    def _paint_elevation(self, p: QPainter, level: int, x0: int, y0: int, x1: int, y1: int) -> None:
        m = self._map
        elevation = m.elevation
        if not any(elevation):
            return
        contour = QPen(QColor(60, 40, 20, 200), max(1.0, level / 16))
        for y in range(y0, y1):
            for x in range(x0, x1):
                e = elevation[y * m.width + x]
                rect = QRectF((x - x0) * level, (y - y0) * level, level, level)
                if e:
                    alpha = min(150, int(abs(e) * 6))
                    shade = QColor(255, 255, 255, alpha) if e > 0 else QColor(0, 0, 40, alpha)
                    p.fillRect(rect, shade)
                p.setPen(contour)
                if x + 1 < m.width and elevation[y * m.width + x + 1] != e:
                    p.drawLine(rect.topRight(), rect.bottomRight())
                if y + 1 < m.height and elevation[(y + 1) * m.width + x] != e:
                    p.drawLine(rect.bottomLeft(), rect.bottomRight())
                p.setPen(Qt.PenStyle.NoPen)

    @staticmethod
    def _paint_grid(p: QPainter, level: int, cols: int, rows: int, colour: QColor) -> None:
        """One-pixel lines on each tile's top and left edge (filled rects: the raster fast path)."""
        for i in range(cols):
            p.fillRect(QRectF(i * level, 0, 1, rows * level), colour)
        for j in range(rows):
            p.fillRect(QRectF(0, j * level, cols * level, 1), colour)


def _device_rect_in_item(painter: QPainter) -> QRectF:
    """The painter's whole device, in the painted item's coordinates."""
    device = painter.device()
    rect = QRectF(0, 0, device.width(), device.height())
    inverse, ok = painter.worldTransform().inverted()
    return inverse.mapRect(rect) if ok else QRectF(-1e9, -1e9, 2e9, 2e9)
