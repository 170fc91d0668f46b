"""Small pictures of a campaign's encounters for the Campaign panel: each map rendered offscreen
(its terrain, structures, picture and tokens) and kept by file, size and modification time, so a
file is rendered again only when it changed. A file that cannot be read gets no picture."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap

from vantage.engine.fileformat import load_encounter
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.palette import MARGIN_COLOUR

THUMBNAIL_SIZE = QSize(96, 64)

_cache: dict[tuple[str, int, int, int], QPixmap] = {}


def render_thumbnail(path: Path, size: QSize = THUMBNAIL_SIZE) -> QPixmap | None:
    """The map of the encounter file ``path`` in ``size`` (its aspect kept), or None when the file
    cannot be read."""
    try:
        stamp = path.stat()
        key = (str(path.resolve()), stamp.st_mtime_ns, size.width(), size.height())
    except OSError:
        return None
    cached = _cache.get(key)
    if cached is not None:
        return cached
    try:
        encounter = load_encounter(path)
    except Exception:  # noqa: BLE001 - a damaged file shows without a picture; opening it says why
        return None
    scene = MapScene(encounter, base_dir=path.parent)
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(MARGIN_COLOUR)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    scene.render(painter, QRectF(image.rect()), scene.map_rect(), Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    pixmap = QPixmap.fromImage(image)
    _cache[key] = pixmap
    return pixmap


def forget_thumbnails() -> None:
    _cache.clear()
