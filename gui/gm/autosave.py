"""Autosave and crash recovery.

While a window is open, the encounter is saved every minute (when it changed) to one of a few
rotating files in the user's autosave folder, never over the GM's own file. Each run has an id of
its own (a random UUID, never the process id, which repeats in containers and after a reboot) and
holds a lock on ``run-<id>.lock`` for as long as it runs (gui/appdata/run_lock.py). A small marker,
``session-<id>.json``, written atomically after each autosave, says which autosave is the newest and
what file it came from; a clean exit removes it with the run's autosaves.

A marker whose run no longer holds its lock means that run did not end cleanly: the next start
offers to recover its newest autosave. A live run's marker is never offered and never touched, by
any other window. A marker that cannot be read (cut short) does not hide the work: the run's
newest autosave is found by its name. Autosaves of runs that were declined or recovered are kept
for a week (:data:`KEEP_DECLINED_SECONDS`), then removed.

A crashed run that the GM recovers is *adopted* by the recovering run (:meth:`Autosaver.adopt`): it
takes the crashed run's lock, so no other window offers it or prunes it meanwhile, and forgets it
only once the work has been written somewhere that reopens — this run's own autosave (whose marker
leads to it), or the GM's file. If the recovering run crashes before that (a full disk), the system
drops the lock and the first crash is offered again.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from vantage.engine.fileformat import save_encounter
from vantage.gui.appdata.run_lock import RunLock, is_alive, new_run_id
from vantage.gui.appdata.user_paths import autosave_dir
from vantage.gui.document import EncounterDocument

INTERVAL_MS = 60_000
ROTATION = 3
MARKER_PREFIX = "session-"
LOCK_PREFIX = "run-"
#: Autosaves whose run is gone and that nothing points to any more are removed after a week.
KEEP_DECLINED_SECONDS = 7 * 24 * 3600
_AUTOSAVE_NAME = re.compile(r"^autosave-(?P<run>[0-9A-Za-z]+)-(?P<slot>\d+)\.json$")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recovery:
    """An autosave left by a run that did not end cleanly."""

    autosave: Path
    source: Path | None
    marker: Path
    run: str = ""


def _autosave_dir() -> Path:
    return autosave_dir()


def autosave_path(folder: Path, run: str, slot: int) -> Path:
    return folder / f"autosave-{run}-{slot}.json"


def lock_path(folder: Path, run: str) -> Path:
    return folder / f"{LOCK_PREFIX}{run}.lock"


def _run_autosaves(folder: Path, run: str) -> list[Path]:
    """The run's autosave files, newest first."""
    found = []
    for path in folder.glob(f"autosave-{run}-*.json"):
        match = _AUTOSAVE_NAME.match(path.name)
        if match and match["run"] == run:
            with contextlib.suppress(OSError):
                found.append((path.stat().st_mtime, path))
    return [p for _, p in sorted(found, reverse=True)]


