"""The dice box: a line on the GM's toolbar where the GM types a free dice formula and rolls it.

``2d6+3``, ``d20``, ``4d6kh3``, ``1d8 + 1d6 - 1`` (the grammar of
:mod:`vantage.engine.session.dice_formula`). Enter sends a ``GmRoll`` command with the document's
dice, so the roll is logged ("GM rolls 2d6+3: 4 + 2 + 3 = 9."), undoable and replayed by ``vantage play``;
the result also shows beside the box. A formula that cannot be read is refused in place: the
reason beside the box, the cursor at the column of the error, the text kept. The text stays (and
is selected) after a roll, so Enter rolls the same formula again.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QWidget

from vantage.engine.protocol.errors import CommandRejected
from vantage.gui.document import EncounterDocument, run_command

PLACEHOLDER = "Roll: 2d6+3 · Enter"
TIP = ("GM roll: type a dice formula and press Enter; the result goes to the log.\n"
       "NdM dice (d20, 2d6), + and − numbers and more dice (2d6+1d4−1),\n"
       "kh/kl to keep the highest/lowest (4d6kh3, 2d20kl1).")


class DiceBox(QWidget):
    """The formula field and what it last rolled (or why it refused); ``message`` for the status bar."""

    message = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.field = QLineEdit()
        self.field.setPlaceholderText(PLACEHOLDER)
        self.field.setToolTip(TIP)
        self.field.setClearButtonEnabled(True)
        width = self.field.fontMetrics().horizontalAdvance(PLACEHOLDER) + 40
        self.field.setMinimumWidth(width)
        self.field.setMaximumWidth(2 * width)
        self.result = QLabel()
        self.result.setToolTip("The last GM roll (the whole line is in the combat log)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.field)
        layout.addWidget(self.result)
        self.field.returnPressed.connect(self.roll)
        self.field.textEdited.connect(self._edited)

    def roll(self) -> bool:
        """Roll the formula typed; False (and the reason shown, the cursor at the error) when refused."""
        from vantage.engine.protocol.gm_commands import GmRoll
        from vantage.engine.session.dice_formula import FormulaError, parse_formula  # with the first roll

        text = self.field.text()
        try:
            parse_formula(text)
        except FormulaError as bad:
            self.field.setCursorPosition(max(0, bad.column - 1))
            return self._refused(f"{bad.problem} (column {bad.column})")
        try:
            events = run_command(self.document, f"Roll {text.strip()}", GmRoll(text))
        except CommandRejected as refused:
            return self._refused(refused.reason)
        sentence = events[-1].sentence if events else ""
        total = getattr(events[-1], "total", None) if events else None
        self.result.setStyleSheet("")
        self.result.setText(f"= {total}" if total is not None else "")
        self.field.selectAll()
        self.message.emit(sentence)
        return True

    def _refused(self, reason: str) -> bool:
        self.result.setStyleSheet("color: #c0392b;")
        self.result.setText(f"Not rolled: {reason}")
        self.message.emit(f"Not rolled: {reason}")
        return False

    def _edited(self, _text: str) -> None:
        if self.result.styleSheet():  # a refusal shown: clear it as the GM corrects the formula
            self.result.clear()
            self.result.setStyleSheet("")
