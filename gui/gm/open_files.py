"""Which files the Vantage programs running on this computer have open, so that a second start on
a file brings the window that has it forward instead of opening it twice.

Each running program keeps, in the user folder's ``open-files/``, a list of the files its windows
have open (``<id>.json``, written atomically) and holds a lock on ``<id>.lock`` for its whole life
(gui/appdata/run_lock.py: the system drops it when the program dies in any way, so a list whose
lock is free is stale and is removed). Another program that is about to open one of those files
asks the owner to bring its window forward by leaving a request (``<id>.raise-<n>`` naming the
file); the owner looks for requests twice a second, brings the window forward and removes the
request, which is the answer. An owner that does not answer within :data:`ANSWER_SECONDS` (busy,
or hung) is not waited for: the file opens here too, and the two windows' saves check for each
other's changes (:mod:`.disk_stamp`).

Everything here is best effort: a user folder that cannot be written, or any other failure, only
means that the file opens in a second window as it did before.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QTimer

from vantage.gui.appdata.run_lock import RunLock, is_alive, new_run_id
from vantage.gui.appdata.safe_json import DamagedFile, UnreadableFile, read_json
from vantage.gui.appdata.user_paths import user_data_dir

log = logging.getLogger(__name__)

FOLDER = "open-files"
#: How long a second start waits for the owner of a file to bring its window forward.
ANSWER_SECONDS = 2.0
POLL_MS = 500


def _key(path: Path) -> str:
    try:
        return str(path.resolve())
    except (OSError, ValueError, RuntimeError):
        return str(path.absolute())


class OpenFiles(QObject):
    """This program's entry in ``open-files/``: the files its windows have open, and the answer
    to other programs' requests to bring one forward (through ``bring_forward(path)``)."""

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder = folder
        self.id = new_run_id()
        self.lock = RunLock(folder / f"{self.id}.lock")
        self.owners: dict[int, tuple[Path, Callable[[], None]]] = {}
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.answer_requests)

    def start(self) -> bool:
        self.folder.mkdir(parents=True, exist_ok=True)
        if not self.lock.acquire():
            return False
        self.timer.start()
        return True

    def hold(self, owner: object, path: Path | None, bring_forward: Callable[[], None]) -> None:
        """``owner`` (a window's file actions) has ``path`` open now (None: no file)."""
        if path is None:
            self.owners.pop(id(owner), None)
        else:
            self.owners[id(owner)] = (Path(_key(path)), bring_forward)
        self._write()

    def _write(self) -> None:
        paths = sorted({str(path) for path, _ in self.owners.values()})
        target = self.folder / f"{self.id}.json"
        with contextlib.suppress(OSError):
            fd, temp = tempfile.mkstemp(prefix=f".{self.id}.tmp-", dir=self.folder)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    json.dump({"id": self.id, "paths": paths}, handle)
                os.replace(temp, target)
            except OSError:
                with contextlib.suppress(OSError):
                    os.remove(temp)
                raise

    def answer_requests(self) -> None:
        """Bring forward each window another program asked for, and remove its request."""
        with contextlib.suppress(OSError):
            for request in self.folder.glob(f"{self.id}.raise-*"):
                try:
                    wanted = request.read_text(encoding="utf-8") if request.is_file() else ""
                except (OSError, ValueError):
                    wanted = ""
                for path, bring_forward in list(self.owners.values()):
                    if str(path) == wanted:
                        bring_forward()
                        log.info("brought %s forward for another start of Vantage", path)
                        break
                with contextlib.suppress(OSError):
                    request.unlink()

    def close(self) -> None:
        self.timer.stop()
        with contextlib.suppress(OSError):
            (self.folder / f"{self.id}.json").unlink(missing_ok=True)
        self.lock.release()


_this_program: OpenFiles | None = None


def this_program() -> OpenFiles | None:
    """This program's entry (made on first use; None when the user folder cannot be used)."""
    global _this_program
    if _this_program is None:
        try:
            entry = OpenFiles(user_data_dir() / FOLDER, QCoreApplication.instance())
            if not entry.start():
                return None
        except (OSError, RuntimeError) as exc:
            log.warning("open files are not shared with other Vantage windows: %s", exc)
            return None
        _this_program = entry
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(entry.close)
    return _this_program


def owner_elsewhere(path: Path) -> str | None:
    """The id of another running Vantage program that has ``path`` open (None: none has). Lists
    of programs that are gone are removed on the way."""
    me = _this_program.id if _this_program is not None else ""
    try:
        folder = user_data_dir() / FOLDER
        lists = sorted(folder.glob("*.json"))
    except (OSError, RuntimeError):
        return None
    wanted = _key(path)
    for listing in lists:
        owner = listing.stem
        if owner == me:
            continue
        lock = folder / f"{owner}.lock"
        if not is_alive(lock):
            with contextlib.suppress(OSError):
                listing.unlink()
                lock.unlink(missing_ok=True)
            continue
        try:
            data = read_json(listing)
        except (DamagedFile, UnreadableFile):
            continue
        if isinstance(data, dict) and wanted in (data.get("paths") or []):
            return owner
    return None


def ask_to_bring_forward(owner: str, path: Path, wait_seconds: float = ANSWER_SECONDS) -> bool:
    """Ask the program ``owner`` to bring its window on ``path`` forward; True when it answered."""
    import uuid  # only when another run holds the file (issue 32: not at every start)

    try:
        request = user_data_dir() / FOLDER / f"{owner}.raise-{uuid.uuid4().hex}"
        request.write_text(_key(path), encoding="utf-8")
    except (OSError, RuntimeError):
        return False
    deadline = time.monotonic() + wait_seconds
    while time.monotonic() < deadline:
        if not request.exists():
            return True
        time.sleep(0.05)
    with contextlib.suppress(OSError):
        request.unlink()
    return False


def bring_forward_elsewhere(path: Path) -> bool:
    """If another running Vantage has ``path`` open and brings its window forward: True (then do
    not open it here)."""
    owner = owner_elsewhere(path)
    return owner is not None and ask_to_bring_forward(owner, path)
