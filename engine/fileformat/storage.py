"""Encounter files on disk: reading with a size guard, and atomic saving with a backup.

A save writes ``NAME.tmp-<random>`` beside the file, flushes and fsyncs it, copies the old file to
``NAME.bak``, then replaces ``NAME`` in one step. If anything fails the temp file is removed
and the old file is left as it was.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

from vantage.engine.fileformat.problems import EncounterFileError, Problem
from vantage.engine.fileformat.text import (
    MAX_FILE_BYTES,
    dumps_encounter,
    loads_encounter,
    too_large_message,
)
from vantage.engine.model import Encounter

#: Pauses between attempts to replace a file that another program holds open (Windows).
REPLACE_RETRY_DELAYS: tuple[float, ...] = (0.05, 0.1, 0.2, 0.4, 0.8)


def read_encounter_bytes(path: str | Path) -> bytes:
    """The bytes of the file at ``path``; EncounterFileError if it cannot be read or is too large."""
    source = str(path)

    def fail(message: str) -> EncounterFileError:
        return EncounterFileError([Problem("", message)], path=source)

    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise fail("this is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise fail("this is not a regular file (a device or a pipe?)")
        if info.st_size > MAX_FILE_BYTES:
            raise fail(too_large_message(info.st_size))
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise fail(f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:  # it grew while being read
        raise fail(too_large_message(len(raw)))
    return raw


def load_encounter(path: str | Path) -> Encounter:
    """The encounter in the file at ``path``; EncounterFileError listing every problem."""
    return loads_encounter(read_encounter_bytes(path), source=str(path))


def validate_file(path: str | Path) -> list[Problem]:
    """Every problem with the encounter file at ``path`` (empty when it is valid)."""
    try:
        load_encounter(path)
    except EncounterFileError as exc:
        return list(exc.problems)
    return []


def backup_path(path: str | Path) -> Path:
    """Where the previous version of ``path`` is kept: ``NAME.bak`` beside it."""
    path = Path(path)
    return path.with_name(path.name + ".bak")


def save_encounter(enc: Encounter, path: str | Path, *, keep_backup: bool = True) -> None:
    """Write ``enc`` to ``path`` atomically, keeping the old file as ``NAME.bak``.

    EncounterFileError (before touching the disk) if ``enc`` cannot be written as a valid file;
    OSError naming the file if the disk write fails, with the old file intact.
    """
    data = dumps_encounter(enc).encode("utf-8")
    target = Path(path)
    if target.is_symlink():
        target = target.resolve()  # replace the file the link points to, not the link
    folder = target.parent if str(target.parent) else Path(".")
    tmp_name: str | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=target.name + ".tmp-", dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _copy_permissions(target, tmp_name)
        if keep_backup and target.exists():
            _write_backup(target)
        _replace_with_retry(tmp_name, target)
    except OSError as exc:
        _remove_quietly(tmp_name)
        error = OSError(f"could not save the encounter to {target}: {exc.strerror or exc}")
        error.errno = exc.errno
        raise error from exc
    except BaseException:
        _remove_quietly(tmp_name)
        raise
    _sync_folder(folder)


def _remove_quietly(name: str | None) -> None:
    if name is not None:
        with contextlib.suppress(OSError):
            os.remove(name)


def _copy_permissions(target: Path, tmp_name: str) -> None:
    """Give the new file the old file's permissions (mkstemp makes it private to the owner)."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o644
    os.chmod(tmp_name, mode)


def _write_backup(target: Path) -> None:
    """Copy ``target`` to ``NAME.bak`` through a temp file, so a failed copy leaves no half backup."""
    backup = backup_path(target)
    fd, tmp_name = tempfile.mkstemp(prefix=backup.name + ".tmp-", dir=target.parent)
    os.close(fd)
    try:
        shutil.copy2(target, tmp_name)
        _replace_with_retry(tmp_name, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp_name)
        raise


def _replace_with_retry(source: str | Path, target: Path) -> None:
    """``os.replace``, retried briefly on PermissionError (a virus scanner or viewer on Windows)."""
    for delay in REPLACE_RETRY_DELAYS:
        try:
            os.replace(source, target)
            return
        except PermissionError:
            time.sleep(delay)
    os.replace(source, target)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
