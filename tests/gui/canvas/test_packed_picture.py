"""A big opaque picture is held at 3 bytes a pixel (issue 32: the GM and player windows on an 8192 px
picture took 1.16 × the memory of a bare PySide6 viewer; an opaque picture needs no alpha byte).

Issue 15: "the GM and player windows share one decoded picture"; item 2: "a level-of-detail
pyramid (the picture pre-scaled by halves, lazily, the level nearest the view scale drawn)" — the
packed picture shows the same pixels at every zoom as the picture held at 4 bytes would.
"""

from __future__ import annotations

import numpy as np
import pytest
from picture_files import noisy_image, picture_bytes, write_quarters
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap

from vantage.gui.canvas import map_picture, picture_item, png_strips
from vantage.gui.canvas.map_picture import (
    PACKED_FORMAT,
    MapPicture,
    PictureKey,
    decode_for_showing,
    halved,
    shared_picture,
    shown_format,
    smaller_levels,
)
from vantage.gui.canvas.picture_item import draw_packed_part


def _noise_rgb32(width: int, height: int, seed: int = 7) -> QImage:
    pixels = np.random.default_rng(seed).integers(0, 256, (height, width, 4), dtype=np.uint8)
    pixels[..., 3] = 255
    return QImage(pixels.tobytes(), width, height, width * 4, QImage.Format.Format_RGB32).copy()


@pytest.fixture
def small_packing(monkeypatch):
    """Pictures of 10,000 pixels or more count as big (the real bound is 16 million)."""
    monkeypatch.setattr(map_picture, "PACKED_FROM_PIXELS", 10_000)


def test_a_big_opaque_picture_is_held_at_three_bytes_a_pixel_and_a_small_one_at_four(small_packing, tmp_path):
    big, _ = decode_for_showing(write_quarters(tmp_path / "big.png", 200, 100))
    assert big.format() == PACKED_FORMAT and big.bytesPerLine() < 200 * 4
    small, _ = decode_for_showing(write_quarters(tmp_path / "small.png", 90, 100))  # 9,000 pixels
    assert small.format() == QImage.Format.Format_RGB32


def test_packing_keeps_every_pixel_and_converts_in_place(small_packing):
    image = _noise_rgb32(150, 90)
    expected = image.copy()
    packed = shown_format(image)
    assert packed is image and packed.format() == PACKED_FORMAT
    assert packed.convertToFormat(QImage.Format.Format_RGB32) == expected


def test_rgba_with_every_pixel_opaque_is_packed_and_one_clear_pixel_keeps_the_alpha(small_packing, tmp_path):
    """Map exports are often RGBA with every pixel opaque."""
    opaque = QImage(160, 80, QImage.Format.Format_ARGB32)
    opaque.fill(QColor(10, 200, 30, 255))
    opaque.save(str(tmp_path / "opaque.png"))
    clear = QImage(opaque)
    clear.setPixelColor(150, 75, QColor(0, 0, 0, 0))  # the last band of rows, near the right edge
    clear.save(str(tmp_path / "clear.png"))
    shown, _ = decode_for_showing(tmp_path / "opaque.png")
    assert shown.format() == PACKED_FORMAT and QColor(shown.pixel(5, 5)).green() == 200
    kept, _ = decode_for_showing(tmp_path / "clear.png")
    assert kept.format() == QImage.Format.Format_ARGB32_Premultiplied
    assert kept.pixelColor(150, 75).alpha() == 0


def test_the_packed_picture_stays_packed_as_the_shared_pixmap_of_both_windows(small_packing, tmp_path, qapp):
    picture = shared_picture(write_quarters(tmp_path / "map.png", 300, 200))
    assert picture.packed and picture.pixmap.toImage().format() == PACKED_FORMAT
    assert not picture.pixmap.hasAlpha()
    assert shared_picture(tmp_path / "map.png") is picture


@pytest.mark.parametrize("size", [(1001, 1337), (3, 3), (700, 2049)])
def test_the_levels_of_a_packed_picture_are_those_of_the_picture_at_four_bytes(size):
    image = _noise_rgb32(*size)
    packed = image.convertToFormat(PACKED_FORMAT)
    for times in (1, 2, 3):
        level = halved(packed, times)
        assert level.format() == QImage.Format.Format_RGB32  # the smaller levels draw quickly
        assert level == halved(image, times)
    assert smaller_levels(packed).keys() == smaller_levels(image).keys()


def test_a_packed_picture_is_never_halved_through_a_wider_copy(qapp, monkeypatch):
    """A level made while a view zooms is made from the packed pixels themselves."""
    converted: list[QImage.Format] = []
    original = QImage.convertToFormat

    def spy(self, fmt, *args):  # noqa: ANN001, ANN202
        converted.append(fmt)
        return original(self, fmt, *args)

    packed = _noise_rgb32(512, 256).convertToFormat(PACKED_FORMAT)
    picture = MapPicture(PictureKey("x", 0, 0), packed, (512, 256))
    assert picture.packed
    monkeypatch.setattr(QImage, "convertToFormat", spy)
    pixmap, index = picture.level(1)
    assert index == 1 and (pixmap.width(), pixmap.height()) == (256, 128)
    assert converted == []


