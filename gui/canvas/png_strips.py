"""A big PNG decoded straight to a smaller picture, a strip of rows at a time, never whole.

Qt's PNG reader decodes the whole picture before it scales it (a 38,400 × 25,600 px map is 3.9 GB
of pixels), so a picture larger than memory allows is read here instead: the compressed rows are
inflated as a stream, every strip of rows is unfiltered — which needs only the previous strip's
last row, all a PNG row refers to — and averaged down by a whole factor on the spot. Memory stays
at a few strips and the result.

A strip whose rows all use the None, Sub or Up filter (a greyscale, RGB or RGBA picture without a
transparent colour) is unfiltered here with numpy, whole rows at a time (:func:`_unfiltered`: Sub
is a running sum along the row, Up a sum with the row above), straight from the inflated rows. Any
other strip — Average or Paeth rows, whose every byte depends on the one just decoded, or greyscale
with alpha — is decoded by Qt's own PNG reader (libpng, in C) as a small PNG of its own: the strip's rows laid
into stored deflate blocks after the previous strip's last row, checksummed, and read by Qt from
the same buffer strip after strip. The numpy path skips that copy, both checksums (ours and
libpng's) and libpng's second pass over the rows: on a 16,384² Sub-filtered map the decode takes
about the floor's CPU (Qt decoding the whole picture once) instead of 1.6 × it.

The work is a pipeline of three threads: the rows are inflated on a second thread
(:class:`StripFeed`: zlib inflates without Python's lock) — all that thread does, as inflating is
the one step that cannot be shared out (it is the longest: on a 16,384² map 1.8 s of the 3.5 s of
CPU; the pieces zlib gives are handed on as they are, not copied there); the caller's thread lays
a strip's pieces into a reused buffer and unfilters or decodes it (numpy and QImageReader.read let
go of the lock); a third averages the strip before down into the result. The stream is inflated
raw (its two-byte header checked by hand) and its Adler-32 summed and checked on the caller's
thread (:func:`_checked`): zlib summing every byte as it inflated was a quarter of the inflating
thread's CPU (≈ 0.4 s of 2.2 on a 16,384² map, issue 32), and a stream whose checksum does not
match is refused as damaged as before. Progress and Cancel stay
on the caller's thread; the other threads are stopped and waited for before :func:`shrink_png`
returns or raises.

Non-interlaced 8-bit greyscale, greyscale + alpha, RGB and RGBA PNGs are read this way (what map
makers export); :func:`strip_readable` says whether a picture is one.
"""

from __future__ import annotations

import io
import queue
import struct
import threading
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import nullcontext, suppress
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import BinaryIO

import numpy as np
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QImage, QImageReader

from vantage.engine.importers.image_header import PNG_SIGNATURE

#: Told the share of the rows read so far (0 to 1); returns False to stop the decode.
Progress = Callable[[float], bool]

#: About this many bytes of pixels are decoded at a time (small enough that the C library reuses
#: the same memory strip after strip instead of fresh pages each time: faster than 32 MB here).
STRIP_BYTES = 8 * 1024**2
#: Colour types read: greyscale, RGB, greyscale + alpha, RGBA → samples per pixel.
SAMPLES = {0: 1, 2: 3, 4: 2, 6: 4}
#: Compressed bytes read from the file at a time.
READ_BYTES = 4 * 1024**2
#: The name of the thread that averages the decoded strips down (``threaded``), and how many
#: decoded strips may wait for it (memory: a strip each).
SCALE_THREAD = "vantage-png-scale"
SCALE_DEPTH = 2


class StripDecodeError(ValueError):
    """The PNG cannot be decoded by strips: damaged, cut short, or a kind this reader skips."""


class DecodeCancelled(Exception):
    """The progress callback asked the decode to stop."""


@dataclass(frozen=True)
class PngLayout:
    width: int
    height: int
    colour_type: int
    extra: tuple[tuple[bytes, bytes], ...]  # chunks the strips need (tRNS)

    @property
    def samples(self) -> int:
        return SAMPLES[self.colour_type]

    @property
    def row_bytes(self) -> int:
        return self.width * self.samples


def strip_readable(head: bytes) -> bool:
    """True when the PNG whose first bytes are ``head`` is one this module reads (8 bits per
    sample, greyscale / RGB with or without alpha, not interlaced)."""
    if not head.startswith(PNG_SIGNATURE) or len(head) < 33 or head[12:16] != b"IHDR":
        return False
    depth, colour, _, _, interlace = head[24:29]
    return depth == 8 and colour in SAMPLES and interlace == 0


def shrink_png(
    source: bytes | Path, factor: int, progress: Progress | None = None, *, threaded: bool = True,
    opaque_format: QImage.Format | None = None,
) -> QImage:
    """The PNG ``source`` (its bytes or its file) shrunk by the whole ``factor`` to ⌈width / factor⌉
    × ⌈height / factor⌉ px (each output pixel the mean of the ``factor`` × ``factor`` block it
    covers: Qt's smooth scaling, strip by strip), as an RGB32, premultiplied ARGB32 or Grayscale8
    QImage. StripDecodeError says why it cannot be read; DecodeCancelled when ``progress`` returned
    False. ``threaded``: the rows are inflated on a second thread (:class:`StripFeed`) while this one
    decodes the strip before; ``progress`` is always called on the calling thread.
    ``opaque_format``: the format of the result when the PNG has no alpha channel (RGB888 takes 3
    bytes a pixel), each strip converted as it comes instead of the whole picture at the end."""
    if factor < 1:
        raise ValueError(f"factor must be at least 1, not {factor}")
    if isinstance(source, Path):
        with open(source, "rb") as stream:
            return _shrink(stream, factor, progress, threaded, opaque_format)
    return _shrink(io.BytesIO(source), factor, progress, threaded, opaque_format)


