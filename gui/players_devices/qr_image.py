"""The QR code of the join address, as a Qt image (segno makes the matrix; pure Python, offline)."""

from __future__ import annotations

import segno
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter


def qr_image(text: str, module_px: int = 6, border: int = 4) -> QImage:
    """``text`` as a black-on-white QR code, ``module_px`` pixels a module, ``border`` modules of
    quiet zone."""
    matrix = segno.make(text, error="m").matrix
    n = len(matrix)
    side = (n + 2 * border) * module_px
    image = QImage(side, side, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("black"))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                painter.drawRect((x + border) * module_px, (y + border) * module_px, module_px, module_px)
    painter.end()
    return image
