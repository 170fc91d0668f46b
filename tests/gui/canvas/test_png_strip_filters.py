"""A big PNG read by strips: strips whose rows use only the None, Sub and Up filters are unfiltered
with numpy (no second copy of the rows, no checksums, no libpng pass), any other strip by Qt's
reader — the pixels are Qt's either way, whichever kinds of strips follow each other.

Issue 32: "a 16384² picture: first frame vs the floor" — the strip decoder did ~1.6 × the floor's
CPU; the pixels must stay exactly those of Qt's whole decode.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest
from PySide6.QtGui import QImage

from vantage.gui.canvas import png_strips
from vantage.gui.canvas.png_strips import adler32_combine, shrink_png

COLOUR_TYPES = {1: 0, 2: 4, 3: 2, 4: 6}  # samples per pixel → PNG colour type


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _filtered(pixels: np.ndarray, filters: list[int]) -> bytes:
    """``pixels`` (rows × width × samples, uint8) as PNG rows, row ``y`` filtered with
    ``filters[y]`` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth), each byte predicted from the
    unfiltered bytes to its left (same colour), above and above-left."""
    height, width, samples = pixels.shape
    flat = pixels.reshape(height, width * samples).astype(np.int16)
    out = []
    for y, kind in enumerate(filters):
        row = flat[y]
        left = np.concatenate([np.zeros(samples, np.int16), row[:-samples]])
        above = flat[y - 1] if y else np.zeros_like(row)
        above_left = np.concatenate([np.zeros(samples, np.int16), above[:-samples]])
        if kind == 0:
            predicted = np.zeros_like(row)
        elif kind == 1:
            predicted = left
        elif kind == 2:
            predicted = above
        elif kind == 3:
            predicted = (left + above) // 2
        else:
            p = left + above - above_left
            pa, pb, pc = np.abs(p - left), np.abs(p - above), np.abs(p - above_left)
            predicted = np.where((pa <= pb) & (pa <= pc), left, np.where(pb <= pc, above, above_left))
        out.append(bytes([kind]) + ((row - predicted) % 256).astype(np.uint8).tobytes())
    return b"".join(out)


def png_with_filters(pixels: np.ndarray, filters: list[int], extra: bytes = b"") -> bytes:
    height, width, samples = pixels.shape
    header = struct.pack(">IIBBBBB", width, height, 8, COLOUR_TYPES[samples], 0, 0, 0)
    return (png_strips.PNG_SIGNATURE + _chunk(b"IHDR", header) + extra
            + _chunk(b"IDAT", zlib.compress(_filtered(pixels, filters), 6)) + _chunk(b"IEND", b""))


def _pixels(width: int, height: int, samples: int) -> np.ndarray:
    rng = np.random.default_rng(7)
    gradient = (np.arange(width)[None, :, None] + np.arange(height)[:, None, None] * 3) % 256
    return ((gradient + rng.integers(0, 40, (height, width, samples))) % 256).astype(np.uint8)


def _qt(data: bytes, fmt: QImage.Format) -> QImage:
    return QImage.fromData(data, "PNG").convertToFormat(fmt)


@pytest.fixture
def read_by_qt(monkeypatch):
    """The strips Qt's reader decodes (each strip's PNG, counted)."""
    read: list[int] = []
    original = png_strips._read_png

    def counted(png):  # noqa: ANN001, ANN202
        read.append(1)
        return original(png)

    monkeypatch.setattr(png_strips, "_read_png", counted)
    return read


@pytest.mark.parametrize("samples", [1, 3, 4])
def test_none_sub_and_up_rows_are_unfiltered_without_qts_reader_and_give_qts_pixels(
        monkeypatch, read_by_qt, samples):
    """"The pixels must stay exactly as today": rows filtered None, Sub and Up in any order (an Up
    row on the picture's first row refers to zeros, one on a strip's first row to the strip
    before's last), strips of 5 rows, at factor 1 equal Qt's whole decode; no strip goes through
    Qt's reader."""
    width, height = 37, 23
    monkeypatch.setattr(png_strips, "STRIP_BYTES", width * 4 * 5)
    filters = [2, 1, 0, 2, 2, 1, 1, 0, 2, 1, 2, 2, 0, 1, 2, 2, 1, 0, 0, 2, 1, 1, 2]
    data = png_with_filters(_pixels(width, height, samples), filters)
    for threaded in (True, False):
        result = shrink_png(data, 1, threaded=threaded)
        assert result == _qt(data, result.format())
    assert read_by_qt == []


def test_strips_with_average_or_paeth_rows_go_to_qts_reader_between_numpy_strips(monkeypatch, read_by_qt):
    """A strip holding an Average or Paeth row is decoded by Qt's reader, the others here; each
    takes its reference row from the strip before whichever decoded it, and every pixel is Qt's."""
    width, height = 41, 30
    monkeypatch.setattr(png_strips, "STRIP_BYTES", width * 4 * 5)  # six strips of 5 rows
    filters = [1] * 5 + [2, 2, 4, 2, 2] + [2] * 5 + [1, 3, 1, 1, 1] + [2, 0, 1, 2, 2] + [4] * 5
    data = png_with_filters(_pixels(width, height, 3), filters)
    result = shrink_png(data, 1)
    assert result == _qt(data, result.format())
    assert len(read_by_qt) == 3


@pytest.mark.parametrize("samples", [1, 3, 4])
def test_averaged_down_the_numpy_strips_give_the_pixels_of_qts_reader_strips(monkeypatch, samples):
    """At a factor of 3 (an odd size: the last blocks partial) the picture is the same, pixel for
    pixel and in the same format, whether its strips are unfiltered here or all read by Qt's
    reader, packed or not (RGBA averaged premultiplied either way: clear pixels do not darken the
    mean); at factor 1 too."""
    width, height = 301, 95
    monkeypatch.setattr(png_strips, "STRIP_BYTES", width * 4 * 12)
    pixels = _pixels(width, height, samples)
    if samples == 4:
        pixels[:, ::7, 3] = 0  # clear pixels: their colour must not darken the mean
    data = png_with_filters(pixels, [1, 2, 2, 0, 1] * 19)
    packed = QImage.Format.Format_RGB888
    here = [shrink_png(data, 3), shrink_png(data, 3, opaque_format=packed), shrink_png(data, 1)]
    monkeypatch.setattr(png_strips, "NUMPY_FILTERS", frozenset())
    by_qt = [shrink_png(data, 3), shrink_png(data, 3, opaque_format=packed), shrink_png(data, 1)]
    assert here == by_qt
    assert [image.format() for image in here] == [image.format() for image in by_qt]
    if samples == 3:
        assert here[0].format() == QImage.Format.Format_RGB32  # the format Qt's reader's strips give


def test_grey_with_alpha_and_a_transparent_colour_are_read_by_qts_reader(read_by_qt):
    """Greyscale with alpha (no QImage format holds it) and a transparent colour (tRNS) stay Qt's."""
    grey_alpha = png_with_filters(_pixels(20, 12, 2), [1] * 12)
    result = shrink_png(grey_alpha, 1)
    assert result == _qt(grey_alpha, result.format()) and len(read_by_qt) == 1
    transparent = _chunk(b"tRNS", bytes([0, 10, 0, 20, 0, 30]))
    keyed = png_with_filters(_pixels(20, 12, 3), [1] * 12, extra=transparent)
    result = shrink_png(keyed, 1)
    assert result == _qt(keyed, result.format()) and len(read_by_qt) == 2


def test_a_damaged_filter_byte_is_refused_as_damaged_data():
    """A row whose filter byte is none of the five is not taken for numpy's: Qt's reader refuses
    it, and the message says the data is damaged."""
    pixels = _pixels(16, 8, 3)
    raw = bytearray(_filtered(pixels, [1] * 8))
    raw[3 * (16 * 3 + 1)] = 9
    header = struct.pack(">IIBBBBB", 16, 8, 8, 2, 0, 0, 0)
    data = (png_strips.PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(bytes(raw)))
            + _chunk(b"IEND", b""))
    with pytest.raises(png_strips.StripDecodeError, match="damaged"):
        shrink_png(data, 1)


def test_adler32_combine_is_zlibs():
    """A strip's Adler-32 is its reference row's combined with its rows' (computed as they came)."""
    rng = np.random.default_rng(1)
    for first_length, second_length in ((0, 5), (1, 0), (7, 70_001), (65_521 * 2 + 3, 1)):
        first = rng.integers(0, 256, first_length, dtype=np.uint8).tobytes()
        second = rng.integers(0, 256, second_length, dtype=np.uint8).tobytes()
        assert adler32_combine(zlib.adler32(first), zlib.adler32(second), second_length) == zlib.adler32(
            first + second)
