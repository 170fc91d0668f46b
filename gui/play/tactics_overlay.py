"""What the selected token sees of the fight, drawn from the engine's geometry answers.

Each layer can be switched on and off (:class:`Layer`): the reachable area tinted by cost, the
token's front/flank/back arcs, the enemies' reach zones and who is locked with whom, charge
lanes to every enemy (valid or not, with the reason as a tooltip), the flanking count on each
enemy, and line of sight and cover to the hovered token. Nothing here decides a rule: every
shape comes from ``vantage.engine.geometry`` or ``vantage.engine.movement``.

Only the layers the encounter's ruleset declares are drawn (``Tactics.overlays``; arcs only
when it has arc widths, charge lanes only when it has a shortest charge):
:func:`unavailable_layers` says, for every other layer, why it is not there. A ruleset Vantage
does not play declares nothing, so it gets no overlay at all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSizeF, Qt
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

from vantage.engine.geometry.flanking import flanking_allies
from vantage.engine.geometry.reach import are_enemies
from vantage.engine.geometry.reach import locked_pairs as engine_locked_pairs
from vantage.engine.model import Cover, Encounter, Tile, Token
from vantage.engine.rules.asking import ask_movement, ask_overlay_marks, ask_reachable, ask_tactics
from vantage.engine.rules.base import MarkTone, Overlay, OverlayDescription, Tactics, Unanswered
from vantage.gui.canvas.label_placement import BESIDE, Side, place_label, reach_margin, visible_scene_rect
from vantage.gui.canvas.map_grid import MapGrid, grid_of
from vantage.gui.canvas.token_item import token_rects_near
from vantage.gui.play.lane_items import LaneLine, TileShade, visible_rect
from vantage.gui.workspace import GmWorkspace, OverlaysShown

if TYPE_CHECKING:  # the arcs, charge lanes and sight (numpy, shapely) load with the first drawn (issue 32)
    from shapely.geometry.base import BaseGeometry

    from vantage.engine.geometry.arcs import ArcWidths
    from vantage.engine.movement.search import Reachable

#: The overlay layers are the engine's :class:`~vantage.engine.rules.base.Overlay` values: a ruleset
#: declares some of them and the GUI draws exactly those.
Layer = Overlay

LAYER_LABELS: dict[Layer, str] = {
    Layer.REACHABLE: "Reachable area (tinted by cost)",
    Layer.ARCS: "Front / flank / back arcs",
    Layer.REACH_ZONES: "Enemy reach zones and locks",
    Layer.CHARGE: "Charge lanes",
    Layer.FLANKING: "Flanking counts",
    Layer.SIGHT: "Line of sight and cover to the hovered token",
}

#: by the arc's name (an :class:`~vantage.engine.geometry.arcs.Arc` is its name: ``Arc.FRONT == "front"``)
ARC_COLOURS = {"front": QColor(60, 170, 90, 70), "flank": QColor(240, 190, 40, 70),
               "back": QColor(220, 60, 50, 80)}
VALID_LANE = QColor("#1f9d55")
INVALID_LANE = QColor("#c0392b")
#: an enemy's reach zone: a dashed outline over a light fill
ZONE_OUTLINE = QColor(200, 40, 40, 200)
ZONE_FILL = QColor(200, 40, 40, 35)
#: the colour of a ruleset's own overlay mark, by its tone
TONE_COLOURS = {MarkTone.GOOD: QColor("#1f9d55"), MarkTone.BAD: QColor("#c0392b"),
                MarkTone.WARNING: QColor("#e0a020"), MarkTone.INFO: QColor("#2c7bb6")}
COVER_COLOURS = {Cover.NONE: QColor("#2ecc71"), Cover.HALF: QColor("#f39c12"), Cover.FULL: QColor("#c0392b")}


def unavailable_layers(tactics: Tactics | Unanswered, ruleset_id: str) -> dict[Layer, str]:
    """Every layer the ruleset does not draw, with why (a phrase for a tooltip); the others are
    available. Arcs need the ruleset's arc widths and charge lanes its shortest charge, even when
    declared; an unanswered ``tactics`` (a ruleset Vantage does not play) leaves no layer."""
    if isinstance(tactics, Unanswered):
        return {layer: tactics.reason for layer in Layer}
    out: dict[Layer, str] = {}
    for layer in Layer:
        if layer not in tactics.overlays:
            out[layer] = f"the ruleset {ruleset_id!r} has no such overlay"
    if Layer.ARCS not in out and tactics.arc_widths is None:
        out[Layer.ARCS] = f"the ruleset {ruleset_id!r} has no facing arcs"
    if Layer.CHARGE not in out and tactics.charge_min_tiles is None:
        out[Layer.CHARGE] = f"the ruleset {ruleset_id!r} has no charges"
    return out


def _middle(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def sight_words(clear: bool, cover: Cover) -> str:
    """The badge's words: ``"no cover"``, ``"half cover"``, ``"full cover"``, ``"no line of sight"``."""
    if not clear:
        return "no line of sight"
    return "no cover" if cover is Cover.NONE else f"{cover.value} cover"


