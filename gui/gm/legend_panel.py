"""The Legend dock's contents: the terrain kinds of this map under a header that folds them away.

The header reads "▾ Terrain on this map · 5 kinds"; a click folds the list (▸) so the Creatures
list under it gets the column, and unfolds it again. The panel is never taller than its rows, so
a map of three kinds takes three rows of the column, not all of it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSizePolicy, QToolButton, QVBoxLayout, QWidget

from vantage.gui.edit.panel import TerrainLegend


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
        rows = sum(self.legend.sizeHintForRow(r) + 2 * self.legend.spacing() for r in range(count))
        frame = 2 * self.legend.frameWidth() + 4
        self.legend.setFixedHeight(max(rows + frame, 24))
        header = self.header.sizeHint().height()
        self.setMaximumHeight(header + (self.legend.height() + 8 if self.is_open else 6))
        self.updateGeometry()
