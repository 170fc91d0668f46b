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
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
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
from vantage.gui.canvas.map_grid import MapGrid, SquareGrid, grid_of
from vantage.gui.canvas.token_item import token_rects_near
from vantage.gui.play.lane_items import LaneLine
from vantage.gui.play.overlay_pieces import (
    BadgePiece,
    CostPiece,
    CountPiece,
    LabelPiece,
    LanePiece,
    PathPiece,
    Pen,
    Piece,
    Point,
    RectPiece,
    ShadePiece,
    badge_size,
    drop_item,
    paint_costs,
    point_of,
    rect_of,
    text_size,
)
from vantage.gui.play.overlay_pieces import (
    CostTint as CostTint,  # drawn from a CostPiece; the tests and the drag cache name it here
)
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


#: How many places the sight badge tries round its token: beside it, then each a tile further out.
BADGE_RINGS = 4


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


def geometry_rings(geometry: BaseGeometry, grid: MapGrid) -> tuple[tuple[Point, ...], ...]:
    """A shapely (multi)polygon in tile units as the rings of its outlines in the scene units of
    ``grid`` (each ring its points in order, the first again at the end)."""
    polygons = getattr(geometry, "geoms", [geometry])
    return tuple(tuple(point_of(grid.scene_point((x, y))) for x, y in polygon.exterior.coords)
                 for polygon in polygons)


def cost_image(reachable: Reachable, width: int, height: int) -> QImage:
    """One pixel per tile: green where the move is cheap, shading to amber as it uses it all up."""
    return paint_costs(reachable.tiles.items(), float(reachable.allowance), width, height)


