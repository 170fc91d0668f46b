"""The ground of a map view — the margin's colour, the background picture, the terrain and the
walls — kept as one picture of the viewport while the view stands still.

A frame of a 200 × 200 map zoomed out to fit spent most of its time redrawing what had not changed
since the frame before: the margin filled, four terrain chunks scaled down smoothly (≈ 1.4 ms) and
300 walls stroked with round caps (≈ 1 ms), under 500 tokens. A :class:`GroundCache` (one per
:class:`~vantage.gui.canvas.map_view.MapView`) keeps what those layers drew for one view transform
and copies it in at the start of every frame at that transform (the view's ``drawBackground``);
the layers themselves (:class:`GroundLayer`: ``TerrainLayer``, ``StructureLayer``,
``PictureItem``) then paint nothing in that frame. A token moved, a highlight or a whole repaint
costs the copy of the part shown, not the ground again.

The pixels are those the layers draw themselves: the picture is drawn by the same calls, with the
painter's transform, render hints, font and pen of the frame, each layer with the option Qt gives
it when it paints the whole viewport (``QGraphicsView.render``: the whole layer), over the margin's
colour; every pixel of it is opaque, so copying it over the frame is what drawing it there does.

When it is made: on the second frame at the same transform, size and ground (:meth:`paint`). The
first frame at a new transform — a zoom step, a scroll — draws the layers as before, so a wheel step
or a pan costs nothing more; the picture is only made for a view that is painted again as it is.
The ground has changed when a layer asked to be repainted (``update()``: :class:`GroundLayer` counts
those), was shown or hidden, moved, scaled or faded, or was replaced, or the scene's background
colour changed; it is then drawn afresh on that frame.

Only the scene's own ground layers are in the picture (``MapScene.ground_layers``); every other
item lies above them (z ≥ 0: fog, overlays, tokens) and is drawn over the copy as before.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPaintDevice, QPainter, QPainterPath, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView, QStyleOptionGraphicsItem, QWidget

_serials = itertools.count(1)

#: The painters (their C++ addresses) whose frame took the ground from a cache: the ground layers
#: paint nothing on them until the frame's ``drawForeground``.
_from_cache: set[int] = set()


class GroundLayer(QGraphicsItem):
    """An item of the map's ground. ``ground_serial`` changes whenever it asks to be repainted
    (every change of what it draws goes through ``update()``), so a cached ground knows it is
    stale. Its ``paint`` starts with ``if drawn_from_cache(painter): return``."""

    def __init__(self) -> None:
        super().__init__()
        self.ground_serial = next(_serials)

    def update(self, *args: Any) -> None:
        self.ground_serial = next(_serials)
        super().update(*args)


def drawn_from_cache(painter: QPainter) -> bool:
    """True when ``painter``'s frame has the ground from a :class:`GroundCache` already."""
    return bool(_from_cache) and _address(painter) in _from_cache


def frame_ended(painter: QPainter) -> None:
    """The frame painted by ``painter`` is over (its items are drawn): forget it."""
    if _from_cache:
        _from_cache.discard(_address(painter))


def _address(painter: QPainter) -> int:
    return int(shiboken6.getCppPointer(painter)[0])


def _device_size(device: QPaintDevice) -> tuple[QRectF, QSize]:
    """The painted device's rectangle in the painter's units and its size in pixels (a widget
    measures itself in units, a picture in pixels)."""
    ratio = device.devicePixelRatioF()
    if isinstance(device, QWidget):
        return (QRectF(0, 0, device.width(), device.height()),
                QSize(round(device.width() * ratio), round(device.height() * ratio)))
    logical = QRectF(0, 0, device.width() / ratio, device.height() / ratio)
    return logical, QSize(device.width(), device.height())


def _pixel_format(painter: QPainter) -> QImage.Format:
    """The format of the pixels ``painter`` draws into (a window's backing store is RGB32 on X11,
    an offscreen frame premultiplied ARGB32): edges drawn antialiased blend a little differently
    into each, so the ground is drawn into the same."""
    engine = painter.paintEngine()
    target = engine.paintDevice() if engine is not None else None
    if isinstance(target, QImage) and target.format() in PAINTED_FORMATS:
        return target.format()
    return QImage.Format.Format_ARGB32_Premultiplied


#: The formats a frame's pixels are copied in (those Qt's raster engine draws into directly).
PAINTED_FORMATS = frozenset({QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32_Premultiplied,
                             QImage.Format.Format_RGBX8888, QImage.Format.Format_RGBA8888_Premultiplied,
                             QImage.Format.Format_RGB16, QImage.Format.Format_RGB30,
                             QImage.Format.Format_A2RGB30_Premultiplied})


