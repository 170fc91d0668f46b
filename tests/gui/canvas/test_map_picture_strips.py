"""A big PNG read by strips: the same pixels as Qt's whole decode, averaged by blocks, cancellable.

Issue 15: "a picture beyond what Qt can hold … is decoded downscaled"; a 38,400 × 25,600 px PNG is
3.9 GB decoded whole, so it is read a strip of rows at a time.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from picture_files import noisy_image, picture_bytes
from PySide6.QtGui import QImage

from vantage.gui.canvas import png_strips
from vantage.gui.canvas.png_strips import (
    DecodeCancelled,
    StripDecodeError,
    box_mean,
    shrink_png,
    strip_readable,
)


@pytest.mark.parametrize("fmt", [QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32,
                                 QImage.Format.Format_Grayscale8])
def test_by_strips_the_pixels_are_exactly_those_of_a_whole_decode(monkeypatch, fmt):
    """Each strip is decoded after the previous strip's last row, which its filters refer to: at
    factor 1 every pixel equals Qt's whole decode, however many strips there are."""
    data = picture_bytes(noisy_image(301, 203, fmt))
    whole = QImage.fromData(data, "PNG")
    for strip_bytes in (301 * 4 * 7, 301 * 4 * 64, png_strips.STRIP_BYTES):
        monkeypatch.setattr(png_strips, "STRIP_BYTES", strip_bytes)
        strips = shrink_png(data, 1)
        assert strips == whole.convertToFormat(strips.format())


def test_each_output_pixel_is_the_mean_of_its_block(monkeypatch):
    """Averaged down by a whole factor as it goes: each output pixel the mean of the block it covers
    (Qt's smooth scaling, an area average, to within 1 of the exact mean), strip after strip."""
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 99 * 4 * 6)  # strips of 6 rows: 2 blocks of 3
    image = noisy_image(99, 48, QImage.Format.Format_RGB32)
    small = shrink_png(picture_bytes(image), 3)
    assert (small.width(), small.height()) == (33, 16)
    source = np.frombuffer(image.constBits(), np.uint8).reshape(48, image.bytesPerLine())[:, : 99 * 4]
    source = source.reshape(48, 99, 4).astype(float)
    result = np.frombuffer(small.constBits(), np.uint8).reshape(16, small.bytesPerLine())[:, : 33 * 4]
    means = source[:, :, :3].reshape(16, 3, 33, 3, 3).mean(axis=(1, 3))
    assert np.abs(result.reshape(16, 33, 4)[:, :, :3] - means).max() <= 1.0


def test_a_side_that_is_no_multiple_of_the_factor_rounds_up():
    """⌈width / factor⌉ × ⌈height / factor⌉: the last row and column are kept, not cut."""
    small = shrink_png(picture_bytes(noisy_image(100, 47, QImage.Format.Format_RGB32)), 3)
    assert (small.width(), small.height()) == (34, 16)


def test_box_mean_rounds_to_nearest():
    pixels = np.array([[[0], [1]], [[1], [1]]], dtype=np.uint8)  # mean 0.75 → 1
    assert box_mean(pixels, 2).tolist() == [[[1]]]
    assert box_mean(np.array([[[2], [1]], [[0], [0]]], dtype=np.uint8), 2).tolist() == [[[1]]]  # 0.75


def test_the_progress_moves_to_the_end_and_false_stops_the_decode(monkeypatch):
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 200 * 4 * 10)
    data = picture_bytes(noisy_image(200, 100, QImage.Format.Format_RGB32))
    seen: list[float] = []
    shrink_png(data, 2, lambda f: seen.append(f) or True)
    assert seen == sorted(seen) and len(seen) == 10 and seen[-1] == 1.0
    calls: list[float] = []
    with pytest.raises(DecodeCancelled):
        shrink_png(data, 2, lambda f: calls.append(f) or len(calls) < 3)
    assert len(calls) == 3


def test_damaged_or_cut_short_pixels_are_refused_with_a_reason(tmp_path):
    data = picture_bytes(noisy_image(120, 90, QImage.Format.Format_RGB32))
    idat = data.index(b"IDAT")
    damaged = data[: idat + 30] + bytes(200) + data[idat + 230:]
    with pytest.raises(StripDecodeError, match="damaged|cut short"):
        shrink_png(damaged, 2)
    path = tmp_path / "cut.png"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(StripDecodeError, match="cut short"):
        shrink_png(path, 2)
    with pytest.raises(StripDecodeError, match="not a PNG"):
        shrink_png(b"GIF89a" + bytes(40), 2)


def test_only_eight_bit_non_interlaced_grey_or_rgb_pngs_are_read_by_strips():
    assert strip_readable(picture_bytes(noisy_image(20, 20, QImage.Format.Format_RGB32)))
    assert strip_readable(picture_bytes(noisy_image(20, 20, QImage.Format.Format_Grayscale8)))
    assert not strip_readable(picture_bytes(noisy_image(20, 20, QImage.Format.Format_RGBA64)))  # 16-bit
    assert not strip_readable(picture_bytes(noisy_image(20, 20, QImage.Format.Format_Indexed8)))  # palette
    assert not strip_readable(picture_bytes(noisy_image(20, 20, QImage.Format.Format_RGB32), "JPEG"))


def test_a_file_is_read_in_pieces_the_same_as_its_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(png_strips, "READ_BYTES", 1000)
    data = picture_bytes(noisy_image(150, 80, QImage.Format.Format_RGB32))
    path = Path(tmp_path / "map.png")
    path.write_bytes(data)
    assert shrink_png(path, 3) == shrink_png(data, 3)
