"""Pictures of imported maps, read with Qt: shrink and store the background, preview it, guess its grid.

QtGui only (no QApplication and no screen), so ``vantage import`` can use it headless; PySide6 is
imported inside the functions that need it, so the command starts without Qt for maps that carry no
picture.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from vantage.engine.fileformat.storage import keep_generations
from vantage.engine.importers.file_limits import available_memory_bytes
from vantage.engine.importers.grid_guess import GridRefused, find_grid
from vantage.engine.importers.image import GridAlignment
from vantage.engine.importers.report import ImportedImage, ImportResult
from vantage.engine.model import Encounter

if TYPE_CHECKING:
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QImage

#: Told how far a shrink is (0 to 1); returns False to stop it (the same as png_strips.Progress).
Progress = Callable[[float], bool]

#: Pictures longer than this on either side are shrunk to it (a 38,400 px export is 5.9 GB of
#: pixels; 8192 px is a sharp map at any zoom a table needs).
DEFAULT_MAX_PX = 8192
#: Qt's limit on the memory one decoded picture may take, set deliberately (Qt's own default
#: is 256 MB): half the computer's memory, between 1 and 16 GB (3 GB when it cannot be told).
#: PNG and WebP are decoded whole before shrinking, so this bounds the largest picture that can
#: be imported at all: a 38,400 px square PNG needs 5.6 GB, fine on a 16 GB computer.
FALLBACK_DECODE_LIMIT_MB = 3072


def default_decode_limit_mb() -> int:
    total = physical_memory_mb()
    if total is None:
        return FALLBACK_DECODE_LIMIT_MB
    return max(1024, min(16384, total // 2))


def physical_memory_mb() -> int | None:
    """The computer's physical memory in MB, or None if it cannot be told."""
    try:
        if sys.platform == "win32":
            import ctypes

            class MemoryStatus(ctypes.Structure):
                sizes = ("total", "avail", "page_total", "page_avail", "virt_total", "virt_avail", "ext")
                _fields_ = [("length", ctypes.c_ulong), ("load", ctypes.c_ulong)] + [
                    (name, ctypes.c_ulonglong) for name in sizes
                ]

            status = MemoryStatus()
            status.length = ctypes.sizeof(MemoryStatus)
            if not ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):
                return None
            return int(status.total // 1024**2)
        return int(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 1024**2)
    except (AttributeError, ValueError, OSError):
        return None


DEFAULT_DECODE_LIMIT_MB = default_decode_limit_mb()
#: The share of the memory free right now that one decode may take.
AVAILABLE_SHARE = 0.75


def decode_limit_now(limit_mb: int) -> int:
    """``limit_mb``, lowered to three quarters of the memory available right now (not the
    computer's total, which other programs share); at least 64 MB."""
    available = available_memory_bytes()
    if available is None:
        return limit_mb
    return min(limit_mb, max(64, int(available * AVAILABLE_SHARE / 1024**2)))


def store_background(
    result: ImportResult,
    folder: Path,
    stem: str,
    *,
    max_px: int = DEFAULT_MAX_PX,
    decode_limit_mb: int = DEFAULT_DECODE_LIMIT_MB,
    absolute: bool = False,
    never_overwrite: Path | None = None,
    if_exists: str = "replace",
    progress: Progress | None = None,
) -> Encounter:
    """Write the imported picture to ``folder/stem.<ext>`` (shrunk to ``max_px`` if larger) and
    return the encounter pointing at it — by file name, or by full path when ``absolute``.
    ``never_overwrite`` (the imported file itself) is never written over: the picture then gets
    ``-background`` added to its name. ``if_exists`` says what happens when the picture's name is
    taken: ``"replace"`` it (keeping the old one as ``NAME.bak``), ``"refuse"`` (PictureExists), or
    ``"new_name"`` (``stem-2.png``…; the same picture already there is reused). The picture is
    written atomically: a full disk leaves no cut-short picture and no old one damaged.

    Notes and warnings go into ``result.report``. A picture Qt cannot shrink within the decode
    limit is left out with a warning: the walls and doors are still imported. ``progress`` is told
    how far the shrinking is (0 to 1) and may return False to stop it: DecodeCancelled is raised
    and nothing is written.
    """
    encounter, image, report = result.encounter, result.image, result.report
    background = encounter.map.background
    if image is None or background is None:
        return encounter
    scale = 1.0
    if max(image.width, image.height) > max_px:
        shrunk = shrink_image(image, max_px, decode_limit_mb, progress)
        if isinstance(shrunk, str):
            report.warn(f"image: {shrunk}; the map is imported without its picture")
            report.image_size = None
            return encounter.with_map(replace(encounter.map, background=None))
        scale = shrunk.width / image.width
        report.note(
            f"image downscaled from {image.width} × {image.height} to {shrunk.width} × {shrunk.height} px "
            f"(larger than {max_px} px); {background.pixels_per_tile * scale:.4g} px per tile"
        )
        image = shrunk
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{stem}{image.suffix}"
    if never_overwrite is not None and target.resolve() == never_overwrite.resolve():
        target = folder / f"{stem}-background{image.suffix}"
    target = picture_target(target, image.data, if_exists)
    if not (if_exists == "new_name" and _same_file_content(target, image.data)):
        write_picture(target, image.data, backup=if_exists == "replace")
    report.image_size = (image.width, image.height)
    report.pixels_per_tile = background.pixels_per_tile * scale
    moved = replace(
        background,
        path=str(target.resolve()) if absolute else target.name,
        pixels_per_tile=background.pixels_per_tile * scale,
        offset_px=(background.offset_px[0] * scale, background.offset_px[1] * scale),
    )
    return encounter.with_map(replace(encounter.map, background=moved))


class PictureExists(OSError):
    """The picture an import would write is already there and may not be replaced."""


def picture_target(target: Path, data: bytes, if_exists: str) -> Path:
    """Where the picture ``data`` goes when its name would be ``target`` (see store_background)."""
    if not target.exists() and not target.is_symlink():
        return target
    if if_exists == "replace":
        if not target.is_file():
            raise PictureExists(f"{target} is not a regular file; the picture cannot be written there")
        return target
    if if_exists == "refuse":
        raise PictureExists(f"{target} already exists; give --force to replace it (the old one is kept "
                            f"as {target.name}.bak), or choose another -o name")
    for number in range(1, 10_000):
        candidate = target if number == 1 else target.with_name(f"{target.stem}-{number}{target.suffix}")
        if not candidate.exists() and not candidate.is_symlink():
            return candidate
        if _same_file_content(candidate, data):
            return candidate  # this very picture is there already: share it, write nothing new
    raise PictureExists(f"{target.parent}: too many pictures named {target.stem}")


def _same_file_content(path: Path, data: bytes) -> bool:
    try:
        return path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def write_picture(target: Path, data: bytes, *, backup: bool = False) -> None:
    """Write ``data`` to ``target`` through a temp file beside it (fsync, then one rename), keeping
    an old ``target`` as ``NAME.bak`` when ``backup``. OSError names the picture, and on failure
    neither a temp file nor a cut-short picture is left."""
    fd, tmp_name = tempfile.mkstemp(prefix=target.name + ".tmp-", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, 0o644)
        if backup and target.is_file():
            shutil.copy2(target, target.with_name(target.name + ".bak"))
            keep_generations(target)  # and in .vantage-backups/, so a second import keeps the first
        os.replace(tmp_name, target)
    except OSError as exc:
        with suppress(OSError):
            os.remove(tmp_name)
        error = OSError(exc.errno, f"cannot write the picture {target}: {exc.strerror or exc}")
        error.filename = str(target)
        raise error from exc
    except BaseException:
        with suppress(OSError):
            os.remove(tmp_name)
        raise


def shrink_image(
    image: ImportedImage, max_px: int, decode_limit_mb: int, progress: Progress | None = None
) -> ImportedImage | str:
    """The picture scaled to ``max_px`` on its longer side, or the reason it could not be.

    An 8-bit PNG (what map makers export) is decoded by strips, averaged down by a whole factor as
    it goes (:mod:`vantage.gui.canvas.png_strips`: a 38,400 px picture never whole in memory), then
    scaled smoothly to the exact size; ``progress`` follows it. Other pictures go through
    QImageReader with a scaled size (JPEG decodes straight to the small size; other PNGs and WebP
    are decoded whole first, within ``decode_limit_mb``, Qt's allocation limit set here).
    """
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSize
    from PySide6.QtGui import QImageReader

    factor = max_px / max(image.width, image.height)
    size = QSize(max(1, round(image.width * factor)), max(1, round(image.height * factor)))
    from vantage.gui.canvas.png_strips import strip_readable

    decode_limit_mb = decode_limit_now(decode_limit_mb)
    if image.kind == "png" and strip_readable(image.data[:64]):
        return _shrink_png_by_strips(image, size, decode_limit_mb, progress)
    full_mb = image.width * image.height * 4 / 1024**2
    if image.kind != "jpeg" and full_mb > decode_limit_mb:  # JPEG decodes straight to the small size
        return (
            f"the {image.width} × {image.height} px {image.kind.upper()} could not be decoded to shrink it: "
            f"it needs about {full_mb:,.0f} MB and {decode_limit_mb:,} MB may be used now (the limit "
            "follows the memory free on this computer): export it at fewer pixels per grid square"
        )
    with qt_allocation_limit(decode_limit_mb):
        source = QBuffer()
        source.setData(QByteArray(image.data))
        source.open(QIODevice.OpenModeFlag.ReadOnly)
        reader = QImageReader(source)
        reader.setScaledSize(size)
        picture = reader.read()
        if picture.isNull():
            return (
                f"the {image.width} × {image.height} px {image.kind.upper()} could not be decoded to shrink "
                f"it ({reader.errorString()}; it needs about {full_mb:,.0f} MB, the limit is "
                f"{decode_limit_mb:,} MB): export it at fewer pixels per grid square"
            )
    return _encoded(picture, "jpeg" if image.kind == "jpeg" else "png")


def _shrink_png_by_strips(
    image: ImportedImage, size: QSize, decode_limit_mb: int, progress: Progress | None
) -> ImportedImage | str:
    from PySide6.QtCore import Qt

    from vantage.gui.canvas.png_strips import (
        FEED_DEPTH,
        STRIP_BYTES,
        StripDecodeError,
        encode_png,
        shrink_png,
    )

    whole = max(1, min(image.width // size.width(), image.height // size.height()))
    averaged = -(-image.width // whole) * -(-image.height // whole) * 4
    # the strips waiting between the two threads, the one being inflated, the one decoded (its
    # file, Qt's copy of it and its pixels)
    strips = (FEED_DEPTH + 4) * STRIP_BYTES
    needed_mb = (averaged + size.width() * size.height() * 4 + strips) / 1024**2
    if needed_mb > decode_limit_mb:
        return (
            f"the {image.width} × {image.height} px PNG could not be decoded to shrink it: shrinking it "
            f"needs about {needed_mb:,.0f} MB and {decode_limit_mb:,} MB may be used now (the limit "
            "follows the memory free on this computer): export it at fewer pixels per grid square"
        )
    try:
        picture = shrink_png(image.data, whole, progress)
    except StripDecodeError as exc:
        return f"the {image.width} × {image.height} px PNG could not be decoded to shrink it ({exc})"
    except MemoryError:
        return f"there is not enough memory to shrink the {image.width} × {image.height} px PNG"
    if picture.size() != size:
        picture = picture.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
    try:
        return ImportedImage(encode_png(picture), "png", picture.width(), picture.height())
    except MemoryError:
        return f"there is not enough memory to write the shrunk {picture.width()} × {picture.height()} px PNG"


def _encoded(picture: QImage, kind: str) -> ImportedImage | str:
    """``picture`` encoded as a ``kind`` file ("jpeg" or "png")."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    fmt = "JPEG" if kind == "jpeg" else "PNG"
    data = QByteArray()
    sink = QBuffer(data)
    sink.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6's stubs type the format as bytes, but only a str works at run time (bytes: ValueError)
    if not picture.save(sink, fmt, 90 if kind == "jpeg" else -1):  # type: ignore[call-overload]
        return f"the shrunk picture could not be encoded as {fmt}"
    sink.close()
    return ImportedImage(bytes(data.data()), kind, picture.width(), picture.height())


@contextmanager
def qt_allocation_limit(megabytes: int) -> Iterator[None]:
    """Qt's image allocation limit set to ``megabytes`` for the block, then put back."""
    from PySide6.QtGui import QImageReader

    previous = QImageReader.allocationLimit()
    QImageReader.setAllocationLimit(megabytes)
    try:
        yield
    finally:
        QImageReader.setAllocationLimit(previous)


#: Enough of a picture file to read its size (JPEG can put large EXIF blocks first).
HEADER_BYTES = 1 << 20
#: The longest side of the picture the grid is guessed on (and the grid dialog shows).
PREVIEW_MAX_PX = 2048


def read_preview(path: Path, image_size: tuple[int, int]) -> tuple[QImage, float]:
    """The picture at most PREVIEW_MAX_PX on a side and the image pixels per preview pixel
    (a grey picture of that size if it cannot be read)."""
    from PySide6.QtCore import QSize, Qt
    from PySide6.QtGui import QColor, QImage, QImageReader

    from vantage.gui.canvas.png_strips import DecodeCancelled, StripDecodeError, shrink_png, strip_readable

    scale = max(1.0, max(image_size) / PREVIEW_MAX_PX)
    image = QImage()
    if scale >= 2.0 and _png_head_readable_by_strips(path, strip_readable):
        with suppress(OSError, StripDecodeError, DecodeCancelled, MemoryError):  # else the grey picture
            image = shrink_png(path, int(scale))  # a big PNG: by strips, never whole
            size = QSize(round(image_size[0] / scale), round(image_size[1] / scale))
            image = image.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
    if image.isNull():
        reader = QImageReader(str(path))
        if scale > 1.0:
            reader.setScaledSize(QSize(round(image_size[0] / scale), round(image_size[1] / scale)))
        with qt_allocation_limit(decode_limit_now(DEFAULT_DECODE_LIMIT_MB)):  # PNG, WebP: decoded whole
            image = reader.read()
    if image.isNull():
        blank = QImage(max(1, round(image_size[0] / scale)), max(1, round(image_size[1] / scale)),
                       QImage.Format.Format_RGB32)
        blank.fill(QColor("#404040"))
        return blank, scale
    return image, image_size[0] / image.width()


def _png_head_readable_by_strips(path: Path, readable: Callable[[bytes], bool]) -> bool:
    try:
        with open(path, "rb") as handle:
            return readable(handle.read(64))
    except OSError:
        return False


def guess_grid(image: QImage, scale: float = 1.0) -> GridAlignment | None:
    """The grid drawn on ``image`` (pixels times ``scale``), or None when no regular lines show.

    The lines, their spacing and the centre of one line each way come from
    :func:`vantage.engine.importers.grid_guess.find_grid` on the picture's brightness; what it
    refuses (no lines, lines one way only, bricks, hexes) gets no guess.
    """
    from PySide6.QtGui import QImage

    gray = image.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height = gray.width(), gray.height()
    if width < 8 or height < 8:
        return None
    rows = np.frombuffer(gray.constBits(), dtype=np.uint8, count=gray.bytesPerLine() * height)
    found = find_grid(rows.reshape(height, gray.bytesPerLine())[:, :width])
    if isinstance(found, GridRefused):
        return None
    period = found.cell_px
    offset = tuple(_near_zero(phase, period) * scale for phase in found.offset_px)
    size = period * scale
    if abs(size - round(size)) < 0.05:  # map makers export whole pixels per tile
        size = float(round(size))
    return GridAlignment(size, (offset[0], offset[1]))


def _near_zero(offset: float, period: float) -> float:
    """A line within 1.5 px of the picture's edge is on the edge (whole tiles are not lost)."""
    return 0.0 if offset < 1.5 or period - offset < 1.5 else offset

