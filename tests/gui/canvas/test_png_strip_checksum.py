"""A big PNG read by strips is inflated raw, and the zlib stream's Adler-32 is checked on the
decoding thread instead: a stream whose checksum does not match its rows is refused as damaged, as
zlib refused it, wherever the checksum falls among the file's chunks and the inflater's pieces.

Issue 32: "a 16384² picture: first frame vs the peer … ≤ 1.0×" — the inflating thread is the one
step that cannot be shared out, and zlib spent about a quarter of its time summing the bytes it
gave; what is refused must not change.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest
from PySide6.QtGui import QImage

from vantage.gui.canvas import png_strips
from vantage.gui.canvas.png_strips import StripDecodeError, shrink_png

WIDTH, HEIGHT = 40, 30


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _rows() -> bytes:
    """RGB rows, each with the None filter, of varied pixels."""
    rng = np.random.default_rng(3)
    pixels = rng.integers(0, 256, (HEIGHT, WIDTH * 3), dtype=np.uint8)
    return b"".join(b"\x00" + row.tobytes() for row in pixels)


def _png(stream: bytes, idat_bytes: int = 1 << 20) -> bytes:
    """An RGB PNG of WIDTH × HEIGHT whose pixel data is the zlib ``stream``, cut into IDAT chunks of
    ``idat_bytes``."""
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    idats = b"".join(_chunk(b"IDAT", stream[i : i + idat_bytes]) for i in range(0, len(stream), idat_bytes))
    return png_strips.PNG_SIGNATURE + _chunk(b"IHDR", header) + idats + _chunk(b"IEND", b"")


def _with_adler(stream: bytes, adler: int) -> bytes:
    return stream[:-4] + adler.to_bytes(4, "big")


@pytest.fixture(params=["small pieces", "as read"])
def pieces(request, monkeypatch) -> str:
    """Inflate a few bytes at a time (the checksum then falls across pieces and chunks), or as
    a real picture is read."""
    if request.param == "small pieces":
        monkeypatch.setattr(png_strips, "INFLATE_IN", 3)
        monkeypatch.setattr(png_strips, "INFLATE_OUT", 7)
        monkeypatch.setattr(png_strips, "READ_BYTES", 5)
        monkeypatch.setattr(png_strips, "STRIP_BYTES", WIDTH * 4 * 4)  # strips of 4 rows
    return str(request.param)


@pytest.mark.parametrize("threaded", [True, False])
@pytest.mark.parametrize("idat_bytes", [1, 2, 5, 1 << 20])
def test_a_stream_whose_checksum_matches_is_read_as_qt_reads_it(pieces, threaded, idat_bytes):
    data = _png(zlib.compress(_rows(), 6), idat_bytes)
    result = shrink_png(data, 1, threaded=threaded)
    assert result == QImage.fromData(data, "PNG").convertToFormat(result.format())


@pytest.mark.parametrize("threaded", [True, False])
@pytest.mark.parametrize("idat_bytes", [1, 3, 1 << 20])
def test_a_stream_whose_checksum_does_not_match_is_refused_as_damaged(pieces, threaded, idat_bytes):
    stream = zlib.compress(_rows(), 6)
    wrong = _with_adler(stream, (zlib.adler32(_rows()) + 1) & 0xFFFFFFFF)
    with pytest.raises(zlib.error, match="incorrect data check"):  # what zlib itself says
        zlib.decompress(wrong)
    with pytest.raises(StripDecodeError, match="damaged"):
        shrink_png(_png(wrong, idat_bytes), 1, threaded=threaded)


def test_a_row_changed_under_its_checksum_is_refused_as_damaged(pieces):
    """A stored (uncompressed) stream with one pixel byte changed: it still inflates, only the
    checksum tells."""
    rows = _rows()
    stream = bytearray(zlib.compress(rows, 0))
    pixel = 15 * (WIDTH * 3 + 1) + 10  # a pixel's byte (not a filter byte) of row 15
    stream[len(stream) - 4 - len(rows) + pixel] ^= 0x40  # the rows are the one stored block's end
    with pytest.raises(StripDecodeError, match="damaged"):
        shrink_png(_png(bytes(stream)), 2)


def test_a_stream_that_is_not_zlib_is_refused_as_damaged():
    stream = bytearray(zlib.compress(_rows(), 6))
    stream[0] = 0x79  # compression method 9: not deflate
    with pytest.raises(StripDecodeError, match="damaged"):
        shrink_png(_png(bytes(stream)), 1)
    stream[0], stream[1] = 0x78, 0xBB  # a preset dictionary: PNG allows none (and the check bits hold)
    assert (0x78 << 8 | 0xBB) % 31 == 0
    with pytest.raises(StripDecodeError, match="damaged"):
        shrink_png(_png(bytes(stream)), 1)


def test_rows_all_there_without_the_checksum_are_read_as_before(pieces):
    """A stream cut after its last deflate block (the four checksum bytes missing) holds every row:
    it was shown before, and still is."""
    data = _png(zlib.compress(_rows(), 6)[:-4])
    result = shrink_png(data, 1)
    expected = np.frombuffer(_rows(), np.uint8).reshape(HEIGHT, WIDTH * 3 + 1)[:, 1:]
    rgb = result.convertToFormat(QImage.Format.Format_RGB888)
    got = np.frombuffer(rgb.constBits(), np.uint8, rgb.sizeInBytes()).reshape(HEIGHT, -1)[:, : WIDTH * 3]
    assert np.array_equal(got, expected)