def _transform_key(transform: QTransform) -> tuple[float, ...]:
    return (transform.m11(), transform.m12(), transform.m13(), transform.m21(), transform.m22(),
            transform.m23(), transform.m31(), transform.m32(), transform.m33())


class GroundCache:
    """The ground of one view, painted once per transform (see the module's text)."""

    def __init__(self) -> None:
        self._image: QImage | None = None
        self._key: tuple[object, ...] | None = None  # what ``_image`` holds
        self._seen: tuple[object, ...] | None = None  # the last frame's, drawn without the cache
        self.made = 0  # how many times the picture was made (for tests)

    def clear(self) -> None:
        """Let the picture go (its memory too)."""
        self._image = None
        self._key = self._seen = None

    def paint(self, view: QGraphicsView, painter: QPainter, layers: Sequence[GroundLayer]) -> bool:
        """Draw the ground of ``view`` (the scene's background and ``layers``, lowest first) from
        the picture kept, making it first when this frame's transform, size and ground are those of
        the frame before; True when it did (the layers then paint nothing in this frame), False
        when the frame draws them itself."""
        device = painter.device()
        if device is None or not painter.worldTransform().isInvertible():
            frame_ended(painter)
            return False
        whole_items = not isinstance(device, QWidget)  # QGraphicsView.render: every item whole
        scene = view.scene()
        key = (_transform_key(painter.worldTransform()), device.width(), device.height(),
               _pixel_format(painter), device.devicePixelRatioF(), int(painter.renderHints().value),
               whole_items, scene.backgroundBrush().color().rgba(),
               tuple((layer.ground_serial, layer.isVisible(), layer.effectiveOpacity(), layer.zValue(),
                      _transform_key(layer.sceneTransform())) for layer in layers))
        if key != self._key:
            if key != self._seen:
                self._seen = key
                frame_ended(painter)  # a frame that ended without its foreground: its mark goes
                return False
            self._make(view, painter, layers, whole_items, key[3])
            self._key = key
        assert self._image is not None
        painter.save()
        painter.resetTransform()
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
        painter.drawImage(QPointF(0, 0), self._image)
        painter.restore()
        _from_cache.add(_address(painter))
        return True

    def _make(self, view: QGraphicsView, painter: QPainter, layers: Sequence[GroundLayer],
              whole_items: bool, pixel_format: QImage.Format) -> None:
        device = painter.device()
        device_rect, size = _device_size(device)
        ratio = device.devicePixelRatioF()
        if self._image is None or self._image.size() != size or self._image.format() != pixel_format:
            self._image = None
            self._image = QImage(size, pixel_format)
        image = self._image
        image.setDevicePixelRatio(ratio)
        colour = view.scene().backgroundBrush().color()
        image.fill(colour)
        view_transform = painter.worldTransform()
        inverse, _ = view_transform.inverted()
        out = QPainter(image)
        out.setRenderHints(painter.renderHints())
        out.setFont(painter.font())
        out.setPen(painter.pen())
        out.setBrush(painter.brush())
        out.setBrushOrigin(painter.brushOrigin())
        if whole_items:  # QGraphicsView.render clips to the viewport's rectangle and polygon, which
            # changes how antialiased edges blend (a window's full repaint sets no clip): the same clip,
            # the same pixels
            out.setClipRect(device_rect)
            outline = QPainterPath()
            outline.addPolygon(QPolygonF(device_rect))
            outline.closeSubpath()
            out.setClipPath(outline, Qt.ClipOperation.IntersectClip)
        out.setWorldTransform(view_transform)
        # the scene's background, over the whole device (as the view draws it: its own brush or the scene's)
        QGraphicsView.drawBackground(view, out, inverse.mapRect(device_rect))
        for layer in sorted(layers, key=lambda item: item.zValue()):
            if not layer.isVisible():
                continue
            transform = layer.sceneTransform() * view_transform
            bounds = layer.boundingRect()
            option = QStyleOptionGraphicsItem()
            if whole_items:
                option.exposedRect = bounds
            else:  # a full repaint of the viewport: its rectangle in the layer's units, within its bounds
                layer_inverse, ok = transform.inverted()
                option.exposedRect = layer_inverse.mapRect(device_rect).intersected(bounds) if ok else bounds
            option.rect = bounds.toRect()
            out.save()
            out.setWorldTransform(transform)
            opacity = layer.effectiveOpacity()
            if opacity < 1.0:
                out.setOpacity(opacity)
            layer.paint(out, option, None)
            out.restore()
        out.end()
        self.made += 1
