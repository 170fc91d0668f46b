"""Autosave and crash recovery.

While a window is open, the encounter is saved every minute (when it changed) to one of a few
rotating files in the user's autosave folder, never over the GM's own file. A small marker
file says which autosave is the newest and what file it came from; a clean exit removes it. A
marker left behind by an earlier run means that run did not end cleanly: the next start offers
to recover its newest autosave.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer

from vantage.engine.fileformat import save_encounter
from vantage.gui.appdata.user_paths import autosave_dir
from vantage.gui.document import EncounterDocument

INTERVAL_MS = 60_000
ROTATION = 3
MARKER_PREFIX = "session-"


@dataclass(frozen=True)
class Recovery:
    """An autosave left by a run that did not end cleanly."""

    autosave: Path
    source: Path | None
    marker: Path


def _autosave_dir() -> Path:
    return autosave_dir()


def pending_recoveries(folder: Path | None = None) -> list[Recovery]:
    """Autosaves of earlier runs that did not exit cleanly, newest first."""
    folder = folder or _autosave_dir()
    found: list[tuple[float, Recovery]] = []
    for marker in folder.glob(f"{MARKER_PREFIX}*.json"):
        if marker.name == f"{MARKER_PREFIX}{os.getpid()}.json":
            continue
        try:
            data = json.loads(marker.read_text(encoding="utf-8"))
            autosave = Path(data["latest"])
        except (OSError, ValueError, KeyError, TypeError):
            marker.unlink(missing_ok=True)
            continue
        if not autosave.is_file():
            marker.unlink(missing_ok=True)
            continue
        source = Path(data["source"]) if data.get("source") else None
        found.append((autosave.stat().st_mtime, Recovery(autosave, source, marker)))
    return [r for _, r in sorted(found, key=lambda pair: pair[0], reverse=True)]


def forget(recoveries: list[Recovery]) -> None:
    """Drop the markers (the autosave files stay until the rotation reuses them)."""
    for recovery in recoveries:
        recovery.marker.unlink(missing_ok=True)


class Autosaver(QObject):
    """Saves ``document`` every ``interval_ms`` while it has unsaved changes."""

    def __init__(self, document: EncounterDocument, folder: Path | None = None,
                 interval_ms: int = INTERVAL_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.folder = folder or _autosave_dir()
        self.marker = self.folder / f"{MARKER_PREFIX}{os.getpid()}.json"
        self.slot = 0
        self.saved_index: int | None = None
        self.last_error = ""
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave)
        self.timer.start()
        document.undo_stack.cleanChanged.connect(self._saved)

    def _saved(self, clean: bool) -> None:
        if clean:  # the GM's own file is up to date: nothing to recover
            self.marker.unlink(missing_ok=True)
            self.saved_index = None

    def autosave(self) -> Path | None:
        """Save now if anything changed since the last autosave; the file written, or None."""
        stack = self.document.undo_stack
        if stack.isClean() or stack.index() == self.saved_index:
            return None
        target = self.folder / f"autosave-{os.getpid()}-{self.slot}.json"
        try:
            save_encounter(self.document.encounter, target)
            source = str(self.document.path) if self.document.path else None
            self.marker.write_text(json.dumps({"latest": str(target), "source": source}), encoding="utf-8")
        except Exception as exc:  # noqa: BLE001 - an autosave failure must never stop play
            self.last_error = f"autosave failed: {exc}"
            return None
        self.saved_index = stack.index()
        self.slot = (self.slot + 1) % ROTATION
        return target

    def clean_exit(self) -> None:
        """The window closed normally: no recovery is needed next time."""
        self.timer.stop()
        self.marker.unlink(missing_ok=True)
