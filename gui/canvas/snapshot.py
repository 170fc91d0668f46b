"""Render a map scene to an image offscreen: for the self-test, screenshots and benchmarks."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.palette import MARGIN_COLOUR


def render_view(view: MapView, image: QImage | None = None) -> QImage:
    """One frame of what ``view`` shows (its viewport size), painted into ``image``."""
    size = view.viewport().size()
    if image is None or image.size() != size:
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(MARGIN_COLOUR)
    painter = QPainter(image)
    painter.setRenderHints(view.renderHints())
    view.render(painter, QRectF(image.rect()), view.viewport().rect(), Qt.AspectRatioMode.IgnoreAspectRatio)
    painter.end()
    return image


def distinct_colours(image: QImage, step: int = 7) -> int:
    """How many different colours a sparse sample of ``image`` holds (a blank frame gives 1)."""
    seen: set[int] = set()
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            seen.add(image.pixel(x, y))
    return len(seen)
