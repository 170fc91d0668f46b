"""A word-wrapped line of text in a panel that changes with every command (the turn tracker's
round line, the token panel's title), drawn exactly as a ``QLabel`` in its place — but a new text
of the same size does not lay the whole window out again.

A ``QLabel`` tells its layout of every new text, and Qt passes that up unasked: the panel, its
dock, the main window, which lays out every dock and toolbar again (issue 32, a long session: the
token's place in the title changed at each command). Here the label sits in a holder with no
layout; the holder reports the label's sizes as its own, and tells its layout only when one of
them changed (the text needs another height or width), so the panel is laid out as it would be.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget


class SteadyLabel(QWidget):
    """A word-wrapped ``QLabel`` (:attr:`label`) that relays its size hints to the layout only
    when a new text changes them."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(text, self)
        self.label.setWordWrap(True)
        self.setSizePolicy(self.label.sizePolicy())

    def text(self) -> str:
        return self.label.text()

    def setText(self, text: str) -> None:  # noqa: N802 (QLabel's name)
        if text == self.label.text():
            return
        before = self._hints()
        self.label.setText(text)  # its layout request stops here: the holder has no layout
        if self._hints() != before:
            self.updateGeometry()

    def _hints(self) -> tuple[QSize, QSize, int]:
        return self.label.sizeHint(), self.label.minimumSizeHint(), self.label.heightForWidth(self.width())

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return self.label.sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return self.label.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt override)
        return self.label.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt override)
        return self.label.heightForWidth(width)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        self.label.setGeometry(self.rect())
        super().resizeEvent(event)
