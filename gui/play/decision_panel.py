"""The decision panel: what the engine waits for from the table, and the answers to give it.

While ``ask_pending`` answers a :class:`~vantage.engine.rules.decisions.Decision`, the panel shows
who decides (a token's name, or the GM), the prompt, and

- for a reaction or a choice: one button per choice, its odds as a short percentage (the first
  of its chances) and in full with the ruleset's explanation in the tooltip; the default is
  marked and answered by Enter;
- for a roll at the table: what the roll needs when the ruleset says it ("Needs: 8+ hits", the
  ``needs`` of the :class:`~vantage.engine.rules.decisions.DiceRequest`, as the table-roll prompt
  shows it), an entry for the face(s) ("14", or "3 5" for two dice), checked against the dice
  request before it is sent, and "Let Vantage roll";
- "Withdraw action" for the GM (the waiting action is not carried out).

Each answer is one command (``Answer`` / ``CancelPending``) through
:func:`~vantage.gui.document.run_command`, so one undo step; a refusal (the panel's own check, or
the engine's ``CommandRejected``) is shown in red and changes nothing. Under the question the
panel says whose dice are rolled at the table (``SetTableDice``; the "Dice at the table…" action).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.field_values import NumberTextError, whole_number_text
from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.decisions import Choice, Decision, DiceRequest, decider_name, decides
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.play.table_ask import let_vantage_roll, withdraw_waiting
from vantage.gui.play.table_dice import table_dice_text

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command

KIND_WORDS = {"reaction": "Reaction", "choice": "Choice", "roll": "Roll at the table"}
FLASH_STEPS = 6
FLASH_MS = 160
_FLASH_STYLE = "DecisionPanel { background: #ffd54a; }"


def odds_text(chances: Mapping[str, float]) -> str:
    """Every chance: ``"hit 65% · miss 35%"``."""
    return " · ".join(f"{name} {p:.0%}" for name, p in chances.items())


def short_odds(chances: Mapping[str, float]) -> str:
    """The first of the chances, as the ruleset lists them: ``"hit 65%"`` ("" when none)."""
    for name, p in chances.items():
        return f"{name} {p:.0%}"
    return ""


#: A choice's words longer than this go on two lines (the label, then its odds and "default"), so
#: the Decisions column never needs a horizontal scroll bar.
ONE_LINE_CHARS = 40


def choice_text(choice: Choice, default: bool) -> str:
    """A choice's button: ``"Strike · hit 55% · default (Enter)"``; a long one on two lines,
    ``"Attack of opportunity with the Claws\nhit 65% · default (Enter)"``."""
    rest = []
    odds = short_odds(choice.chances)
    if odds:
        rest.append(odds)
    if default:
        rest.append("default (Enter)")
    line = " · ".join([choice.label, *rest])
    if len(line) <= ONE_LINE_CHARS or not rest:
        return line
    return f"{choice.label}\n{' · '.join(rest)}"


def choice_tip(choice: Choice) -> str:
    lines = [choice.label]
    if choice.chances:
        lines.append(f"Odds: {odds_text(choice.chances)}")
    if choice.explanation:
        lines.append(choice.explanation)
    return "\n".join(lines)


def parse_faces(text: str, request: DiceRequest) -> tuple[int, ...]:
    """The faces typed ("14", "3 5", "3, 5"), checked against ``request``; CommandRejected says
    what is wrong (a word that is not a whole number, too few or too many faces, a face off the die)."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    faces: list[int] = []
    for word in words:
        try:
            faces.append(whole_number_text(word))
        except NumberTextError as bad:
            raise CommandRejected(f"{request.purpose} is {request.expr}: {bad}") from None
    return request.check(faces)


def faces_hint(request: DiceRequest) -> str:
    """``"1 face, 1–20 (e.g. 14)"`` or ``"2 faces, 1–6 each (e.g. 3 5)"``."""
    if request.count == 1:
        return f"1 face, 1–{request.sides} (e.g. {min(14, request.sides)})"
    example = " ".join(str(min(3 + i * 2, request.sides)) for i in range(request.count))
    return f"{request.count} faces, 1–{request.sides} each (e.g. {example})"


