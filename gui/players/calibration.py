"""Calibrating the player screen so a tile is exactly one inch (or 25 mm …) on the glass.

Two ways, as the GM prefers: trust the size the screen reports, or lay a real object (a ruler, a
credit card, a miniature base) on the projected image and drag the on-screen ruler to match it.
The maths is :mod:`vantage.engine.table.calibration`; the result is saved per screen.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.table.calibration import Calibration, Length, LengthUnit, calibration_from_ruler

HANDLE_GRAB_PX = 24.0


class RulerOverlay(QWidget):
    """A ruler drawn over the player window, dragged with the mouse; hidden unless calibrating.

    Its length is in the window's device-independent pixels — the unit of every calibration.
    """

    length_changed = Signal(float)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.a = QPointF(100, 200)
        self.b = QPointF(300, 200)
        self._dragging: str | None = None
        self.setMouseTracking(True)
        self.set_active(False)

    def set_active(self, active: bool) -> None:
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, not active)
        self.setVisible(active)
        if active:
            parent = self.parentWidget()
            if parent is not None:  # always one: the constructor takes it
                self.setGeometry(parent.rect())
            self.raise_()
            self.setCursor(Qt.CursorShape.CrossCursor)

    def length_px(self) -> float:
        return math.hypot(self.b.x() - self.a.x(), self.b.y() - self.a.y())

    def set_ends(self, a: QPointF, b: QPointF) -> None:
        self.a, self.b = QPointF(a), QPointF(b)
        self.update()
        self.length_changed.emit(self.length_px())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        p = event.position()
        if _distance(p, self.a) <= HANDLE_GRAB_PX:
            self._dragging = "a"
        elif _distance(p, self.b) <= HANDLE_GRAB_PX:
            self._dragging = "b"
        else:
            self._dragging = "b"
            self.a = QPointF(p)
        self.set_ends(self.a, p if self._dragging == "b" else self.b)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._dragging == "a":
            self.set_ends(event.position(), self.b)
        elif self._dragging == "b":
            self.set_ends(self.a, event.position())
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._dragging = None
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.fillRect(self.rect(), QColor(0, 0, 0, 60))
        for colour, width in ((QColor(0, 0, 0), 7), (QColor("#ffd400"), 3)):
            p.setPen(QPen(colour, width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
            p.drawLine(self.a, self.b)
            for end in (self.a, self.b):
                p.drawEllipse(end, 8, 8)
        font = QFont("Sans Serif")
        font.setPixelSize(22)
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#ffffff"))
        mid = (self.a + self.b) / 2
        p.drawText(mid + QPointF(12, -14), f"{self.length_px():.0f} px — drag to match the real object")
        p.end()


def _distance(p: QPointF, q: QPointF) -> float:
    return math.hypot(p.x() - q.x(), p.y() - q.y())


def _length_editor(amount: float, unit: LengthUnit) -> tuple[QDoubleSpinBox, QComboBox, QWidget]:
    spin = QDoubleSpinBox()
    spin.setRange(0.01, 10_000)
    spin.setDecimals(2)
    spin.setValue(amount)
    combo = QComboBox()
    for u in LengthUnit:
        combo.addItem(u.value, u)
    combo.setCurrentIndex(list(LengthUnit).index(unit))
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(spin)
    row.addWidget(combo)
    return spin, combo, box


class CalibrationDialog(QDialog):
    """Choose the tile size on the glass and find the screen's density, by its size or a ruler.

    ``from_screen`` gives the calibration the screen reports; ``ruler`` is the player window's
    ruler; ``on_apply(calibration, tile)`` saves and shows the result.
    """

    def __init__(
        self,
        calibration: Calibration,
        tile: Length,
        from_screen: Callable[[], Calibration],
        ruler: RulerOverlay,
        on_apply: Callable[[Calibration, Length], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Calibrate the player screen")
        self.calibration = calibration
        self._from_screen = from_screen
        self._ruler = ruler
        self._on_apply = on_apply
        self.tile_spin, self.tile_unit, tile_box = _length_editor(tile.amount, tile.unit)
        self.real_spin, self.real_unit, real_box = _length_editor(85.6, LengthUnit.MM)
        self.real_spin.setToolTip("The real length of the object under the ruler (a credit card is 85.6 mm)")
        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        screen_button = QPushButton("Use the screen's reported size")
        screen_button.clicked.connect(self.use_screen)
        self.ruler_button = QPushButton("Show the ruler on the player screen")
        self.ruler_button.setCheckable(True)
        self.ruler_button.toggled.connect(ruler.set_active)
        use_ruler = QPushButton("Use the ruler")
        use_ruler.clicked.connect(self.use_ruler)
        form = QFormLayout()
        form.addRow("One tile on the glass:", tile_box)
        form.addRow(screen_button)
        form.addRow(self.ruler_button)
        form.addRow("Real length under the ruler:", real_box)
        form.addRow(use_ruler)
        standard = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(standard.Save | standard.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.result_label)
        layout.addWidget(buttons)
        self.tile_spin.valueChanged.connect(self._show)
        self.tile_unit.currentIndexChanged.connect(self._show)
        self._show()

    def tile(self) -> Length:
        return Length(self.tile_spin.value(), LengthUnit(self.tile_unit.currentData()))

    def real_length(self) -> Length:
        return Length(self.real_spin.value(), LengthUnit(self.real_unit.currentData()))

    def use_screen(self) -> None:
        self.calibration = self._from_screen()
        self._show()

    def use_ruler(self) -> None:
        try:
            self.calibration = calibration_from_ruler(self._ruler.length_px(), self.real_length())
        except ValueError as exc:
            self.result_label.setText(str(exc))
            return
        self._show()

    def _show(self) -> None:
        self.result_label.setText(self.calibration.explain(self.tile()))

    def done(self, result: int) -> None:
        self._ruler.set_active(False)
        if result == QDialog.DialogCode.Accepted:
            self._on_apply(self.calibration, self.tile())
        super().done(result)
