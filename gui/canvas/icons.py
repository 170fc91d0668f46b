"""Small monochrome toolbar icons, drawn with QPainter at run time (no image files).

Each icon is a drawing on a 24×24 grid; :func:`icon` renders it at 1× and 2× device pixel ratio
in the palette's text colour, so it stays sharp on a high-DPI laptop and follows a dark theme.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

SIZE = 24
Drawing = Callable[[QPainter], None]


def _poly(painter: QPainter, *points: tuple[float, float]) -> None:
    painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in points]))


def _play(p: QPainter) -> None:  # a pointer hand is hard at 24 px: a cursor arrow means "move tokens"
    p.setBrush(p.pen().color())
    _poly(p, (6, 3), (6, 19), (10, 15), (13, 21), (15.5, 20), (12.5, 14), (18, 14))


def _edit(p: QPainter) -> None:  # a pencil
    p.drawLine(QPointF(5, 19), QPointF(17, 7))
    _poly(p, (4, 20), (5, 15), (16, 4), (20, 8), (9, 19))
    p.drawLine(QPointF(14, 6), QPointF(18, 10))


def _arrow_turn(p: QPainter, mirror: bool) -> None:
    if mirror:
        p.translate(SIZE, 0)
        p.scale(-1, 1)
    path = QPainterPath(QPointF(19, 18))
    path.cubicTo(QPointF(19, 8), QPointF(12, 7), QPointF(6, 9))
    p.drawPath(path)
    p.setBrush(p.pen().color())
    _poly(p, (3, 9.5), (9, 5), (9, 13))


def _undo(p: QPainter) -> None:
    _arrow_turn(p, False)


def _redo(p: QPainter) -> None:
    _arrow_turn(p, True)


def _fit(p: QPainter) -> None:  # four corner brackets around a small map
    for x, y, dx, dy in ((3, 3, 1, 1), (21, 3, -1, 1), (3, 21, 1, -1), (21, 21, -1, -1)):
        p.drawLine(QPointF(x, y), QPointF(x + 5 * dx, y))
        p.drawLine(QPointF(x, y), QPointF(x, y + 5 * dy))
    p.drawRect(QRectF(8, 8, 8, 8))


def _magnifier(p: QPainter, plus: bool) -> None:
    p.drawEllipse(QRectF(3, 3, 13, 13))
    p.drawLine(QPointF(14, 14), QPointF(21, 21))
    p.drawLine(QPointF(6.5, 9.5), QPointF(12.5, 9.5))
    if plus:
        p.drawLine(QPointF(9.5, 6.5), QPointF(9.5, 12.5))


def _zoom_in(p: QPainter) -> None:
    _magnifier(p, True)


def _zoom_out(p: QPainter) -> None:
    _magnifier(p, False)


def _reachable(p: QPainter) -> None:  # tiles around a token, fading out
    colour = p.pen().color()
    p.setPen(Qt.PenStyle.NoPen)
    for row in range(5):
        for col in range(5):
            distance = abs(row - 2) + abs(col - 2)
            if distance <= 2:
                shade = QColor(colour)
                shade.setAlphaF(1.0 - 0.25 * distance)
                p.setBrush(shade)
                p.drawRect(QRectF(1.5 + col * 4.3, 1.5 + row * 4.3, 3.9, 3.9))


def _arcs(p: QPainter) -> None:  # a front wedge filled, the rest outlined
    p.drawEllipse(QRectF(3, 3, 18, 18))
    p.setBrush(p.pen().color())
    p.drawPie(QRectF(3, 3, 18, 18), 45 * 16, 90 * 16)


def _reach_zones(p: QPainter) -> None:  # a token inside a dashed ring
    p.setBrush(p.pen().color())
    p.drawEllipse(QRectF(9, 9, 6, 6))
    p.setBrush(Qt.BrushStyle.NoBrush)
    pen = QPen(p.pen())
    pen.setStyle(Qt.PenStyle.DashLine)
    p.setPen(pen)
    p.drawEllipse(QRectF(3, 3, 18, 18))


def _charge(p: QPainter) -> None:  # a lane: two rails and an arrow
    pen = QPen(p.pen())
    pen.setStyle(Qt.PenStyle.DotLine)
    p.setPen(pen)
    p.drawLine(QPointF(3, 8), QPointF(15, 8))
    p.drawLine(QPointF(3, 16), QPointF(15, 16))
    p.setPen(QPen(pen.color(), pen.widthF()))
    p.drawLine(QPointF(3, 12), QPointF(16, 12))
    p.setBrush(pen.color())
    _poly(p, (21, 12), (15, 7), (15, 17))


def _flanking(p: QPainter) -> None:  # one target between two attackers
    p.drawEllipse(QRectF(8.5, 8.5, 7, 7))
    p.setBrush(p.pen().color())
    p.drawEllipse(QRectF(2, 2, 6, 6))
    p.drawEllipse(QRectF(16, 16, 6, 6))


def _sight(p: QPainter) -> None:  # an eye
    path = QPainterPath(QPointF(2, 12))
    path.quadTo(QPointF(12, 2), QPointF(22, 12))
    path.quadTo(QPointF(12, 22), QPointF(2, 12))
    p.drawPath(path)
    p.setBrush(p.pen().color())
    p.drawEllipse(QRectF(9, 9, 6, 6))


def _start_combat(p: QPainter) -> None:  # two crossed blades
    p.drawLine(QPointF(4, 4), QPointF(18, 18))
    p.drawLine(QPointF(20, 4), QPointF(6, 18))
    p.drawLine(QPointF(14, 20), QPointF(20, 14))
    p.drawLine(QPointF(4, 14), QPointF(10, 20))


def _next_turn(p: QPainter) -> None:  # skip forward
    p.setBrush(p.pen().color())
    _poly(p, (4, 5), (15, 12), (4, 19))
    p.drawRect(QRectF(17, 5, 2.5, 14))


def _player_view(p: QPainter) -> None:  # a screen on a stand
    p.drawRoundedRect(QRectF(2.5, 4, 19, 12), 1.5, 1.5)
    p.drawLine(QPointF(12, 16), QPointF(12, 20))
    p.drawLine(QPointF(7, 20.5), QPointF(17, 20.5))


def _hold(p: QPainter) -> None:  # pause: the players' picture is frozen
    p.setBrush(p.pen().color())
    p.drawRect(QRectF(6, 5, 4, 14))
    p.drawRect(QRectF(14, 5, 4, 14))


def _blank(p: QPainter) -> None:  # a screen filled black
    p.drawRoundedRect(QRectF(2.5, 4, 19, 12), 1.5, 1.5)
    p.setBrush(p.pen().color())
    p.drawRect(QRectF(5, 6.5, 14, 7))
    p.drawLine(QPointF(12, 16), QPointF(12, 20))
    p.drawLine(QPointF(7, 20.5), QPointF(17, 20.5))


def _live(p: QPainter) -> None:  # a screen with a dot: live
    p.drawRoundedRect(QRectF(2.5, 4, 19, 12), 1.5, 1.5)
    p.setBrush(p.pen().color())
    p.drawEllipse(QRectF(9.5, 7.5, 5, 5))
    p.drawLine(QPointF(12, 16), QPointF(12, 20))
    p.drawLine(QPointF(7, 20.5), QPointF(17, 20.5))


def _table_dice(p: QPainter) -> None:  # a die showing five: dice rolled at the table
    p.drawRoundedRect(QRectF(3.5, 3.5, 17, 17), 3.5, 3.5)
    p.setBrush(p.pen().color())
    for x, y in ((8, 8), (16, 8), (12, 12), (8, 16), (16, 16)):
        p.drawEllipse(QRectF(x - 1.4, y - 1.4, 2.8, 2.8))


DRAWINGS: dict[str, Drawing] = {
    "play": _play, "edit": _edit, "undo": _undo, "redo": _redo, "fit": _fit, "zoom-in": _zoom_in,
    "zoom-out": _zoom_out, "reachable": _reachable, "arcs": _arcs, "reach-zones": _reach_zones,
    "charge": _charge, "flanking": _flanking, "sight": _sight, "start-combat": _start_combat,
    "next-turn": _next_turn, "player-view": _player_view, "shutter-live": _live, "shutter-hold": _hold,
    "shutter-blank": _blank, "table-dice": _table_dice,
}


def ink() -> QColor:
    """The palette's text colour (icons follow the theme)."""
    app = QGuiApplication.instance()
    return QGuiApplication.palette().windowText().color() if app is not None else QColor("black")


def render(name: str, ratio: float = 1.0, colour: QColor | None = None) -> QPixmap:
    """One icon drawn at ``ratio`` device pixels per logical pixel (``KeyError`` for an unknown name)."""
    drawing = DRAWINGS[name]
    side = round(SIZE * ratio)
    pixmap = QPixmap(side, side)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(ratio, ratio)
    pen = QPen(colour or ink(), 1.8)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    drawing(painter)
    painter.end()
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


def icon(name: str) -> QIcon:
    """The named icon at 1× and 2× (Qt picks the one for the screen and greys it when disabled)."""
    result = QIcon()
    for ratio in (1.0, 2.0):
        result.addPixmap(render(name, ratio))
    return result