class DecisionPanel(QWidget):
    """The pending decision and its answers; ``refresh`` follows the document. ``decision_shown``
    carries a newly waiting :class:`Decision` (the window raises the panel and marks the map),
    ``message`` what to say in the status bar."""

    message = Signal(str)
    decision_shown = Signal(object)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.document = document
        self.decision: Decision | None = None
        self._shown: object = ("nothing shown yet",)  # (decision, the engine's waiting record) on show
        self.choice_buttons: list[QPushButton] = []
        self.title = QLabel()
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.needs = QLabel()
        self.needs.setWordWrap(True)
        self.needs.setFont(bold)
        self.needs.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.choices = QVBoxLayout()
        self.faces = QLineEdit()
        self.faces.setToolTip("The face(s) rolled at the table, separated by spaces; Enter sends them")
        self.send_faces = QPushButton("Send faces · Enter")
        self.send_faces.setToolTip("Answer the roll with the faces typed (checked against the dice first)")
        self.let_roll = QPushButton("Let Vantage roll")
        self.let_roll.setToolTip("Vantage rolls this roll itself (an answer with no faces)")
        self.withdraw = QPushButton("Withdraw action")
        self.withdraw.setToolTip("GM: withdraw the waiting action; it is not carried out "
                                 "(undo brings it back)")
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b;")
        self.dice_label = QLabel()
        self.dice_label.setWordWrap(True)
        self.dice_label.setToolTip("Whose dice are rolled at the table (Combat ▸ Dice at the table…)")
        self.dice_button = QToolButton()
        faces_row = QHBoxLayout()
        faces_row.addWidget(self.faces, 1)
        faces_row.addWidget(self.send_faces)
        self.faces_row = QWidget()
        self.faces_row.setLayout(faces_row)
        faces_row.setContentsMargins(0, 0, 0, 0)
        bottom = QHBoxLayout()
        bottom.addWidget(self.let_roll)
        bottom.addWidget(self.withdraw)
        bottom.addStretch(1)
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.dice_label, 1)
        dice_row.addWidget(self.dice_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.prompt)
        layout.addWidget(self.needs)
        layout.addLayout(self.choices)
        layout.addWidget(self.faces_row)
        layout.addWidget(self.error)
        layout.addLayout(bottom)
        layout.addLayout(dice_row)
        layout.addStretch(1)
        #: Enter while the map or this panel has the focus: the default answer (or the faces typed)
        self.answer_action = QAction("&Answer with the default", self)
        self.answer_action.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
        self.answer_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        tip = "Answer the waiting decision with its default (a roll: send the faces typed)"
        self.answer_action.setToolTip(tip)
        self.answer_action.setStatusTip(tip)
        self.answer_action.triggered.connect(self.answer_default)
        self.addAction(self.answer_action)
        self.send_faces.clicked.connect(self.send_typed_faces)
        self.let_roll.clicked.connect(lambda: self.send("Let Vantage roll", let_vantage_roll()))
        self.withdraw.clicked.connect(lambda: self.send("Withdraw the waiting action", withdraw_waiting()))
        self._flash_timer = QTimer(self)
        self._flash_timer.setInterval(FLASH_MS)
        self._flash_timer.timeout.connect(self._flash_step)
        self._flash_left = 0
        document.changed.connect(self.refresh)
        self.refresh()

    # -- showing --------------------------------------------------------------------------
    def set_table_dice_action(self, action: QAction) -> None:
        """The window's "Dice at the table…" action, as the button beside the setting."""
        self.dice_button.setDefaultAction(action)

    def refresh(self) -> None:
        encounter = self.document.encounter
        self.dice_label.setText(f"Dice: {table_dice_text(encounter)}.")
        pending = ask_pending(encounter)
        decision = pending[0] if pending else None
        record = encounter.combat.get("pending") if decision is not None else None
        if (decision, record) == self._shown:  # a new waiting record (another answer needed) shows again
            return
        self.decision, self._shown = decision, (decision, record)
        self._show(encounter, decision)
        if decision is not None:
            self.decision_shown.emit(decision)

    def _show(self, encounter: Encounter, decision: Decision | None) -> None:
        for button in self.choice_buttons:
            self.choices.removeWidget(button)
            button.deleteLater()
        self.choice_buttons = []
        self.error.clear()
        self.faces.clear()
        waiting = decision is not None
        for widget in (self.prompt, self.withdraw):
            widget.setVisible(waiting)
        rolling = decision is not None and decision.dice is not None
        self.faces_row.setVisible(rolling)
        self.let_roll.setVisible(rolling)
        self._show_needs(decision.dice if decision is not None else None)
        if decision is None:
            self.title.setText("Nothing waits for the table")
            self.prompt.clear()
            self.answer_action.setEnabled(False)
            return
        who = decider_name(encounter, decision, gm="GM")
        self.title.setText(f"{KIND_WORDS.get(decision.kind, decision.kind.capitalize())} · "
                           f"{decides(encounter, decision, gm='GM')}"
                           if decision.dice is None else f"{KIND_WORDS['roll']} · {who} rolls")
        self.prompt.setText(decision.prompt)
        if decision.dice is not None:
            self.faces.setPlaceholderText(faces_hint(decision.dice))
            self.answer_action.setEnabled(True)
            return
        for choice in decision.choices:
            default = choice.value == decision.default
            button = QPushButton(choice_text(choice, default))
            button.setToolTip(choice_tip(choice))
            if default:
                font = QFont(button.font())
                font.setBold(True)
                button.setFont(font)
                button.setDefault(True)
            button.clicked.connect(lambda _checked=False, c=choice: self.choose(c))
            self.choices.addWidget(button)
            self.choice_buttons.append(button)
        self.answer_action.setEnabled(decision.default is not None)

    def _show_needs(self, request: DiceRequest | None) -> None:
        """"Needs: 8+ hits" under the prompt of a roll whose ruleset says what it needs."""
        if request is None or not request.needs:
            self.needs.clear()
            self.needs.setToolTip("")
            self.needs.setVisible(False)
            return
        self.needs.setText(f"Needs: {request.needs}")
        self.needs.setToolTip(f"What the roll needs, as the ruleset says it: {request.sentence}")
        self.needs.setVisible(True)

    def flash(self) -> None:
        """Blink the panel's background a few times, to draw the GM's eye to it."""
        self._flash_left = FLASH_STEPS
        self._flash_timer.start()
        self._flash_step()

    @property
    def flashing(self) -> bool:
        return self._flash_timer.isActive()

    def _flash_step(self) -> None:
        self._flash_left -= 1
        self.setStyleSheet(_FLASH_STYLE if self._flash_left % 2 else "")
        if self._flash_left <= 0:
            self._flash_timer.stop()
            self.setStyleSheet("")

    # -- answering ------------------------------------------------------------------------
    def choose(self, choice: Choice) -> bool:
        """Answer with ``choice``; False (and the reason shown) when refused."""
        from vantage.engine.protocol.commands import Answer
        return self.send(f"Answer: {choice.label}", Answer(choice=choice.value))

    def answer_default(self) -> bool:
        """Enter: the default choice, or for a roll the faces typed (none typed: say what to do)."""
        decision = self.decision
        if decision is None:
            return False
        if decision.dice is not None:
            if not self.faces.text().strip():
                self._refused(f"type the {faces_hint(decision.dice)}, or press Let Vantage roll")
                return False
            return self.send_typed_faces()
        default = next((c for c in decision.choices if c.value == decision.default), None)
        if default is None:
            self._refused(f"{decision.prompt} has no default: choose one of the answers")
            return False
        return self.choose(default)

    def send_typed_faces(self) -> bool:
        """Answer the roll with the faces typed, after checking them against the dice request."""
        from vantage.engine.protocol.commands import Answer
        decision = self.decision
        if decision is None or decision.dice is None:
            return False
        try:
            faces = parse_faces(self.faces.text(), decision.dice)
        except CommandRejected as wrong:
            self._refused(wrong.reason)
            return False
        words = " ".join(str(f) for f in faces)
        return self.send(f"Dice at the table: {words}", Answer(faces=faces))

    def send(self, name: str, command: Command) -> bool:
        """Send one answer as one undo step; a refusal is shown and changes nothing."""
        try:
            events = run_command(self.document, name, command)
        except CommandRejected as refused:
            self._refused(refused.reason)
            return False
        self.error.clear()
        if events:
            self.message.emit(events[-1].sentence)
        return True

    def _refused(self, reason: str) -> None:
        self.error.setText(f"Not sent: {reason}")
        self.message.emit(f"Not sent: {reason}")
