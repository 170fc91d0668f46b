"""The ruler and the area templates as scene items, for the GM's map and the projector alike.

Items hold no truth: a :class:`TemplateLayer` is synced from ``encounter.templates`` (the players'
scene gets the filtered encounter, so only the templates the GM shows, and only the tokens the
players see in each list); a :class:`RulerItem` draws a reading the engine measured. Lines are
thick and labels ignore the zoom, so they read on a projector from across the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from vantage.engine.model import AreaTemplate, Encounter, TemplateKind
from vantage.gui.canvas.label_placement import BESIDE, Side, device_rect, place_label, visible_scene_rect
from vantage.gui.canvas.map_grid import MapGrid, grid_of
from vantage.gui.canvas.token_item import token_rects_near

if TYPE_CHECKING:  # a reading's type only: the measuring rules load with the first one (issue 32)
    from vantage.engine.movement.measure import Measurement

TEMPLATE_Z = 5.0  # over the ground and walls, under tokens
RULER_Z = 38.0  # over tokens and paths

#: Outline colour per shape (fill: the same, translucent).
TEMPLATE_COLOURS = {
    TemplateKind.CIRCLE: QColor("#ff7a1a"),
    TemplateKind.CONE: QColor("#e0312b"),
    TemplateKind.LINE: QColor("#2f7de1"),
    TemplateKind.SQUARE: QColor("#8e44ad"),
}
SELECTED_COLOUR = QColor("#ffd400")
#: A template's label goes below right of its origin first, as it always did.
TEMPLATE_LABEL_SIDES = (Side.BELOW_RIGHT, *(side for side in BESIDE if side is not Side.BELOW_RIGHT))
RULER_COLOUR = QColor("#ffd400")
#: The ruler's reading goes above and right of its end first, as it always did.
#: How far from the ruler's end (in tiles) the tokens its label should stay off are looked for.
RULER_LABEL_REACH_TILES = 8
RULER_SIDES = (Side.ABOVE_RIGHT, *(side for side in BESIDE if side is not Side.ABOVE_RIGHT))


def template_words(template: AreaTemplate) -> str:
    """"20 ft circle", "15 ft cone", "30 ft line", "10 ft square" (and the GM's label first)."""
    words = f"{template.size_feet:g} ft {template.kind.value}"
    return f"{template.label} · {words}" if template.label else words


def inside_words(encounter: Encounter, template: AreaTemplate) -> str:
    """"inside: Bram, Ghoul 2" or "nobody inside", from the tokens of ``encounter``."""
    from vantage.engine.geometry.area_marks import tokens_inside  # shapely: with the first template

    names = [t.name for t in tokens_inside(encounter, template)]
    return f"inside: {', '.join(names)}" if names else "nobody inside"


def _path_of(template: AreaTemplate, grid: MapGrid) -> QPainterPath:
    from shapely import Polygon

    from vantage.engine.geometry.area_marks import template_shape

    path = QPainterPath()
    shape = template_shape(template, grid.feet_per_tile)
    # every template's shape is one polygon (engine/geometry/templates.py); anything else has no outline
    coords = list(shape.exterior.coords) if isinstance(shape, Polygon) else []
    if coords:
        path.moveTo(grid.scene_point((coords[0][0], coords[0][1])))
        for x, y in coords[1:]:
            path.lineTo(grid.scene_point((x, y)))
        path.closeSubpath()
    return path


class _Label(QGraphicsSimpleTextItem):
    """Text with a dark backing box that keeps its size at any zoom."""

    def __init__(self, text: str, parent: QGraphicsItem, point_size: float = 11) -> None:
        super().__init__(text, parent)
        font = QFont()
        font.setPointSizeF(point_size)
        font.setBold(True)
        self.setFont(font)
        self.setBrush(QBrush(QColor("#ffffff")))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)

    def boundingRect(self) -> QRectF:
        return super().boundingRect().adjusted(-4, -2, 4, 2)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 190))
        painter.drawRoundedRect(self.boundingRect(), 3, 3)
        # the stub wants a QWidget, but Qt paints with none too (QGraphicsScene.render, to a picture)
        super().paint(painter, option, widget)  # type: ignore[arg-type]


