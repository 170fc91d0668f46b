"""Generations of backups: every version a save (or a forced import) replaces is kept in
``.vantage-backups/NAME/`` beside the file, named by the moment it was set aside
(``20261206T043112.123456Z.json``), and pruned by age and count.

``NAME.bak`` (storage.py) still holds the version just replaced; the generations go further back,
so two quick saves or a second ``vantage import --force`` never lose the GM's original. Pruning
keeps the newest :data:`KEEP_NEWEST`, and of the older ones the first of each day; anything older
than :data:`KEEP_DAYS` days goes, but never the newest generation (docs/reliability.md).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

#: The folder beside a file that holds the generations of its backups, one subfolder per file.
BACKUP_FOLDER = ".vantage-backups"
#: How many of the newest generations are always kept (unless older than KEEP_DAYS).
KEEP_NEWEST = 20
#: Generations older than this many days are removed (but never the newest).
KEEP_DAYS = 30

_STAMP = "%Y%m%dT%H%M%S.%fZ"


@dataclass(frozen=True)
class Generation:
    """One kept version of a file: where it is and when it was set aside (UTC)."""

    path: Path
    time: datetime
    size: int


def backup_folder(path: str | Path) -> Path:
    """Where the generations of ``path`` are kept: ``.vantage-backups/NAME/`` beside it."""
    path = Path(path)
    return path.parent / BACKUP_FOLDER / path.name


def keep_generation(path: str | Path, *, source: str | Path | None = None,
                    now: datetime | None = None) -> Path:
    """Copy the current content of ``path`` (or of ``source``, a copy of it such as ``NAME.bak``)
    aside as a new generation, through a temp file; its path comes back. A copy, never a hard
    link: a program that writes into the file in place would change a linked generation too.
    OSError when it cannot be kept; the caller's save goes on regardless."""
    path = Path(path)
    folder = backup_folder(path)
    folder.mkdir(parents=True, exist_ok=True)
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    target = _free_name(folder, moment.strftime(_STAMP), path.suffix)
    origin = Path(source) if source is not None else path
    fd, tmp_name = tempfile.mkstemp(prefix=target.name + ".tmp-", dir=folder)
    os.close(fd)
    try:
        shutil.copy2(origin, tmp_name)
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp_name)
        raise
    return target


def _free_name(folder: Path, stamp: str, suffix: str) -> Path:
    candidate = folder / f"{stamp}{suffix}"
    count = 1
    while candidate.exists():
        candidate = folder / f"{stamp}-{count}{suffix}"
        count += 1
    return candidate


def generations(path: str | Path) -> list[Generation]:
    """The kept versions of ``path``, newest first (none when there are none)."""
    found: list[Generation] = []
    with contextlib.suppress(OSError):
        for entry in backup_folder(path).iterdir():
            moment = _time_of(entry.name)
            if moment is None or ".tmp-" in entry.name:
                continue
            with contextlib.suppress(OSError):
                info = entry.stat()
                if entry.is_file():
                    found.append(Generation(entry, moment, info.st_size))
    return sorted(found, key=lambda g: (g.time, g.path.name), reverse=True)


def _time_of(name: str) -> datetime | None:
    stamp = name.split(".", 2)
    if len(stamp) < 2:
        return None
    head = f"{stamp[0]}.{stamp[1].split('-')[0]}"
    try:
        return datetime.strptime(head, _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


def prune(path: str | Path, *, now: datetime | None = None) -> list[Path]:
    """Remove the generations of ``path`` that the rules above let go; the removed come back."""
    moment = now or datetime.now(UTC)
    kept = generations(path)
    doomed: list[Path] = []
    oldest_of_day: dict[str, Generation] = {}
    for generation in kept:  # newest first: the last one seen for a day is its first
        oldest_of_day[generation.time.date().isoformat()] = generation
    for index, generation in enumerate(kept):
        if index == 0:
            continue  # the newest is never removed
        too_old = moment - generation.time > timedelta(days=KEEP_DAYS)
        crowded = index >= KEEP_NEWEST and oldest_of_day[generation.time.date().isoformat()] is not generation
        if too_old or crowded:
            doomed.append(generation.path)
    removed = []
    for gone in doomed:
        with contextlib.suppress(OSError):
            gone.unlink()
            removed.append(gone)
    return removed
