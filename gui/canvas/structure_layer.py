"""Walls, doors, windows, map objects (blocking props and cover) and the background picture.

The GM-only layer (``gm_only`` walls and objects: secret doors, traps, GM annotations) is drawn as
usual with a dashed magenta outline over it and a small "GM" tag; the player window never gets
those items (the player filter removes them), so only the GM sees the marks.
"""

from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.engine.model import BackgroundImage, Cover, GameMap, MapObject, Wall, WallKind
from vantage.gui.canvas.ground_cache import GroundLayer, drawn_from_cache
from vantage.gui.canvas.map_grid import MapGrid, grid_of
from vantage.gui.canvas.map_picture import PictureUnreadable, background_path, shared_picture
from vantage.gui.canvas.palette import COVER_FILL, OBJECT_FILL, WALL_COLOURS
from vantage.gui.canvas.picture_item import PictureItem

#: The colour of the GM-only marks (outline and tag).
GM_ONLY_COLOUR = QColor("#e0109a")
GM_TAG = "GM"


def wall_pen(kind: WallKind, scale: float = 1.0) -> QPen:
    width = {WallKind.WALL: 6.0, WallKind.DOOR_CLOSED: 8.0, WallKind.DOOR_OPEN: 5.0,
             WallKind.DOOR_LOCKED: 8.0, WallKind.WINDOW: 5.0}
    pen = QPen(WALL_COLOURS[kind], width[kind] * scale)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    if kind is WallKind.WINDOW:
        pen.setStyle(Qt.PenStyle.DotLine)
    return pen


#: The dark edge drawn under a door's mark, so it reads over any map art (issue 30 item 7).
DOOR_HALO = QColor(0, 0, 0, 215)
DOOR_HALO_EXTRA = 4.0
#: A door's jambs (the short bars across the wall at its ends), as a share of a tile each way.
JAMB_TILES = 0.2
#: An open door's leaf, swung open at a right angle from its first end, as a share of its width.
LEAF_SHARE = 0.85
#: A locked door's lock: a ring on the middle of its bar, its radius a share of a tile.
LOCK_TILES = 0.16


def kind_pens(kind: WallKind) -> tuple[QPen, ...]:
    """The pens a kind is drawn with, in order: a door its dark edge first, then its colour."""
    return (halo_pen(kind), wall_pen(kind)) if kind.is_door else (wall_pen(kind),)


def halo_pen(kind: WallKind) -> QPen:
    """The dark edge under a door's mark: the door's pen, wider and nearly black."""
    pen = wall_pen(kind)
    pen.setColor(DOOR_HALO)
    pen.setWidthF(pen.widthF() + DOOR_HALO_EXTRA)
    return pen


def add_wall(path: QPainterPath, wall: Wall, grid: MapGrid) -> None:
    """Add what ``wall`` looks like to ``path``. A wall or a window is its line. A door has jambs
    (short bars across the wall at both ends) so it reads as a doorway on any art; closed, a bar
    fills the doorway; open, the doorway is empty and the leaf stands swung open from one jamb at a
    right angle, with the quarter arc it swept — the plan symbol of an open door; locked, the bar
    (in red) carries a ring, its lock."""
    a, b = grid.scene_point(wall.a), grid.scene_point(wall.b)
    if not wall.kind.is_door:
        path.moveTo(a)
        path.lineTo(b)
        return
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length == 0:
        return
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux  # across the wall
    jamb = grid.scene_length(JAMB_TILES)
    for end in (a, b):
        path.moveTo(QPointF(end.x() - nx * jamb, end.y() - ny * jamb))
        path.lineTo(QPointF(end.x() + nx * jamb, end.y() + ny * jamb))
    if wall.kind is not WallKind.DOOR_OPEN:
        path.moveTo(a)
        path.lineTo(b)
        if wall.kind is WallKind.DOOR_LOCKED:
            lock = grid.scene_length(LOCK_TILES)
            path.addEllipse(QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2), lock, lock)
        return
    leaf = length * LEAF_SHARE
    tip = QPointF(a.x() + nx * leaf, a.y() + ny * leaf)
    path.moveTo(a)
    path.lineTo(tip)
    # the swept quarter arc from the leaf's tip back to the doorway, round the hinge ``a``
    box = QRectF(a.x() - leaf, a.y() - leaf, 2 * leaf, 2 * leaf)
    start = math.degrees(math.atan2(-ny, nx))  # Qt's angles run counter-clockwise, y up
    towards = math.degrees(math.atan2(-uy, ux))
    sweep = (towards - start + 180) % 360 - 180  # the quarter turn from the leaf to the doorway
    path.arcMoveTo(box, start)
    path.arcTo(box, start, sweep)


