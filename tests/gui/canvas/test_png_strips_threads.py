"""A big PNG read by strips with its rows inflated on a second thread: the same pixels, the same
messages, and no thread left behind.

Issue 15: importing a 38,400 × 25,600 px picture "finishes with a progress bar in the GUI"; the
rows are inflated on a second thread while the strip before is decoded, so the bar must still move
on the caller's thread, Cancel must stop that thread, and the pixels must stay Qt's own.
"""

from __future__ import annotations

import struct
import threading
import zlib

import pytest
from picture_files import noisy_image, picture_bytes
from PySide6.QtGui import QImage

from vantage.gui.canvas import png_strips
from vantage.gui.canvas.png_strips import DecodeCancelled, StripDecodeError, shrink_png


def _feed_threads() -> list[threading.Thread]:
    """The inflating and averaging threads still running."""
    return [t for t in threading.enumerate() if t.is_alive() and (
        t.name == png_strips.FEED_THREAD or t.name.startswith(png_strips.SCALE_THREAD))]


@pytest.mark.parametrize("fmt", [QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32,
                                 QImage.Format.Format_Grayscale8])
def test_the_threaded_decode_gives_the_pixels_of_the_single_threaded_one_and_of_qt(monkeypatch, fmt):
    """"The pixels must stay exactly as today": at factor 1 both equal Qt's whole decode, and at
    factor 3 the threaded result equals the single-threaded one, pixel for pixel."""
    data = picture_bytes(noisy_image(23_000, 9, fmt))  # rows over a stored block (65,535 bytes) long
    whole = QImage.fromData(data, "PNG")
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 23_000 * 4 * 2)  # strips of 2 rows
    for factor in (1, 3):
        threaded = shrink_png(data, factor)
        single = shrink_png(data, factor, threaded=False)
        assert threaded == single
        if factor == 1:
            assert threaded == whole.convertToFormat(threaded.format())
    assert _feed_threads() == []


def test_strips_cut_anywhere_in_a_stored_block_give_the_same_pixels(monkeypatch):
    """The inflated rows arrive in pieces of any size (INFLATE_IN, INFLATE_OUT) and are laid into
    65,535-byte stored blocks as they come: however they are cut, the pixels are Qt's."""
    image = noisy_image(700, 230, QImage.Format.Format_RGB32)
    data = picture_bytes(image)
    whole = QImage.fromData(data, "PNG")
    for inflate_in, inflate_out in ((97, 1000), (5000, 70_001), (1 << 20, 32 << 20)):
        monkeypatch.setattr(png_strips, "INFLATE_IN", inflate_in)
        monkeypatch.setattr(png_strips, "INFLATE_OUT", inflate_out)
        monkeypatch.setattr(png_strips, "STRIP_BYTES", 700 * 4 * 33)
        result = shrink_png(data, 1)
        assert result == whole.convertToFormat(result.format())


def _checked_png(png: bytes) -> bytes:
    """The rows of the PNG file ``png`` inflated, every chunk's CRC and the zlib stream's Adler-32
    checked (Python's zlib refuses a wrong Adler-32; libpng only warns)."""
    assert png.startswith(png_strips.PNG_SIGNATURE)
    position, compressed = len(png_strips.PNG_SIGNATURE), []
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position : position + 8])
        data = png[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", png[position + 8 + length : position + 12 + length])
        assert crc == zlib.crc32(data, zlib.crc32(kind)), f"the CRC of a {kind!r} chunk"
        if kind == b"IDAT":
            compressed.append(data)
        position += 12 + length
    return zlib.decompress(b"".join(compressed))


def test_every_strip_is_a_whole_png_with_its_checksums_right(monkeypatch):
    """The checksums are computed on the decoding thread, over the rows between the stored blocks'
    headers (strips of 3 rows of 69,001 bytes each: rows across blocks, blocks across rows)."""
    image = noisy_image(23_000, 10, QImage.Format.Format_RGB32)
    data = picture_bytes(image)
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 23_000 * 4 * 3)
    strips: list[bytes] = []
    original = png_strips._read_png

    def kept(png: bytearray) -> QImage:
        strips.append(bytes(png))
        return original(png)

    monkeypatch.setattr(png_strips, "_read_png", kept)
    result = shrink_png(data, 1)
    assert result == QImage.fromData(data, "PNG").convertToFormat(result.format())
    assert len(strips) == 4  # 3 + 3 + 3 + 1 rows
    line = 23_000 * 3 + 1
    for index, png in enumerate(strips):
        rows = _checked_png(png)
        rows_with_reference = min(3, 10 - 3 * index) + (index > 0)
        assert len(rows) == rows_with_reference * line


