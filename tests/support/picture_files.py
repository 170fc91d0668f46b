"""Pictures for the big-picture tests: four coloured quarters, so a blank or misplaced picture
shows; and noise over a gradient, for the PNG strip decoder."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect
from PySide6.QtGui import QColor, QImage, QPainter

#: The colour of each quarter: top left, top right, bottom left, bottom right.
QUARTERS = (QColor(200, 40, 40), QColor(40, 40, 200), QColor(40, 160, 40), QColor(230, 200, 40))


def quarters_image(width: int, height: int, fmt: QImage.Format = QImage.Format.Format_RGB32) -> QImage:
    image = QImage(width, height, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    half_w, half_h = width // 2, height // 2
    right, bottom = width - half_w, height - half_h
    rects = (QRect(0, 0, half_w, half_h), QRect(half_w, 0, right, half_h),
             QRect(0, half_h, half_w, bottom), QRect(half_w, half_h, right, bottom))
    for rect, colour in zip(rects, QUARTERS, strict=True):
        painter.fillRect(rect, colour)
    painter.setPen(QColor(10, 10, 10))
    for x in range(0, width, 50):  # grid lines: the PNG writer's filters get rows that differ
        painter.drawLine(x, 0, x, height)
    painter.end()
    return image if fmt == QImage.Format.Format_RGB32 else image.convertToFormat(fmt)


def noisy_image(width: int, height: int, fmt: QImage.Format) -> QImage:
    """Noise over a gradient, with partly clear columns, so the PNG writer picks every row filter
    (Sub, Up, Average, Paeth)."""
    rng = np.random.default_rng(3)
    pixels = rng.integers(0, 256, (height, width, 4), dtype=np.uint8)
    pixels[: height // 2] //= 9
    pixels[:, :, 3] = np.where(np.arange(width) % 5 == 0, 255, 90)[None, :]
    image = QImage(pixels.data, width, height, width * 4, QImage.Format.Format_ARGB32).copy()
    return image.convertToFormat(fmt)


def picture_bytes(image: QImage, kind: str = "PNG") -> bytes:
    data = QByteArray()
    sink = QBuffer(data)
    sink.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(sink, kind, 95 if kind == "JPEG" else -1)
    sink.close()
    return bytes(data.data())


def write_quarters(path: Path, width: int, height: int, kind: str = "PNG",
                   fmt: QImage.Format = QImage.Format.Format_RGB32) -> Path:
    path.write_bytes(picture_bytes(quarters_image(width, height, fmt), kind))
    return path
