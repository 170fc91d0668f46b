"""The turn tracker: the ruleset's turn model — the round, the side holding the initiative, the
entries of the order (the current one highlighted), what is left of the actor's budget — and one
button for each of the ruleset's turn options (end turn, stay, resume, pass to X …), exactly as
``turn_options`` lists them: a refused option is greyed out with its reason as the tooltip.

"Start combat" sends ``StartCombat``; "Previous turn" steps the undo history back to before the
last turn change (nothing is re-rolled).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.protocol.commands import EndCombat, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_turn, ask_turn_options
from vantage.engine.rules.base import ActionOption, TurnEntry, TurnInfo
from vantage.gui.document import EncounterDocument, run_command

#: Undo steps of turn changes start with this, so "Previous turn" can find them.
TURN_PREFIX = "Turn"
START_COMBAT = "Start combat"
END_COMBAT = "End combat"
_OPTION_COLUMNS = 3


def current_turn(document: EncounterDocument) -> TurnInfo | None:
    return ask_turn(document.encounter)


def turn_text(turn: TurnInfo, names: dict[str, str]) -> str:
    """``"Round 2 · Bram acts · party holds the initiative · actions 6/10, move action 1/1"``."""
    parts = [turn.round_label or (f"Round {turn.round}" if turn.round is not None else "Combat")]
    parts.append(f"{names.get(turn.actor, turn.actor)} acts" if turn.actor else "no one acts")
    if turn.side:
        parts.append(f"{turn.side} holds the initiative")
    if turn.slots:
        parts.append(", ".join(f"{s.name} {s.left}/{s.total}" for s in turn.slots))
    if turn.waiting_on:
        parts.append(f"waiting for {names.get(turn.waiting_on, turn.waiting_on)}")
    return " · ".join(parts)


def entry_text(entry: TurnEntry, names: dict[str, str]) -> str:
    """``"Bram  (initiative 5)"``, ``"Ilse Varn  (extra turn, initiative 3)"``, ``"Ghoul  (enemy)"``."""
    details = [] if entry.label == "turn" else [entry.label]
    if entry.score is not None:
        details.append(f"initiative {entry.score}")
    name = names.get(entry.token, entry.token)
    return f"{name}  ({', '.join(details)})" if details else name


class TurnTracker(QWidget):
    """Round, order, active token and the ruleset's turn options; ``message`` carries refusals to
    the status bar."""

    message = Signal(str)
    active_changed = Signal(object)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.round_label = QLabel()
        self.round_label.setWordWrap(True)
        self.note_label = QLabel()
        self.note_label.setWordWrap(True)
        self.order_list = QListWidget()
        self.order_list.setToolTip("The turn order; the entry acting now is highlighted, used ones greyed")
        self.start_button = QPushButton(START_COMBAT)
        self.start_button.setToolTip("Roll initiative for every token with a stat block")
        self.previous_button = QPushButton("Previous turn")
        self.previous_button.setToolTip("Step back to before the last turn change (undo)")
        self.option_buttons: list[QPushButton] = []
        self.options: tuple[ActionOption, ...] = ()
        top = QHBoxLayout()
        top.addWidget(self.start_button)
        top.addWidget(self.previous_button)
        self.options_grid = QGridLayout()  # rows of three: narrow enough for a 1280-pixel laptop
        layout = QVBoxLayout(self)
        layout.addWidget(self.round_label)
        layout.addWidget(self.note_label)
        layout.addWidget(self.order_list)
        layout.addLayout(top)
        layout.addLayout(self.options_grid)
        self.start_button.clicked.connect(self.start_combat)
        self.previous_button.clicked.connect(self.previous_turn)
        document.changed.connect(self.refresh)
        self.active: str | None = None
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        turn = current_turn(self.document)
        encounter = self.document.encounter
        names = {t.id: t.name or t.id for t in encounter.tokens}
        self.order_list.clear()
        self.start_button.setEnabled(turn is None)
        self.previous_button.setEnabled(self._last_turn_change() is not None)
        self._show_options(tuple(ask_turn_options(encounter)) if turn is not None else ())
        if turn is None:
            self.round_label.setText("Not in combat")
            self.note_label.setVisible(False)
            self._set_active(None)
            return
        self.round_label.setText(turn_text(turn, names))
        self.note_label.setText(turn.note)
        self.note_label.setVisible(bool(turn.note))
        bold = QFont()
        bold.setBold(True)
        for index, entry in enumerate(turn.entries):
            item = QListWidgetItem(entry_text(entry, names))
            item.setData(Qt.ItemDataRole.UserRole, entry.token)
            if index == turn.current:
                item.setFont(bold)
                item.setBackground(QBrush(QColor("#ffe680")))
            elif entry.done:
                item.setForeground(QBrush(QColor("#888888")))
            self.order_list.addItem(item)
        self._set_active(turn.actor)

    def _show_options(self, options: Sequence[ActionOption]) -> None:
        if tuple(options) == self.options and len(self.option_buttons) == len(options):
            return
        for button in self.option_buttons:
            self.options_grid.removeWidget(button)
            button.deleteLater()
        self.option_buttons = []
        self.options = tuple(options)
        for i, option in enumerate(self.options):
            button = QPushButton(option.label)
            button.setEnabled(option.legal)
            button.setToolTip(option.explanation or option.summary)
            button.clicked.connect(lambda _=False, chosen=option: self.send(chosen))
            self.options_grid.addWidget(button, i // _OPTION_COLUMNS, i % _OPTION_COLUMNS)
            self.option_buttons.append(button)

    def _set_active(self, token_id: str | None) -> None:
        if token_id != self.active:
            self.active = token_id
            self.active_changed.emit(token_id)

    # -- sending ----------------------------------------------------------------------------
    def send(self, option: ActionOption) -> None:
        """Send one turn option's command (its refusal goes to the status bar).

        Right after "Previous turn", the same option redoes the turn change that was stepped back
        over instead of sending it again: nothing is rolled twice."""
        name = f"{TURN_PREFIX}: {option.label}"
        stack = self.document.undo_stack
        if stack.canRedo() and stack.text(stack.index()) == name:
            stack.redo()
            return
        try:
            run_command(self.document, name, option.command)
        except CommandRejected as refused:
            self.message.emit(f"{option.label}: {refused.reason}")

    def start_combat(self) -> None:
        try:
            run_command(self.document, START_COMBAT, StartCombat())
        except CommandRejected as refused:
            self.message.emit(f"Cannot start combat: {refused.reason}")

    def end_combat(self) -> None:
        """The fight is over: the turn order goes, what the creatures suffered stays (undoable)."""
        try:
            events = run_command(self.document, END_COMBAT, EndCombat())
        except CommandRejected as refused:
            self.message.emit(f"Cannot end combat: {refused.reason}")
            return
        if events:
            self.message.emit(events[-1].sentence)

    def next_turn(self) -> None:
        """The first turn option that may be taken now (N): end the turn, or pass the initiative."""
        options = ask_turn_options(self.document.encounter) if current_turn(self.document) else ()
        chosen = next((o for o in options if o.legal), None)
        if chosen is None:
            reason = next((o.reason for o in options), "") or "no one is acting"
            self.message.emit(f"No turn to end now: {reason}")
            return
        self.send(chosen)

    def _last_turn_change(self) -> int | None:
        stack = self.document.undo_stack
        for index in range(stack.index() - 1, -1, -1):
            if stack.text(index).startswith((f"{TURN_PREFIX}: ", START_COMBAT)):
                return index
        return None

    def previous_turn(self) -> None:
        index = self._last_turn_change()
        if index is not None:
            self.document.undo_stack.setIndex(index)
