"""The table-roll prompt: when the engine waits for dice rolled at the table, a small window asks
for them, keyboard first.

It says who rolls and what the roll is for and needs ("Bram rolls · Bram attack on Ghoul: 1d20 —
8+ hits", from the engine's :class:`~vantage.engine.rules.decisions.DiceRequest`), holds one field
per die with the focus in the first, and

- Enter sends the faces (in a field that is not the last, Enter moves to the next die); a face
  that is empty, not a whole number or off the die is refused in place, the field selected and the
  reason under it; the engine's own refusal is shown the same way;
- "Let Vantage roll" (Alt+V) answers with no faces: Vantage rolls this roll;
- Esc closes the prompt and leaves the roll to the Decisions panel (it does not come back for the
  same roll).

The prompt is not modal: the map and the panels stay usable. Several rolls in a row (a damage
roll after the hit) come one after the other in the same prompt. Each answer is one ``Answer``
command through :func:`~vantage.gui.document.run_command`, so one undo step.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.protocol.commands import Answer, Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.field_values import NumberTextError, whole_number_text
from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.decisions import Decision, DiceRequest, who_name
from vantage.gui.document import EncounterDocument, run_command

#: The most dice the prompt shows a field for; a larger roll is typed in the Decisions panel.
MAX_FIELDS = 12


def names(purpose: str, who: str) -> bool:
    """Whether ``purpose`` names ``who`` as a whole name ("morale check, Mira" names Mira; "Bram
    attack on Ghoul 2" names neither Ghoul nor Ghoul 1)."""
    return re.search(rf"(?<!\w){re.escape(who)}(?!\w| \d)", purpose) is not None


def roll_sentence(who: str, request: DiceRequest) -> str:
    """What the table is asked: ``"Bram attack on Ghoul: 1d20 — 8+ hits"``, with ``"Bram, "`` in
    front when the purpose does not name the roller already ("morale check, Mira" does)."""
    sentence = request.sentence
    return sentence if names(request.purpose, who) else f"{who}, {sentence}"


def read_face(text: str, index: int, request: DiceRequest) -> int:
    """The face typed in die field ``index`` (0-based) of ``request``; CommandRejected says why not."""
    which = f"die {index + 1} of {request.count}" if request.count > 1 else "the die"
    word = text.strip()
    if not word:
        raise CommandRejected(f"type the face of {which} (1–{request.sides})")
    try:
        face = whole_number_text(word)
    except NumberTextError as bad:
        raise CommandRejected(f"{bad}: type the face of {which} (1–{request.sides})") from None
    if not 1 <= face <= request.sides:
        raise CommandRejected(f"{face} is not a face of a d{request.sides}: {which} shows 1–{request.sides}")
    return face


class TableRollPrompt(QDialog):
    """The prompt for one waiting roll at a time; :meth:`refresh` follows the document."""

    message = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Roll at the table")
        self.setModal(False)
        self.setMinimumWidth(480)
        self.document = document
        self.decision: Decision | None = None
        self._record: object = None
        self._dismissed: object = None  # the waiting record the GM pressed Esc on
        self.title = QLabel()
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.sentence = QLabel()
        self.sentence.setWordWrap(True)
        big = QFont(self.sentence.font())
        big.setPointSizeF(big.pointSizeF() * 1.25)
        self.sentence.setFont(big)
        self.fields: list[QLineEdit] = []
        self.fields_row = QHBoxLayout()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b;")
        self.send_button = QPushButton("Send · Enter")
        self.send_button.setToolTip("Answer the roll with the faces typed (each is checked against its die)")
        self.let_roll = QPushButton("Let &Vantage roll")
        self.let_roll.setToolTip("Vantage rolls this roll itself; the next roll at the table asks again")
        self.later = QPushButton("Later · Esc")
        self.later.setToolTip("Close this prompt; the roll still waits in the Decisions panel")
        buttons = QHBoxLayout()
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.let_roll)
        buttons.addStretch(1)
        buttons.addWidget(self.later)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.sentence)
        layout.addLayout(self.fields_row)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        for button in (self.send_button, self.let_roll, self.later):
            button.setAutoDefault(False)
        self.send_button.clicked.connect(self.send_faces)
        self.let_roll.clicked.connect(lambda: self._send("Let Vantage roll", Answer()))
        self.later.clicked.connect(self.dismiss)
        document.changed.connect(self.refresh)
        self.refresh()

    # -- following the engine ---------------------------------------------------------------
    def refresh(self) -> None:
        """Show the waiting roll (a new one refills the fields), or close when none waits."""
        encounter = self.document.encounter
        pending = ask_pending(encounter)
        decision = pending[0] if pending else None
        record = encounter.combat.get("pending") if decision is not None else None
        if decision is None or decision.dice is None or decision.dice.count > MAX_FIELDS:
            self.decision, self._record = None, None
            self.hide()
            return
        if record == self._record and self.decision == decision:
            return
        self.decision, self._record = decision, record
        if record == self._dismissed:
            return
        self._show(who_name(encounter, decision.who, gm="GM"), decision.dice)

    def _show(self, who: str, request: DiceRequest) -> None:
        self.title.setText(f"{who} rolls {request.expr} at the table")
        self.sentence.setText(roll_sentence(who, request))
        while self.fields_row.count():
            item = self.fields_row.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.hide()
                old.deleteLater()
        self.fields = []
        for index in range(request.count):
            field = QLineEdit()
            field.setMaxLength(4)
            field.setFixedWidth(field.fontMetrics().horizontalAdvance("0000") + 24)
            field.setAlignment(Qt.AlignmentFlag.AlignCenter)
            field.setPlaceholderText(f"1–{request.sides}")
            which = f"die {index + 1} of {request.count}" if request.count > 1 else "the die"
            field.setToolTip(f"The face of {which} (a d{request.sides}: 1–{request.sides}); "
                             "Enter sends" + (" or moves to the next die" if request.count > 1 else ""))
            field.returnPressed.connect(lambda i=index: self._enter(i))
            field.installEventFilter(self)
            self.fields_row.addWidget(field)
            self.fields.append(field)
        self.fields_row.addStretch(1)
        self.error.clear()
        self.adjustSize()
        self.show()
        self.raise_()
        self.activateWindow()
        self.fields[0].setFocus()

    # -- answering --------------------------------------------------------------------------
    def _enter(self, index: int) -> None:
        if index + 1 < len(self.fields) and not self.fields[index + 1].text().strip():
            self.fields[index + 1].setFocus()
            return
        self.send_faces()

    def faces(self) -> tuple[int, ...]:
        """The faces typed, each checked against its die; CommandRejected names the first bad one
        (and selects its field)."""
        assert self.decision is not None and self.decision.dice is not None
        out = []
        for index, field in enumerate(self.fields):
            try:
                out.append(read_face(field.text(), index, self.decision.dice))
            except CommandRejected:
                field.setFocus()
                field.selectAll()
                raise
        return self.decision.dice.check(out)

    def send_faces(self) -> bool:
        """Enter: answer the roll with the faces typed; a bad face is refused in place."""
        if self.decision is None or self.decision.dice is None:
            return False
        try:
            faces = self.faces()
        except CommandRejected as wrong:
            self._refused(wrong.reason)
            return False
        return self._send(f"Dice at the table: {' '.join(str(f) for f in faces)}", Answer(faces=faces))

    def _send(self, name: str, command: Command) -> bool:
        try:
            events = run_command(self.document, name, command)
        except CommandRejected as refused:
            self._refused(refused.reason)
            return False
        if events:
            self.message.emit(events[-1].sentence)
        return True

    def _refused(self, reason: str) -> None:
        self.error.setText(f"Not sent: {reason}")
        self.adjustSize()
        self.message.emit(f"Not sent: {reason}")

    def dismiss(self) -> None:
        """Esc: close, and leave this roll to the Decisions panel."""
        self._dismissed = self._record
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Esc in a die field belongs to the prompt, not to a window shortcut (the map's Deselect)."""
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Escape):
            event.accept()
            return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if event.key() == Qt.Key.Key_Escape:
            self.dismiss()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return  # a field's Enter has sent already; no default button closes the prompt
        super().keyPressEvent(event)

    def reject(self) -> None:
        """The window's close button and Esc: leave the roll to the Decisions panel."""
        self.dismiss()
