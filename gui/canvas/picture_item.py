"""The background picture on the map: a shared :class:`MapPicture` drawn at the level the view needs.

The item's own coordinates are the picture file's pixels, whatever size it was decoded at, so a
picture shown downscaled still covers the whole map. Each paint draws the pyramid level nearest the
view's scale, only over the exposed part; a level not built yet is made on the thread pool (the
frames meanwhile draw the finer level there is), so opening or zooming a map never waits for it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.gui.canvas.ground_cache import GroundLayer, drawn_from_cache
from vantage.gui.canvas.map_picture import MapPicture
from vantage.gui.canvas.picture_loading import LevelsJob


class PictureItem(GroundLayer):
    """Draws ``picture`` over the rectangle of its file's pixels (0, 0)–(width, height)."""

    def __init__(self, picture: MapPicture) -> None:
        super().__init__()
        self.picture = picture
        width, height = picture.full_size
        self._bounds = QRectF(0, 0, width, height)
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
        if drawn_from_cache(painter):  # the view copied the ground in already (ground_cache)
            return
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
        if index == 0 and self.picture.packed:
            draw_packed_part(painter, target, pixmap, source)
        else:
            painter.drawPixmap(target, pixmap, source)

    def _build_after_frame(self, index: int) -> None:
        """Have level ``index`` made on the thread pool (``picture_loading.LevelsJob``): the items
        showing the picture are repainted when it comes, and the window never waits for it."""
        LevelsJob.start_for(self.picture, index)


#: A larger part is drawn straight from the packed pixels (slower, but no second copy of them: a
#: frame drawn fitted before the smaller levels come would otherwise widen the whole picture).
PART_MAX_PIXELS = 4_000_000


def draw_packed_part(painter: QPainter, target: QRectF, pixmap: QPixmap, source: QRectF) -> None:
    """Draw ``source`` of ``pixmap`` (a picture held at 3 bytes a pixel) over ``target``: only
    that part, widened to RGB32 first. Qt scales a 3-byte picture by a slow generic path (an 8192 px
    picture drawn at 1.7 × took 11 ms against 3 for RGB32); widening the few pixels a frame shows
    costs about a millisecond, and the pixels drawn are those of drawing the whole. A part of more
    than :data:`PART_MAX_PIXELS` is drawn straight."""
    whole = pixmap.toImage()  # shares the pixmap's pixels
    # Qt's smooth filter reads no pixel outside the source rectangle's aligned rectangle (it clamps
    # to it), so that part alone draws exactly as the whole picture does
    part_rect = source.toAlignedRect().intersected(whole.rect())
    if part_rect.width() * part_rect.height() > PART_MAX_PIXELS:
        painter.drawPixmap(target, pixmap, source)
        return
    part = whole.copy(part_rect).convertToFormat(QImage.Format.Format_RGB32)
    painter.drawImage(target, part, source.translated(-part_rect.x(), -part_rect.y()))
