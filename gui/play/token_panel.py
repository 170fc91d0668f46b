"""The token panel: the selected token's name, side, stat block, derived values, state, conditions.

Edits are made in place and sent as engine commands (``EditToken``, one undo step each; the
engine checks the stat block with the token's ruleset again and refuses what does not fit);
derived values and the changing state come from ``Ruleset.explain`` and ``Ruleset.describe_state``
with their breakdowns as tooltips. Conditions are set through the
session (``SetCondition``), so the rules see them.
"""

from __future__ import annotations

import json

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.model import Side, Size, Token
from vantage.engine.protocol.commands import SetCondition
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.gm_commands import EditToken
from vantage.engine.rules import UnknownRuleset, get_ruleset
from vantage.gui.document import EncounterDocument, run_command


class TokenPanel(QWidget):
    message = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.token_id: str | None = None
        self.title = QLabel("No token selected")
        self.name_edit = QLineEdit()
        self.name_edit.setToolTip("The token's name (Enter to apply)")
        self.side_box = QComboBox()
        self.side_box.addItems([s.value for s in Side])
        self.side_box.setToolTip("Party, enemy or neutral")
        self.size_box = QComboBox()
        self.size_box.addItems([s.value for s in Size])
        self.size_box.setToolTip("Size: sets the footprint (large 2×2, huge 3×3, gargantuan 4×4)")
        self.stats_edit = QPlainTextEdit()
        self.stats_edit.setToolTip("The stat block as JSON, checked by the ruleset when applied")
        self.apply_stats_button = QPushButton("Apply stat block")
        self.problems = QLabel("")
        self.problems.setWordWrap(True)
        self.derived = QListWidget()
        self.derived.setToolTip("Derived values; hover one for its breakdown")
        self.conditions = QListWidget()
        self.conditions.setToolTip("Conditions; select one and press Remove to lift it")
        self.condition_edit = QLineEdit()
        self.condition_edit.setPlaceholderText("condition name, e.g. prone")
        add = QPushButton("Add")
        remove = QPushButton("Remove")
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Side", self.side_box)
        form.addRow("Size", self.size_box)
        condition_row = QHBoxLayout()
        condition_row.addWidget(self.condition_edit)
        condition_row.addWidget(add)
        condition_row.addWidget(remove)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(QLabel("Derived values and state"))
        layout.addWidget(self.derived)
        layout.addWidget(QLabel("Conditions"))
        layout.addWidget(self.conditions)
        layout.addLayout(condition_row)
        layout.addWidget(QLabel("Stat block"))
        layout.addWidget(self.stats_edit)
        layout.addWidget(self.apply_stats_button)
        layout.addWidget(self.problems)
        self.name_edit.editingFinished.connect(self._apply_name)
        self.side_box.activated.connect(lambda _i: self._apply_fields())
        self.size_box.activated.connect(lambda _i: self._apply_fields())
        self.apply_stats_button.clicked.connect(self.apply_stats)
        add.clicked.connect(lambda: self.set_condition(self.condition_edit.text().strip(), True))
        remove.clicked.connect(self._remove_selected_condition)
        document.changed.connect(self.refresh)
        self.setEnabled(False)

    def show_token(self, token_id: str | None) -> None:
        self.token_id = token_id
        self.refresh()

    def _token(self) -> Token | None:
        if self.token_id is None:
            return None
        try:
            return self.document.encounter.token(self.token_id)
        except KeyError:
            return None

    def refresh(self) -> None:
        token = self._token()
        self.setEnabled(token is not None)
        self.derived.clear()
        self.conditions.clear()
        if token is None:
            self.title.setText("No token selected")
            return
        self.title.setText(f"{token.name} at {token.position}, facing {token.facing.name}")
        self.name_edit.setText(token.name)
        self.side_box.setCurrentText(token.side.value)
        self.size_box.setCurrentText(token.size.value)
        self.stats_edit.setPlainText(json.dumps(dict(token.stats), indent=1))
        for condition in token.conditions:
            rounds = f" ({condition.rounds_left} rounds)" if condition.rounds_left is not None else ""
            self.conditions.addItem(condition.name + rounds)
        self._fill_derived(token)

    def _fill_derived(self, token: Token) -> None:
        try:
            ruleset = get_ruleset(self.document.encounter.ruleset)
        except UnknownRuleset as unknown:
            self.derived.addItem(str(unknown))
            return
        problems = ruleset.validate_stats(dict(token.stats))
        if problems:
            self.derived.addItem("Stat block problems: " + "; ".join(f"{p}: {m}" for p, m in problems))
            return
        for name, breakdown in ruleset.explain(self.document.encounter, token.id).items():
            self.derived.addItem(f"{name}: {breakdown.value:g}")
            self.derived.item(self.derived.count() - 1).setToolTip(breakdown.explain())
        for key, value in ruleset.describe_state(self.document.encounter, token.id).items():
            self.derived.addItem(f"{key.replace('_', ' ')}: {value}")

    # -- edits -----------------------------------------------------------------------------
    def _edit_token(self, name: str, command: EditToken) -> None:
        """Send the edit as one command (one undo step); the engine's refusal goes to the status bar."""
        try:
            run_command(self.document, name, command)
        except CommandRejected as refused:
            self.message.emit(refused.reason)
            self.refresh()

    def _apply_name(self) -> None:
        token = self._token()
        text = self.name_edit.text().strip()
        if token is not None and text and text != token.name:
            self._edit_token(f"Rename {token.name} to {text}", EditToken(token=token.id, name=text))

    def _apply_fields(self) -> None:
        token = self._token()
        if token is None:
            return
        side, size = Side(self.side_box.currentText()), Size(self.size_box.currentText())
        if (side, size) != (token.side, token.size):
            edit = EditToken(token=token.id, side=side.value if side is not token.side else None,
                             size=size.value if size is not token.size else None)
            self._edit_token(f"Edit {token.name}", edit)

    def apply_stats(self) -> bool:
        """Validate the edited stat block with the ruleset; commit it only when it is valid."""
        token = self._token()
        if token is None:
            return False
        try:
            stats = json.loads(self.stats_edit.toPlainText() or "{}")
        except json.JSONDecodeError as error:
            self.problems.setText(f"Not JSON: line {error.lineno}, column {error.colno}: {error.msg}")
            return False
        if not isinstance(stats, dict):
            self.problems.setText("The stat block must be a JSON object")
            return False
        try:
            problems = get_ruleset(self.document.encounter.ruleset).validate_stats(stats)
        except UnknownRuleset as unknown:
            problems = [("ruleset", str(unknown))]
        if problems:
            self.problems.setText("\n".join(f"{place}: {message}" for place, message in problems))
            return False
        self.problems.setText("")
        if stats != dict(token.stats):
            self._edit_token(f"Edit {token.name}'s stat block", EditToken(token=token.id, stats=stats))
        return True

    def set_condition(self, name: str, on: bool) -> None:
        token = self._token()
        if token is None or not name:
            return
        verb = "Give" if on else "Lift"
        try:
            run_command(self.document, f"{verb} {token.name} {name}",
                        SetCondition(token=token.id, condition=name, on=on))
        except CommandRejected as refused:
            self.message.emit(refused.reason)

    def _remove_selected_condition(self) -> None:
        item = self.conditions.currentItem()
        if item is not None:
            self.set_condition(item.text().split(" (")[0], False)