def sight_tooltip(explanation: str) -> str:
    """The sight explanation as a tooltip: the line of sight, then each reason on its own line
    (``"Ysolde sees Ghoul: 2 of 4 lines … clear\nblocked by wall (12, 20)–(13, 20)\n→ half cover"``)."""
    body, _, result = explanation.rpartition(" → ")
    lines = body.split("; ") if body else [explanation]
    if result:
        lines.append(f"→ {result}")
    return "\n".join(lines)


def geometry_path(geometry: BaseGeometry, grid: MapGrid) -> QPainterPath:
    """A shapely (multi)polygon in tile units as a painter path in the scene units of ``grid``."""
    path = QPainterPath()
    polygons = getattr(geometry, "geoms", [geometry])
    for polygon in polygons:
        coords = list(polygon.exterior.coords)
        path.moveTo(grid.scene_point((coords[0][0], coords[0][1])))
        for x, y in coords[1:]:
            path.lineTo(grid.scene_point((x, y)))
        path.closeSubpath()
    return path


def cost_image(reachable: Reachable, width: int, height: int) -> QImage:
    """One pixel per tile: green where the move is cheap, shading to amber as it uses it all up."""
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    allowance = max(1.0, float(reachable.allowance))
    for (x, y), cost in reachable.tiles.items():
        share = min(1.0, cost / allowance)
        colour = QColor.fromHsvF(0.33 - 0.22 * share, 0.85, 0.9, 0.42)
        image.setPixelColor(x, y, colour)
    return image


