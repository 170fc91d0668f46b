"""Is a run of Vantage still alive? A lock that the operating system holds for the life of a run.

Every GM window run takes an exclusive lock on its own file (``run-<id>.lock``) and keeps it open
until it exits. The operating system drops the lock when the process ends in any way — a clean
exit, a crash, SIGKILL, a power cut (the lock is not on the disk) — so another run tells a live run
from a dead one by trying the lock: if it can take it, the owner is gone. Process ids are not used:
they repeat (PID 1 in every container or Flatpak sandbox, and after every reboot).

POSIX (Linux, macOS) uses ``fcntl.flock``; Windows uses ``msvcrt.locking`` on the file's first
byte. Both are advisory and per open file, and both are released by the system when the owner dies.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO


def new_run_id() -> str:
    """An id no other run has had, here or on another computer: 128 random bits as 32 hex digits
    (as unique as a random UUID, without importing ``uuid`` at every start: issue 32)."""
    return os.urandom(16).hex()


def _try_lock(handle: IO[bytes]) -> bool:
    if os.name == "nt":
        import msvcrt

        try:
            handle.seek(0)
            # msvcrt's stub declares locking only for win32, and mypy does not read os.name as the platform
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(handle: IO[bytes]) -> None:
    with contextlib.suppress(OSError):
        if os.name == "nt":
            import msvcrt

            handle.seek(0)
            # msvcrt's stub declares locking only for win32, and mypy does not read os.name as the platform
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


class RunLock:
    """The lock of this run on ``path``, held from :meth:`acquire` until :meth:`release` (or the
    end of the process)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> bool:
        """Take the lock; False if it cannot be taken (another live run holds it, or the folder
        cannot be written)."""
        if self._handle is not None:
            return True
        try:
            handle = open(self.path, "a+b")  # noqa: SIM115 - held open for the life of the run
        except OSError:
            return False
        if not _try_lock(handle):
            handle.close()
            return False
        with contextlib.suppress(OSError):
            if os.fstat(handle.fileno()).st_size == 0:
                handle.write(b"L")  # Windows locks a byte range: give the file its first byte
                handle.flush()
        self._handle = handle
        return True

    def release(self, *, remove: bool = True) -> None:
        """Drop the lock (and its file, unless ``remove`` is False)."""
        handle, self._handle = self._handle, None
        if handle is None:
            return
        _unlock(handle)
        handle.close()
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()


def is_alive(lock_path: Path) -> bool:
    """Whether the run that owns ``lock_path`` still runs: it holds the lock. A missing lock file
    means a dead run (or one from before locks, which only a crash leaves behind)."""
    if not lock_path.exists():
        return False
    try:
        handle = open(lock_path, "rb+")  # noqa: SIM115 - closed just below
    except OSError:
        return True  # cannot be opened to try: assume alive, never take another run's work
    try:
        if _try_lock(handle):
            _unlock(handle)
            return False
        return True
    finally:
        handle.close()