class StructureLayer(GroundLayer):
    """All walls and objects of a map as a few precomputed paths, painted in one item."""

    def __init__(self, game_map: GameMap) -> None:
        super().__init__()
        self.setZValue(-5)
        # the exposed rect: a partial repaint (a drag) draws only the walls in it
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self._paths: dict[WallKind, QPainterPath] = {}
        self._cells = WallCells((), grid_of(game_map))
        self._object_bounds: list[QRectF] = []
        self._objects: list[tuple[MapObject, QPolygonF]] = []
        self._gm_walls = QPainterPath()
        self._gm_tags: list[QPointF] = []
        self._bounds = QRectF()
        self.set_map(game_map)

    def set_map(self, game_map: GameMap) -> None:
        self.prepareGeometryChange()
        grid = grid_of(game_map)
        self._paths = wall_paths(game_map.walls, grid)
        self._cells = WallCells(game_map.walls, grid)
        self._objects = [(o, object_polygon(o, grid)) for o in game_map.objects]
        self._object_bounds = [polygon.boundingRect().adjusted(-2, -2, 2, 2) for _o, polygon in self._objects]
        secret_walls = tuple(w for w in game_map.walls if w.gm_only)
        self._gm_walls = QPainterPath()
        for wall in secret_walls:
            self._gm_walls.moveTo(grid.scene_point(wall.a))
            self._gm_walls.lineTo(grid.scene_point(wall.b))
        self._gm_tags = [gm_tag_point(w, grid) for w in secret_walls] + [
            polygon.boundingRect().center() for o, polygon in self._objects if o.gm_only
        ]
        bounds = grid.map_rect(game_map.width, game_map.height)
        for path in self._paths.values():
            bounds = bounds.united(path.boundingRect())
        for point in self._gm_tags:
            bounds = bounds.united(QRectF(point.x() - 12, point.y() - 8, 24, 16))
        self._bounds = bounds.adjusted(-8, -8, 8, 8)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if drawn_from_cache(painter):  # the view copied the ground in already (ground_cache)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        exposed = option.exposedRect
        whole = exposed.contains(self._bounds)
        for (obj, polygon), bounds in zip(self._objects, self._object_bounds, strict=True):
            if not whole and not bounds.intersects(exposed):
                continue
            fill = OBJECT_FILL if obj.blocks_movement else COVER_FILL
            painter.setBrush(QBrush(fill))
            outline = QPen(QColor(40, 30, 20), 2)
            if obj.cover is Cover.HALF:
                outline.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(outline)
            painter.drawPolygon(polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        if whole:
            for kind, path in self._paths.items():
                for pen in kind_pens(kind):
                    painter.setPen(pen)
                    painter.drawPath(path)
        else:  # only the cells of walls that reach into the exposed rect, kind by kind as above
            cells = self._cells.touching(exposed)
            for kind in self._paths:
                parts = [cell[kind] for cell in cells if kind in cell]
                for pen in kind_pens(kind) if parts else ():
                    painter.setPen(pen)
                    for part in parts:
                        painter.drawPath(part)
        if self._gm_tags:
            self._paint_gm_layer(painter)

    def _paint_gm_layer(self, painter: QPainter) -> None:
        """The GM-only marks: a dashed magenta line over secret walls, a dashed magenta outline
        round secret objects, and a "GM" tag on each."""
        pen = QPen(GM_ONLY_COLOUR, 2.5, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(pen)
        painter.drawPath(self._gm_walls)
        for obj, polygon in self._objects:
            if obj.gm_only:
                painter.drawPolygon(polygon)
        font = QFont(painter.font())
        font.setPixelSize(10)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(Qt.GlobalColor.white)
        painter.setBrush(GM_ONLY_COLOUR)
        for point in self._gm_tags:
            tag = QRectF(point.x() - 10, point.y() - 6, 20, 12)
            painter.drawRoundedRect(tag, 3, 3)
            painter.drawText(tag, Qt.AlignmentFlag.AlignCenter, GM_TAG)


#: Walls are indexed by square cells of this many tiles: a partial repaint draws the cells it meets.
WALL_CELL_TILES = 8
#: How far a wall's stroke reaches past its line (half the widest pen, with its round cap).
WALL_STROKE_MARGIN = 8.0


class WallCells:
    """The walls of a map by cell: each wall in the cell of its midpoint, one path per kind per
    cell, with the cell's bounds (its walls' strokes, which may reach into the next cells)."""

    def __init__(self, walls: tuple[Wall, ...], grid: MapGrid) -> None:
        self.size = grid.scene_length(WALL_CELL_TILES)
        self._paths: dict[tuple[int, int], dict[WallKind, QPainterPath]] = {}
        #: how far from its cell a wall's stroke can reach (half the longest wall, and the pen)
        self._reach = WALL_STROKE_MARGIN
        for wall in walls:
            a, b = grid.scene_point(wall.a), grid.scene_point(wall.b)
            key = (math.floor((a.x() + b.x()) / 2 / self.size), math.floor((a.y() + b.y()) / 2 / self.size))
            path = self._paths.setdefault(key, {}).setdefault(wall.kind, QPainterPath())
            add_wall(path, wall, grid)
            # an open door's leaf reaches its width beyond the door's line
            span = (abs(a.x() - b.x()) + abs(a.y() - b.y())) * (1.5 if wall.kind.is_door else 0.5)
            self._reach = max(self._reach, span + grid.scene_length(JAMB_TILES) + WALL_STROKE_MARGIN)
        self._bounds: dict[tuple[int, int], QRectF] = {}
        for key, paths in self._paths.items():
            bounds = QRectF()
            for path in paths.values():
                bounds = bounds.united(path.boundingRect())
            m = WALL_STROKE_MARGIN
            self._bounds[key] = bounds.adjusted(-m, -m, m, m)

    def touching(self, rect: QRectF) -> list[dict[WallKind, QPainterPath]]:
        """The cells (each its paths by kind) whose walls' strokes may meet ``rect``, row by row."""
        x0 = math.floor((rect.left() - self._reach) / self.size)
        x1 = math.floor((rect.right() + self._reach) / self.size)
        y0 = math.floor((rect.top() - self._reach) / self.size)
        y1 = math.floor((rect.bottom() + self._reach) / self.size)
        if (x1 - x0 + 1) * (y1 - y0 + 1) > len(self._paths):  # a big rect: look at every cell
            keys = sorted((k for k in self._paths if x0 <= k[0] <= x1 and y0 <= k[1] <= y1),
                          key=lambda k: (k[1], k[0]))
        else:
            keys = [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if (x, y) in self._paths]
        return [self._paths[k] for k in keys if self._bounds[k].intersects(rect)]


def wall_paths(walls: tuple[Wall, ...], grid: MapGrid) -> dict[WallKind, QPainterPath]:
    paths: dict[WallKind, QPainterPath] = {}
    for wall in walls:
        add_wall(paths.setdefault(wall.kind, QPainterPath()), wall, grid)
    return paths


def gm_tag_point(wall: Wall, grid: MapGrid) -> QPointF:
    """Where a GM-only wall's tag goes: its midpoint."""
    return grid.scene_point(((wall.a[0] + wall.b[0]) / 2, (wall.a[1] + wall.b[1]) / 2))


def object_polygon(obj: MapObject, grid: MapGrid) -> QPolygonF:
    return QPolygonF([grid.scene_point(p) for p in obj.outline])


def background_item(background: BackgroundImage, base_dir: Path | None, grid: MapGrid) -> PictureItem | None:
    """The background picture scaled and placed so its grid matches the map's; None if unreadable."""
    item = background_picture_item(background, base_dir, grid)
    return item if isinstance(item, PictureItem) else None


def background_picture_item(background: BackgroundImage, base_dir: Path | None,
                            grid: MapGrid) -> PictureItem | str:
    """The background picture scaled and placed so its grid matches ``grid``, drawn from the one
    decoded copy every window shares (:func:`~vantage.gui.canvas.map_picture.shared_picture`), or
    the sentence saying why it cannot be shown."""
    path = background_path(background, base_dir)
    if not path.is_file():  # a pipe or a device would block or never end (docs/reliability.md)
        return f"The background picture {path} is missing or not a regular file"
    try:
        picture = shared_picture(path)
    except PictureUnreadable as exc:
        return f"The background picture cannot be shown: {exc}"
    item = PictureItem(picture)
    scale = grid.picture_scale(background.pixels_per_tile)
    item.setScale(scale)
    item.setPos(-background.offset_px[0] * scale, -background.offset_px[1] * scale)
    item.setZValue(-20)
    return item
