"""Toolbar icons of the ruler and the area templates, drawn like the others in
:mod:`vantage.gui.canvas.icons` (24 px, the theme's text colour); importing this module adds them
to its drawings as "ruler" and "templates"."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter

from vantage.gui.canvas.icons import DRAWINGS


def _ruler(p: QPainter) -> None:  # a straight-edge with ticks, on the slant
    p.save()
    p.translate(12, 12)
    p.rotate(-35)
    p.drawRect(QRectF(-10, -3.5, 20, 7))
    for x in range(-7, 8, 3):
        p.drawLine(QPointF(x, -3.5), QPointF(x, -0.5 if x % 2 else 0.5))
    p.restore()


def _templates(p: QPainter) -> None:  # a cone from a point, with a circle beside it
    p.drawPie(QRectF(-8, 4, 28, 28), 45 * 16, 90 * 16)
    p.drawEllipse(QRectF(12, 2, 9, 9))


DRAWINGS.update({"ruler": _ruler, "templates": _templates})
