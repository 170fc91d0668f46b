"""Walls, doors, windows, map objects (blocking props and cover) and the background picture."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem, QStyleOptionGraphicsItem, QWidget

from engine.model import BackgroundImage, Cover, GameMap, MapObject, Wall, WallKind
from gui.palette import COVER_FILL, OBJECT_FILL, TILE_PX, WALL_COLOURS


def scene_point(p: tuple[float, float]) -> QPointF:
    return QPointF(p[0] * TILE_PX, p[1] * TILE_PX)


def wall_pen(kind: WallKind, scale: float = 1.0) -> QPen:
    width = {WallKind.WALL: 6.0, WallKind.DOOR_CLOSED: 8.0, WallKind.DOOR_OPEN: 4.0, WallKind.WINDOW: 5.0}
    pen = QPen(WALL_COLOURS[kind], width[kind] * scale)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    if kind is WallKind.DOOR_OPEN:
        pen.setStyle(Qt.PenStyle.DashLine)
    if kind is WallKind.WINDOW:
        pen.setStyle(Qt.PenStyle.DotLine)
    return pen


class StructureLayer(QGraphicsItem):
    """All walls and objects of a map as a few precomputed paths, painted in one item."""

    def __init__(self, game_map: GameMap) -> None:
        super().__init__()
        self.setZValue(-5)
        self._paths: dict[WallKind, QPainterPath] = {}
        self._objects: list[tuple[MapObject, QPolygonF]] = []
        self._bounds = QRectF()
        self.set_map(game_map)

    def set_map(self, game_map: GameMap) -> None:
        self.prepareGeometryChange()
        self._paths = wall_paths(game_map.walls)
        self._objects = [(o, object_polygon(o)) for o in game_map.objects]
        bounds = QRectF(0, 0, game_map.width * TILE_PX, game_map.height * TILE_PX)
        for path in self._paths.values():
            bounds = bounds.united(path.boundingRect())
        self._bounds = bounds.adjusted(-8, -8, 8, 8)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        for obj, polygon in self._objects:
            fill = OBJECT_FILL if obj.blocks_movement else COVER_FILL
            painter.setBrush(QBrush(fill))
            outline = QPen(QColor(40, 30, 20), 2)
            if obj.cover is Cover.HALF:
                outline.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(outline)
            painter.drawPolygon(polygon)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for kind, path in self._paths.items():
            painter.setPen(wall_pen(kind))
            painter.drawPath(path)


def wall_paths(walls: tuple[Wall, ...]) -> dict[WallKind, QPainterPath]:
    paths: dict[WallKind, QPainterPath] = {}
    for wall in walls:
        path = paths.setdefault(wall.kind, QPainterPath())
        path.moveTo(scene_point(wall.a))
        path.lineTo(scene_point(wall.b))
    return paths


def object_polygon(obj: MapObject) -> QPolygonF:
    return QPolygonF([scene_point(p) for p in obj.outline])


def background_item(background: BackgroundImage, base_dir: Path | None) -> QGraphicsPixmapItem | None:
    """The background picture scaled and placed so its grid matches the map's; None if unreadable."""
    path = Path(background.path)
    if not path.is_absolute() and base_dir is not None:
        path = base_dir / path
    pixmap = QPixmap(str(path))
    if pixmap.isNull():
        return None
    item = QGraphicsPixmapItem(pixmap)
    scale = TILE_PX / background.pixels_per_tile
    item.setScale(scale)
    item.setPos(-background.offset_px[0] * scale, -background.offset_px[1] * scale)
    item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
    item.setZValue(-20)
    return item
