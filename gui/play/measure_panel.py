"""The Measure panel: the ruler's reading and the area templates — the shape and size of the
next one, every placed template with the tokens inside it, and the selected one's controls
(shown on the projector, turn, size, remove). It sends nothing itself: it calls the template
tool, which sends the commands."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.model import Encounter, TemplateKind
from vantage.engine.movement.measure import Measurement
from vantage.engine.protocol.template_limits import MAX_TEMPLATE_FEET
from vantage.gui.canvas.measure_items import inside_words, template_words
from vantage.gui.play.template_tool import TemplateTool


class MeasurePanel(QWidget):
    """The panel over a :class:`TemplateTool`; :meth:`sync` refreshes it from the encounter."""

    def __init__(self, tool: TemplateTool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self._syncing = False
        layout = QVBoxLayout(self)
        self.ruler_label = QLabel("Ruler (R): drag from a tile to measure.")
        self.ruler_label.setWordWrap(True)
        self.ruler_to_players = QCheckBox("Show the ruler to the players")
        self.ruler_to_players.setToolTip("Draw the ruler on the projector too while it is out")
        layout.addWidget(self.ruler_label)
        layout.addWidget(self.ruler_to_players)
        templates_label = QLabel("<b>Templates</b> (T): click the map to place, drag to point or move")
        templates_label.setWordWrap(True)  # the panel stays as narrow as its neighbours on a laptop
        layout.addWidget(templates_label)
        shapes = QHBoxLayout()
        self.shape_buttons = QButtonGroup(self)
        for kind in TemplateKind:
            button = QRadioButton(kind.value.capitalize())
            button.setToolTip(f"Place {kind.value}s: {_SHAPE_HELP[kind]}")
            button.setChecked(kind is tool.shape)
            self.shape_buttons.addButton(button)
            button.toggled.connect(lambda on, k=kind: self._shape_chosen(k) if on else None)
            shapes.addWidget(button)
            setattr(self, f"{kind.value}_button", button)
        layout.addLayout(shapes)
        sizes = QGridLayout()
        self.size_spin = _feet_spin(tool.size_feet, "The next template's size: a circle's radius, "
                                    "a cone's or a line's length, a square's side")
        self.size_spin.valueChanged.connect(self._size_chosen)
        self.width_spin = _feet_spin(tool.width_feet, "A line's width")
        self.width_spin.valueChanged.connect(lambda v: setattr(self.tool, "width_feet", float(v)))
        sizes.addWidget(QLabel("Size"), 0, 0)
        sizes.addWidget(self.size_spin, 0, 1)
        sizes.addWidget(QLabel("Line width"), 0, 2)
        sizes.addWidget(self.width_spin, 0, 3)
        layout.addLayout(sizes)
        self.show_new = QCheckBox("Show new templates to the players")
        self.show_new.toggled.connect(lambda on: setattr(self.tool, "show_new", on))
        layout.addWidget(self.show_new)
        self.list = QListWidget()
        self.list.setToolTip("The templates on the map and the tokens inside each")
        self.list.currentItemChanged.connect(self._picked)
        layout.addWidget(self.list, 1)
        selected_row = QHBoxLayout()
        self.shown_check = QCheckBox("Shown on the projector")
        self.shown_check.toggled.connect(self._shown_toggled)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Name (Fireball…)")
        self.name_edit.setToolTip("The selected template's name, shown in its label (Enter to apply)")
        self.name_edit.editingFinished.connect(self._named)
        selected_row.addWidget(self.shown_check)
        selected_row.addWidget(self.name_edit, 1)
        layout.addLayout(selected_row)
        row = QGridLayout()
        self.turn_left = QPushButton("⟲ 15°")
        self.turn_left.setToolTip("Turn the selected template 15° anticlockwise (wheel over it)")
        self.turn_left.clicked.connect(lambda: self.tool.turn(-1))
        self.turn_right = QPushButton("⟳ 15°")
        self.turn_right.setToolTip("Turn the selected template 15° clockwise (wheel over it)")
        self.turn_right.clicked.connect(lambda: self.tool.turn(1))
        self.smaller = QPushButton("−5 ft")
        self.smaller.setToolTip("Make the selected template one tile smaller (Shift+wheel over it)")
        self.smaller.clicked.connect(lambda: self.tool.resize(-1))
        self.larger = QPushButton("+5 ft")
        self.larger.setToolTip("Make the selected template one tile larger (Shift+wheel over it)")
        self.larger.clicked.connect(lambda: self.tool.resize(1))
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Take the selected template off the map (right-click it; Delete)")
        self.remove_button.clicked.connect(lambda: self.tool.remove())
        buttons = (self.turn_left, self.turn_right, self.smaller, self.larger, self.remove_button)
        for index, push_button in enumerate(buttons):
            row.addWidget(push_button, index // 3, index % 3)
        layout.addLayout(row)
        tool.selection_changed.connect(lambda _id: self.sync())

    # -- reacting --------------------------------------------------------------------------
    def show_measurement(self, measurement: Measurement | None, rule_words: str) -> None:
        if measurement is None:
            self.ruler_label.setText("Ruler (R): drag from a tile to measure.")
            return
        self.ruler_label.setText(f"<b>{measurement.label}</b> from {measurement.start} to {measurement.end}"
                                 f"<br>{measurement.explanation}<br><i>{rule_words}</i>")

    def sync(self) -> None:
        """Refill the list and the selected template's controls from the encounter."""
        encounter: Encounter = self.tool.document.encounter
        self._syncing = True
        try:
            self.list.clear()
            for template in encounter.templates:
                shown = " · on the projector" if template.shown else ""
                text = f"{template_words(template)}{shown}\n{inside_words(encounter, template)}"
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, template.id)
                self.list.addItem(item)
                if template.id == self.tool.selected:
                    self.list.setCurrentItem(item)
            selected = self.tool.template(self.tool.selected)
            for widget in (self.shown_check, self.name_edit, self.turn_left, self.turn_right, self.smaller,
                           self.larger, self.remove_button):
                widget.setEnabled(selected is not None)
            self.shown_check.setChecked(bool(selected and selected.shown))
            self.name_edit.setText(selected.label if selected else "")
            step = encounter.map.feet_per_tile
            self.smaller.setText(f"−{step:g} ft")
            self.larger.setText(f"+{step:g} ft")
        finally:
            self._syncing = False

    def _picked(self, item: QListWidgetItem | None, _old: QListWidgetItem | None) -> None:
        if not self._syncing and item is not None:
            self.tool.select(item.data(Qt.ItemDataRole.UserRole))

    def _shown_toggled(self, on: bool) -> None:
        if not self._syncing and self.tool.selected is not None:
            self.tool.edit(self.tool.selected, shown=on)

    def _named(self) -> None:
        selected = self.tool.template(self.tool.selected)
        if not self._syncing and selected is not None and self.name_edit.text().strip() != selected.label:
            self.tool.edit(selected.id, label=self.name_edit.text())

    def _shape_chosen(self, kind: TemplateKind) -> None:
        self.tool.set_shape(kind)
        self.size_spin.blockSignals(True)
        self.size_spin.setValue(self.tool.size_feet)
        self.size_spin.blockSignals(False)

    def _size_chosen(self, value: float) -> None:
        self.tool.size_feet = float(value)


_SHAPE_HELP = {
    TemplateKind.CIRCLE: "size is the radius, centred where you click",
    TemplateKind.CONE: "size is the length, from where you click towards where you drag (90° wide)",
    TemplateKind.LINE: "size is the length, from where you click towards where you drag",
    TemplateKind.SQUARE: "size is the side, centred where you click",
}


def _feet_spin(value: float, tip: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(1, MAX_TEMPLATE_FEET)  # the most the engine takes
    spin.setDecimals(0)
    spin.setSingleStep(5)
    spin.setSuffix(" ft")
    spin.setValue(value)
    spin.setToolTip(tip)
    return spin