def test_cancel_stops_the_inflating_thread(monkeypatch):
    """Cancel "stops the import": the progress callback returning False raises DecodeCancelled on
    the caller's thread, and the inflating thread has stopped by then (none left running)."""
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 400 * 4 * 4)
    monkeypatch.setattr(png_strips, "FEED_DEPTH", 1)
    data = picture_bytes(noisy_image(400, 400, QImage.Format.Format_RGB32))
    calls: list[tuple[float, str]] = []

    def cancel_at_the_second(fraction: float) -> bool:
        calls.append((fraction, threading.current_thread().name))
        assert _feed_threads(), "the rows are inflated on a second thread meanwhile"
        return len(calls) < 2

    with pytest.raises(DecodeCancelled):
        shrink_png(data, 2, cancel_at_the_second)
    assert len(calls) == 2
    assert {name for _, name in calls} == {threading.current_thread().name}  # the bar's own thread
    assert _feed_threads() == []


def test_damaged_pixel_data_reaches_the_caller_as_the_same_clear_message():
    """A damaged strip found on the inflating thread is raised on the caller's, with the message
    the single-threaded decode gives, and the thread is gone."""
    data = picture_bytes(noisy_image(300, 200, QImage.Format.Format_RGB32))
    idat = data.index(b"IDAT")
    damaged = data[: idat + 40] + bytes(300) + data[idat + 340:]
    messages = []
    for threaded in (True, False):
        with pytest.raises(StripDecodeError, match="damaged") as caught:
            shrink_png(damaged, 2, threaded=threaded)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert _feed_threads() == []


def test_a_picture_cut_short_says_how_many_rows_it_has(monkeypatch):
    """A cut-short file is refused saying so ("the PNG is cut short: N of 200 rows"), threaded or
    not, and no thread is left."""
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 300 * 4 * 10)
    data = picture_bytes(noisy_image(300, 200, QImage.Format.Format_RGB32))
    cut = data[: len(data) * 2 // 3]
    messages = []
    for threaded in (True, False):
        with pytest.raises(StripDecodeError, match=r"cut short(: [\d,]+ of 200 rows)?") as caught:
            shrink_png(cut, 1, threaded=threaded)
        messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert _feed_threads() == []


def test_an_error_in_the_progress_callback_stops_the_thread_too(monkeypatch):
    """Whatever stops the decode (here the callback failing), the inflating thread is stopped and
    waited for before the error goes on."""
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 300 * 4 * 5)
    data = picture_bytes(noisy_image(300, 100, QImage.Format.Format_RGB32))

    def broken(fraction: float) -> bool:
        raise RuntimeError("the bar broke")

    with pytest.raises(RuntimeError, match="the bar broke"):
        shrink_png(data, 1, broken)
    assert _feed_threads() == []


@pytest.mark.parametrize("fmt", [QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32])
def test_the_shrunk_picture_is_written_with_its_exact_pixels(monkeypatch, fmt):
    """The shrunk picture is "written as a Sub-filtered PNG at zlib level 1", a band deflated on a
    second thread while the next is filtered: Qt reads back every pixel as it was, and no
    deflating thread is left."""
    monkeypatch.setattr(png_strips, "ENCODE_ROWS", 7)  # many bands, more than wait at once
    image = noisy_image(257, 100, fmt)
    written = QImage.fromData(png_strips.encode_png(image), "PNG")
    assert written.convertToFormat(QImage.Format.Format_ARGB32) == image.convertToFormat(
        QImage.Format.Format_ARGB32)
    assert not [t for t in threading.enumerate() if t.name.startswith(png_strips.ENCODE_THREAD)]


def test_strips_are_averaged_down_on_a_third_thread_while_the_next_is_decoded(monkeypatch):
    """The first strip tells the result's format and is averaged on the caller's thread; the others
    on the averaging thread. The pixels are those of the single-threaded decode."""
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 300 * 4 * 6)
    data = picture_bytes(noisy_image(300, 60, QImage.Format.Format_RGB32))
    threads: list[str] = []
    original = png_strips._averaged

    def recorded(*args):  # noqa: ANN002, ANN202
        threads.append(threading.current_thread().name)
        return original(*args)

    monkeypatch.setattr(png_strips, "_averaged", recorded)
    result = shrink_png(data, 3)
    assert threads[0] == threading.current_thread().name
    assert len(threads) == 10 and all(name.startswith(png_strips.SCALE_THREAD) for name in threads[1:])
    threads.clear()
    assert shrink_png(data, 3, threaded=False) == result
    assert set(threads) == {threading.current_thread().name}
    assert _feed_threads() == []


def test_a_failure_on_the_averaging_thread_reaches_the_caller_and_no_thread_is_left(monkeypatch):
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 300 * 4 * 6)
    data = picture_bytes(noisy_image(300, 60, QImage.Format.Format_RGB32))
    calls: list[int] = []
    original = png_strips._averaged

    def failing(*args):  # noqa: ANN002, ANN202
        calls.append(1)
        if len(calls) == 3:
            raise MemoryError("no memory for the strip")
        return original(*args)

    monkeypatch.setattr(png_strips, "_averaged", failing)
    with pytest.raises(MemoryError, match="no memory for the strip"):
        shrink_png(data, 3)
    assert _feed_threads() == []
