"""The Legend dock's contents: the terrain kinds of this map under a header that folds them away.

The header reads "▾ Terrain on this map · 5 kinds"; a click folds the list (▸) so the Creatures
list under it gets the column, and unfolds it again. The panel is never taller than its rows, so
a map of three kinds takes three rows of the column, not all of it.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget

from vantage.gui.edit.panel import TerrainLegend

#: The most of the column the unfolded legend claims; more kinds scroll.
MOST_HEIGHT = 260


class LegendPanel(QWidget):
    """A foldable :class:`TerrainLegend`."""

    def __init__(self, legend: TerrainLegend, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.legend = legend
        self.header = QToolButton()
        self.header.setCheckable(True)
        self.header.setChecked(True)
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.header.setAutoRaise(True)
        self.header.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.header.setToolTip("Fold or unfold the terrain legend")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        layout.addWidget(self.header)
        layout.addWidget(legend)
        self.header.toggled.connect(self.set_open)
        legend.kinds_shown.connect(lambda _n: self._fit())
        self._fit()

    def _row_height(self, row: int) -> int:
        """The height of legend row ``row`` at the list's width, its words wrapped as drawn."""
        item = self.legend.item(row)
        icon = self.legend.iconSize()
        width = max(40, self.legend.viewport().width() - icon.width() - 14)
        text = self.legend.fontMetrics().boundingRect(
            QRect(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), item.text() if item else "")
        return max(icon.height(), text.height()) + 4 + 2 * self.legend.spacing()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            QTimer.singleShot(0, self._fit)  # a narrower column wraps more lines (once laid out)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        QTimer.singleShot(0, self._fit)

    @property
    def is_open(self) -> bool:
        return self.header.isChecked()

    def set_open(self, on: bool) -> None:
        """Unfold (True) or fold the list."""
        if self.header.isChecked() != on:
            self.header.setChecked(on)  # comes back here through toggled
            return
        self.legend.setVisible(on)
        self._fit()

    def _fit(self) -> None:
        count = self.legend.count()
        arrow = Qt.ArrowType.DownArrow if self.is_open else Qt.ArrowType.RightArrow
        self.header.setArrowType(arrow)
        self.header.setText(f"Terrain on this map · {count} kind{'s' if count != 1 else ''}")
        rows = sum(self._row_height(r) for r in range(count))
        if self.legend.isVisible() and count:  # laid out: the rows as drawn, wrapped at this width
            rows = sum(self.legend.visualItemRect(self.legend.item(r)).height() + 2 * self.legend.spacing()
                       for r in range(count))
        frame = 2 * self.legend.frameWidth() + 4
        self.legend.setFixedHeight(max(rows + frame, 24))
        header = self.header.sizeHint().height()
        tall = header + (self.legend.height() + 8 if self.is_open else 6)
        self.setMaximumHeight(tall)
        # the column gives it its rows (up to a point: a map of many kinds scrolls the list)
        self.setMinimumHeight(min(tall, MOST_HEIGHT))
        self.updateGeometry()