class TemplateItem(QGraphicsPathItem):
    """One placed template: its outline, the tiles it covers tinted, and a label with what it
    is and who is inside. ``template_id`` is all it keeps."""

    def __init__(self, encounter: Encounter, template: AreaTemplate, selected: bool = False) -> None:
        # shapely loads with the first template placed
        from vantage.engine.geometry.area_marks import template_tiles, tokens_inside

        super().__init__()
        self.template_id = template.id
        grid = grid_of(encounter.map)
        colour = TEMPLATE_COLOURS[template.kind]
        self.setPath(_path_of(template, grid))
        outline = SELECTED_COLOUR if selected else colour
        style = Qt.PenStyle.DashLine if selected else Qt.PenStyle.SolidLine
        pen = QPen(outline, grid.scene_length(0.09), style)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 40))
        self.setZValue(TEMPLATE_Z)
        self.tiles = template_tiles(encounter.map, template)
        self.inside = tuple(t.id for t in tokens_inside(encounter, template))
        tinted = QPainterPath()
        for x, y in self.tiles:
            tinted.addRect(grid.tile_rect((x, y)))
        self.tile_tint = QGraphicsPathItem(tinted.simplified(), self)
        self.tile_tint.setPen(Qt.PenStyle.NoPen)
        self.tile_tint.setBrush(QColor(colour.red(), colour.green(), colour.blue(), 70))
        self.tile_tint.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent, True)
        self.label = _Label(f"{template_words(template)} — {inside_words(encounter, template)}", self)
        origin = grid.scene_point(template.origin)
        self.label.setPos(origin.x() + 6, origin.y() + 6)  # until placed in a view (place_label)
        self._origin = origin
        self._grid = grid
        self._tokens = tuple(grid.footprint_rect(t.position, t.footprint) for t in encounter.tokens)
        #: scene units per screen pixel when the label was last placed (None: not yet in a view)
        self._placed_per_px: float | None = None
        self._placing = False
        self.origin_mark = QGraphicsPathItem(self)
        mark = QPainterPath()
        mark.addEllipse(origin, grid.scene_length(0.12), grid.scene_length(0.12))
        self.origin_mark.setPath(mark)
        self.origin_mark.setBrush(outline)
        self.origin_mark.setPen(QPen(QColor("#000000"), 1.5))
        self.setToolTip(f"{template_words(template)}\n{inside_words(encounter, template)}")

    def place_label(self) -> None:
        """Put the label beside the origin — below right where there is room — inside the view
        that shows it and clear of the tokens (:mod:`~vantage.gui.canvas.label_placement`); the
        label keeps its size at any zoom, so its size in scene units is the view's."""
        view = visible_scene_rect(self)
        scene = self.scene()
        if view is None or scene is None:
            return
        viewport = scene.views()[0].viewport().rect()
        per_px = view.width() / max(1, viewport.width())  # scene units per device pixel
        box = self.label.boundingRect()
        size = QSizeF(box.width() * per_px, box.height() * per_px)
        reach = self._grid.scene_length(0.15)
        anchor = QRectF(self._origin.x() - reach, self._origin.y() - reach, 2 * reach, 2 * reach)
        rect = place_label(size, anchor, view, self._tokens, sides=TEMPLATE_LABEL_SIDES, gap=6 * per_px)
        # the text item's own box starts 4 px left and 2 px up of its position
        self.label.setPos(rect.left() + 4 * per_px, rect.top() + 2 * per_px)
        self._placed_per_px = per_px
        self._placing = False

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        """The outline as usual; after a zoom (the label keeps its screen size, so it takes more or
        less of the map) the label is placed again, once the paint is over."""
        super().paint(painter, option, widget)
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        placed = self._placed_per_px
        if scale <= 0 or placed is None or self._placing or abs(placed * scale - 1) < 0.05:
            return
        self._placing = True
        QTimer.singleShot(0, self._place_again)

    def _place_again(self) -> None:
        if shiboken6.isValid(self) and self.scene() is not None:
            self._placing = False
            self.place_label()