def reachable_extent(reachable: Reachable) -> QRectF:
    """The tiles' bounding rectangle, in tiles."""
    xs = [x for x, _ in reachable.tiles]
    ys = [y for _, y in reachable.tiles]
    if not xs:
        return QRectF()
    return QRectF(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


#: A flanking count sits beside its enemy's top left corner first.
FLANK_SIDES = (Side.ABOVE_LEFT, Side.ABOVE, Side.LEFT, Side.ABOVE_RIGHT, Side.BELOW_LEFT)

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


class OverlayLayer(QGraphicsItem):
    """An empty item that only holds overlay items as children, at one height in the scene."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.setZValue(z)

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        """Nothing of its own: the children are the overlay."""


class TacticsOverlay(OverlayLayer):
    """The overlays of one selected token; ``rebuild`` recomputes them from the engine.

    Areas and lines lie under the tokens; locks, flanking badges and the cover label sit in
    ``above``, over them, so they stay readable between adjacent tokens.
    """

    def __init__(self, overlays: OverlaysShown | None = None) -> None:
        super().__init__(5)  # over the ground and walls, under the tokens
        self.above = OverlayLayer(15)
        #: the layers switched on (a workspace's: as the GM left them in View ▸ Overlays)
        self.overlays = overlays if overlays is not None else OverlaysShown()
        #: layer → why the encounter's ruleset does not draw it (set by every ``rebuild``)
        self.unavailable: Mapping[Layer, str] = {}
        self.token_id: str | None = None
        self.hovered_id: str | None = None
        self.lane_items: dict[str, LaneLine] = {}
        self.flank_labels: dict[str, QGraphicsSimpleTextItem] = {}
        self.sight_item: QGraphicsPathItem | None = None
        self.sight_label: QGraphicsSimpleTextItem | None = None
        self.sight_text = ""

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if change == QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged:
            if self.above.scene() is not None:
                self.above.scene().removeItem(self.above)
            if self.scene() is not None:
                self.scene().addItem(self.above)
        return super().itemChange(change, value)

    @property
    def enabled(self) -> frozenset[str]:
        """The layers switched on (drawn where the ruleset declares them)."""
        return self.overlays.shown

    def shows(self, layer: Layer) -> bool:
        """Whether ``layer`` is drawn: switched on and declared by the encounter's ruleset."""
        return self.overlays.shows(layer) and layer not in self.unavailable

    def follow(self, workspace: GmWorkspace) -> None:
        """Redraw for the workspace's selected token whenever the encounter, the selection or the
        overlays switched on change, and the sight line whenever the hovered token does."""
        def refresh_now() -> None:
            encounter, token_id = workspace.document.encounter, workspace.selection.token
            self.rebuild(encounter, token_id, lambda: ask_reachable(encounter, token_id or ""),
                         workspace.hover.token)

        def refresh() -> None:  # once per change, after the map's token items follow it
            workspace.document.after_change(refresh_now)

        workspace.document.changed.connect(refresh)
        workspace.selection.token_changed.connect(lambda _token: refresh())
        workspace.overlays.changed.connect(refresh)
        workspace.hover.changed.connect(
            lambda tile, hovered: self.follow_hover(workspace.document.encounter, tile, hovered))
        refresh()

    def _clear(self) -> None:
        scene = self.scene()
        for child in [*self.childItems(), *self.above.childItems()]:
            child.setParentItem(None)  # type: ignore[arg-type]  # None is Qt's "no parent"
            if scene is not None:
                scene.removeItem(child)
        self.lane_items = {}
        self.flank_labels = {}
        self.sight_item = None
        self.sight_label = None
        self.sight_text = ""

    def rebuild(self, encounter: Encounter, token_id: str | None,
                reachable: Callable[[], Reachable | Unanswered], hovered_id: str | None = None) -> None:
        """Redraw every enabled layer the ruleset declares for ``token_id`` (None clears it)."""
        self._clear()
        self.token_id = token_id
        answer_tactics = ask_tactics(encounter)  # the ruleset's overlays, arc widths and shortest charge
        self.unavailable = unavailable_layers(answer_tactics, encounter.ruleset)
        tactics = None if isinstance(answer_tactics, Unanswered) else answer_tactics
        if token_id is None:
            return
        try:
            me = encounter.token(token_id)
        except KeyError:
            self.token_id = None
            return
        enemies = [t for t in encounter.tokens if are_enemies(me, t)]
        answer = ask_movement(encounter, token_id)  # the ruleset's own reach and locking rules
        rules = None if isinstance(answer, Unanswered) else answer.rules
        if self.shows(Layer.REACHABLE):
            found = reachable()
            if not isinstance(found, Unanswered):
                image = cost_image(found, encounter.map.width, encounter.map.height)
                CostTint(image, self, grid_of(encounter.map), reachable_extent(found))
        if self.shows(Layer.ARCS) and tactics is not None and tactics.arc_widths is not None:
            self._arcs(me, tactics.arc_widths, grid_of(encounter.map))
        if self.shows(Layer.REACH_ZONES) and rules is not None:
            self._reach_zones(encounter, enemies, rules.reach_of)
        if (self.shows(Layer.CHARGE) and enemies and tactics is not None
                and tactics.charge_min_tiles is not None):
            self._charge_lanes(encounter, me, enemies, tactics)
        if self.shows(Layer.FLANKING) and rules is not None:
            self._flanking(encounter, me, enemies, rules.reach_of)
        for own in tactics.own_overlays if tactics is not None else ():
            if self.overlays.shows(own.id):
                self._own_overlay(encounter, own, token_id)
        self.show_sight(encounter, hovered_id)

    def follow_hover(self, encounter: Encounter, tile: Tile | None, hovered_id: str | None) -> None:
        """The pointer is over ``tile`` (``hovered_id`` the token there): the sight follows the
        token, but stays while the pointer rests on the badge beside it (an empty tile), so the
        badge's tooltip can be read."""
        if hovered_id == self.hovered_id:
            return
        if hovered_id is None and self.badge_covers(tile, grid_of(encounter.map)):
            return
        self.show_sight(encounter, hovered_id)

    def show_sight(self, encounter: Encounter, hovered_id: str | None) -> None:
        """Line of sight and cover from the selected token to ``hovered_id`` (None: hide it)."""
        self.hovered_id = hovered_id
        badge = self.sight_label.parentItem() if self.sight_label is not None else None
        for old in (self.sight_item, badge if badge is not None else self.sight_label):
            if old is not None:
                old.setParentItem(None)  # type: ignore[arg-type]  # None is Qt's "no parent"
                if old.scene() is not None:
                    old.scene().removeItem(old)
        self.sight_item, self.sight_label, self.sight_text = None, None, ""
        if self.token_id is None or not self.shows(Layer.SIGHT) or not hovered_id:
            return
        if hovered_id == self.token_id:
            return
        try:
            me, target = encounter.token(self.token_id), encounter.token(hovered_id)
        except KeyError:
            return
        self._sight(encounter, me, target)

    def _own_overlay(self, encounter: Encounter, own: OverlayDescription, token_id: str) -> None:
        """A ruleset's own overlay, drawn from its marks: shaded tiles, lines and labels in the
        colour of each mark's tone, each saying on hover what it means."""
        marks = ask_overlay_marks(encounter, own.id, token_id)
        if isinstance(marks, Unanswered):
            return
        grid = grid_of(encounter.map)
        for mark in marks:
            colour = TONE_COLOURS[mark.tone]
            tip = f"{own.label}: {mark.tip}" if mark.tip else own.label
            if mark.tiles:
                shade = TileShade(mark.tiles, QColor(colour.red(), colour.green(), colour.blue(), 70), grid,
                                  self)
                shade.setToolTip(tip)
            if mark.line is not None:
                a, b = (grid.scene_point(p) for p in mark.line)
                line = LaneLine(a, b, QPen(colour, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap), self)
                line.setToolTip(tip)
            if mark.label and (mark.line is not None or mark.tiles):
                # beside the middle of the line, else beside the first tile: off the tokens there
                label = QGraphicsSimpleTextItem(mark.label, self.above)
                label.setBrush(QBrush(colour.darker(160)))
                if mark.line is not None:
                    middle = grid.scene_point(_middle(*mark.line))
                    anchor = QRectF(middle.x() - 2, middle.y() - 2, 4, 4)
                else:
                    anchor = grid.tile_rect(mark.tiles[0])
                size = label.boundingRect().size()
                near = token_rects_near(self.scene(), anchor.adjusted(-size.width(), -size.height(),
                                                                      size.width(), size.height()))
                spot = place_label(size, anchor, visible_scene_rect(self.above), near, sides=BESIDE, gap=2)
                label.setPos(spot.topLeft())
                label.setToolTip(tip)

    def _arcs(self, me: Token, widths: ArcWidths, grid: MapGrid) -> None:
        from vantage.engine.geometry.arcs import arc_polygons

        radius = me.footprint / 2 + 2.5
        for arc, shape in arc_polygons(me, widths, radius=radius).items():
            item = QGraphicsPathItem(geometry_path(shape, grid), self)
            item.setBrush(QBrush(ARC_COLOURS[arc]))
            item.setPen(QPen(ARC_COLOURS[arc].darker(200), 1))
            item.setToolTip(f"{me.name}'s {arc.value} arc")

    def _reach_zones(self, encounter: Encounter, enemies: list[Token],
                     reach_of: Callable[[Token], int]) -> None:
        # one plain rectangle item per enemy, all sharing one pen and one brush: a path item each
        # (its own path, pen and brush) cost three times as much on a map with hundreds of enemies
        pen, brush = QPen(ZONE_OUTLINE, 2, Qt.PenStyle.DashLine), QBrush(ZONE_FILL)
        grid = grid_of(encounter.map)
        for enemy in enemies:
            r = reach_of(enemy)
            x, y = enemy.position
            n = enemy.footprint
            rect = grid.footprint_rect((x - r, y - r), n + 2 * r)
            item = QGraphicsRectItem(rect, self)
            item.setPen(pen)
            item.setBrush(brush)
            item.setToolTip(f"{enemy.name}'s melee reach: {r} tile{'s' if r != 1 else ''}")
        for pair in engine_locked_pairs(encounter, reach_of):
            a, b = (encounter.token(i) for i in sorted(pair))
            ca = grid.footprint_centre(a.position, a.footprint)
            cb = grid.footprint_centre(b.position, b.footprint)
            # a short bar in the middle, between the two discs: "these two are locked"
            path = QPainterPath(ca + (cb - ca) * 0.38)
            path.lineTo(ca + (cb - ca) * 0.62)
            bar = QGraphicsPathItem(path, self.above)
            bar.setPen(QPen(QColor(142, 68, 173, 230), 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            bar.setToolTip(f"{a.name} and {b.name} are locked (each within the other's melee reach)")

    def _charge_lanes(self, encounter: Encounter, me: Token, enemies: list[Token], tactics: Tactics) -> None:
        """Each lane, as the ruleset's charge rules see it (its shortest lane, the terrain that stops
        it): its swept tiles lightly shaded and a straight run to where the charge ends."""
        if tactics.charge_min_tiles is None:  # the ruleset has no charges
            return
        from vantage.engine.geometry.charge import charge_lanes

        lanes = charge_lanes(encounter, me.id, [e.id for e in enemies], min_tiles=tactics.charge_min_tiles,
                             stopping_terrain=tactics.charge_stopping_terrain,
                             min_distance=tactics.charge_min_distance)
        grid = grid_of(encounter.map)
        for target_id, lane in lanes.items():
            target = encounter.token(target_id)
            colour = VALID_LANE if lane.valid else INVALID_LANE
            start = grid.footprint_centre(me.position, me.footprint)
            if lane.end_tile is not None:
                end = grid.footprint_centre(lane.end_tile, me.footprint)
            else:
                end = grid.footprint_centre(target.position, target.footprint)
            # solid lines: a dash pattern on a few dozen long lanes costs several ms a frame
            pen = QPen(colour, 4 if lane.valid else 2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            item = LaneLine(start, end, pen, self)
            item.setToolTip(lane.explanation)
            if lane.valid:
                tint = QColor(colour)
                tint.setAlpha(45)
                TileShade(lane.tiles, tint, grid, item).setToolTip(lane.explanation)
            self.lane_items[target_id] = item

    def _flanking(self, encounter: Encounter, me: Token, enemies: list[Token],
                  reach_of: Callable[[Token], int]) -> None:
        font = QFont("Sans Serif")
        font.setPixelSize(13)
        font.setBold(True)
        grid = grid_of(encounter.map)
        view = visible_scene_rect(self.above)
        placed: list[QRectF] = []
        for enemy in enemies:
            flank = flanking_allies(encounter, me.id, enemy.id, reach_of)
            if flank.count == 0:
                continue
            # a badge beside the enemy's top left corner, off it and off the tokens round it
            anchor = grid.footprint_rect(enemy.position, enemy.footprint)
            near = token_rects_near(self.scene(), anchor.adjusted(-44, -44, 44, 44), leave_out=enemy.id)
            spot = place_label(QSizeF(22, 22), anchor, view, [*placed, *near], sides=FLANK_SIDES, gap=1)
            placed.append(spot)
            disc = QGraphicsEllipseItem(spot, self.above)
            disc.setBrush(QBrush(QColor("#8e44ad")))
            disc.setPen(QPen(QColor("#ffffff"), 1.5))
            disc.setToolTip(flank.explanation)
            label = QGraphicsSimpleTextItem(str(flank.count), disc)
            label.setFont(font)
            label.setBrush(QBrush(QColor("#ffffff")))
            text = label.boundingRect()
            label.setPos(spot.center().x() - text.width() / 2, spot.center().y() - text.height() / 2)
            self.flank_labels[enemy.id] = label

    def _sight(self, encounter: Encounter, me: Token, target: Token) -> None:
        from vantage.engine.geometry.sight import line_of_sight

        sight = line_of_sight(encounter, me.id, target.id)
        grid = grid_of(encounter.map)
        a = grid.footprint_centre(me.position, me.footprint)
        b = grid.footprint_centre(target.position, target.footprint)
        path = QPainterPath(a)
        path.lineTo(b)
        colour = COVER_COLOURS[sight.cover] if sight.clear else QColor("#555555")
        item = QGraphicsPathItem(path, self)
        item.setPen(QPen(colour, 3, Qt.PenStyle.SolidLine if sight.clear else Qt.PenStyle.DashLine))
        tip = sight_tooltip(sight.explanation)
        item.setToolTip(tip)
        self.sight_item = item
        words = sight_words(sight.clear, sight.cover)
        self.sight_label = self._sight_badge(target, words, colour, tip, grid)
        self.sight_text = sight.explanation

    def _sight_badge(self, target: Token, words: str, colour: QColor, tip: str,
                     grid: MapGrid) -> QGraphicsSimpleTextItem:
        """The cover in words on a light badge beside the hovered token — under it where there is
        room — never on it nor on another token, inside the view
        (:func:`~vantage.gui.canvas.label_placement.place_label`). The badge's tooltip, not the
        token's, explains the cover; the pointer moving onto the badge keeps the sight drawn
        (:meth:`follow_hover`)."""
        font = QFont("Sans Serif")
        font.setPixelSize(14)
        font.setBold(True)
        label = QGraphicsSimpleTextItem(words)
        label.setFont(font)
        label.setBrush(QBrush(QColor("#1b1b1b")))
        text = label.boundingRect()
        size = QSizeF(max(text.width() + 10, 24.0), text.height() + 4)
        anchor = grid.footprint_rect(target.position, target.footprint)
        mx, my = reach_margin(size, 3)
        others = token_rects_near(self.above.scene(), anchor.adjusted(-mx, -my, mx, my), leave_out=target.id)
        view = visible_scene_rect(self.above)
        rect = place_label(size, anchor, None if view is None else view.adjusted(2, 2, -2, -2), others, gap=3)
        box = QPainterPath()
        box.addRoundedRect(rect, 4, 4)
        badge = QGraphicsPathItem(box, self.above)
        badge.setBrush(QBrush(QColor(255, 255, 255, 235)))
        badge.setPen(QPen(colour, 2))
        badge.setToolTip(tip)
        label.setParentItem(badge)
        label.setPos(rect.left() + 5, rect.top() + 2)
        label.setToolTip(tip)
        return label

    def badge_covers(self, tile: Tile | None, grid: MapGrid) -> bool:
        """Whether the sight badge lies on ``tile`` (the pointer went from the token to its badge)."""
        if tile is None or self.sight_label is None:
            return False
        badge = self.sight_label.parentItem()
        area = badge.sceneBoundingRect() if badge is not None else self.sight_label.sceneBoundingRect()
        return area.intersects(grid.tile_rect(tile))
