"""The background picture on the map: a shared :class:`MapPicture` drawn at the level the view needs.

The item's own coordinates are the picture file's pixels, whatever size it was decoded at, so a
picture shown downscaled still covers the whole map. Each paint draws the pyramid level nearest the
view's scale, only over the exposed part; a level not built yet is built just after the frame
(the frame draws the finer level it has), so opening a map never waits for it.
"""

from __future__ import annotations

import math
import weakref

from PySide6.QtCore import QRectF, QTimer
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.gui.canvas.map_picture import MapPicture


class PictureItem(QGraphicsItem):
    """Draws ``picture`` over the rectangle of its file's pixels (0, 0)–(width, height)."""

    def __init__(self, picture: MapPicture) -> None:
        super().__init__()
        self.picture = picture
        width, height = picture.full_size
        self._bounds = QRectF(0, 0, width, height)
        self._build_pending = False
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.last_level = 0  # the level the last paint drew (for tests and benchmarks)
        picture.shown_by(self)

    @property
    def notice(self) -> str | None:
        return self.picture.notice

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        transform = painter.worldTransform()
        device_scale = math.hypot(transform.m11(), transform.m12())
        wanted = self.picture.level_index(device_scale)
        pixmap, index = self.picture.level(wanted, build=False)
        if index < wanted and not self.picture.levels_pending:
            self._build_after_frame(wanted)
        self.last_level = index
        target = option.exposedRect.intersected(self._bounds)
        if target.isEmpty():
            return
        sx = pixmap.width() / self._bounds.width()
        sy = pixmap.height() / self._bounds.height()
        source = QRectF(target.x() * sx, target.y() * sy, target.width() * sx, target.height() * sy)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        # Antialiasing would only soften the picture's outer edge by a pixel, and it sends the draw
        # down the raster engine's coverage path: on a zoom step over an 8192 px picture that was
        # 1.6 ms of the 3.5 the picture took.
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.drawPixmap(target, pixmap, source)

    def _build_after_frame(self, index: int) -> None:
        if self._build_pending:
            return
        self._build_pending = True
        ref = weakref.ref(self)

        def build() -> None:
            item = ref()
            if item is None:
                return
            item._build_pending = False
            item.picture.level(index)
            item.update()

        QTimer.singleShot(0, build)
