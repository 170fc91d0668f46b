"""Where a label goes on the map: beside what it describes, never on it, inside the view, clear of
the other labels (issue 30 item 3).

Every label kind uses it, in the GM window and the player window alike: a token's name on the
projector, the cover badge on a hovered token, the drag's preview and refusal, the ruler's reading.
All rectangles are in one coordinate system, the caller's (scene units, or device pixels for a
label drawn at screen size):

- ``anchor``: what the label describes (a token's footprint, the landing tile, the ruler's end
  tile). The label never covers it while any candidate place avoids it.
- ``view``: the part of the map the window shows. A label is always moved inside it (a label
  larger than the view keeps its top left corner inside).
- ``taken``: what it should not cover either (the labels already placed, other tokens); the place
  that covers least of them wins, so crowded labels spread out instead of piling up.

The candidates are tried in the caller's order of sides (below, right, above, left, then the four
corners), each at ``gap`` from the anchor, then the same again one label height further out.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from PySide6.QtCore import QRectF, QSizeF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QWidget


class Side(Enum):
    """Where a label sits against its anchor."""

    BELOW = "below"
    RIGHT = "right"
    ABOVE = "above"
    LEFT = "left"
    BELOW_RIGHT = "below right"
    ABOVE_RIGHT = "above right"
    BELOW_LEFT = "below left"
    ABOVE_LEFT = "above left"


#: The usual order: under the thing (as a name plate), then beside it, then above, then corners.
AROUND = (Side.BELOW, Side.RIGHT, Side.ABOVE, Side.LEFT,
          Side.BELOW_RIGHT, Side.ABOVE_RIGHT, Side.BELOW_LEFT, Side.ABOVE_LEFT)
#: Beside first (a drag's label reads along the path's end): right, left, then below and above.
BESIDE = (Side.RIGHT, Side.LEFT, Side.BELOW, Side.ABOVE,
          Side.ABOVE_RIGHT, Side.BELOW_RIGHT, Side.ABOVE_LEFT, Side.BELOW_LEFT)
#: How many rings of candidates (each one label height further out) are tried.
RINGS = 3


def _candidate(side: Side, size: QSizeF, anchor: QRectF, gap: float) -> QRectF:
    w, h = size.width(), size.height()
    cx, cy = anchor.center().x(), anchor.center().y()
    left_of, right_of = anchor.left() - gap - w, anchor.right() + gap
    above, below = anchor.top() - gap - h, anchor.bottom() + gap
    x, y = {
        Side.BELOW: (cx - w / 2, below),
        Side.ABOVE: (cx - w / 2, above),
        Side.RIGHT: (right_of, cy - h / 2),
        Side.LEFT: (left_of, cy - h / 2),
        Side.BELOW_RIGHT: (right_of, below),
        Side.ABOVE_RIGHT: (right_of, above),
        Side.BELOW_LEFT: (left_of, below),
        Side.ABOVE_LEFT: (left_of, above),
    }[side]
    return QRectF(x, y, w, h)


def inside(rect: QRectF, view: QRectF) -> QRectF:
    """``rect`` moved (not resized) into ``view``; one larger than the view keeps its top left in."""
    x = min(rect.left(), view.right() - rect.width())
    y = min(rect.top(), view.bottom() - rect.height())
    return QRectF(max(x, view.left()), max(y, view.top()), rect.width(), rect.height())


def _overlap(rect: QRectF, others: Iterable[QRectF]) -> float:
    total = 0.0
    for other in others:
        common = rect.intersected(other)
        if not common.isEmpty():
            total += common.width() * common.height()
    return total


def place_label(size: QSizeF, anchor: QRectF, view: QRectF | None, taken: Sequence[QRectF] = (),
                sides: Sequence[Side] = AROUND, gap: float = 2.0) -> QRectF:
    """The place of a label of ``size`` for ``anchor`` (see the module text): the first candidate
    inside the view that covers neither the anchor nor anything ``taken``; else the one covering
    the least of ``taken`` among those clear of the anchor; else the least covering of all."""
    best: tuple[float, float, int] | None = None
    chosen = QRectF()
    order = 0
    for ring in range(RINGS):
        reach = gap + ring * (size.height() + gap)
        for side in sides:
            rect = _candidate(side, size, anchor, reach)
            if view is not None:
                rect = inside(rect, view)
            on_anchor = _overlap(rect, (anchor,))
            on_taken = _overlap(rect, taken)
            if on_anchor == 0 and on_taken == 0:
                return rect
            score = (on_anchor, on_taken, order)
            if best is None or score < best:
                best, chosen = score, rect
            order += 1
    return chosen


def place_labels(labels: Sequence[tuple[QSizeF, QRectF]], view: QRectF | None,
                 obstacles: Sequence[QRectF] = (), sides: Sequence[Side] = AROUND,
                 gap: float = 2.0) -> list[QRectF]:
    """Places for several labels, each ``(size, anchor)``, in order: each one clear of its anchor,
    of the labels placed before it, and of ``obstacles`` (the other anchors, say) where it can be."""
    placed: list[QRectF] = []
    for size, anchor in labels:
        others = [o for o in obstacles if o != anchor]
        placed.append(place_label(size, anchor, view, [*placed, *others], sides, gap))
    return placed


def visible_scene_rect(item: QGraphicsItem) -> QRectF | None:
    """The part of the scene the item's first view shows (None: in no view, or rendered to a
    picture), in scene units: the ``view`` of a label in scene units."""
    scene = item.scene()
    if scene is None or not scene.views():
        return None
    view = scene.views()[0]
    return view.mapToScene(view.viewport().rect()).boundingRect()


def device_rect(painter: QPainter, widget: QWidget | None) -> QRectF:
    """The whole surface a paint goes to, in device pixels: the view's viewport, or the picture
    rendered into (the ``view`` of a label drawn at screen size)."""
    if widget is not None:
        return QRectF(widget.rect())
    device = painter.device()
    return QRectF(0, 0, device.width(), device.height()) if device is not None else QRectF()


def painted_view(painter: QPainter, widget: QWidget | None) -> QRectF:
    """The part of the scene a paint shows, in scene units (the device's rect mapped back through
    the painter's transform; the identity when it cannot be inverted)."""
    inverse, ok = painter.worldTransform().inverted()
    return inverse.mapRect(device_rect(painter, widget)) if ok else device_rect(painter, widget)


def reach_margin(size: QSizeF, gap: float = 2.0) -> tuple[float, float]:
    """How far beyond its anchor a label of ``size`` can be placed (x, y): the bounding rect of an
    item whose labels are placed at paint time is its anchors grown by this."""
    out = gap + (RINGS - 1) * (size.height() + gap)
    return size.width() + out, size.height() + out