def _packed_pixmap(image: QImage) -> QPixmap:
    return QPixmap.fromImage(image.convertToFormat(PACKED_FORMAT), Qt.ImageConversionFlag.NoFormatConversion)


def _drawn(pixmap: QPixmap, target: QRectF, source: QRectF, packed: bool) -> QImage:
    frame = QImage(int(target.width()) + 20, int(target.height()) + 20, QImage.Format.Format_RGB32)
    frame.fill(QColor(0, 0, 0))
    painter = QPainter(frame)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
    if packed:
        draw_packed_part(painter, target, pixmap, source)
    else:
        painter.drawPixmap(target, pixmap, source)
    painter.end()
    return frame


@pytest.mark.parametrize("scale", [0.6, 1.0, 1.7, 3.0])
@pytest.mark.parametrize("origin", [(0.0, 0.0), (37.3, 11.6), (-1.0, -1.0)])
def test_a_zoomed_in_frame_of_the_packed_picture_has_the_pixels_of_the_picture_at_four_bytes(
        qapp, scale, origin):
    """Only the part drawn is widened to 4 bytes a pixel; the smooth filter reads no pixel outside
    it, in the middle and at the picture's edges (origin 0, 0 and the far corner)."""
    image = _noise_rgb32(420, 260)
    wide = QPixmap.fromImage(image)
    packed = _packed_pixmap(image)
    assert packed.toImage().format() == PACKED_FORMAT
    target = QRectF(10, 10, 180, 120)
    source = QRectF(origin[0], origin[1], target.width() / scale, target.height() / scale)
    if origin == (-1.0, -1.0):  # the part that ends at the far corner
        source.moveBottomRight(QPointF(image.width(), image.height()))
    expected = _drawn(wide, target, source, packed=False)
    shown = _drawn(packed, target, source, packed=True)
    assert shown == expected


def test_a_large_part_is_drawn_straight_from_the_packed_pixels_without_a_copy(qapp, monkeypatch):
    """A fitted frame drawn before the smaller levels come would otherwise widen the whole picture
    (an 8192 px one: 256 MB more at the peak)."""
    monkeypatch.setattr(picture_item, "PART_MAX_PIXELS", 1000)
    image = _noise_rgb32(200, 100)
    packed = _packed_pixmap(image)
    copies: list[object] = []
    original = QImage.copy

    def spy(self, *args):  # noqa: ANN001, ANN202
        copies.append(args)
        return original(self, *args)

    monkeypatch.setattr(QImage, "copy", spy)
    shown = _drawn(packed, QRectF(10, 10, 100, 50), QRectF(0, 0, 200, 100), packed=True)
    assert copies == []
    assert QColor(shown.pixel(60, 35)) != QColor(0, 0, 0)  # drawn all the same


@pytest.mark.parametrize("fmt", [QImage.Format.Format_RGB32, QImage.Format.Format_Grayscale8])
def test_a_picture_shrunk_by_strips_comes_packed_strip_by_strip_with_the_same_pixels(monkeypatch, fmt):
    """An opaque PNG decoded by strips is written packed as each strip comes (no whole picture
    converted at the end); its pixels are those of the picture decoded at 4 bytes a pixel."""
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 301 * 4 * 6)  # several strips
    data = picture_bytes(noisy_image(301, 77, fmt))
    for factor in (1, 3):
        wide = png_strips.shrink_png(data, factor)
        packed = png_strips.shrink_png(data, factor, opaque_format=PACKED_FORMAT)
        assert packed.format() == PACKED_FORMAT
        assert packed == wide.convertToFormat(PACKED_FORMAT)


def test_a_picture_with_alpha_shrunk_by_strips_keeps_its_alpha(monkeypatch):
    data = picture_bytes(noisy_image(301, 77, QImage.Format.Format_ARGB32))  # partly clear columns
    shrunk = png_strips.shrink_png(data, 2, opaque_format=PACKED_FORMAT)
    assert shrunk.hasAlphaChannel() and shrunk == png_strips.shrink_png(data, 2)


def test_a_big_png_shown_downscaled_is_packed(small_packing, monkeypatch, tmp_path):
    """A picture over the limit (here 0.2 MB) is decoded by strips, downscaled and packed."""
    monkeypatch.setattr(map_picture, "SHOWN_MAX_MB", 0.2)
    picture = write_quarters(tmp_path / "big.png", 600, 400)
    image, full = decode_for_showing(picture)
    assert full == (600, 400) and image.width() < 600
    assert image.format() == PACKED_FORMAT
