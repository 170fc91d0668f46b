"""Reading and writing Vantage's own small JSON files (settings, recent files, the player view,
screen calibrations) so that no file in the user folder can stop or hang a window.

Only a regular file is opened (a named pipe would block the window for ever; it is opened without
waiting and refused after ``fstat``), and at most :data:`MAX_BYTES` of it. A file that is not a
regular file, too large, not UTF-8, not JSON, nested too deep, with a number of more than 4,300
digits, or of the wrong shape (a list where an object belongs) is *damaged*: it is set aside —
renamed ``NAME.damaged-<date>-<time>`` beside itself, never deleted — and a notice naming the file
and its problem is kept for the window to show (:func:`take_notices`); the caller uses its defaults.
A file that cannot be read at all (no permission, a user folder that cannot be made) is left where
it is, said once, and never written over.

Writes go through a temp file of a unique name beside the target (``mkstemp``: never a name a
pipe could sit on) and one rename.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

#: Vantage's own settings files are a few kilobytes; anything larger is not one of them.
MAX_BYTES = 1 << 20

_notices: list[str] = []


class DamagedFile(ValueError):
    """A file of Vantage's own that cannot be used; the message says why."""


class UnreadableFile(OSError):
    """A file that may be fine but cannot be read now (no permission, no user folder)."""


def take_notices() -> list[str]:
    """The notices about damaged or unreadable files since the last call (and forget them)."""
    taken = list(_notices)
    _notices.clear()
    return taken


def _notice(text: str) -> None:
    if text not in _notices:
        _notices.append(text)
        log.warning("%s", text)


def _read_bytes(path: Path, max_bytes: int) -> bytes | None:
    """The file's bytes; None when it does not exist. Never waits on a pipe or reads a device."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not hasattr(os, "O_NONBLOCK"):  # Windows: no pipes in the file system to block on, but check first
        with contextlib.suppress(FileNotFoundError):
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise DamagedFile("it is not a regular file (a pipe, a device or a folder?)")
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except IsADirectoryError as exc:
        raise DamagedFile("it is not a regular file (a pipe, a device or a folder?)") from exc
    except OSError as exc:
        raise UnreadableFile(exc.errno, f"it cannot be read ({exc.strerror or exc})") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile("it is not a regular file (a pipe, a device or a folder?)")
        if info.st_size > max_bytes:
            raise DamagedFile(f"it is {info.st_size:,} bytes; a settings file is at most {max_bytes:,}")
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise UnreadableFile(exc.errno, f"it cannot be read ({exc.strerror or exc})") from exc
    finally:
        os.close(fd)
    if len(data) > max_bytes:
        raise DamagedFile(f"it is larger than {max_bytes:,} bytes")
    return data


def read_json(path: Path, max_bytes: int = MAX_BYTES) -> Any:
    """The JSON value in ``path`` (None when the file does not exist); :class:`DamagedFile` or
    :class:`UnreadableFile` says what is wrong."""
    data = _read_bytes(path, max_bytes)
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DamagedFile(f"it is not UTF-8 text (byte {exc.start})") from exc
    try:
        return json.loads(text)
    except RecursionError as exc:
        raise DamagedFile("it is nested too deeply to read") from exc
    except json.JSONDecodeError as exc:
        raise DamagedFile(f"it is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from exc
    except ValueError as exc:  # a number of more than 4,300 digits
        raise DamagedFile(f"it is not JSON Vantage can read: {exc}") from exc


def set_aside(path: Path, problem: str) -> Path | None:
    """Rename the damaged ``path`` to ``NAME.damaged-<date>-<time>`` (a free name) and keep a
    notice; the new path, or None when it could not be renamed (said in the notice)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for number in range(1, 100):
        aside = path.with_name(f"{path.name}.damaged-{stamp}" + (f"-{number}" if number > 1 else ""))
        if os.path.lexists(aside):
            continue
        try:
            os.rename(path, aside)
        except OSError as exc:
            _notice(f"{path} is damaged ({problem}) and could not be set aside ({exc.strerror or exc}); "
                    "Vantage uses its defaults and will not write over it")
            return None
        _notice(f"{path} was damaged ({problem}); it was set aside as {aside.name} and Vantage uses "
                "its defaults")
        return aside
    _notice(f"{path} is damaged ({problem}); Vantage uses its defaults")
    return None


def read_setting_file(path_of: Callable[[], Path], fits: Callable[[Any], bool],
                      shape: str) -> tuple[Any, bool]:
    """``(value, writable)`` of one settings file: the value (None when missing, damaged or
    unreadable), and whether the file may be written now (False when it could not be read or set
    aside: it is never written over). ``fits`` says whether a value has the file's ``shape``
    (e.g. "an object"); one that does not is damaged."""
    try:
        path = path_of()
    except (OSError, RuntimeError) as exc:  # the user folder cannot be made (or is inside the program)
        _notice(f"The user data folder cannot be used ({exc}): settings and recent files are not kept")
        return None, False
    try:
        value = read_json(path)
    except UnreadableFile as exc:
        _notice(f"{path} could not be read ({exc.strerror or exc}); Vantage uses its defaults")
        return None, False
    except DamagedFile as exc:
        return None, set_aside(path, str(exc)) is not None
    if value is not None and not fits(value):
        return None, set_aside(path, f"it holds {_shape_of(value)}, not {shape}") is not None
    return value, True


def _shape_of(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true or false"}.get(
        type(value), "null" if value is None else "a number")


def write_json_atomically(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` through a temp file of a unique name and one rename
    (OSError when it cannot be written; the old file is then unchanged)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.tmp-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(data, indent=2, sort_keys=True) + "\n")
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(temp)
        raise
