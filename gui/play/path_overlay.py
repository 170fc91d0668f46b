"""The path a dragged token would take: its steps, movement used and left, and what happens.

Draws an engine :class:`~vantage.engine.movement.Path` (or the engine's reason when there is none):
a line through the footprint centres, the landing square, "used / left" beside it, and a
warning mark on each step whose path event is of a kind the ruleset warns about
(``Tactics.path_warnings``: Avorkarth's ``leaves_reach``, ``breaks_charge``, ``terrain_check`` and
``fall``); the other events are notes in the tooltip only. A bend (``breaks_charge``) is marked
only where the ruleset has charges (``Tactics.charge_min_tiles``) and the GM asked for them by
switching the "Charge lanes" overlay on (:func:`marked_warnings`); otherwise it is a note.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.engine.model import Tile
from vantage.engine.movement import Path
from vantage.engine.rules.base import Tactics, Unanswered
from vantage.gui.canvas.label_placement import BESIDE, place_label, reach_margin, visible_scene_rect
from vantage.gui.canvas.map_grid import MapGrid
from vantage.gui.canvas.token_item import token_rects_near

LEGAL = QColor("#1f9d55")
ILLEGAL = QColor("#d0302a")
WARN = QColor("#f0a020")
#: The label wraps at this share of the view's width (at least LABEL_MIN_PX; LABEL_MAX_PX when
#: there is no view), so a long refusal is read whole instead of cut at the map's edge.
LABEL_MAX_SHARE = 0.45
LABEL_MIN_PX = 220.0
LABEL_MAX_PX = 520.0
LABEL_PAD_X, LABEL_PAD_Y = 6.0, 3.0
LABEL_FLAGS = int(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)


#: The path event of a bend, which only matters to a charge.
BEND = "breaks_charge"


def marked_warnings(tactics: Tactics | Unanswered, charges_wanted: bool) -> frozenset[str]:
    """The path event kinds marked with a "!": the ruleset's path warnings, without bends unless
    the ruleset has charges and the GM wants them (``charges_wanted``: charge lanes shown)."""
    if not isinstance(tactics, Tactics):
        return frozenset()
    kinds = frozenset(tactics.path_warnings)
    if tactics.charge_min_tiles is None or not charges_wanted:
        kinds -= {BEND}
    return kinds


def path_summary(path: Path) -> str:
    """"3 used · 1 left", plus the terrain (or other) penalties the engine applied to the allowance."""
    left = path.allowance.value - path.cost
    text = f"{path.cost:g} used · {left:g} left"
    penalties = [str(t) for t in path.allowance.terms]
    if path.allowance.replaced_by is not None:
        penalties.append(path.allowance.replaced_by[0])
    return f"{text} ({', '.join(penalties)})" if penalties else text


class PathOverlay(QGraphicsItem):
    """Shows one path (``show_path``) or one refusal (``show_refusal``); ``clear`` hides it.
    ``warning_kinds`` are the path event kinds marked with a "!" (the ruleset's path warnings);
    ``grid`` places the tiles (the map's grid)."""

    def __init__(self, grid: MapGrid) -> None:
        super().__init__()
        self.grid = grid
        self.setZValue(30)
        self.warning_kinds: frozenset[str] = frozenset()
        self.path: Path | None = None
        self.refusal: tuple[Tile, str] | None = None
        self.size = 1
        self.label = ""
        #: where the label is drawn (scene units), placed when a path or a refusal is shown
        self.label_box = QRectF()
        self._bounds = QRectF()
        self._font = QFont("Sans Serif")
        self._font.setPixelSize(14)
        self._font.setBold(True)

    def show_path(self, path: Path, size: int, note: str = "") -> None:
        """``note``: the ruleset's words for this move (``move_preview``), after the summary."""
        self.prepareGeometryChange()
        self.path, self.refusal, self.size = path, None, size
        self.label = path_summary(path) + (f" · {note}" if note else "")
        warnings = [e.detail for e in path.events if e.kind in self.warning_kinds]
        notes = [e.detail for e in path.events if e.kind not in self.warning_kinds]
        tip = [self.label, str(path.allowance)]
        tip += [f"⚠ {w}" for w in warnings] + notes
        self.setToolTip("\n".join(tip))
        self.label_box = self._label_rect()
        self._bounds = self._compute_bounds()
        self.update()

    def show_refusal(self, tile: Tile, reason: str, size: int) -> None:
        self.prepareGeometryChange()
        self.path, self.refusal, self.size = None, (tile, reason), size
        self.label = reason
        self.setToolTip(reason)
        self.label_box = self._label_rect()
        self._bounds = self._compute_bounds()
        self.update()

    def clear(self) -> None:
        self.prepareGeometryChange()
        self.path, self.refusal, self.label = None, None, ""
        self.label_box = QRectF()
        self._bounds = QRectF()
        self.update()

    def _end_tile(self) -> Tile | None:
        if self.path is not None:
            return self.path.end
        return self.refusal[0] if self.refusal else None

    def _label_rect(self) -> QRectF:
        """Where the label goes: beside the landing square, never on it nor on the path's last
        steps, inside the part of the map the view shows, wrapped to fit it
        (:func:`~vantage.gui.canvas.label_placement.place_label`)."""
        end = self._end_tile()
        if end is None:
            return QRectF()
        view = visible_scene_rect(self)
        size = self._label_size(view)
        landing = self.grid.footprint_rect(end, self.size)
        steps = self.path.tiles[-4:-1] if self.path is not None else ()
        taken = [self.grid.footprint_rect(tile, self.size) for tile in steps]
        mx, my = reach_margin(size, 4)
        taken += token_rects_near(self.scene(), landing.adjusted(-mx, -my, mx, my))
        return place_label(size, landing, None if view is None else view.adjusted(4, 4, -4, -4), taken,
                           sides=BESIDE, gap=4)

    def _label_size(self, view: QRectF | None) -> QSizeF:
        """The label's box: one line, or wrapped to at most LABEL_MAX_SHARE of the view's width."""
        metrics = QFontMetricsF(self._font)
        widest = LABEL_MAX_PX if view is None else max(LABEL_MIN_PX, view.width() * LABEL_MAX_SHARE)
        text = metrics.boundingRect(QRectF(0, 0, widest, 10_000), LABEL_FLAGS, self.label)
        return QSizeF(text.width() + 2 * LABEL_PAD_X, text.height() + 2 * LABEL_PAD_Y)

    def _compute_bounds(self) -> QRectF:
        rect = QRectF()
        tiles = self.path.tiles if self.path is not None else ((self.refusal[0],) if self.refusal else ())
        for tile in tiles:
            rect = rect.united(self.grid.footprint_rect(tile, self.size))
        return rect.united(self.label_box).adjusted(-12, -12, 12, 12)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        end = self._end_tile()
        if end is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        colour = LEGAL if self.path is not None else ILLEGAL
        if self.path is not None and len(self.path.tiles) > 1:
            line = QPainterPath(self.grid.footprint_centre(self.path.tiles[0], self.size))
            for tile in self.path.tiles[1:]:
                line.lineTo(self.grid.footprint_centre(tile, self.size))
            painter.setPen(QPen(colour, 5, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                                Qt.PenJoinStyle.RoundJoin))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(line)
            painter.setBrush(colour)
            for tile in self.path.tiles[1:]:
                painter.drawEllipse(self.grid.footprint_centre(tile, self.size), 4, 4)
            self._paint_warnings(painter)
        landing = self.grid.footprint_rect(end, self.size)
        fill = QColor(colour)
        fill.setAlpha(60)
        painter.setPen(QPen(colour, 3))
        painter.setBrush(fill)
        painter.drawRect(landing.adjusted(2, 2, -2, -2))
        if self.refusal is not None:
            painter.drawLine(landing.topLeft() + QPointF(8, 8), landing.bottomRight() - QPointF(8, 8))
            painter.drawLine(landing.topRight() + QPointF(-8, 8), landing.bottomLeft() + QPointF(8, -8))
        label = self.label_box
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(20, 20, 24, 210))
        painter.drawRoundedRect(label, 5, 5)
        painter.setPen(QColor("#ffffff") if self.path is not None else QColor("#ffb3ad"))
        painter.setFont(self._font)
        # the text laid out in the width it was measured in (a narrower box would wrap it once more)
        text = label.adjusted(LABEL_PAD_X - 1, LABEL_PAD_Y, 1 - LABEL_PAD_X, -LABEL_PAD_Y)
        painter.drawText(text, LABEL_FLAGS, self.label)

    def warnings(self) -> list[str]:
        """The details of the shown path's events that get a warning mark, in path order."""
        if self.path is None:
            return []
        return [e.detail for e in self.path.events if e.kind in self.warning_kinds]

    def _paint_warnings(self, painter: QPainter) -> None:
        assert self.path is not None
        painter.setFont(self._font)
        for event in self.path.events:
            if event.kind not in self.warning_kinds:
                continue
            centre = self.grid.footprint_centre(event.tile, self.size)
            mark = QRectF(centre.x() - 10, centre.y() - 26, 20, 20)
            painter.setPen(QPen(QColor("#3a2500"), 1.5))
            painter.setBrush(QBrush(WARN))
            painter.drawEllipse(mark)
            painter.drawText(mark, Qt.AlignmentFlag.AlignCenter, "!")
