"""Encounter files on disk: reading with a size guard, and atomic saving with a backup.

A save writes ``NAME.tmp-<random>`` beside the file, flushes and fsyncs it, copies the old file to
``NAME.bak``, then replaces ``NAME`` in one step. If anything fails the temp file is removed
and the old file is left as it was.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

from vantage.engine.fileformat.backups import backup_folder, keep_generation, prune
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


def load_encounter(path: str | Path, *, chosen_ruleset: str | None = None) -> Encounter:
    """The encounter in the file at ``path``; EncounterFileError listing every problem
    (RulesetMissing when the file only names no ruleset: ask the GM, then pass the answer as
    ``chosen_ruleset``)."""
    return loads_encounter(read_encounter_bytes(path), source=str(path), chosen_ruleset=chosen_ruleset)


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


def encounter_file_bytes(enc: Encounter, source: str = "<save>") -> bytes:
    """``enc`` as the bytes of a file that Vantage reads back: EncounterFileError (nothing written)
    if it would be larger than ``MAX_FILE_BYTES`` or would not load again."""
    data = dumps_encounter(enc).encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise EncounterFileError(
            [Problem("", f"the encounter would be {len(data) / 2**20:.1f} MiB, more than the "
                     f"{MAX_FILE_BYTES // 2**20} MiB Vantage opens, so it was not saved and the file on disk "
                     "is unchanged (remove walls, notes or layers to make it smaller)")],
            path=source,
        )
    loads_encounter(data, source=source)  # what would not load again is refused here, not on opening
    return data


def save_encounter(enc: Encounter, path: str | Path, *, keep_backup: bool = True) -> list[str]:
    """Write ``enc`` to ``path`` atomically, keeping the old file as ``NAME.bak``; the notes of
    what went less well (the backup could not be updated) come back, one sentence each.

    EncounterFileError (before touching the disk) if ``enc`` cannot be written as a file that
    loads again, or would be larger than Vantage reads; OSError naming the file if the disk write
    fails or ``path`` is not a regular file (a device, a folder), with the old file intact. Temp
    files that an interrupted save left beside ``path`` are removed.
    """
    target = Path(path)
    if target.is_symlink():
        target = target.resolve()  # replace the file the link points to, not the link
    return write_atomically(encounter_file_bytes(enc, str(target)), target, keep_backup=keep_backup)


def write_atomically(data: bytes, path: str | Path, *, keep_backup: bool = True,
                     what: str = "the encounter") -> list[str]:
    """Write ``data`` to ``path`` atomically (a temp file beside it, flushed and fsynced, then one
    rename), keeping the old file as ``NAME.bak``; the notes of what went less well come back.
    OSError naming the file (and ``what`` it is) if the write fails, with the old file intact."""
    target = Path(path)
    if target.is_symlink():
        target = target.resolve()
    folder = target.parent if str(target.parent) else Path(".")
    _refuse_odd_target(target, what)
    _remove_stale_temp_files(target)
    notes: list[str] = []
    tmp_name: str | None = None
    generation: Path | None = None
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=target.name + TEMP_MARK, dir=folder)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _copy_permissions(target, tmp_name)
        if keep_backup and target.is_file():
            try:
                _write_backup(target)
            except OSError as exc:  # the backup is a convenience: it never blocks the save itself
                notes.append(f"the backup {backup_path(target)} could not be updated "
                             f"({exc.strerror or exc}); it holds an older version")
            generation, note = _keep_generation(target)
            notes.extend(note)
        _replace_with_retry(tmp_name, target)
    except OSError as exc:
        _remove_quietly(tmp_name)
        _forget_generation(generation)  # the old file is still in place: no generation of it is needed
        error = OSError(f"could not save {what} to {target}: {exc.strerror or exc}")
        error.errno = exc.errno
        raise error from exc
    except BaseException:
        _remove_quietly(tmp_name)
        _forget_generation(generation)
        raise
    _sync_folder(folder)
    if generation is not None:
        prune(target)
    return notes


def _keep_generation(target: Path) -> tuple[Path | None, list[str]]:
    """Set the file about to be replaced aside as a generation (backups.py): the generation, or a
    note (never an error) saying why it could not be kept."""
    try:
        return keep_generation(target), []
    except OSError as exc:
        return None, [f"a backup generation could not be kept in {backup_folder(target).parent} "
                      f"({exc.strerror or exc})"]


def keep_generations(target: Path) -> list[str]:
    """Set ``target`` aside as a generation and prune the old ones (for files replaced elsewhere,
    such as an imported picture); the notes of what could not be done."""
    generation, notes = _keep_generation(target)
    if generation is not None:
        prune(target)
    return notes


#: What a temp file of a save has after the file's name: ``fight.json.tmp-k2j4x8``.
TEMP_MARK = ".tmp-"
#: A temp file of a save older than this is left over from a save that was killed (a save takes
#: seconds); a younger one may belong to a save running right now in another window.
STALE_TEMP_SECONDS = 15 * 60


def _refuse_odd_target(target: Path, what: str = "the encounter") -> None:
    """OSError if ``target`` exists and is not a regular file: a save never copies or writes
    over a device, a pipe or a folder."""
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return
    except OSError:
        return  # the write below reports it with the file's name
    if not stat.S_ISREG(info.st_mode):
        saved = what
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device or a pipe?)"
        error = OSError(f"could not save {saved} to {target}: it is {what}")
        error.errno = errno.EINVAL
        raise error


def _remove_stale_temp_files(target: Path) -> None:
    """Remove ``NAME.tmp-*`` and ``NAME.bak.tmp-*`` that a killed save left beside ``target``."""
    folder = target.parent if str(target.parent) else Path(".")
    now = time.time()
    for prefix in (target.name + TEMP_MARK, backup_path(target).name + TEMP_MARK):
        with contextlib.suppress(OSError):
            for leftover in folder.glob(glob.escape(prefix) + "*"):
                with contextlib.suppress(OSError):
                    info = leftover.lstat()
                    if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMP_SECONDS:
                        leftover.unlink()


def _remove_quietly(name: str | Path | None) -> None:
    if name is not None:
        with contextlib.suppress(OSError):
            os.remove(name)


def _forget_generation(generation: Path | None) -> None:
    """Remove a generation kept for a save that failed, and its folders if that leaves them empty."""
    if generation is not None:
        _remove_quietly(generation)
        with contextlib.suppress(OSError):
            generation.parent.rmdir()
            generation.parent.parent.rmdir()


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
    fd, tmp_name = tempfile.mkstemp(prefix=backup.name + TEMP_MARK, dir=target.parent)
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