class TemplateLayer(QGraphicsItem):
    """Every template of an encounter; :meth:`sync` rebuilds the children from the encounter."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(TEMPLATE_Z)
        self.items: dict[str, TemplateItem] = {}
        self._shown: tuple[object, ...] | None = None
        self._grid: MapGrid | None = None  # the grid of the encounter last synced from

    def sync(self, encounter: Encounter, selected: str | None = None) -> None:
        key = (encounter.templates, encounter.tokens, encounter.map.width, encounter.map.height,
               encounter.map.feet_per_tile, selected)
        if key == self._shown:
            return
        self._shown = key
        self._grid = grid_of(encounter.map)
        scene = self.scene()
        for item in self.items.values():
            # the stub wants a QGraphicsItem, but None is Qt's "no parent" (it takes the item off this one)
            item.setParentItem(None)  # type: ignore[arg-type]
            if scene is not None:
                scene.removeItem(item)
        self.items = {}
        for template in encounter.templates:
            item = TemplateItem(encounter, template, selected=template.id == selected)
            item.setParentItem(self)
            item.place_label()
            self.items[template.id] = item

    def template_at(self, x_tiles: float, y_tiles: float) -> str | None:
        """The topmost template whose area holds the point (tile units), else None."""
        if self._grid is None:  # never synced: no templates
            return None
        point = self._grid.scene_point((x_tiles, y_tiles))
        for template_id in reversed(list(self.items)):
            if self.items[template_id].path().contains(point):
                return template_id
        return None

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        pass


class RulerItem(QGraphicsItem):
    """A ruler from one tile centre to another with the engine's reading: "6 tiles · 30 ft" and,
    below, the rule it counts by. The label is drawn at screen size beside the end tile and kept
    inside the view it is drawn in, so it never runs off the edge of a small window."""

    def __init__(self, grid: MapGrid) -> None:
        super().__init__()
        self.grid = grid
        self.setZValue(RULER_Z)
        self.measurement: Measurement | None = None
        self.rule_words = ""
        self.text = ""
        #: where the label was last drawn, in the device coordinates of that paint
        self.label_rect = QRectF()
        self.hide()

    def set_measurement(self, measurement: Measurement | None, rule_words: str = "") -> None:
        self.prepareGeometryChange()
        self.measurement = measurement
        self.rule_words = rule_words
        if measurement is None:
            self.text = ""
            self.hide()
            return
        self.text = f"{measurement.label}\n{rule_words}" if rule_words else measurement.label
        self.show()
        self.update()

    def boundingRect(self) -> QRectF:
        if self.measurement is None:
            return QRectF()
        scene = self.scene()
        a, b = self.grid.tile_centre(self.measurement.start), self.grid.tile_centre(self.measurement.end)
        margin = self.grid.scene_length(1)
        line = QRectF(a, b).normalized().adjusted(-margin, -margin, margin, margin)
        if scene is None:
            return line
        # the label may go anywhere the windows show, the projector's margin round the map too
        shown = line.united(scene.sceneRect())
        for view in scene.views():
            shown = shown.united(view.mapToScene(view.viewport().rect()).boundingRect())
        return shown

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        if self.measurement is None:
            return
        a, b = self.grid.tile_centre(self.measurement.start), self.grid.tile_centre(self.measurement.end)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for tile in (self.measurement.start, self.measurement.end):  # the two tiles, outlined
            painter.setPen(QPen(RULER_COLOUR, self.grid.scene_length(0.06)))
            painter.setBrush(QColor(255, 212, 0, 50))
            painter.drawRect(self.grid.tile_rect(tile))
        solid, round_cap = Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap
        dark_edge = QPen(QColor(0, 0, 0, 200), self.grid.scene_length(0.16), solid, round_cap)
        painter.setPen(dark_edge)
        painter.drawLine(a, b)
        painter.setPen(QPen(RULER_COLOUR, self.grid.scene_length(0.09), solid, round_cap))
        painter.drawLine(a, b)
        painter.setBrush(RULER_COLOUR)
        painter.setPen(QPen(QColor("#000000"), 1.5))
        for p in (a, b):
            painter.drawEllipse(p, self.grid.scene_length(0.12), self.grid.scene_length(0.12))
        self._paint_label(painter, painter.worldTransform().map(b), widget)

    def _paint_label(self, painter: QPainter, end: QPointF, widget: QWidget | None) -> None:
        """The reading at screen size beside the end tile (``end``: its centre in device
        coordinates), never on it nor on the start tile, inside the view
        (:func:`~vantage.gui.canvas.label_placement.place_label`)."""
        assert self.measurement is not None
        to_device = painter.worldTransform()
        ends = (self.measurement.end, self.measurement.start)
        tiles = [to_device.mapRect(self.grid.tile_rect(t)) for t in ends]
        # the tokens near the end, where the label may go (found through the scene's index)
        scene_end = self.grid.tile_rect(self.measurement.end)
        reach = self.grid.scene_length(RULER_LABEL_REACH_TILES)
        near = token_rects_near(self.scene(), scene_end.adjusted(-reach, -reach, reach, reach))
        taken = [*tiles[1:], *(to_device.mapRect(self.mapRectFromScene(rect)) for rect in near)]
        painter.save()
        painter.resetTransform()
        font = QFont()
        font.setPointSizeF(14)
        font.setBold(True)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        lines = self.text.split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines) + 12
        height = metrics.lineSpacing() * len(lines) + 8
        anchor = tiles[0].united(QRectF(end.x() - 1, end.y() - 1, 2, 2))
        box = place_label(QSizeF(width, height), anchor, device_rect(painter, widget), taken,
                          sides=RULER_SIDES, gap=10)
        self.label_rect = box
        x, y = box.left(), box.top()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 200))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("#ffffff"))
        for number, line in enumerate(lines):
            painter.drawText(QPointF(x + 6, y + 4 + metrics.ascent() + number * metrics.lineSpacing()), line)
        painter.restore()
