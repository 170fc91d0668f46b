"""One decoded background picture per file, shared by every window that shows it.

:func:`shared_picture` decodes a picture once per (path, modification time, size) and hands the
same :class:`MapPicture` to the GM's scene, the player window's and anything else that asks, for as
long as one of them holds it (a weak cache: the picture is let go with the last window showing it).
Qt's pixmaps share their pixels implicitly, so two windows hold one copy.

A picture larger than the window may hold (:data:`SHOWN_MAX_MB` of pixels, :data:`SHOWN_MAX_SIDE`
px on a side: Qt's allocation and painter limits) is decoded downscaled — a big PNG by strips
(:mod:`vantage.gui.canvas.png_strips`), a JPEG by its own scaled decode — and still covers the whole
map; its :attr:`MapPicture.notice` says so for the GM's status bar. It is never left blank with only
a Qt warning.

For drawing, :meth:`MapPicture.level` gives the picture halved as many times as the view's scale
allows (a level-of-detail pyramid built lazily, each level the 2 × 2 mean of the one above), so a
fitted 8192 px picture is drawn from a 2048 px copy: sharper (no aliasing) and quicker.

A big opaque picture (:data:`PACKED_FROM_PIXELS`) is held at 3 bytes a pixel (:func:`shown_format`:
RGB888, converted in place; an opaque picture needs no alpha byte), its smaller levels at 4 (RGB32,
quick to draw); ``picture_item.draw_packed_part`` draws it zoomed in.
"""

from __future__ import annotations

import contextlib
import math
import os
import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QThread
from PySide6.QtGui import QImage, QImageReader, QPixmap

from vantage.engine.importers.file_limits import available_memory_bytes
from vantage.engine.importers.image_header import ImageHeaderError, read_image_header
from vantage.engine.model import BackgroundImage

#: The most memory the picture a window shows may take; a larger one is shown downscaled.
SHOWN_MAX_MB = 512
#: The longest side a shown picture may have (Qt's painters and some pixmaps stop at 32,767 px).
SHOWN_MAX_SIDE = 16384
#: Enough of a picture file to read its size (JPEG can put large EXIF blocks first).
HEADER_BYTES = 1 << 20
#: Rows of a picture halved at a time.
HALVING_ROWS = 256
#: Levels of the pyramid stop at this many pixels on the longer side.
SMALLEST_LEVEL_PX = 64
#: An opaque picture of at least this many pixels is held at 3 bytes a pixel (RGB888), not 4.
PACKED_FROM_PIXELS = 16_000_000
#: The format of such a picture.
PACKED_FORMAT = QImage.Format.Format_RGB888


@dataclass(frozen=True)
class PictureKey:
    """Which picture: its resolved path, modification time and size in bytes."""

    path: str
    mtime_ns: int
    size: int


def background_path(background: BackgroundImage, base_dir: Path | None) -> Path:
    """The file of ``background``: as given, or beside the encounter (``base_dir``)."""
    return picture_file(background.path, base_dir)


def picture_file(name: str, base_dir: Path | None) -> Path:
    """The file a background's ``path`` names: as given, or beside the encounter (``base_dir``)."""
    path = Path(name)
    return base_dir / path if not path.is_absolute() and base_dir is not None else path


def picture_key(path: Path) -> PictureKey | None:
    """The key of the regular file at ``path``, or None when there is none."""
    try:
        resolved = path.resolve()
        info = os.stat(resolved)
    except (OSError, RuntimeError):
        return None
    if not resolved.is_file():
        return None
    return PictureKey(str(resolved), info.st_mtime_ns, info.st_size)


