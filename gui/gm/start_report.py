"""What went wrong while a GM window was opening, said to the GM — and never able to stop the window
from protecting the work.

Each late step of start-up runs through :meth:`StartReport.run`: an exception is caught, logged with
its traceback, and becomes one line of the report ("the measuring tools: RuntimeError: …"); the
window goes on, so the unsaved-changes question and the recovery offer are always there. Notices
about damaged settings files (set aside, defaults used: :mod:`vantage.gui.appdata.safe_json`) join
the same report. The report shows in the status bar and in one warning that does not block the
window.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox

log = logging.getLogger(__name__)
T = TypeVar("T")


class StartReport(QObject):
    """The problems of one window's start-up (:attr:`lines`) and their warning."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.lines: list[str] = []
        self.box: QMessageBox | None = None

    def run(self, what: str, step: Callable[[], T]) -> tuple[bool, T | None]:
        """``(True, step())``, or ``(False, None)`` when ``step`` raised (reported as ``what``)."""
        try:
            return True, step()
        except Exception as exc:  # noqa: BLE001 - no part of start-up may stop the window protecting work
            log.exception("while opening the GM window, %s failed", what)
            self.add(f"{what} could not be set up: {type(exc).__name__}: {exc}"[:600])
            return False, None

    def add(self, line: str) -> None:
        """One more problem, said now in the status bar and in the warning."""
        self.lines.append(line)
        self.window.statusBar().showMessage(line)
        self.show()

    def show(self) -> None:
        if not self.lines:
            return
        if self.box is None:
            self.box = QMessageBox(QMessageBox.Icon.Warning, "Vantage opened with problems",
                                   "Vantage opened, but not everything is as it should be. Your work is "
                                   "protected all the same: closing asks about unsaved changes, and the "
                                   "autosave runs unless the status bar shows \u201cAutosave off\u201d.",
                                   parent=self.window)
            self.box.setWindowModality(Qt.WindowModality.NonModal)
        self.box.setInformativeText("\n\n".join(self.lines))
        if self.window.isVisible():
            self.box.show()
