"""The progress bar of an import: a moving bar while a big map's picture is read and shrunk.

A 38,400 px Universal VTT export takes seconds to read and to shrink; :class:`ImportProgress`
shows a window-modal :class:`QProgressDialog` with what is being done ("Reading cave.dd2vtt…",
"Shrinking the picture…") and a Cancel button, and hands the picture decoder a callback that moves
the bar, keeps the window painting and says whether the GM cancelled.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

#: The bar's share for reading the file; the picture's shrinking takes the rest but the last few.
READ_SHARE = 0.1
SHRINK_END = 0.95
STEPS = 1000


class ImportProgress:
    """The bar of one import. ``stage`` names the step and where on the bar it starts and ends;
    ``shrink_progress`` is the callback the picture decoder is given. ``values`` records where the
    bar went (tests check it moves)."""

    def __init__(self, parent: QWidget | None, title: str) -> None:
        self.dialog = QProgressDialog(title, "Cancel", 0, STEPS, parent)
        self.dialog.setWindowTitle("Import a map")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(0)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self._span = (0.0, 1.0)
        self.values: list[int] = []

    def stage(self, text: str, start: float, end: float) -> None:
        self.dialog.setLabelText(text)
        self._span = (start, end)
        self._move(0.0)

    def shrink_progress(self, fraction: float) -> bool:
        """Move the bar to ``fraction`` of the current stage; False once the GM cancelled."""
        self._move(fraction)
        return not self.dialog.wasCanceled()

    def cancelled(self) -> bool:
        return self.dialog.wasCanceled()

    def close(self) -> None:
        self.dialog.close()
        self.dialog.deleteLater()

    def _move(self, fraction: float) -> None:
        start, end = self._span
        value = round((start + (end - start) * min(1.0, max(0.0, fraction))) * STEPS)
        self.dialog.setValue(value)
        self.values.append(value)
        QApplication.processEvents()