class MapPicture:
    """A decoded background: ``full_size`` is the file's size in pixels, ``scale`` the shown
    picture's size over it (1.0 when shown whole), ``notice`` the sentence for the GM when shown
    downscaled (None otherwise). It takes ``image`` over: its pixels become the pixmap's without a
    copy (a picture with an alpha channel but no transparent pixel becomes an opaque pixmap, which
    draws without blending), and ``image`` is left empty."""

    def __init__(self, key: PictureKey, image: QImage, full_size: tuple[int, int],
                 smaller: Mapping[int, QImage] | Sequence[QImage] = ()) -> None:
        self.key = key
        self.full_size = full_size
        self.scale = image.width() / full_size[0]
        if not isinstance(smaller, Mapping):  # levels 1, 2, … in order
            smaller = {index: level for index, level in enumerate(smaller, start=1)}
        levels = {0: image, **smaller}
        #: the levels built, by index: level 1 (a quarter of the picture's memory) only once a view
        #: is drawn at its scale; coarser levels are made from the picture without it
        self._levels: dict[int, QPixmap] = {index: pixmap_of(levels[index]) for index in sorted(levels)}
        self.notice = shown_notice(full_size, self.scale)
        #: True while its coarser levels are being made on another thread: no window makes one
        #: meanwhile (it draws the finer level it has); the items showing it are told when they come
        self.levels_pending = False
        self._shown_by: weakref.WeakSet = weakref.WeakSet()

    def shown_by(self, item: object) -> None:
        """``item`` (a picture item, with ``update()``) is repainted when levels are added."""
        self._shown_by.add(item)

    def add_levels(self, levels: Mapping[int, QImage]) -> None:
        """Levels made elsewhere (see ``picture_loading.LevelsJob``); those already here are kept."""
        for index in sorted(levels):
            if index not in self._levels:
                self._levels[index] = pixmap_of(levels[index])
        self.levels_pending = False
        for item in list(self._shown_by):
            item.update()

    @property
    def packed(self) -> bool:
        """True when the picture itself is held at 3 bytes a pixel (see :func:`shown_format`)."""
        return self._levels[0].toImage().format() == PACKED_FORMAT

    @property
    def pixmap(self) -> QPixmap:
        """The picture as shown (level 0)."""
        return self._levels[0]

    def built_levels(self) -> int:
        """One more than the most halved level built (1: only the picture itself)."""
        return max(self._levels) + 1

    def has_level(self, index: int) -> bool:
        return index in self._levels

    def level_index(self, device_scale: float) -> int:
        """The pyramid level to draw at ``device_scale`` screen pixels per picture pixel: the most
        halved one that still has at least one pixel per screen pixel."""
        if device_scale <= 0:
            return 0
        halvings = math.floor(math.log2(self.scale / device_scale)) if device_scale < self.scale else 0
        return max(0, min(halvings, self.most_halved()))

    def most_halved(self) -> int:
        """The index of the smallest level (not halved below SMALLEST_LEVEL_PX)."""
        width, height = self._levels[0].width(), self._levels[0].height()
        most = 0
        while max(width >> (most + 1), height >> (most + 1)) >= SMALLEST_LEVEL_PX:
            most += 1
        return most

    def level(self, index: int, build: bool = True) -> tuple[QPixmap, int]:
        """The pixmap of level ``index`` (halved ``index`` times) and the index given: the level
        itself when built (or ``build``), else the nearest finer level already built. A level is
        made from the nearest finer one built, halved band by band (the same pixels as halving it
        whole, level by level), so the levels between are never held."""
        if index not in self._levels and build:
            finer = max(i for i in self._levels if i < index)
            self._levels[index] = QPixmap.fromImage(halved(self._levels[finer].toImage(), index - finer))
        index = max(i for i in self._levels if i <= index)
        return self._levels[index], index


def pixmap_of(image: QImage) -> QPixmap:
    """``image``'s pixels as a pixmap, without a copy where Qt can: a picture held at 3 bytes a
    pixel stays so (Qt would widen it to 4), any other as Qt converts it for drawing."""
    if image.format() == PACKED_FORMAT:
        return QPixmap.fromImageInPlace(image, Qt.ImageConversionFlag.NoFormatConversion)
    return QPixmap.fromImageInPlace(image)


def smaller_levels(image: QImage, stop: Callable[[], bool] = lambda: False) -> dict[int, QImage]:
    """The levels of ``image``'s pyramid below it from level 2 on, by index, made ahead (on a
    worker thread, for a big picture, so that drawing it fitted never halves it on the UI thread);
    ``stop`` ends it early. Level 1 is left to be made when a view needs it: it is a quarter of the
    picture's memory, and a window that fits the picture draws from level 2 or coarser."""
    levels: dict[int, QImage] = {}
    current, index, times = image, 0, 2
    while max(current.width(), current.height()) >> times >= SMALLEST_LEVEL_PX and not stop():
        current = halved(current, times)
        index += times
        levels[index] = current
        times = 1
    return levels


