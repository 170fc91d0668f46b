"""Reading the files an import names, with limits checked before anything is read.

A map can name any path (a Tiled map from the internet may point a tileset at ``/dev/zero`` or at a
named pipe), so every file an importer opens goes through :func:`read_regular_file`: only a regular
file is opened (a pipe would block for ever, a device never ends), its size is compared with the
limit first, and the read itself stops one byte past the limit in case the file grows meanwhile.
Decompression is streamed and stops at the size the caller expects (:func:`inflate_at_most`), so a
small file cannot inflate to gigabytes. :func:`available_memory_bytes` is what a decode may use.
"""

from __future__ import annotations

import io
import os
import stat
import zlib
from pathlib import Path

from vantage.engine.importers.report import MapImportError

#: The largest Tiled map or external tileset read (a 1000 × 1000 CSV layer is about 4 MB per layer).
MAX_TILED_BYTES = 256 * 1024**2
#: The largest picture file read (a 38,400 px square map exported as PNG is a few hundred MB).
MAX_IMAGE_BYTES = 1024**3


def size_words(size: int) -> str:
    """``size`` bytes in words: 512 bytes, 3.4 MB, 1.2 GB."""
    if size < 1000:
        return f"{size} bytes"
    if size < 1000**3:
        return f"{size / 1000**2:.1f} MB"
    return f"{size / 1000**3:.1f} GB"


def read_regular_file(path: Path, limit: int, what: str) -> bytes:
    """The bytes of the regular file ``path``; MapImportError naming ``what`` (e.g. ``"cave.dd2vtt"``,
    ``"tileset[0]: external tileset 'tiles.tsx'"``) if it is missing, not a regular file, or larger
    than ``limit`` bytes."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise MapImportError(f"{what}: no such file ({path})") from None
    except OSError as exc:
        raise MapImportError(f"{what}: cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise MapImportError(f"{what}: this is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise MapImportError(f"{what}: this is not a regular file (a device or a pipe?); "
                             "Vantage reads files only")
    if info.st_size > limit:
        raise MapImportError(
            f"{what}: the file is {size_words(info.st_size)}, "
            f"larger than the {size_words(limit)} Vantage reads"
        )
    try:
        # O_NONBLOCK: if the file was swapped for a pipe after the check, opening it does not hang
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise MapImportError(f"{what}: this is not a regular file (a device or a pipe?)")
            data = handle.read(limit + 1)
    except OSError as exc:
        raise MapImportError(f"{what}: cannot be read ({exc.strerror or exc})") from None
    except MemoryError:
        raise MapImportError(f"{what}: there is not enough memory to read the file") from None
    if len(data) > limit:
        raise MapImportError(f"{what}: the file is larger than the {size_words(limit)} Vantage reads")
    return data


def read_file_start(path: Path, count: int, what: str) -> bytes:
    """The first ``count`` bytes of the regular file ``path`` (a picture's header); MapImportError
    as :func:`read_regular_file` says, but a large file is fine: only its start is read."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise MapImportError(f"{what}: cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(info.st_mode):
        what_it_is = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device or a pipe?)"
        raise MapImportError(f"{what}: this is {what_it_is}; Vantage reads files only")
    try:
        with open(path, "rb") as handle:
            return handle.read(count)
    except OSError as exc:
        raise MapImportError(f"{what}: cannot be read ({exc.strerror or exc})") from None


def inflate_at_most(raw: bytes, compression: str, limit: int, place: str) -> bytes:
    """``raw`` decompressed (``"zlib"`` or ``"gzip"``), streamed and stopped as soon as it passes
    ``limit`` bytes: MapImportError then names ``place`` and the limit. Damaged data is refused."""
    if limit < 0:
        raise MapImportError(f"{place}: the {compression} tile data has room for {limit:,} bytes")
    try:
        if compression == "zlib":
            inflater = zlib.decompressobj()
            out = inflater.decompress(raw, limit + 1)
            if len(out) > limit:
                raise MapImportError(
                    f"{place}: the {compression} tile data inflates to more than the {limit:,} bytes "
                    "the layer's tiles need"
                )
            if not inflater.eof:
                raise MapImportError(f"{place}: the {compression} tile data is damaged or cut short")
            return out
        import gzip  # only a gzip-compressed Tiled layer needs it (issue 32: not at every start)

        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as stream:
            out = stream.read(limit + 1)
        if len(out) > limit:
            raise MapImportError(
                f"{place}: the {compression} tile data inflates to more than the {limit:,} bytes "
                "the layer's tiles need"
            )
        return out
    except (zlib.error, OSError, EOFError):
        raise MapImportError(f"{place}: the {compression} tile data is damaged") from None


def available_memory_bytes() -> int | None:
    """The memory a decode may use now: what the system reports as available (not the physical
    total), or None where it cannot be told."""
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return _available_other()


def _available_other() -> int | None:
    if os.name == "nt":
        try:
            import ctypes

            class _Status(ctypes.Structure):
                _fields_ = [("length", ctypes.c_ulong), ("load", ctypes.c_ulong),
                            ("total_phys", ctypes.c_ulonglong), ("avail_phys", ctypes.c_ulonglong),
                            ("total_page", ctypes.c_ulonglong), ("avail_page", ctypes.c_ulonglong),
                            ("total_virtual", ctypes.c_ulonglong), ("avail_virtual", ctypes.c_ulonglong),
                            ("avail_extended", ctypes.c_ulonglong)]

            status = _Status()
            status.length = ctypes.sizeof(_Status)
            if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)):  # type: ignore[attr-defined]
                return int(status.avail_phys)
        except (OSError, AttributeError, ValueError):
            return None
        return None
    try:  # macOS and other POSIX systems: free pages (an underestimate, which is the safe side)
        pages = os.sysconf("SC_AVPHYS_PAGES")
        size = os.sysconf("SC_PAGE_SIZE")
        if pages > 0 and size > 0:
            return int(pages * size)
    except (OSError, ValueError, AttributeError):
        pass
    return None
