"""What a tactics overlay draws, item by item, for comparing an overlay kept up to date step by
step with one built fresh (issue 32: the overlay keeps the items of what did not change)."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from vantage.engine.model import Encounter
from vantage.engine.rules.asking import ask_reachable
from vantage.gui.play.lane_items import LaneLine, TileShade
from vantage.gui.play.tactics_overlay import TacticsOverlay
from vantage.gui.workspace import OverlaysShown


def _rounded(rect: QRectF) -> tuple[float, ...]:
    return tuple(round(v, 3) for v in rect.getRect())


def item_drawing(item: QGraphicsItem) -> tuple[object, ...]:
    """One item as what it draws: its kind, tooltip, place, pen, fill, words, shape and children."""
    parts: list[object] = [type(item).__name__, item.toolTip(), _rounded(item.sceneBoundingRect()),
                           item.isVisible()]
    pen = getattr(item, "pen", None)
    if pen is not None:
        p = pen()
        parts.append(("pen", p.color().rgba(), p.widthF(), p.style().value, p.capStyle().value))
    brush = getattr(item, "brush", None)
    if brush is not None:
        parts.append(("brush", brush().color().rgba(), brush().style().value))
    text = getattr(item, "text", None)
    if text is not None:
        font = item.font()
        parts.append(("text", text(), font.pixelSize(), font.bold(), tuple(item.pos().toTuple())))
    path = getattr(item, "path", None)
    if path is not None:
        shape = path()
        parts.append(tuple((e.type.value, round(e.x, 3), round(e.y, 3))
                           for e in (shape.elementAt(i) for i in range(shape.elementCount()))))
    if isinstance(item, LaneLine):
        line = item.line
        parts.append(tuple(round(v, 3) for v in (line.x1(), line.y1(), line.x2(), line.y2())))
    if isinstance(item, TileShade):
        parts.append((item.tiles, item.colour.rgba()))
    parts.append(tuple(sorted(item_drawing(child) for child in item.childItems())))
    return tuple(parts)


def overlay_drawing(overlay: TacticsOverlay) -> list[tuple[str, float, tuple[object, ...]]]:
    """Every item of ``overlay`` under the tokens and over them, in the order they stack."""
    out = []
    for where, layer in (("under", overlay), ("over", overlay.above)):
        for item in sorted(layer.childItems(), key=lambda i: i.zValue()):
            out.append((where, item.zValue(), item_drawing(item)))
    return out


def stacking_is_by_z_alone(overlay: TacticsOverlay) -> bool:
    """No two items of one layer share a z value: the stacking does not depend on which item was
    made first."""
    return all(len({i.zValue() for i in layer.childItems()}) == len(layer.childItems())
               for layer in (overlay, overlay.above))


def fresh_overlay(scene: QGraphicsScene, overlays: OverlaysShown, encounter: Encounter, token: str | None,
                  hovered: str | None) -> TacticsOverlay:
    """An overlay built at once for ``token`` in ``scene`` (remove it with :func:`take_away`)."""
    fresh = TacticsOverlay(overlays)
    scene.addItem(fresh)
    fresh.rebuild(encounter, token, lambda: ask_reachable(encounter, token or ""), hovered)
    return fresh


def take_away(overlay: TacticsOverlay) -> None:
    scene = overlay.scene()
    if scene is not None:
        scene.removeItem(overlay.above)
        scene.removeItem(overlay)


def rendered(scene: QGraphicsScene, area: QRectF) -> QImage:
    """``area`` of the scene drawn into a picture of its size."""
    image = QImage(int(area.width()), int(area.height()), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), area)
    painter.end()
    return image
