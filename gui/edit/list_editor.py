"""A list field of a stat block (weapons, armour pieces …) as a table instead of JSON.

One row per entry, one column per key: the keys the entries have, then the keys the ruleset's
templates give the same list (so an empty list still offers "name", "might", "reach" …). A cell
holds a number, ``true``/``false``, text, or JSON for a nested value; an empty cell leaves the key
out. The form's Apply still has the ruleset check the whole block, each problem at its place.
A list of plain values (not objects) is one column, "value".
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.protocol.field_values import NumberTextError, whole_number_text
from vantage.engine.rules.stat_schema import MISSING, CreatureTemplate, StatField, lookup

VALUE_COLUMN = "value"
_WHOLE = re.compile(r"^-?\d+$")
_DECIMAL = re.compile(r"^-?\d*\.\d+$")


def cell_text(value: Any) -> str:
    """How a value shows in a cell: ``5``, ``true``, ``Longsword``, JSON for a list or object."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | str):
        return f"{value:g}" if isinstance(value, float) else str(value)
    return json.dumps(value, ensure_ascii=False)


def parse_cell(text: str) -> Any:
    """A cell's text as a value: empty → :data:`MISSING` (left out), numbers, ``true``/``false``,
    JSON that starts with ``[`` or ``{``, else the text itself."""
    text = text.strip()
    if not text:
        return MISSING
    if text in ("true", "false"):
        return text == "true"
    if _WHOLE.match(text):
        try:
            return whole_number_text(text)
        except NumberTextError:  # too large: kept as text, which the stat schema refuses in words
            return text
    if _DECIMAL.match(text):
        return float(text)
    if text[0] in "[{":
        try:
            return json.loads(text)
        except ValueError:  # not JSON, or a number of more than 4,300 digits in it
            return text
    return text


def is_records(value: Any) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(v, dict) for v in value)


def list_columns(value: Any, path: str, templates: Sequence[CreatureTemplate]) -> list[str]:
    """The table's columns: the entries' keys in order of appearance, then the templates' keys for
    the same list; ``["value"]`` for a list of plain values."""
    entries = list(value) if isinstance(value, list | tuple) else []
    if entries and not is_records(entries):
        return [VALUE_COLUMN]
    samples = [*entries]
    for template in templates:
        theirs = lookup(template.stats, path)
        if is_records(theirs):
            samples.extend(theirs)
    if not samples and entries == []:
        plain = [lookup(t.stats, path) for t in templates]
        if any(isinstance(v, list | tuple) and v and not is_records(v) for v in plain):
            return [VALUE_COLUMN]
    columns: list[str] = []
    for entry in samples:
        for key in entry:
            if key not in columns:
                columns.append(str(key))
    return columns or ["name"]


class ListEditor(QDialog):
    """The table of one list field; :meth:`value` is the list it holds now."""

    def __init__(self, field: StatField, value: Any, templates: Sequence[CreatureTemplate],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.field = field
        self.setWindowTitle(f"{field.title} — one row each")
        self.columns = list_columns(value, field.path, templates)
        entries = list(value) if isinstance(value, list | tuple) else []
        self.table = QTableWidget(0, len(self.columns))
        self.table.setHorizontalHeaderLabels(self.columns)
        self.table.setToolTip("A number, true/false, text, or JSON for a nested value; an empty cell "
                              "leaves the key out")
        for entry in entries:
            self.add_row(entry if isinstance(entry, dict) else {VALUE_COLUMN: entry})
        self.table.resizeColumnsToContents()
        add = QPushButton("Add row")
        add.setToolTip(f"A new entry in {field.title.lower()}")
        remove = QPushButton("Remove row")
        remove.setToolTip("Remove the selected entry")
        add.clicked.connect(lambda: self.add_row({}))
        remove.clicked.connect(self.remove_selected)
        ok_cancel = QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok_cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        help_line = QLabel(field.help or field.title)
        help_line.setWordWrap(True)
        layout.addWidget(help_line)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(buttons)
        self.resize(max(420, 110 * len(self.columns)), 320)

    def add_row(self, entry: dict[str, Any]) -> None:
        r = self.table.rowCount()
        self.table.insertRow(r)
        for c, key in enumerate(self.columns):
            self.table.setItem(r, c, QTableWidgetItem(cell_text(entry.get(key))))

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for r in rows or ([self.table.rowCount() - 1] if self.table.rowCount() else []):
            self.table.removeRow(r)

    def value(self) -> list[Any]:
        out: list[Any] = []
        for r in range(self.table.rowCount()):
            entry: dict[str, Any] = {}
            for c, key in enumerate(self.columns):
                item = self.table.item(r, c)
                parsed = parse_cell(item.text() if item is not None else "")
                if parsed is not MISSING:
                    entry[key] = parsed
            if not entry:
                continue  # an empty row is no entry
            out.append(entry[VALUE_COLUMN] if self.columns == [VALUE_COLUMN] else entry)
        return out