def _shrink(stream: BinaryIO, factor: int, progress: Progress | None, threaded: bool,
            opaque_format: QImage.Format | None) -> QImage:
    if stream.read(8) != PNG_SIGNATURE:
        raise StripDecodeError("not a PNG")
    chunks = _chunks(stream)
    layout, first_length = _layout(stream, chunks)
    out_w, out_h = -(-layout.width // factor), -(-layout.height // factor)
    rows_per_strip = max(factor, STRIP_BYTES // max(1, layout.width * 4) // factor * factor)
    sizes = _strip_sizes(layout, rows_per_strip)

    stop = threading.Event()
    line = layout.row_bytes + 1
    # the strip being laid out and decoded (on the decoding thread; given back after it)
    buffers = RawBuffers(2, rows_per_strip * line, stop)

    def inflated() -> Iterator[InflatedStrip]:
        return _inflated_strips(_idat_pieces(stream, first_length, chunks), sizes, line)

    feed = StripFeed(inflated, stop) if threaded else None
    try:
        pieces = feed if feed is not None else inflated()
        strips = _checked(pieces, buffers)
        return _decoded(strips, layout, factor, (out_w, out_h), progress, opaque_format, threaded,
                        buffers)
    finally:
        if feed is not None:
            feed.close()


def _checked(strips: Iterable[InflatedStrip], buffers: RawBuffers) -> Iterator[RawStrip]:
    """The inflated ``strips`` laid out in ``buffers``, their bytes summed on this (the decoding)
    thread as the zlib stream's Adler-32 sums them; the last is checked against the stream's own
    (a mismatch: damaged data, as zlib would say)."""
    adler = 1
    for strip in strips:
        expected = strip.adler
        raw = strip.laid_out(buffers)
        adler = zlib.adler32(memoryview(raw.data)[: raw.length], adler)
        if expected is not None and expected != adler:
            raise StripDecodeError("the PNG's pixel data is damaged (its checksum does not match)")
        yield raw


def _decoded(strips: Iterable[RawStrip], layout: PngLayout, factor: int, size: tuple[int, int],
             progress: Progress | None, opaque_format: QImage.Format | None = None,
             threaded: bool = False, buffers: RawBuffers | None = None) -> QImage:
    """The inflated ``strips`` decoded in turn (each after the previous one's last row), averaged
    down by ``factor`` into one picture of ``size`` (in ``opaque_format`` when it has no alpha).
    ``threaded``: each strip after the first is averaged down and written on a third thread
    (:data:`SCALE_THREAD`) while this one decodes the next; at most SCALE_DEPTH wait. Each strip's
    buffer goes back to ``buffers`` once it is decoded."""
    out_w, out_h = size
    result: QImage | None = None
    target: np.ndarray | None = None
    reference: bytes | None = None
    done = written = 0
    frame = QByteArray()  # the PNG a strip is framed in for Qt's reader, used again strip after strip
    # the arrays strips are unfiltered into: a strip's is read by the averaging thread until
    # SCALE_DEPTH strips later
    pixel_buffers = PixelBuffers(SCALE_DEPTH + 2 if threaded else 1)

    def place(decoded: object, rows: QImage, at: int, small: QImage | None = None) -> None:
        assert result is not None and target is not None
        if small is None:
            small = _averaged(decoded, rows, out_w, -(-rows.height() // factor), factor)
        if small.format() != result.format():
            small = small.convertToFormat(result.format())
        block = _pixels(small)
        target[at : at + block.shape[0]] = block

    with ThreadPoolExecutor(1, thread_name_prefix=SCALE_THREAD) if threaded else nullcontext() as scaler:
        pending: deque[Future[None]] = deque()
        for strip in strips:
            decoded, rows, reference = _decode_strip(strip, reference, layout, frame, pixel_buffers)
            if buffers is not None:
                buffers.give_back(strip.data)
            first: QImage | None = None
            if result is None:  # the first strip tells the result's format
                small = _averaged(decoded, rows, out_w, -(-rows.height() // factor), factor)
                fmt = small.format() if opaque_format is None or small.hasAlphaChannel() else opaque_format
                fmt = READER_FORMATS.get(fmt, fmt)  # unfiltered here: the format Qt's reader gives
                result = QImage(out_w, out_h, fmt)
                if result.isNull():
                    raise StripDecodeError(
                        f"there is not enough memory for a {out_w:,} × {out_h:,} px picture")
                target = _pixels(result)
                first = small
            if scaler is None or first is not None:
                place(decoded, rows, written, first)
            else:
                pending.append(scaler.submit(place, decoded, rows, written))
                while len(pending) > SCALE_DEPTH:
                    pending.popleft().result()
            written += -(-rows.height() // factor)
            done += rows.height()
            del decoded, rows, first
            if progress is not None and not progress(done / layout.height):
                raise DecodeCancelled("stopped")
        while pending:
            pending.popleft().result()
    if done < layout.height or result is None:
        raise StripDecodeError(f"the PNG is cut short: {done:,} of {layout.height:,} rows")
    return result


def _averaged(decoded: object, rows: QImage, width: int, height: int, factor: int) -> QImage:
    """The strip ``rows`` (a view into ``decoded``) averaged down to ``width`` × ``height``: Qt's
    smooth scaling, an area average when it shrinks (each output pixel the mean of the block of
    pixels it covers)."""
    if factor == 1:
        return rows.copy()
    return rows.scaled(width, height, Qt.AspectRatioMode.IgnoreAspectRatio,
                       Qt.TransformationMode.SmoothTransformation)


def _pixels(image: QImage) -> np.ndarray:
    """The pixels of ``image`` as a writable rows × width × bytes-per-pixel array (its memory)."""
    depth = image.depth() // 8
    stride = image.bytesPerLine()
    flat = np.frombuffer(image.bits(), dtype=np.uint8, count=stride * image.height())
    return flat.reshape(image.height(), stride)[:, : image.width() * depth].reshape(
        image.height(), image.width(), depth)


def box_mean(pixels: np.ndarray, factor: int) -> np.ndarray:
    """``pixels`` (rows × columns × channels, uint8) shrunk by ``factor``: each output pixel the
    rounded mean of its ``factor`` × ``factor`` block, the blocks at the bottom and right edge the
    mean of what they hold."""
    if factor == 1:
        return pixels
    rows, columns, _ = pixels.shape
    wide = np.uint16 if factor <= 16 else np.uint32  # 255 × 16² still fits in 16 bits
    down = np.zeros((-(-rows // factor), columns, pixels.shape[2]), dtype=wide)
    row_counts = np.zeros(down.shape[0], dtype=np.float32)
    for i in range(factor):
        part = pixels[i::factor]
        down[: part.shape[0]] += part
        row_counts[: part.shape[0]] += 1
    out = np.zeros((down.shape[0], -(-columns // factor), pixels.shape[2]), dtype=wide)
    column_counts = np.zeros(out.shape[1], dtype=np.float32)
    for j in range(factor):
        part = down[:, j::factor]
        out[:, : part.shape[1]] += part
        column_counts[: part.shape[1]] += 1
    if rows % factor == 0 and columns % factor == 0:
        return ((out + (factor * factor) // 2) // (factor * factor)).astype(np.uint8)
    counts = row_counts[:, None, None] * column_counts[None, :, None]
    return (out / counts + 0.5).astype(np.uint8)


def _chunks(stream: BinaryIO) -> Iterator[tuple[bytes, int]]:
    """(kind, length) of each chunk, the stream left at its data; the caller reads or skips it."""
    while True:
        head = stream.read(8)
        if len(head) < 8:
            return
        length, kind = struct.unpack(">I4s", head)
        start = stream.tell()
        yield kind, length
        stream.seek(start + length + 4)  # data and CRC
        if kind == b"IEND":
            return


def _read_exactly(stream: BinaryIO, length: int) -> bytes:
    data = stream.read(length)
    if len(data) < length:
        raise StripDecodeError("the PNG is cut short")
    return data


def _layout(stream: BinaryIO, chunks: Iterator[tuple[bytes, int]]) -> tuple[PngLayout, int]:
    """The picture's header, and the length of its first IDAT chunk, where ``stream`` now is."""
    header: tuple[int, ...] | None = None
    extra: list[tuple[bytes, bytes]] = []
    for kind, length in chunks:
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", _read_exactly(stream, 13))
        elif kind == b"tRNS":
            extra.append((kind, _read_exactly(stream, length)))
        elif kind == b"IDAT":
            if header is None:
                raise StripDecodeError("the PNG has no IHDR chunk before its pixels")
            width, height, depth, colour, _, _, interlace = header
            if depth != 8 or colour not in SAMPLES or interlace != 0:
                raise StripDecodeError(
                    "only non-interlaced 8-bit greyscale or RGB(A) PNGs are read in strips")
            if width == 0 or height == 0:
                raise StripDecodeError("the PNG is empty")
            return PngLayout(width, height, colour, tuple(extra)), length
    raise StripDecodeError("the PNG has no pixels (no IDAT chunk)")


def _idat_pieces(stream: BinaryIO, length: int, chunks: Iterator[tuple[bytes, int]]) -> Iterator[bytes]:
    """The compressed pixel data of every IDAT chunk in turn (the first, ``length`` bytes long,
    where ``stream`` is), in pieces of at most READ_BYTES."""
    while True:
        left = length
        while left > 0:
            piece = _read_exactly(stream, min(left, READ_BYTES))
            left -= len(piece)
            yield piece
        for kind, next_length in chunks:
            if kind == b"IDAT":
                length = next_length
                break
            if kind == b"IEND":
                return
        else:
            return


def _strip_sizes(layout: PngLayout, rows_per_strip: int) -> Iterator[int]:
    line = layout.row_bytes + 1
    for start in range(0, layout.height, rows_per_strip):
        yield line * min(rows_per_strip, layout.height - start)


def _chunk(kind: bytes, data: bytes) -> list[bytes]:
    crc = zlib.crc32(data, zlib.crc32(kind))
    return [struct.pack(">I", len(data)), kind, data, struct.pack(">I", crc)]


#: The most bytes one stored (uncompressed) deflate block holds.
STORED_BLOCK = 65535
#: Compressed bytes inflated in one call, and the most bytes one call may give (a small file may
#: inflate to gigabytes). Small on purpose: each call's output is a fresh bytes object, which at a
#: few hundred kB stays in the cache and in memory already mapped (32 MB at a time cost a page fault
#: every 4 kB and a second copy of every byte: 0.4 s of CPU on a 16,384 px picture), and it is
#: checksummed while it is still in the cache.
INFLATE_IN = 64 * 1024
INFLATE_OUT = 256 * 1024
#: A zlib stream's header: two bytes (method and window, flags).
ZLIB_HEADER = 2
#: Framed strips waiting between the inflating thread and the decoding one (memory: a few strips).
FEED_DEPTH = 2
#: The name of the inflating thread (tests check none is left running).
FEED_THREAD = "vantage-png-strips"


@dataclass
class FramedStrip:
    """One strip's filtered rows, already laid out as the middle of a small PNG of its own:
    ``png[front:]`` is an IDAT chunk of stored deflate blocks holding them (the last block final);
    then room for its CRC, the Adler-32 chunk and IEND. ``png[:front]`` is left for the signature,
    header and the reference row, which are known only once the strip before is decoded.
    ``rows_adler`` and ``rows_crc`` are the Adler-32 of the rows and the CRC of the IDAT chunk
    (its type and data), computed by the inflating thread as the rows came (in the cache); the
    decoding thread adds the reference row's Adler-32 to the first (:func:`adler32_combine`)."""

    png: QByteArray
    front: int
    rows: int
    rows_adler: int = 1
    rows_crc: int = 0


#: Adler-32's modulus.
ADLER_BASE = 65521


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces of data one after the other, from the Adler-32 of each and the
    second's length (as zlib's adler32_combine: A = A1 + A2 − 1, B = B1 + B2 + len2 · (A1 − 1),
    both modulo 65,521)."""
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % ADLER_BASE
    high = ((first >> 16) + (second >> 16) + second_length * ((first & 0xFFFF) - 1)) % ADLER_BASE
    return (high << 16) | low


def _writable(buffer: QByteArray) -> memoryview:
    """``buffer``'s bytes, writable in place (PySide6's QByteArray gives Python its own memory,
    detached first when it is shared)."""
    return memoryview(buffer)  # type: ignore[arg-type]  # QByteArray has the buffer protocol


class _OneBuffer:
    """The decoding thread's one PNG frame (a QByteArray Qt's reader reads as it is, written
    through a memoryview), sized for each strip; a smaller size keeps its memory for the next."""

    def __init__(self, buffer: QByteArray) -> None:
        self._buffer = buffer

    def take(self, size: int) -> QByteArray:
        self._buffer.resize(size)
        return self._buffer


def _head_length(layout: PngLayout, with_reference: bool) -> int:
    """The bytes before a strip's rows: signature, IHDR, extra chunks, the IDAT chunk opening the
    zlib stream (with the reference row as stored blocks when there is one)."""
    extra = sum(12 + len(data) for _, data in layout.extra)
    line = layout.row_bytes + 1
    reference = (5 * -(-line // STORED_BLOCK) + line) if with_reference else 0
    return len(PNG_SIGNATURE) + 25 + extra + 12 + 2 + reference


def _stored_blocks(out: bytearray, position: int, data: memoryview, final: bool) -> int:
    """``data`` written at ``position`` as stored deflate blocks (the last final when ``final``);
    where it ended."""
    for start in range(0, len(data), STORED_BLOCK):
        piece = data[start : start + STORED_BLOCK]
        last = final and start + STORED_BLOCK >= len(data)
        out[position : position + 5] = struct.pack("<BHH", int(last), len(piece), len(piece) ^ 0xFFFF)
        out[position + 5 : position + 5 + len(piece)] = piece
        position += 5 + len(piece)
    return position


class _StripWriter:
    """Lays one strip's ``length`` bytes of rows into stored deflate blocks in its buffer (a
    block's 5-byte header before its bytes, the final flag on the strip's last), keeping the rows'
    Adler-32 and the IDAT chunk's CRC as it goes (each block checksummed while in the cache)."""

    def __init__(self, buffers: _OneBuffer, layout: PngLayout, length: int, first: bool) -> None:
        self.front = _head_length(layout, not first)
        data_length = 5 * -(-length // STORED_BLOCK) + length
        self.png = buffers.take(self.front + 8 + data_length + 4 + 16 + 12)
        self.view = _writable(self.png)
        self.view[self.front : self.front + 8] = struct.pack(">I4s", data_length, b"IDAT")
        self.crc = zlib.crc32(b"IDAT")
        self.adler = 1
        self.at = self.front + 8
        self.length = length
        self.row_bytes = layout.row_bytes + 1

    def framed(self, data: memoryview) -> FramedStrip:
        """The strip of the rows ``data`` (``length`` bytes), framed."""
        view = self.view
        for start in range(0, self.length, STORED_BLOCK):
            piece = data[start : start + STORED_BLOCK]
            header = struct.pack("<BHH", int(start + STORED_BLOCK >= self.length), len(piece),
                                 len(piece) ^ 0xFFFF)
            view[self.at : self.at + 5] = header
            view[self.at + 5 : self.at + 5 + len(piece)] = piece
            self.crc = zlib.crc32(piece, zlib.crc32(header, self.crc))
            self.adler = zlib.adler32(piece, self.adler)
            self.at += 5 + len(piece)
        view.release()
        return FramedStrip(self.png, self.front, self.length // self.row_bytes, self.adler, self.crc)


@dataclass
class RawStrip:
    """One strip's rows as the PNG stores them, inflated: each row its filter byte and its
    filtered samples. ``data`` is a buffer of the decoding thread's :class:`RawBuffers` (``length``
    bytes of it used), given back once the strip is decoded."""

    data: bytearray
    length: int
    rows: int


class RawBuffers:
    """The buffers strips are laid out in, used again strip after strip (no fresh pages for
    each); at most ``count`` of ``size`` bytes. :meth:`take` waits for one given back (and raises
    DecodeCancelled when ``stop`` is set meanwhile)."""

    def __init__(self, count: int, size: int, stop: threading.Event | None = None) -> None:
        self._free: queue.SimpleQueue[bytearray] = queue.SimpleQueue()
        self._count = count
        self._size = size
        self._made = 0
        self._stop = stop

    def take(self) -> bytearray:
        with suppress(queue.Empty):
            return self._free.get_nowait()
        if self._made < self._count:
            self._made += 1
            return bytearray(self._size)
        while self._stop is None or not self._stop.is_set():
            with suppress(queue.Empty):
                return self._free.get(timeout=0.05)
        raise DecodeCancelled("stopped")

    def give_back(self, buffer: bytearray) -> None:
        self._free.put(buffer)


@dataclass
class InflatedStrip:
    """One strip's rows as zlib gave them: ``parts`` (views of the pieces inflated, in order,
    ``length`` bytes in all, ``rows`` whole rows), laid into one buffer by :meth:`laid_out`."""

    parts: list[memoryview]
    length: int
    rows: int
    #: the last strip: the stream's Adler-32 its rows and all before them sum to (None: unchecked)
    adler: int | None = None
    #: the last strip: bytes inflated after its rows (read while looking for the checksum)
    more: int = 0

    def laid_out(self, buffers: RawBuffers) -> RawStrip:
        """The strip's rows in one of ``buffers`` (the decoding thread's: the inflating thread
        only inflates), copied by numpy, which lets go of Python's lock while it copies (the
        inflating thread needs it between two pieces)."""
        buffer = buffers.take()
        target = np.frombuffer(buffer, dtype=np.uint8)
        at = 0
        for part in self.parts:
            target[at : at + len(part)] = np.frombuffer(part, dtype=np.uint8)
            at += len(part)
        self.parts = []
        return RawStrip(buffer, self.length, self.rows)


def _inflated_strips(pieces: Iterator[bytes], sizes: Iterator[int], line: int) -> Iterator[InflatedStrip]:
    """The compressed ``pieces`` (a zlib stream) inflated and cut into strips of the byte lengths
    ``sizes`` gives (whole rows of ``line`` bytes), each the pieces zlib gave (views, not copies).
    This is all the inflating thread does: it is the one step that cannot be shared out. It inflates
    the stream raw (:func:`_raw_deflate`: zlib would also sum every byte for the stream's Adler-32,
    a quarter of its time); the last strip carries the Adler-32 the stream ends with, which the
    decoding thread checks (:func:`_checked`). A last strip cut short is dropped (the decoder then
    says how many rows it got)."""
    inflater = zlib.decompressobj(-zlib.MAX_WBITS)
    stream = _raw_deflate(pieces)
    length = next(sizes, 0)
    parts: list[memoryview] = []
    filled = 0
    last: InflatedStrip | None = None
    try:
        for piece in stream:
            view = memoryview(piece)
            for start in range(0, len(view), INFLATE_IN):
                data: bytes | memoryview = view[start : start + INFLATE_IN]
                while length:
                    produced = inflater.decompress(data, INFLATE_OUT)
                    data = inflater.unconsumed_tail
                    out = memoryview(produced)
                    while out and length:
                        take = min(len(out), length - filled)
                        parts.append(out[:take])
                        filled += take
                        out = out[take:]
                        if filled == length:
                            strip = InflatedStrip(parts, length, length // line)
                            parts, filled, length = [], 0, next(sizes, 0)
                            if length:
                                yield strip
                            else:  # the last: it waits for the stream's checksum
                                last = strip
                                last.more = len(out)
                    if inflater.eof or (not data and len(produced) < INFLATE_OUT):
                        break  # this input used up (and nothing is left in the inflater)
                if not length:
                    if last is not None:  # what is left of the input, then the rest of the stream
                        rest = chain((data, view[start + INFLATE_IN :]), stream)
                        last.adler = _stream_adler(inflater, rest, last.more)
                        yield last
                    return
                if inflater.eof:
                    return
    except zlib.error as exc:
        raise StripDecodeError(f"the PNG's pixel data is damaged ({exc})") from None


def _raw_deflate(pieces: Iterator[bytes]) -> Iterator[bytes | memoryview]:
    """The ``pieces`` of a zlib stream without its two-byte header, once the header is checked
    (deflate, no preset dictionary): the deflate data inflated raw."""
    head = b""
    for piece in pieces:
        if len(head) < ZLIB_HEADER:
            need = ZLIB_HEADER - len(head)
            head += piece[:need]
            if len(head) == ZLIB_HEADER:
                cmf, flg = head
                if cmf & 0x0F != 8 or cmf >> 4 > 7 or (cmf << 8 | flg) % 31 or flg & 0x20:
                    raise StripDecodeError("the PNG's pixel data is damaged (not a zlib stream)")
            if len(piece) > need:
                yield memoryview(piece)[need:]
        elif piece:
            yield piece


def _stream_adler(inflater: zlib._Decompress, rest: Iterator[bytes | memoryview], more: int) -> int | None:
    """The Adler-32 the zlib stream ends with, read after its last row (``rest``: the input not
    yet given to ``inflater``; ``more``: bytes inflated after the rows already). None when there is
    none to check the rows against: more was inflated after the rows (the stream sums more than
    the rows), or the stream ends before its end (the rows are all there: read as before)."""
    rest = (piece for piece in rest if len(piece))  # an empty piece is not the end
    data: bytes | memoryview = b""
    while not inflater.eof and not more:
        if not data:
            data = next(rest, b"")
            if not data:  # no more input: what zlib holds still
                more += len(inflater.flush())
                break
            continue
        more += len(inflater.decompress(data, INFLATE_OUT))
        data = inflater.unconsumed_tail
    if more:
        return None
    trailer = inflater.unused_data + bytes(data)
    while len(trailer) < 4:
        piece = next(rest, b"")
        if not piece:
            return None
        trailer += bytes(piece)
    return int.from_bytes(trailer[:4], "big")


class StripFeed:
    """:func:`_inflated_strips` run on a second thread (zlib inflates without the GIL)
    while the caller's thread decodes the strip before: at most FEED_DEPTH strips wait between
    them. Iterate it on one thread; an error on the feeding thread is raised there, as it is;
    :meth:`close` stops the thread and waits for it (call it always, also after a cancel).
    ``stop``: set by :meth:`close`."""

    def __init__(self, strips: Callable[[], Iterator[InflatedStrip]],
                 stop: threading.Event | None = None) -> None:
        self._queue: queue.Queue[tuple[str, object]] = queue.Queue(FEED_DEPTH)
        self._stop = stop if stop is not None else threading.Event()
        self._thread = threading.Thread(target=self._run, args=(strips,), name=FEED_THREAD, daemon=True)
        self._thread.start()

    def _run(self, strips: Callable[[], Iterator[InflatedStrip]]) -> None:
        try:
            for strip in strips():
                if not self._put(("strip", strip)):
                    return
        except BaseException as exc:  # noqa: BLE001  (raised again on the decoding thread)
            self._put(("error", exc))
            return
        self._put(("end", None))

    def _put(self, item: tuple[str, object]) -> bool:
        while not self._stop.is_set():
            try:
                self._queue.put(item, timeout=0.05)
                return True
            except queue.Full:
                continue
        return False

    def __iter__(self) -> Iterator[InflatedStrip]:
        while True:
            kind, item = self._queue.get()
            if kind == "strip":
                assert isinstance(item, InflatedStrip)
                yield item
            elif kind == "error":
                assert isinstance(item, BaseException)
                raise item
            else:
                return

    def close(self) -> None:
        self._stop.set()
        while self._thread.is_alive():
            with suppress(queue.Empty):
                self._queue.get(timeout=0.05)
        self._thread.join()


def _finish_png(strip: FramedStrip, reference: bytes | None, layout: PngLayout) -> None:
    """Fill in the strip's head (signature, header, the reference row), its IDAT's CRC, its
    Adler-32 (the reference row's combined with the rows' the inflating thread computed) and
    IEND."""
    line = layout.row_bytes + 1
    total = strip.rows + (reference is not None)
    head = bytearray(b"".join([
        PNG_SIGNATURE,
        *_chunk(b"IHDR", struct.pack(">IIBBBBB", layout.width, total, 8, layout.colour_type, 0, 0, 0)),
        *(piece for kind, data in layout.extra for piece in _chunk(kind, data)),
    ]))
    opening = len(head)
    reference_length = (5 * -(-line // STORED_BLOCK) + line) if reference is not None else 0
    head += struct.pack(">I4s", 2 + reference_length, b"IDAT") + b"\x78\x01"  # zlib: deflate, 32 KB window
    raw = strip.rows * line
    adler = strip.rows_adler
    if reference is not None:
        row = b"\x00" + reference  # the reference row unfiltered
        head += bytes(reference_length)
        _stored_blocks(head, len(head) - reference_length, memoryview(row), final=False)
        adler = adler32_combine(zlib.adler32(row), adler, raw)
    head += struct.pack(">I", zlib.crc32(memoryview(head)[opening + 4 :]))
    if len(head) != strip.front:
        raise AssertionError(f"a strip head of {len(head)} bytes, {strip.front} expected")
    end = strip.front + 8 + 5 * -(-raw // STORED_BLOCK) + raw
    tail = b"".join([struct.pack(">I", strip.rows_crc), *_chunk(b"IDAT", struct.pack(">I", adler)),
                     *_chunk(b"IEND", b"")])
    with _writable(strip.png) as view:
        view[: strip.front] = head
        view[end : end + len(tail)] = tail


def _read_png(png: QByteArray) -> QImage:
    """``png`` decoded by Qt's PNG reader (sharing the buffer: no copy). QImageReader.read lets go
    of Python's lock while libpng works (measured with PySide6 6.11: a Python thread beside it
    ticks on), so the inflating thread goes on meanwhile. The reader lets go of ``png`` before this
    returns: the buffer is written again for a later strip."""
    source = QBuffer()
    source.setData(png)
    source.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(source, b"png")
    image = reader.read()
    del reader
    source.close()
    source.setData(QByteArray())
    return image


#: The row filters unfiltered here with numpy (None, Sub, Up: whole rows at a time, no row
#: refers to its own pixels but through a running sum); a strip with an Average or Paeth row (each
#: byte depends on the one just decoded) is decoded by Qt's PNG reader (libpng) instead.
NUMPY_FILTERS = frozenset({0, 1, 2})
#: Colour types unfiltered here (greyscale, RGB, RGBA) and the QImage format they are laid out in
#: (RGB as R, G, B, 255: Qt's smooth scaling reads it as it is), and the format Qt's reader gives
#: the same rows in (a picture has one format whichever way its strips were decoded).
NUMPY_FORMATS = {0: QImage.Format.Format_Grayscale8, 2: QImage.Format.Format_RGBX8888,
                 6: QImage.Format.Format_RGBA8888}
READER_FORMATS = {QImage.Format.Format_RGBX8888: QImage.Format.Format_RGB32,
                  QImage.Format.Format_RGBA8888: QImage.Format.Format_ARGB32}


def _decode_strip(
    strip: RawStrip, reference: bytes | None, layout: PngLayout, frame: QByteArray | None = None,
    pixel_buffers: PixelBuffers | None = None,
) -> tuple[object, QImage, bytes]:
    """The strip decoded (what owns its pixels: an array or a QImage), its rows (a QImage viewing
    them) and its last row unfiltered as PNG samples (the next strip's reference). A strip whose
    rows use only the filters in NUMPY_FILTERS (greyscale, RGB or RGBA) is unfiltered here, in
    whole rows (:func:`_unfiltered`: no second copy of the rows, no checksums); any other is framed
    as a PNG of its own in ``frame`` and decoded by Qt's reader (:func:`_read_strip`)."""
    if strip.rows == 0:
        raise StripDecodeError("the PNG is cut short")
    line = layout.row_bytes + 1
    raw = np.frombuffer(strip.data, dtype=np.uint8, count=strip.rows * line).reshape(strip.rows, line)
    if layout.colour_type in NUMPY_FORMATS and not layout.extra and NUMPY_FILTERS.issuperset(
            np.unique(raw[:, 0]).tolist()):
        into = None if pixel_buffers is None else pixel_buffers.take(strip.rows, layout)
        pixels = _unfiltered(raw, reference, layout, into)
        fmt = NUMPY_FORMATS[layout.colour_type]
        rows = QImage(pixels.data, layout.width, strip.rows, pixels.strides[0], fmt)
        last = pixels[-1, :, : layout.samples]
        return pixels, rows, last.tobytes()
    return _read_strip(strip, reference, layout, frame if frame is not None else QByteArray())


class PixelBuffers:
    """The arrays strips are unfiltered into, ``count`` used in turn (made once, not a fresh array
    of fresh pages each strip): rows × width × channels, RGB's fourth byte set to 255 once."""

    def __init__(self, count: int) -> None:
        self._arrays: list[np.ndarray | None] = [None] * count
        self._next = 0

    def take(self, rows: int, layout: PngLayout) -> np.ndarray:
        """The next array, ``rows`` rows of ``layout``'s pixels (the one used ``count`` strips
        ago: the caller has let go of it)."""
        index = self._next
        self._next = (index + 1) % len(self._arrays)
        samples = layout.samples
        channels = 4 if samples == 3 else samples
        array = self._arrays[index]
        if array is None or array.shape[0] < rows or array.shape[1:] != (layout.width, channels):
            array = np.empty((rows, layout.width, channels), dtype=np.uint8)
            if channels != samples:
                array[:, :, samples:] = 255
            self._arrays[index] = array
        return array[:rows]


def _unfiltered(raw: np.ndarray, reference: bytes | None, layout: PngLayout,
                into: np.ndarray | None = None) -> np.ndarray:
    """The rows ``raw`` (each its filter byte, then its samples; filters None, Sub and Up only)
    unfiltered into rows × width × channels (RGB with a fourth byte of 255), ``reference`` the row
    above the first (none: zeros, as for a picture's first row). None is the samples as they are,
    Sub a running sum along the row (modulo 256, sample by sample of the same colour), Up the sum
    with the row above, taken row after row. ``into``: the array to fill (from
    :class:`PixelBuffers`, RGB's fourth byte already 255)."""
    rows, samples, width = raw.shape[0], layout.samples, layout.width
    channels = 4 if samples == 3 else samples
    if into is not None:
        pixels = into
    else:
        pixels = np.empty((rows, width, channels), dtype=np.uint8)
        if channels != samples:
            pixels[:, :, samples:] = 255
    out = pixels[:, :, :samples]
    filtered = raw[:, 1:].reshape(rows, width, samples)
    kinds = raw[:, 0]
    sub = kinds == 1
    if sub.all():
        np.cumsum(filtered, axis=1, dtype=np.uint8, out=out)
    elif sub.any():
        out[sub] = np.cumsum(filtered[sub], axis=1, dtype=np.uint8)
    none = kinds == 0
    if none.any():
        out[none] = filtered[none]
    above = (np.frombuffer(reference, dtype=np.uint8).reshape(width, samples) if reference is not None
             else np.zeros((width, samples), dtype=np.uint8))
    for row in np.flatnonzero(kinds == 2).tolist():  # in order: each adds the row above, done
        np.add(filtered[row], out[row - 1] if row else above, out=out[row])
    return pixels


def _read_strip(
    strip: RawStrip, reference: bytes | None, layout: PngLayout, frame: QByteArray
) -> tuple[object, QImage, bytes]:
    """The strip framed as a small PNG of its own in ``frame`` (its reference row first, stored)
    and decoded by Qt's reader: its QImage, its own rows (a QImage viewing that memory, the
    reference row left out) and its last row unfiltered as PNG samples."""
    rows = strip.rows
    total = rows + (reference is not None)
    writer = _StripWriter(_OneBuffer(frame), layout, strip.length, first=reference is None)
    framed = writer.framed(memoryview(strip.data)[: strip.length])
    _finish_png(framed, reference, layout)
    image = _read_png(framed.png)
    if image.isNull():
        raise StripDecodeError("a strip of the PNG's rows could not be decoded (damaged data)")
    fmt = image.format()
    if fmt not in (QImage.Format.Format_Grayscale8, QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32):
        image = image.convertToFormat(QImage.Format.Format_ARGB32)
        fmt = QImage.Format.Format_ARGB32
    channels = 1 if fmt == QImage.Format.Format_Grayscale8 else 4
    stride = image.bytesPerLine()
    flat = np.frombuffer(image.constBits(), dtype=np.uint8, count=stride * total).reshape(total, stride)
    last = flat[-1, : layout.width * channels].reshape(layout.width, channels)
    if channels == 1:
        samples = last[:, 0]
    else:  # Qt's 32-bit pixels are B, G, R, A in memory
        order = {2: [2, 1, 0], 6: [2, 1, 0, 3], 4: [2, 3], 0: [2]}[layout.colour_type]
        samples = last[:, order]
    skip = 1 if reference is not None else 0
    rows_view = flat[skip:].reshape(-1).data
    strip_rows = QImage(rows_view, layout.width, rows, stride, fmt)
    return image, strip_rows, samples.tobytes()


#: Rows encoded at a time by :func:`encode_png`, and the name of its deflating thread.
ENCODE_ROWS = 256
ENCODE_THREAD = "vantage-png-deflate"


def encode_png(image: QImage, level: int = 1) -> bytes:
    """``image`` as a PNG file: 8-bit RGB, or RGBA when it has an alpha channel, each row
    Sub-filtered and deflated at ``level`` (1: fast; a shrunk 38,400 px export is written in about a
    second where Qt's writer, trying every filter at level 6, takes ten), a band of rows at a time."""
    alpha = image.hasAlphaChannel()
    source = image.convertToFormat(QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32)
    width, height = source.width(), source.height()
    order = [2, 1, 0, 3] if alpha else [2, 1, 0]  # Qt's B, G, R, A in memory
    samples = len(order)
    stride = source.bytesPerLine()
    flat = np.frombuffer(source.constBits(), dtype=np.uint8, count=stride * height).reshape(height, stride)
    packer = zlib.compressobj(level)
    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    parts = [PNG_SIGNATURE, *_chunk(b"IHDR", header)]
    compressed: list[bytes] = []
    # one band deflated on a second thread (zlib without Python's lock) while the next is filtered
    with ThreadPoolExecutor(1, thread_name_prefix=ENCODE_THREAD) as deflater:
        pending: deque[Future[bytes]] = deque()
        for top in range(0, height, ENCODE_ROWS):
            band = flat[top : top + ENCODE_ROWS, : width * 4].reshape(-1, width, 4)[:, :, order]
            rows = np.empty((band.shape[0], 1 + width * samples), dtype=np.uint8)
            rows[:, 0] = 1  # Sub: each byte minus the same sample of the pixel on its left
            filtered = rows[:, 1:].reshape(band.shape[0], width, samples)
            filtered[:, 0] = band[:, 0]
            np.subtract(band[:, 1:], band[:, :-1], out=filtered[:, 1:])
            pending.append(deflater.submit(packer.compress, rows.data))  # in turn: one thread
            if len(pending) > 2:
                compressed.append(pending.popleft().result())
        compressed.extend(done.result() for done in pending)
    compressed.append(packer.flush())
    parts += _chunk(b"IDAT", b"".join(compressed))
    parts += _chunk(b"IEND", b"")
    return b"".join(parts)
