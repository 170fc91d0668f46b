"""The grid over a background picture, drawn at the view's own scale in whole device pixels.

A line lies on each tile's top and left edge, one scene unit wide and at least one device pixel,
on the inner side of the edge, filled without antialiasing: the very pixels the terrain chunks'
one-pixel lines cover when there is no picture. A zoom step draws it afresh, so it is cheap:

- the lines are worked out as device pixels with the plain arithmetic of a scale and a shift when
  the view is not turned (a hundred lines a step, no Qt rectangles made for them);
- the lines down the view go into one row of pixels that a texture brush repeats down the area
  (translucent one-pixel-wide spans are the raster engine's slow case: a span per line per row);
  the lines across are filled after them, so a crossing is blended twice, as two filled rects are.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QTransform

from vantage.gui.canvas.map_grid import SquareGrid

Column = tuple[int, int]  # (first device pixel from the area's left, width in pixels)


def paint_grid_lines(painter: QPainter, exposed: QRectF, scale: float, colour: QColor,
                     grid: SquareGrid) -> None:
    """Draw the lines of ``grid`` inside ``exposed`` (item units, the painter's transform as the
    view set it; ``scale`` its level of detail) in ``colour``."""
    width = max(1.0, 1.0 / max(scale, 1e-9))
    left, top = max(0.0, exposed.left()), max(0.0, exposed.top())
    right, bottom = exposed.right(), exposed.bottom()
    if right <= left or bottom <= top:
        return
    transform = painter.worldTransform()
    sx, sy = transform.m11(), transform.m22()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    if transform.m12() == 0 and transform.m21() == 0 and sx > 0 and sy > 0:
        dx, dy = transform.dx(), transform.dy()
        painter.resetTransform()
        _fill_device_grid(painter, (left, top, right, bottom), width, (sx, dx, sy, dy), colour, grid)
    else:
        lines = _scene_lines(left, top, right, bottom, width, grid)
        if _axis_aligned(transform):  # a quarter turn or a flip: still whole pixels
            painter.resetTransform()
            area = _device_pixels(transform.mapRect(QRectF(left, top, right - left, bottom - top)))
            _fill_device_lines(painter, area, [_device_pixels(transform.mapRect(line)) for line in lines],
                              colour)
        elif lines:  # turned by an odd angle: let the painter fill the rects as they are
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRects(lines)
    painter.restore()


def _fill_device_grid(painter: QPainter, scene: tuple[float, float, float, float], width: float,
                      transform: tuple[float, float, float, float], colour: QColor, grid: SquareGrid) -> None:
    """The unturned case: the device pixels of each line by arithmetic, as ``_device_pixels`` of
    the mapped rect gives them (a pixel is covered when its centre is)."""
    left, top, right, bottom = scene
    sx, dx, sy, dy = transform
    ax0, ax1 = _device_span(left, right - left, sx, dx)
    ay0, ay1 = _device_span(top, bottom - top, sy, dy)
    tall = ay1 - ay0
    columns: list[Column] = []
    across: list[QRect] = []
    for x in grid.edge_positions(left, right):
        x0, x1 = _device_span(x, width, sx, dx)
        x0, x1 = max(x0, ax0), min(x1, ax1)
        if x1 - x0 >= tall:
            across.append(QRect(x0, ay0, x1 - x0, tall))
        elif x1 > x0:
            columns.append((x0 - ax0, x1 - x0))
    for y in grid.edge_positions(top, bottom):
        y0, y1 = _device_span(y, width, sy, dy)
        y0, y1 = max(y0, ay0), min(y1, ay1)
        if y1 > y0:
            across.append(QRect(ax0, y0, ax1 - ax0, y1 - y0))
    _fill(painter, QRect(ax0, ay0, ax1 - ax0, tall), columns, across, colour)


def _device_span(start: float, length: float, scale: float, shift: float) -> tuple[int, int]:
    """The device pixels [first, end) whose centres lie in [start, start + length) scaled and
    shifted: at least one."""
    first = math.floor(start * scale + shift + 0.5)
    return first, first + max(1, math.floor((start + length) * scale + shift + 0.5) - first)


def _scene_lines(left: float, top: float, right: float, bottom: float, width: float,
                 grid: SquareGrid) -> list[QRectF]:
    return ([QRectF(x, top, width, bottom - top) for x in grid.edge_positions(left, right)]
            + [QRectF(left, y, right - left, width) for y in grid.edge_positions(top, bottom)])


def _axis_aligned(transform: QTransform) -> bool:
    """No shear and no turn other than by quarter turns: rects stay rects of whole pixels."""
    return (transform.m12() == 0 and transform.m21() == 0) or (transform.m11() == 0 and transform.m22() == 0)


def _device_pixels(rect: QRectF) -> QRect:
    """The pixels whose centres lie in ``rect`` (at least one each way), as aliased filling does."""
    x0, x1 = _device_span(rect.left(), rect.width(), 1.0, 0.0)
    y0, y1 = _device_span(rect.top(), rect.height(), 1.0, 0.0)
    return QRect(x0, y0, x1 - x0, y1 - y0)


def _fill_device_lines(painter: QPainter, area: QRect, lines: list[QRect], colour: QColor) -> None:
    """Fill ``lines`` (device pixels, untransformed painter) inside ``area`` in ``colour``: those as
    tall as ``area`` and thinner than they are tall as columns of one repeated row, the others as
    they are."""
    columns: list[Column] = []
    across: list[QRect] = []
    for line in lines:
        line = line.intersected(area)
        if line.isEmpty():
            continue
        if line.height() == area.height() and line.width() < line.height():
            columns.append((line.left() - area.left(), line.width()))
        else:
            across.append(line)
    _fill(painter, area, columns, across, colour)


def _fill(painter: QPainter, area: QRect, columns: list[Column], across: list[QRect], colour: QColor) -> None:
    if columns:
        painter.setBrushOrigin(area.left(), 0)
        painter.fillRect(area, _column_brush(area.width(), tuple(columns), colour.rgba()))
    for line in across:
        painter.fillRect(line, colour)


@lru_cache(maxsize=4)  # a repaint at the same zoom and scroll draws the same row again
def _column_brush(width: int, columns: tuple[Column, ...], rgba: int) -> QBrush:
    """A texture brush of one row ``width`` pixels wide, ``rgba`` over each (start, width) column."""
    one = QImage(1, 1, QImage.Format.Format_ARGB32_Premultiplied)
    one.setPixelColor(0, 0, QColor.fromRgba(rgba))  # Qt's own premultiplying, in the native byte order
    pixel = bytes(one.constBits())[:4]
    row = bytearray(width * 4)
    for start, span in columns:
        row[start * 4:(start + span) * 4] = pixel * span
    image = QImage(bytes(row), width, 1, width * 4, QImage.Format.Format_ARGB32_Premultiplied)
    return QBrush(image.copy())  # copy: the image must not keep pointing into ``row``