def halved(image: QImage, times: int = 1) -> QImage:
    """``image`` halved ``times`` times, each time each pixel the mean of a 2 × 2 block
    (premultiplied pixels, so transparent edges do not darken). It goes a band of rows at a time,
    each band halved ``times`` times over: the levels between are never whole in memory, and the
    pixels are those of halving the whole picture ``times`` times (a band starts on a row that is a
    multiple of ``2 ** times``, so each halving pairs the same rows)."""
    import numpy as np  # not before the first frame (start-up): the first level is built after it

    from vantage.gui.canvas.png_strips import box_mean

    fmt = image.format()
    if fmt == PACKED_FORMAT:  # R, G, B bytes: halved into RGB32 (B, G, R, 255 in memory), quick to draw
        depth, fmt = 3, QImage.Format.Format_RGB32
    elif fmt not in (QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32_Premultiplied):
        image = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied)
        depth, fmt = 4, image.format()
    else:
        depth = 4
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    rows = np.frombuffer(image.constBits(), dtype=np.uint8, count=stride * height).reshape(height, stride)
    pixels = rows[:, : width * depth].reshape(height, width, depth)
    out_w, out_h = width, height
    for _ in range(times):
        out_w, out_h = -(-out_w // 2), -(-out_h // 2)
    out = QImage(out_w, out_h, fmt)
    target = np.frombuffer(out.bits(), dtype=np.uint8, count=out.bytesPerLine() * out.height())
    target = target.reshape(out.height(), out.bytesPerLine())[:, : out.width() * 4].reshape(
        out.height(), out.width(), 4)
    band = max(HALVING_ROWS, 1 << times)  # a band at a time: the sums stay small
    for top in range(0, height, band):
        part = pixels[top : top + band]
        for _ in range(times):
            part = box_mean(part, 2)
        rows_out = target[top >> times : (top >> times) + part.shape[0]]
        if depth == 3:
            rows_out[..., 2::-1] = part
            rows_out[..., 3] = 255
        else:
            rows_out[:] = part
    return out


def shown_notice(full_size: tuple[int, int], scale: float) -> str | None:
    """"Background shown at 25 %: the picture is 38,400 × 25,600 px", or None at full size."""
    if scale >= 1.0:
        return None
    percent = max(1, round(scale * 100))
    return (f"Background shown at {percent} %: the picture is {full_size[0]:,} × {full_size[1]:,} px, "
            "more than a window holds")


_live: weakref.WeakValueDictionary[PictureKey, MapPicture] = weakref.WeakValueDictionary()
_decodes = 0


def decode_count() -> int:
    """How many pictures were decoded since the program started (for tests of the sharing)."""
    return _decodes


def live_pictures() -> list[PictureKey]:
    """The keys of the pictures some window holds now."""
    return list(_live.keys())


class PictureUnreadable(Exception):
    """The picture cannot be shown; ``str()`` says why."""


def shared_picture(path: Path) -> MapPicture:
    """The picture at ``path``, decoded once while any holder keeps it (or taken from its
    :func:`decode_ahead`); PictureUnreadable says why it cannot be shown."""
    key = picture_key(path)
    if key is None:
        raise PictureUnreadable(f"{path} is missing or not a regular file")
    picture = _live.get(key)
    if picture is not None:
        return picture
    ahead = _ahead.pop(key, None)
    for stale in [k for k in _ahead if k.path == key.path]:  # the file changed since: decoded anew
        del _ahead[stale]
    image, full_size = ahead.result() if ahead is not None else decode_for_showing(Path(key.path))
    return adopt_decoded(key, image, full_size)


class DecodeAhead:
    """The decode of one picture on a thread of its own, started before any window asks for it
    (:func:`decode_ahead`). Qt lets the interpreter go while it decodes, so the program goes on
    loading and building its window meanwhile, on the other core. :meth:`result` waits for the end,
    taking the steps of :attr:`meanwhile` while it waits (work the program would do later anyway).
    The thread is not a daemon: a program that ends before the picture is decoded waits for it,
    never tearing Qt down under a decode."""

    def __init__(self, key: PictureKey) -> None:
        self.key = key
        #: steps taken while a window waits for the picture (set by whoever builds that window)
        self.meanwhile: Iterable[object] = ()
        self._decoded: tuple[QImage, tuple[int, int]] | None = None
        self._error: Exception | None = None
        # Qt takes the first thread that asks for its thread data as its main thread: this one
        # asks now, so that a decode started before the application exists never becomes it
        # (the decoder's file and plugin loader are Qt objects)
        QThread.currentThread()
        self._thread = threading.Thread(target=self._decode, name="picture decode ahead")
        self._thread.start()

    def _decode(self) -> None:
        try:
            self._decoded = decode_for_showing(Path(self.key.path))
        except Exception as exc:  # noqa: BLE001 - raised again where the picture is asked for
            self._error = exc

    @property
    def done(self) -> bool:
        """Whether the decode has ended (decoded, or refused)."""
        return not self._thread.is_alive()

    def result(self) -> tuple[QImage, tuple[int, int]]:
        """The decoded picture and the file's size in pixels, as :func:`decode_for_showing` gives
        them (its PictureUnreadable, or any other error, raised here), once the decode is done;
        meanwhile the steps of :attr:`meanwhile`, one at a time, until the decode is done or they
        are (a step is never cut short: the decode may wait for the one under way). A step that
        fails ends them, and the picture is still given: they only prepare work that meets, and
        reports, the same failure later."""
        thread = self._thread
        if thread.is_alive():
            with contextlib.suppress(Exception):
                for _ in self.meanwhile:
                    if not thread.is_alive():
                        break
        thread.join()
        if self._error is not None:
            raise self._error
        assert self._decoded is not None
        return self._decoded


#: The pictures decoded ahead that no window has asked for yet, by key (taken by shared_picture).
_ahead: dict[PictureKey, DecodeAhead] = {}


def decode_ahead(path: Path) -> DecodeAhead | None:
    """Start decoding the picture at ``path`` now, on a thread of its own, for the
    :func:`shared_picture` that will ask for it (the window that opens with it); None when there
    is nothing to decode ahead: no regular file there, a window holds it already, or it is being
    decoded ahead already (:func:`decoding_ahead`). A picture changed on disk meanwhile has another
    key: it is decoded again where it is asked for, and the stale decode is let go then."""
    key = picture_key(path)
    if key is None or key in _live or key in _ahead:
        return None
    ahead = _ahead[key] = DecodeAhead(key)
    return ahead


def decoding_ahead(path: Path) -> DecodeAhead | None:
    """The decode ahead of the picture at ``path`` that no window has taken yet, if there is one."""
    key = picture_key(path)
    return _ahead.get(key) if key is not None else None


def held_picture(key: PictureKey) -> MapPicture | None:
    """The picture of ``key`` if some window holds it now (no decode needed)."""
    return _live.get(key)


def adopt_decoded(key: PictureKey, image: QImage, full_size: tuple[int, int],
                  smaller: Mapping[int, QImage] | Sequence[QImage] = ()) -> MapPicture:
    """``image`` (and the ``smaller`` levels of its pyramid made ahead), decoded for ``key`` here
    or on another thread, as the shared picture (on the UI thread: its pixmaps are made here)."""
    global _decodes
    _decodes += 1
    picture = MapPicture(key, image, full_size, smaller)
    _live[key] = picture
    return picture


def shown_size(full_size: tuple[int, int]) -> tuple[float, tuple[int, int]]:
    """The scale a picture of ``full_size`` is shown at (1.0, or less to fit SHOWN_MAX_MB and
    SHOWN_MAX_SIDE) and the size it is shown at."""
    width, height = full_size
    scale = min(1.0, SHOWN_MAX_SIDE / max(width, height),
                math.sqrt(SHOWN_MAX_MB * 1024**2 / (width * height * 4)))
    if scale >= 1.0:
        return 1.0, full_size
    return scale, (max(1, math.floor(width * scale)), max(1, math.floor(height * scale)))


def decode_for_showing(path: Path, progress: Callable[[float], bool] | None = None,
                       ) -> tuple[QImage, tuple[int, int]]:
    """The picture at ``path`` decoded at the size it is shown at, in a pixmap's own format, and
    the file's size in pixels; PictureUnreadable says why not. ``progress`` hears the fraction
    decoded where it is known (-1 where it is not) and stops the decode by returning False.
    Safe on a worker thread (QImage only, no pixmap)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEADER_BYTES)
        header = read_image_header(head)
    except OSError as exc:
        raise PictureUnreadable(f"{path} cannot be read ({exc.strerror or exc})") from None
    except ImageHeaderError as exc:
        raise PictureUnreadable(f"{path} is not a picture Vantage shows ({exc})") from None
    full = (header.width, header.height)
    scale, size = shown_size(full)
    if scale < 1.0 and header.kind == "png" and _strip_readable(head):
        from vantage.gui.canvas.png_strips import DecodeCancelled, StripDecodeError, shrink_png

        factor = math.ceil(1 / scale)
        packed = header.width * header.height // factor**2 >= PACKED_FROM_PIXELS
        try:
            image = shrink_png(path, factor, progress, opaque_format=PACKED_FORMAT if packed else None)
        except (StripDecodeError, DecodeCancelled) as exc:
            raise PictureUnreadable(f"{path} could not be decoded ({exc})") from None
    else:
        if progress is not None and not progress(-1.0):
            raise PictureUnreadable(f"{path} was not decoded (cancelled)")
        reader = QImageReader(str(path))
        if scale < 1.0:
            reader.setScaledSize(QSize(*size))
        # Qt refuses pictures over its allocation limit (256 MB by default); a PNG or WebP shown
        # downscaled is still decoded whole first, within what memory allows now.
        needed = header.width * header.height * 4 / 1024**2 if header.kind != "jpeg" else SHOWN_MAX_MB
        with allocation_limit(max(SHOWN_MAX_MB, math.ceil(needed) + 1)):
            image = reader.read()
        if image.isNull():
            raise PictureUnreadable(
                f"{path} could not be decoded ({reader.errorString()}; "
                f"{header.width:,} × {header.height:,} px)")
    return shown_format(image), full


def shown_format(image: QImage) -> QImage:
    """``image`` in the format it is shown in, converted in place where Qt can (every conversion
    here but from greyscale is): no second picture in memory. A picture of at least
    :data:`PACKED_FROM_PIXELS` pixels with no transparent pixel becomes RGB888, 3 bytes a pixel
    (an opaque picture needs no alpha byte: an 8192 px one holds 192 MB instead of 256); a smaller
    one RGB32, and any picture with a transparent pixel premultiplied ARGB32."""
    big = image.width() * image.height() >= PACKED_FROM_PIXELS
    if big and (not image.hasAlphaChannel() or _opaque(image)):
        image.convertTo(PACKED_FORMAT)
    elif image.hasAlphaChannel():
        image.convertTo(QImage.Format.Format_ARGB32_Premultiplied)
    elif image.format() != QImage.Format.Format_RGB32:
        image.convertTo(QImage.Format.Format_RGB32)
    return image


def _opaque(image: QImage) -> bool:
    """True when every pixel of ``image`` (a picture with an alpha channel) is fully opaque; read
    a band of rows at a time."""
    import numpy as np  # only for big pictures

    if image.format() not in (QImage.Format.Format_ARGB32, QImage.Format.Format_ARGB32_Premultiplied):
        image.convertTo(QImage.Format.Format_ARGB32_Premultiplied)
    stride, height = image.bytesPerLine(), image.height()
    rows = np.frombuffer(image.constBits(), dtype=np.uint8, count=stride * height).reshape(height, stride)
    alpha = 3 if np.little_endian else 0  # the byte of alpha in a 0xAARRGGBB word
    for top in range(0, height, HALVING_ROWS):
        if rows[top : top + HALVING_ROWS, alpha : image.width() * 4 : 4].min() < 255:
            return False
    return True


def _strip_readable(head: bytes) -> bool:
    from vantage.gui.canvas.png_strips import strip_readable  # numpy: only for pictures that need it

    return strip_readable(head)


@contextmanager
def allocation_limit(megabytes: int) -> Iterator[None]:
    """Qt's image allocation limit raised to ``megabytes`` (at most three quarters of the memory
    free now) for the block, then put back."""
    free = available_memory_bytes()
    if free is not None:
        megabytes = min(megabytes, max(256, int(free * 0.75 / 1024**2)))
    previous = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(max(previous, megabytes) if previous else 0)
    try:
        yield
    finally:
        QImageReader.setAllocationLimit(previous)
