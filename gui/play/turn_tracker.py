"""The turn tracker: the ruleset's turn model (round, order, who acts, actions left).

It reads ``Ruleset.turn`` and sends ``StartCombat`` / ``EndTurn`` through the session. For a
baton ruleset the list shows the side holding the initiative instead of an order. "Previous
turn" steps the undo history back to before the last turn change (nothing is re-rolled).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.protocol.commands import EndTurn, Resume, StartCombat, Stay
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import UnknownRuleset, get_ruleset
from vantage.engine.rules.base import TurnInfo, TurnStructure
from vantage.gui.document import EncounterDocument, run_command

END_TURN_PREFIX = "End turn"


def current_turn(document: EncounterDocument) -> TurnInfo | None:
    try:
        ruleset = get_ruleset(document.encounter.ruleset)
    except UnknownRuleset:
        return None
    return ruleset.turn(document.encounter)


class TurnTracker(QWidget):
    """Round, order and active token; ``message`` carries refusals to the status bar."""

    message = Signal(str)
    active_changed = Signal(object)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.round_label = QLabel()
        self.order_list = QListWidget()
        self.order_list.setToolTip("Initiative order; the token whose turn it is is highlighted")
        self.start_button = QPushButton("Start combat")
        self.start_button.setToolTip("Roll initiative for every token with a stat block")
        self.next_button = QPushButton("Next turn")
        self.next_button.setToolTip("End the active token's turn (N)")
        self.previous_button = QPushButton("Previous turn")
        self.previous_button.setToolTip("Step back to before the last turn change (undo)")
        self.delay_button = QPushButton("Delay")
        self.delay_button.setToolTip("The active token stays its remaining actions to act later")
        self.resume_button = QPushButton("Resume")
        self.resume_button.setToolTip("The token selected in the list re-enters now (it delayed earlier)")
        buttons = QGridLayout()  # two rows: the panel stays narrow enough for a 1280-pixel laptop
        for i, button in enumerate((self.start_button, self.previous_button, self.next_button,
                                    self.delay_button, self.resume_button)):
            buttons.addWidget(button, i // 3, i % 3)
        layout = QVBoxLayout(self)
        layout.addWidget(self.round_label)
        layout.addWidget(self.order_list)
        layout.addLayout(buttons)
        self.start_button.clicked.connect(self.start_combat)
        self.next_button.clicked.connect(self.next_turn)
        self.previous_button.clicked.connect(self.previous_turn)
        self.delay_button.clicked.connect(self.delay)
        self.resume_button.clicked.connect(self.resume_selected)
        document.changed.connect(self.refresh)
        self.active: str | None = None
        self.refresh()

    def refresh(self) -> None:
        turn = current_turn(self.document)
        encounter = self.document.encounter
        self.order_list.clear()
        names = {t.id: t.name for t in encounter.tokens}
        self.start_button.setEnabled(turn is None)
        self.next_button.setEnabled(turn is not None and turn.actor is not None)
        self.delay_button.setEnabled(turn is not None and turn.actor is not None)
        self.resume_button.setEnabled(turn is not None)
        self.previous_button.setEnabled(self._last_turn_change() is not None)
        if turn is None:
            self.round_label.setText("Not in combat")
            self._set_active(None)
            return
        actions = "" if turn.actions_left is None else f" · {turn.actions_left} actions left"
        baton = self._is_baton()
        who = names.get(turn.actor or "", "no one")
        self.round_label.setText(f"Round {turn.round} · {who} acts{actions}")
        bold = QFont()
        bold.setBold(True)
        for token_id, score in turn.order:
            text = f"{names.get(token_id, token_id)}  ({'side' if baton else 'initiative'} {score})"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, token_id)
            if token_id == turn.actor:
                item.setFont(bold)
                item.setBackground(QBrush(QColor("#ffe680")))
            self.order_list.addItem(item)
        self._set_active(turn.actor)

    def _is_baton(self) -> bool:
        try:
            return get_ruleset(self.document.encounter.ruleset).traits.turn_structure is TurnStructure.BATON
        except UnknownRuleset:
            return False

    def _set_active(self, token_id: str | None) -> None:
        if token_id != self.active:
            self.active = token_id
            self.active_changed.emit(token_id)

    def start_combat(self) -> None:
        try:
            run_command(self.document, "Start combat", StartCombat())
        except CommandRejected as refused:
            self.message.emit(f"Cannot start combat: {refused.reason}")

    def next_turn(self) -> None:
        turn = current_turn(self.document)
        if turn is None or turn.actor is None:
            self.message.emit("No one is acting")
            return
        name = self.document.encounter.token(turn.actor).name
        try:
            run_command(self.document, f"{END_TURN_PREFIX} of {name}", EndTurn(token=turn.actor))
        except CommandRejected as refused:
            self.message.emit(f"Cannot end {name}'s turn: {refused.reason}")

    def delay(self) -> None:
        turn = current_turn(self.document)
        if turn is None or turn.actor is None:
            return
        name = self.document.encounter.token(turn.actor).name
        try:
            run_command(self.document, f"{END_TURN_PREFIX} of {name} (delays)", Stay(token=turn.actor))
        except CommandRejected as refused:
            self.message.emit(f"{name} cannot delay: {refused.reason}")

    def resume_selected(self) -> None:
        item = self.order_list.currentItem()
        if item is None:
            self.message.emit("Pick the delaying token in the list first")
            return
        token_id = str(item.data(Qt.ItemDataRole.UserRole))
        name = self.document.encounter.token(token_id).name
        try:
            run_command(self.document, f"{name} resumes", Resume(token=token_id))
        except CommandRejected as refused:
            self.message.emit(f"{name} cannot resume: {refused.reason}")

    def _last_turn_change(self) -> int | None:
        stack = self.document.undo_stack
        for index in range(stack.index() - 1, -1, -1):
            if stack.text(index).startswith((END_TURN_PREFIX, "Start combat")):
                return index
        return None

    def previous_turn(self) -> None:
        index = self._last_turn_change()
        if index is not None:
            self.document.undo_stack.setIndex(index)