def _is_file(path: Path) -> bool:
    """``path.is_file()``, False for names the system refuses (too long, a NUL byte)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.parent.resolve() == folder.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def read_marker(marker: Path) -> tuple[Path | None, Path | None]:
    """(newest autosave, source file) from a marker; (None, None) when it cannot be read."""
    try:
        data = json.loads(marker.read_text(encoding="utf-8"))
        latest = Path(data["latest"]) if isinstance(data.get("latest"), str) else None
        source = data.get("source")
        return latest, Path(source) if isinstance(source, str) and source else None
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None, None


def pending_recoveries(folder: Path | None = None, own_run: str = "") -> list[Recovery]:
    """Autosaves of earlier runs that did not exit cleanly, newest first, one per run. Runs that
    are still alive (another window, holding its lock) and ``own_run`` are left out; nothing is
    deleted here."""
    folder = folder or _autosave_dir()
    found: list[tuple[float, Recovery]] = []
    for marker in folder.glob(f"{MARKER_PREFIX}*.json"):
        run = marker.name[len(MARKER_PREFIX):-len(".json")]
        if run == own_run or is_alive(lock_path(folder, run)):
            continue
        latest, source = read_marker(marker)
        if latest is not None and not _inside(latest, folder):
            latest = None  # a marker only ever names an autosave of this folder
        if latest is None or not _is_file(latest):  # cut short, or its file is gone: look by name
            newest = _run_autosaves(folder, run)
            if not newest:
                continue
            latest = newest[0]
            if source is None:
                log.warning("recovery marker %s could not be read; offering %s", marker, latest)
        with contextlib.suppress(OSError):
            found.append((latest.stat().st_mtime, Recovery(latest, source, marker, run)))
    return [r for _, r in sorted(found, key=lambda pair: pair[0], reverse=True)]


def forget(recoveries: list[Recovery]) -> None:
    """The GM has answered for these runs: drop their markers, so they are not offered again.
    Their autosave files stay for :data:`KEEP_DECLINED_SECONDS` (see :func:`prune_old_autosaves`)."""
    for recovery in recoveries:
        recovery.marker.unlink(missing_ok=True)
        if recovery.run:
            lock_path(recovery.marker.parent, recovery.run).unlink(missing_ok=True)


def prune_old_autosaves(folder: Path, now: float | None = None) -> list[Path]:
    """Remove autosaves (and stray temp files) of runs that are gone, that no marker points to, and
    that are older than :data:`KEEP_DECLINED_SECONDS`; the files removed."""
    now = time.time() if now is None else now
    kept_runs = {m.name[len(MARKER_PREFIX):-len(".json")] for m in folder.glob(f"{MARKER_PREFIX}*.json")}
    removed = []
    for lock in folder.glob(f"{LOCK_PREFIX}*.lock"):  # a run that crashed before its first autosave
        run = lock.name[len(LOCK_PREFIX):-len(".lock")]
        with contextlib.suppress(OSError):
            if run not in kept_runs and now - lock.stat().st_mtime > 60 and not is_alive(lock):
                lock.unlink()
    for leftover in folder.glob(f"{MARKER_PREFIX}*.json.tmp-*"):  # a marker write that was killed
        with contextlib.suppress(OSError):
            if now - leftover.stat().st_mtime > 3600:
                leftover.unlink()
                removed.append(leftover)
    for path in folder.iterdir():
        match = _AUTOSAVE_NAME.match(path.name.split(".json", 1)[0] + ".json")
        if match is None or match["run"] in kept_runs or is_alive(lock_path(folder, match["run"])):
            continue
        with contextlib.suppress(OSError):
            if now - path.stat().st_mtime > KEEP_DECLINED_SECONDS:
                path.unlink()
                removed.append(path)
    return removed


def write_marker_atomically(marker: Path, latest: Path, source: Path | None, run: str) -> None:
    """The marker, written beside itself and renamed in one step: a crash leaves the old marker
    or the new one, never one cut short."""
    text = json.dumps({"run": run, "latest": str(latest), "source": str(source) if source else None,
                       "saved_at": time.time()})
    fd, tmp_name = tempfile.mkstemp(prefix=marker.name + ".tmp-", dir=marker.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, marker)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp_name)
        raise


@dataclass(frozen=True)
class Adopted:
    """A crashed run whose work this run holds, and the crashed run's lock, held until it is
    forgotten."""

    recovery: Recovery
    lock: RunLock


class Autosaver(QObject):
    """Saves ``document`` every ``interval_ms`` while it has unsaved changes. ``failed`` carries a
    sentence for the GM when an autosave cannot be written (and ``recovered`` the all-clear)."""

    failed = Signal(str)
    recovered = Signal()

    def __init__(self, document: EncounterDocument, folder: Path | None = None,
                 interval_ms: int = INTERVAL_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.run = new_run_id()
        self.slot = 0
        self.saved_index: int | None = None
        self.last_error = ""
        self._said_failure = False
        #: crashed runs recovered into this run, forgotten once their work is written again
        self.adopted: list[Adopted] = []
        self.folder = folder
        self._in_folder = False  # the lock and the marker below are in ``folder`` (once it exists)
        self.lock = RunLock(Path(f"{LOCK_PREFIX}{self.run}.lock"))
        self.marker = Path(f"{MARKER_PREFIX}{self.run}.json")
        self._use_folder()
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        document.undo_stack.cleanChanged.connect(self._saved)

    def _use_folder(self) -> bool:
        """Find (or make) the autosave folder and take this run's lock in it; False, with the
        reason in ``last_error``, when the user folder cannot be made (tried again at each autosave)."""
        if self.folder is None:
            try:
                self.folder = _autosave_dir()
            except (OSError, RuntimeError) as exc:
                self.last_error = f"autosave failed: the autosave folder cannot be made ({exc})"
                return False
        if not self._in_folder:
            self._in_folder = True
            self.lock = RunLock(lock_path(self.folder, self.run))
            self.marker = self.folder / f"{MARKER_PREFIX}{self.run}.json"
            self.lock.acquire()
            with contextlib.suppress(OSError):
                prune_old_autosaves(self.folder)
        return True

    @property
    def failure(self) -> str:
        """The sentence for the GM while autosave does not work ("" while it does)."""
        if not self.last_error:
            return ""
        return f"Autosave failed — crash protection is off until it works again: " \
               f"{self.last_error.removeprefix('autosave failed: ')}"

    def _saved(self, clean: bool) -> None:
        if clean:  # the GM's own file is up to date (or the GM let the work go): nothing to recover
            if self._in_folder:
                with contextlib.suppress(OSError):
                    self.marker.unlink(missing_ok=True)
            self.saved_index = None
            self.forget_adopted()

    def adopt(self, recovery: Recovery) -> None:
        """Hold ``recovery`` (recovered into this run's document) until its work is written again:
        its run's lock is taken, so no other window offers or prunes it, and a crash of this run
        leaves it to be offered again. Call after the recovered encounter is in the document."""
        lock = RunLock(lock_path(recovery.marker.parent, recovery.run) if recovery.run
                       else recovery.marker.with_suffix(".lock"))
        lock.acquire()  # a folder that cannot be written: the marker stays all the same
        self.adopted.append(Adopted(recovery, lock))

    def forget_adopted(self) -> None:
        """The adopted runs' work is written again (or the GM answered for it): drop them."""
        held, self.adopted = self.adopted, []
        for adopted in held:
            adopted.lock.release(remove=False)
            forget([adopted.recovery])

    def autosave(self) -> Path | None:
        """Save now if anything changed since the last autosave; the file written, or None (a
        failure is in ``last_error``, sent as ``failed`` and logged)."""
        stack = self.document.undo_stack
        if stack.isClean() or stack.index() == self.saved_index:
            return None
        try:
            if not self._use_folder() or self.folder is None:
                raise OSError(self.last_error.removeprefix("autosave failed: "))
            target = autosave_path(self.folder, self.run, self.slot)
            if not self.lock.held and not self.lock.acquire():
                # without its lock this run would look crashed to other windows: write no marker
                raise OSError(f"cannot lock {self.lock.path} (is the autosave folder writable?)")
            # with its combat log; no .bak: the rotation is the history
            save_encounter(self.document.encounter_to_save(), target, keep_backup=False)
            write_marker_atomically(self.marker, target, self.document.path, self.run)
            self.forget_adopted()  # this run's marker leads to their work from now on
        except Exception as exc:  # noqa: BLE001 - an autosave failure must never stop play
            first = not self._said_failure
            self.last_error = f"autosave failed: {exc}"
            log.warning("%s", self.last_error)
            if first:
                self._said_failure = True
                self.failed.emit(self.failure)
            return None
        if self.last_error:
            self.last_error = ""
            self._said_failure = False
            log.info("autosave works again: %s", target)
            self.recovered.emit()
        self.saved_index = stack.index()
        self.slot = (self.slot + 1) % ROTATION
        return target

    def clean_exit(self) -> None:
        """The window closed normally: no recovery is needed next time."""
        self.timer.stop()
        self.forget_adopted()  # closing asked about unsaved changes: saved or let go
        if self.folder is None or not self._in_folder:
            return
        with contextlib.suppress(OSError):
            self.marker.unlink(missing_ok=True)
        for path in _run_autosaves(self.folder, self.run):
            path.unlink(missing_ok=True)
            Path(str(path) + ".bak").unlink(missing_ok=True)
        self.lock.release()