def reachable_extent(reachable: Reachable) -> QRectF:
    """The tiles' bounding rectangle, in tiles."""
    xs = [x for x, _ in reachable.tiles]
    ys = [y for _, y in reachable.tiles]
    if not xs:
        return QRectF()
    return QRectF(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


#: A flanking count sits beside its enemy's top left corner first.
FLANK_SIDES = (Side.ABOVE_LEFT, Side.ABOVE, Side.LEFT, Side.ABOVE_RIGHT, Side.BELOW_LEFT)
#: the locked pair's bar: "these two are locked"
LOCK_PEN = Pen.of(QColor(142, 68, 173, 230), 8, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
#: The stacking of the layers' pieces (a piece's place in its layer is added): as a fresh overlay
#: adds them, whatever order the kept and new items were made in.
_RANK = {"reachable": 0, "arcs": 1, "zones": 2, "locks": 3, "lanes": 4, "flanking": 5, "own": 6}
_RANK_STEP = 100_000.0
#: the sight line and its badge lie over every other piece
SIGHT_Z = 10 * _RANK_STEP

#: a piece's key: its layer (a ``_RANK`` name) and what it is of (a token, an arc, a mark's place)
Key = tuple[str, ...]


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


class ReachableAnswers:
    """The engine's reachable area for the few (encounter, token) pairs drawn last: an undo and
    its redo, or the overlays switched on and off, bring an encounter back, and its answer is not
    asked again. The answer is a pure function of the (immutable) encounter and the token; at most
    :attr:`KEPT` are remembered, the oldest forgotten first."""

    KEPT = 4

    def __init__(self) -> None:
        self._answers: dict[tuple[int, str], tuple[Encounter, Reachable | Unanswered]] = {}

    def reachable(self, encounter: Encounter, token_id: str) -> Reachable | Unanswered:
        key = (id(encounter), token_id)
        known = self._answers.get(key)
        if known is not None and known[0] is encounter:
            return known[1]
        answer = ask_reachable(encounter, token_id)
        self._answers.pop(key, None)
        if len(self._answers) >= self.KEPT:
            del self._answers[next(iter(self._answers))]
        self._answers[key] = (encounter, answer)
        return answer


class TacticsOverlay(OverlayLayer):
    """The overlays of one selected token; ``rebuild`` brings them up to date with the engine.

    Each item is drawn from a *piece* (gui/play/overlay_pieces.py): ``rebuild`` works the pieces
    out and keeps the item of every piece that is unchanged, so a command that moves one token
    changes the few items that show it, not all of them.

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
        #: the pieces drawn, each with its item, by key
        self._drawn: dict[Key, tuple[Piece, QGraphicsItem]] = {}
        #: the sight's line and badge as drawn (None: no sight)
        self._sight_pieces: tuple[PathPiece, BadgePiece] | None = None
        #: how many items the last ``rebuild`` made and dropped (kept ones cost nothing)
        self.made = self.dropped = 0

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
        asked = ReachableAnswers()

        def refresh_now() -> None:
            encounter, token_id = workspace.document.encounter, workspace.selection.token
            self.rebuild(encounter, token_id, lambda: asked.reachable(encounter, token_id or ""),
                         workspace.hover.token)

        def refresh() -> None:  # once per change, after the map's token items follow it
            workspace.document.after_change(refresh_now)

        workspace.document.changed.connect(refresh)
        workspace.selection.token_changed.connect(lambda _token: refresh())
        workspace.overlays.changed.connect(refresh)
        workspace.hover.changed.connect(
            lambda tile, hovered: self.follow_hover(workspace.document.encounter, tile, hovered))
        refresh()

    def rebuild(self, encounter: Encounter, token_id: str | None,
                reachable: Callable[[], Reachable | Unanswered], hovered_id: str | None = None) -> None:
        """Draw every enabled layer the ruleset declares for ``token_id`` (None clears it): the
        items of unchanged pieces stay, the others are made anew."""
        self.token_id = token_id
        answer_tactics = ask_tactics(encounter)  # the ruleset's overlays, arc widths and shortest charge
        self.unavailable = unavailable_layers(answer_tactics, encounter.ruleset)
        tactics = None if isinstance(answer_tactics, Unanswered) else answer_tactics
        pieces: dict[Key, Piece] = {}
        me: Token | None = None
        if token_id is not None:
            try:
                me = encounter.token(token_id)
            except KeyError:
                self.token_id = None
        if me is not None:
            self._pieces(encounter, me, tactics, reachable, pieces)
        self._draw(pieces)
        self.show_sight(encounter, hovered_id)

    def _pieces(self, encounter: Encounter, me: Token, tactics: Tactics | None,
                reachable: Callable[[], Reachable | Unanswered], pieces: dict[Key, Piece]) -> None:
        """The pieces of every layer drawn for ``me``, in the order a fresh overlay stacks them."""
        enemies = [t for t in encounter.tokens if are_enemies(me, t)]
        answer = ask_movement(encounter, me.id)  # the ruleset's own reach and locking rules
        rules = None if isinstance(answer, Unanswered) else answer.rules
        grid = grid_of(encounter.map)
        if self.shows(Layer.REACHABLE):
            found = reachable()
            if not isinstance(found, Unanswered):
                pieces[("reachable",)] = CostPiece(
                    encounter.map.width, encounter.map.height, float(found.allowance),
                    tuple(found.tiles.items()), rect_of(reachable_extent(found)), grid)
        if self.shows(Layer.ARCS) and tactics is not None and tactics.arc_widths is not None:
            self._arcs(me, tactics.arc_widths, grid, pieces)
        if self.shows(Layer.REACH_ZONES) and rules is not None:
            self._reach_zones(encounter, enemies, rules.reach_of, grid, pieces)
        if (self.shows(Layer.CHARGE) and enemies and tactics is not None
                and tactics.charge_min_tiles is not None):
            self._charge_lanes(encounter, me, enemies, tactics, grid, pieces)
        if self.shows(Layer.FLANKING) and rules is not None:
            self._flanking(encounter, me, enemies, rules.reach_of, grid, pieces)
        for own in tactics.own_overlays if tactics is not None else ():
            if self.overlays.shows(own.id):
                self._own_overlay(encounter, own, me.id, grid, pieces)

    def _draw(self, pieces: dict[Key, Piece]) -> None:
        """Make the overlay's items those of ``pieces``: an item whose piece is unchanged stays
        (restacked if its place moved), one whose piece changed or went is dropped, a new piece
        gets an item."""
        old, drawn = self._drawn, {}
        self.made = self.dropped = 0
        places: dict[str, int] = {}
        for key, piece in pieces.items():
            layer = key[0]
            place = places.get(layer, 0)
            places[layer] = place + 1
            kept = old.pop(key, None)
            if kept is not None and kept[0] == piece:
                item = kept[1]
            else:
                if kept is not None:
                    drop_item(kept[1])
                    self.dropped += 1
                item = piece.make(self.above if layer in ("locks", "flanking", "own-labels") else self)
                self.made += 1
            z = _RANK[layer.removesuffix("-labels")] * _RANK_STEP + place
            if item.zValue() != z:
                item.setZValue(z)
            drawn[key] = (piece, item)
        for _piece, item in old.values():
            drop_item(item)
            self.dropped += 1
        self._drawn = drawn
        self.lane_items = {key[1]: item for key, (_p, item) in drawn.items()
                           if key[0] == "lanes" and isinstance(item, LaneLine)}
        self.flank_labels = {key[1]: child for key, (_p, item) in drawn.items() if key[0] == "flanking"
                             for child in item.childItems() if isinstance(child, QGraphicsSimpleTextItem)}

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
        """Line of sight and cover from the selected token to ``hovered_id`` (None: hide it); the
        line and badge drawn stay when they would be drawn the same."""
        self.hovered_id = hovered_id
        wanted: tuple[PathPiece, BadgePiece] | None = None
        text = ""
        wanted_at = hovered_id if hovered_id != self.token_id else None
        if self.token_id is not None and self.shows(Layer.SIGHT) and wanted_at:
            try:
                me, target = encounter.token(self.token_id), encounter.token(wanted_at)
            except KeyError:
                pass
            else:
                wanted, text = self._sight(encounter, me, target)
        if wanted == self._sight_pieces and (wanted is None or self.sight_item is not None):
            self.sight_text = text
            return
        badge = self.sight_label.parentItem() if self.sight_label is not None else None
        for old in (self.sight_item, badge if badge is not None else self.sight_label):
            if old is not None:
                drop_item(old)
        self.sight_item, self.sight_label, self.sight_text = None, None, text
        self._sight_pieces = wanted
        if wanted is None:
            return
        line, badge_piece = wanted
        item = line.make(self)
        item.setZValue(SIGHT_Z)
        made_badge = badge_piece.make(self.above)
        made_badge.setZValue(SIGHT_Z)
        assert isinstance(item, QGraphicsPathItem)
        self.sight_item = item
        self.sight_label = next(c for c in made_badge.childItems() if isinstance(c, QGraphicsSimpleTextItem))

    def _own_overlay(self, encounter: Encounter, own: OverlayDescription, token_id: str, grid: MapGrid,
                     pieces: dict[Key, Piece]) -> None:
        """A ruleset's own overlay, drawn from its marks: shaded tiles, lines and labels in the
        colour of each mark's tone, each saying on hover what it means."""
        marks = ask_overlay_marks(encounter, own.id, token_id)
        if isinstance(marks, Unanswered):
            return
        assert isinstance(grid, SquareGrid)
        for index, mark in enumerate(marks):
            colour = TONE_COLOURS[mark.tone]
            tip = f"{own.label}: {mark.tip}" if mark.tip else own.label
            place = (own.id, str(index))
            if mark.tiles:
                shade = QColor(colour.red(), colour.green(), colour.blue(), 70)
                pieces[("own", *place, "tiles")] = ShadePiece(tuple(mark.tiles), shade.rgba(), grid, tip)
            if mark.line is not None:
                a, b = (grid.scene_point(p) for p in mark.line)
                pen = Pen.of(colour, 3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
                pieces[("own", *place, "line")] = LanePiece(point_of(a), point_of(b), pen, tip)
            if mark.label and (mark.line is not None or mark.tiles):
                # beside the middle of the line, else beside the first tile: off the tokens there
                width, height = text_size(mark.label)
                if mark.line is not None:
                    middle = grid.scene_point(_middle(*mark.line))
                    anchor = QRectF(middle.x() - 2, middle.y() - 2, 4, 4)
                else:
                    anchor = grid.tile_rect(mark.tiles[0])
                near = token_rects_near(self.scene(), anchor.adjusted(-width, -height, width, height))
                spot = place_label(QSizeF(width, height), anchor, visible_scene_rect(self.above), near,
                                   sides=BESIDE, gap=2)
                pieces[("own-labels", *place)] = LabelPiece(mark.label, colour.darker(160).rgba(),
                                                            point_of(spot.topLeft()), tip)

    def _arcs(self, me: Token, widths: ArcWidths, grid: MapGrid, pieces: dict[Key, Piece]) -> None:
        from vantage.engine.geometry.arcs import arc_polygons

        radius = me.footprint / 2 + 2.5
        for arc, shape in arc_polygons(me, widths, radius=radius).items():
            colour = ARC_COLOURS[arc]
            pen = Pen.of(colour.darker(200), 1)
            pieces[("arcs", arc.value)] = PathPiece(geometry_rings(shape, grid), pen, colour.rgba(),
                                                    f"{me.name}'s {arc.value} arc")

    def _reach_zones(self, encounter: Encounter, enemies: list[Token], reach_of: Callable[[Token], int],
                     grid: MapGrid, pieces: dict[Key, Piece]) -> None:
        # one plain rectangle item per enemy, all with one pen and one brush: a path item each
        # (its own path, pen and brush) cost three times as much on a map with hundreds of enemies
        pen, brush = Pen.of(ZONE_OUTLINE, 2, Qt.PenStyle.DashLine), ZONE_FILL.rgba()
        for enemy in enemies:
            r = reach_of(enemy)
            x, y = enemy.position
            rect = grid.footprint_rect((x - r, y - r), enemy.footprint + 2 * r)
            pieces[("zones", enemy.id)] = RectPiece(
                rect_of(rect), pen, brush, f"{enemy.name}'s melee reach: {r} tile{'s' if r != 1 else ''}")
        for pair in engine_locked_pairs(encounter, reach_of):
            a, b = (encounter.token(i) for i in sorted(pair))
            ca = grid.footprint_centre(a.position, a.footprint)
            cb = grid.footprint_centre(b.position, b.footprint)
            # a short bar in the middle, between the two discs: "these two are locked"
            bar = (point_of(ca + (cb - ca) * 0.38), point_of(ca + (cb - ca) * 0.62))
            tip = f"{a.name} and {b.name} are locked (each within the other's melee reach)"
            pieces[("locks", a.id, b.id)] = PathPiece((bar,), LOCK_PEN, None, tip, closed=False)

    def _charge_lanes(self, encounter: Encounter, me: Token, enemies: list[Token], tactics: Tactics,
                      grid: MapGrid, pieces: dict[Key, Piece]) -> None:
        """Each lane, as the ruleset's charge rules see it (its shortest lane, the terrain that stops
        it): its swept tiles lightly shaded and a straight run to where the charge ends."""
        if tactics.charge_min_tiles is None:  # the ruleset has no charges
            return
        from vantage.engine.geometry.charge import charge_lanes

        assert isinstance(grid, SquareGrid)
        lanes = charge_lanes(encounter, me.id, [e.id for e in enemies], min_tiles=tactics.charge_min_tiles,
                             stopping_terrain=tactics.charge_stopping_terrain,
                             min_distance=tactics.charge_min_distance)
        start = point_of(grid.footprint_centre(me.position, me.footprint))
        for target_id, lane in lanes.items():
            target = encounter.token(target_id)
            colour = VALID_LANE if lane.valid else INVALID_LANE
            if lane.end_tile is not None:
                end = grid.footprint_centre(lane.end_tile, me.footprint)
            else:
                end = grid.footprint_centre(target.position, target.footprint)
            # solid lines: a dash pattern on a few dozen long lanes costs several ms a frame
            pen = Pen.of(colour, 4 if lane.valid else 2, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
            tint = QColor(colour)
            tint.setAlpha(45)
            shade = tuple(lane.tiles) if lane.valid else ()
            pieces[("lanes", target_id)] = LanePiece(start, point_of(end), pen, lane.explanation, shade,
                                                     tint.rgba(), grid)

    def _flanking(self, encounter: Encounter, me: Token, enemies: list[Token],
                  reach_of: Callable[[Token], int], grid: MapGrid, pieces: dict[Key, Piece]) -> None:
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
            pieces[("flanking", enemy.id)] = CountPiece(rect_of(spot), flank.count, flank.explanation)

    def _sight(self, encounter: Encounter, me: Token,
               target: Token) -> tuple[tuple[PathPiece, BadgePiece], str]:
        """The sight line's and badge's pieces, and the engine's explanation."""
        from vantage.engine.geometry.sight import line_of_sight

        sight = line_of_sight(encounter, me.id, target.id)
        grid = grid_of(encounter.map)
        a = grid.footprint_centre(me.position, me.footprint)
        b = grid.footprint_centre(target.position, target.footprint)
        colour = COVER_COLOURS[sight.cover] if sight.clear else QColor("#555555")
        tip = sight_tooltip(sight.explanation)
        style = Qt.PenStyle.SolidLine if sight.clear else Qt.PenStyle.DashLine
        line = PathPiece(((point_of(a), point_of(b)),), Pen.of(colour, 3, style), None, tip, closed=False)
        words = sight_words(sight.clear, sight.cover)
        return (line, self._sight_badge(target, words, colour, tip, grid)), sight.explanation

    def _sight_badge(self, target: Token, words: str, colour: QColor, tip: str, grid: MapGrid) -> BadgePiece:
        """The cover in words on a light badge beside the hovered token — under it where there is
        room — never on it nor on another token (in a crowd, beyond the tokens round it, up to
        :data:`BADGE_RINGS` − 1 tiles further out), inside the view
        (:func:`~vantage.gui.canvas.label_placement.place_label`). The badge's tooltip, not the
        token's, explains the cover; the pointer moving onto the badge keeps the sight drawn
        (:meth:`follow_hover`)."""
        size = badge_size(words)
        anchor = grid.footprint_rect(target.position, target.footprint)
        mx, my = reach_margin(size, 3)
        view = visible_scene_rect(self.above)
        room = None if view is None else view.adjusted(2, 2, -2, -2)
        side = grid.footprint_rect((0, 0), 1).width()
        first: QRectF | None = None
        for ring in range(BADGE_RINGS):  # beside the token; in a crowd, a tile further out each time
            around = anchor.adjusted(-ring * side, -ring * side, ring * side, ring * side)
            near = around.adjusted(-mx, -my, mx, my)
            others = token_rects_near(self.above.scene(), near, leave_out=target.id)
            rect = place_label(size, around, room, others, gap=3)
            first = rect if first is None else first
            if not rect.intersects(anchor) and not any(rect.intersects(other) for other in others):
                return BadgePiece(rect_of(rect), words, colour.rgba(), tip)
        return BadgePiece(rect_of(first or QRectF()), words, colour.rgba(), tip)  # no clear place near

    def badge_covers(self, tile: Tile | None, grid: MapGrid) -> bool:
        """Whether the sight badge lies on ``tile`` (the pointer went from the token to its badge)."""
        if tile is None or self.sight_label is None:
            return False
        badge = self.sight_label.parentItem()
        area = badge.sceneBoundingRect() if badge is not None else self.sight_label.sceneBoundingRect()
        return area.intersects(grid.tile_rect(tile))
