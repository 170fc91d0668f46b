"""What a window last read from or wrote to its file, to tell whether someone else wrote it since.

A :class:`DiskStamp` is taken when a window loads its file and right after it saves it: the size,
the modification time, the file's identity (inode and change time: every Vantage save replaces the
file, so it is a new one) and a SHA-256 of the bytes. :func:`changed_since` compares the file on
disk with a stamp: when size, times and identity are all the same the file is taken as unchanged
(no read); otherwise its bytes are hashed, so a file only touched, or written back unchanged, is
no conflict. No Qt here, and nothing of the rules (``vantage FILE`` loads through it before the
first frame).
"""

from __future__ import annotations

import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from vantage.engine.fileformat import loads_encounter
from vantage.engine.fileformat.storage import read_encounter_bytes
from vantage.engine.model import Encounter

#: What identifies one version of a file without reading it: size, mtime, inode, ctime (ns).
Identity = tuple[int, int, int, int]
_UNKNOWN: Identity = (-1, -1, -1, -1)  # a file that changed while it was read: always hashed


@dataclass(frozen=True)
class DiskStamp:
    """One version of a file: its identity when it was read and the SHA-256 of its bytes."""

    identity: Identity
    sha256: str
    size: int

    @classmethod
    def of_bytes(cls, data: bytes, before: os.stat_result | None, after: os.stat_result) -> DiskStamp:
        """The stamp of ``data``, read between the two ``stat`` results of its file."""
        same = before is not None and _identity(before) == _identity(after) and after.st_size == len(data)
        return cls(_identity(after) if same else _UNKNOWN, hashlib.sha256(data).hexdigest(), len(data))


def _identity(info: os.stat_result) -> Identity:
    return (info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns)


def load_with_stamp(path: Path, chosen_ruleset: str | None = None) -> tuple[Encounter, DiskStamp | None]:
    """The encounter in ``path`` (as :func:`load_encounter`, the same errors) and the stamp of the
    very bytes it was read from (None when the file changed identity while it was read)."""
    try:
        before: os.stat_result | None = os.stat(path)
    except OSError:
        before = None  # the reader says what is wrong
    data = read_encounter_bytes(path)
    encounter = loads_encounter(data, source=str(path), chosen_ruleset=chosen_ruleset)
    try:
        after = os.stat(path)
    except OSError:
        return encounter, None
    return encounter, DiskStamp.of_bytes(data, before, after)


def stamp_of(path: Path) -> DiskStamp | None:
    """The stamp of the file at ``path`` now; None when it is missing or not a regular file."""
    try:
        before = os.stat(path)
        if not stat.S_ISREG(before.st_mode):
            return None
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            while chunk := handle.read(1 << 20):
                digest.update(chunk)
        after = os.stat(path)
    except OSError:
        return None
    same = _identity(before) == _identity(after)
    return DiskStamp(_identity(after) if same else _UNKNOWN, digest.hexdigest(), after.st_size)


def changed_since(stamp: DiskStamp, path: Path) -> DiskStamp | None:
    """The file's stamp now if it differs from ``stamp`` (someone else wrote it), else None. A file
    that is gone is no change to save over (None); one that cannot be read counts as changed."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return DiskStamp(_UNKNOWN, "", -1)
    if stamp.identity != _UNKNOWN and _identity(info) == stamp.identity:
        return None
    now = stamp_of(path)
    if now is None:
        return DiskStamp(_UNKNOWN, "", -1)
    return None if now.sha256 == stamp.sha256 else now
