"""The token panel: the selected token's name, side, size, derived values, state, conditions and
its stat block.

Edits are made in place and sent as engine commands (``EditToken``, one undo step each; the
engine checks the stat block with the token's ruleset again and refuses what does not fit).
The stat block is a form drawn from the ruleset's schema (:class:`~vantage.gui.edit.stat_form.StatForm`,
with the raw JSON behind "Advanced" and the ruleset's creature templates behind "From
template…"); it is checked by the ruleset before anything is sent, each problem shown at its
field. Derived values and the changing state come from ``Ruleset.explain`` and
``Ruleset.describe_state`` with their breakdowns as tooltips. Conditions are set through the
session (``SetCondition``), so the rules see them.

A selection costs only what the GM sees: while the panel is off screen in a shown window (its dock
hidden or behind another tab) it only notes the token and refreshes when it is shown again, and
the stat-block form builds its rows (once per schema) only when its tab is in front.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.model import Side, Size, Token
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import UnknownRuleset, get_ruleset, ruleset_name
from vantage.engine.rules.asking import ask_stat_problems, ask_stat_schema, ask_templates
from vantage.engine.rules.base import Unanswered
from vantage.engine.rules.stat_schema import StatSchema
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.edit.stat_form import StatForm
from vantage.gui.play.steady_label import SteadyLabel
from vantage.gui.play.token_picture import choose_picture, remove_picture
from vantage.gui.play.visibility import set_hidden

if TYPE_CHECKING:
    from vantage.engine.protocol.gm_commands import EditToken
    from vantage.engine.rules.base import Ruleset
    from vantage.gui.play.damage_dialog import DamageDialog


class TokenPanel(QWidget):
    message = Signal(str)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.token_id: str | None = None
        #: the token and stat block the form was last loaded with (a refresh keeps edits to it)
        self._loaded: tuple[str, dict[str, Any], str, str] | None = None
        #: a refresh waits for the panel to be shown (it was off screen in a shown window)
        self.stale = False
        #: the stat block waits for its tab to come in front (it was behind the State tab in a
        #: shown window): loading and checking it costs more than the rest of a refresh
        self.block_stale = False
        #: token id → the stat block last checked, the ruleset and its problems: most commands
        #: leave the block as it was
        self._checked: dict[str, tuple[dict[str, Any], str, list[tuple[str, str]]]] = {}
        self.title = SteadyLabel("No token selected")  # a new place of the token lays out nothing
        self.name_edit = QLineEdit()
        self.name_edit.setToolTip("The token's name (Enter to apply)")
        self.side_box = QComboBox()
        self.side_box.addItems([s.value for s in Side])
        self.side_box.setToolTip("Party, enemy or neutral")
        self.size_box = QComboBox()
        self.size_box.addItems([s.value for s in Size])
        self.size_box.setToolTip("Size: sets the footprint (large 2×2, huge 3×3, gargantuan 4×4)")
        self.damage_button = QPushButton("Damage…")
        self.damage_button.setToolTip("Damage on one of the ruleset's tracks (logged, undoable)")
        self.heal_button = QPushButton("Heal…")
        self.heal_button.setToolTip("Healing on one of the ruleset's tracks (logged, undoable)")
        self.picture_button = QPushButton("Picture…")
        self.picture_button.setToolTip("Pick an image file for the token: cropped round, stored in the "
                                       "encounter file (undoable)")
        self.remove_picture_button = QPushButton("No picture")
        self.remove_picture_button.setToolTip("Show the token's initials instead of its picture (undoable)")
        self.hidden_box = QCheckBox("Hidden from the players")
        self.hidden_box.setToolTip("The players' screen never shows a hidden token; you see it faded (H)")
        self.form = StatForm(self._check_stats, self._send_stats)
        self.derived = QListWidget()
        self.derived.setToolTip("Derived values; hover one for its breakdown")
        self.conditions = QListWidget()
        self.conditions.setToolTip("Conditions; select one and press Remove to lift it")
        self.condition_edit = QLineEdit()
        self.condition_edit.setPlaceholderText("condition name, e.g. prone")
        self.condition_edit.setToolTip("A condition to give the token (Enter or Add)")
        add = QPushButton("Add")
        add.setToolTip("Give the token the condition typed beside")
        remove = QPushButton("Remove")
        remove.setToolTip("Lift the selected condition")
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Side", self.side_box)
        form.addRow("Size", self.size_box)
        form.addRow("", self.hidden_box)
        health_row = QHBoxLayout()
        health_row.addWidget(self.damage_button)
        health_row.addWidget(self.heal_button)
        form.addRow("Health", health_row)
        picture_row = QHBoxLayout()
        picture_row.addWidget(self.picture_button)
        picture_row.addWidget(self.remove_picture_button)
        form.addRow("Picture", picture_row)
        condition_row = QHBoxLayout()
        condition_row.addWidget(self.condition_edit)
        condition_row.addWidget(add)
        condition_row.addWidget(remove)
        state = QWidget()
        state_layout = QVBoxLayout(state)
        state_layout.addWidget(QLabel("Derived values and state"))
        state_layout.addWidget(self.derived, 2)
        state_layout.addWidget(QLabel("Conditions"))
        state_layout.addWidget(self.conditions, 1)
        state_layout.addLayout(condition_row)
        self.tabs = QTabWidget()
        self.tabs.addTab(state, "State")
        self.tabs.addTab(self.form, "Stat block")
        self.tabs.setTabToolTip(0, "Derived values, the changing state and the conditions")
        self.tabs.setTabToolTip(1, "The token's stat block as its ruleset declares it; Apply checks it")
        self.tabs.currentChanged.connect(lambda _i: self._tab_changed())
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(self.tabs, 1)
        self.name_edit.editingFinished.connect(self._apply_name)
        self.side_box.activated.connect(lambda _i: self._apply_fields())
        self.size_box.activated.connect(lambda _i: self._apply_fields())
        self.hidden_box.clicked.connect(self._apply_hidden)
        self.damage_button.clicked.connect(lambda: self.open_damage_dialog(healing=False))
        self.heal_button.clicked.connect(lambda: self.open_damage_dialog(healing=True))
        add.clicked.connect(self._add_typed_condition)
        self.picture_button.clicked.connect(self.choose_picture)
        self.remove_picture_button.clicked.connect(self.remove_picture)
        self.condition_edit.returnPressed.connect(self._add_typed_condition)
        remove.clicked.connect(self._remove_selected_condition)
        document.changed.connect(self._document_changed)
        self.setEnabled(False)

    def open_damage_dialog(self, healing: bool) -> DamageDialog | None:
        if self.token_id is None:
            return None
        from vantage.gui.play.damage_dialog import DamageDialog  # loaded when first opened

        dialog = DamageDialog(self.document, self.token_id, healing, self)
        dialog.accepted.connect(lambda: self.message.emit(dialog.sentence))
        dialog.open()
        return dialog

    def choose_picture(self) -> None:
        """Picture…: an image file for the token (gui/play/token_picture.py), one undo step."""
        if self.token_id is not None:
            self.message.emit(choose_picture(self.document, self.token_id, self))

    def remove_picture(self) -> None:
        if self.token_id is not None:
            self.message.emit(remove_picture(self.document, self.token_id))

    def _apply_hidden(self, hidden: bool) -> None:
        if self.token_id is not None:
            self.message.emit(set_hidden(self.document, self.token_id, hidden))

    def _document_changed(self) -> None:
        self.document.after_change(self.refresh)

    def show_token(self, token_id: str | None) -> None:
        """Show ``token_id`` (None: no token); chosen while the document tells of a change (the
        turn tracker selects the token whose turn starts), it is drawn once, after the change."""
        self.token_id = token_id
        self.document.after_change(self.refresh)

    def _token(self) -> Token | None:
        if self.token_id is None:
            return None
        try:
            return self.document.encounter.token(self.token_id)
        except KeyError:
            return None

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        if self.stale:  # before the first paint: the panel never shows the previous token
            self.refresh()
        super().showEvent(event)

    def off_screen(self) -> bool:
        """Whether the panel is hidden inside a window that is shown (its dock closed or behind
        another tab): then a refresh waits until it is shown. A panel on its own, or in a window
        not shown yet, refreshes at once."""
        window = self.window()
        return window is not self and window.isVisible() and not self.isVisible()

    def refresh(self) -> None:
        if self.off_screen():
            self.stale = True
            return
        self.stale = False
        token = self._token()
        self.setEnabled(token is not None)
        if token is None:
            show_rows(self.derived, ())
            show_rows(self.conditions, ())
            self.title.setText("No token selected")
            self._loaded = None
            return
        self.title.setText(f"{token.name} at {token.position}, facing {token.facing.name}")
        if self.name_edit.text() != token.name:  # the same name: the field (and its cursor) stays
            self.name_edit.setText(token.name)
        self.side_box.setCurrentText(token.side.value)
        self.size_box.setCurrentText(token.size.value)
        self.hidden_box.setChecked(token.hidden)
        self.remove_picture_button.setEnabled(bool(token.image))
        if self.form_off_screen():
            self.block_stale = True
        else:
            self.block_stale = False
            self._show_stat_block(token)
        conditions = tuple((condition_text(c.name, c.rounds_left), "") for c in token.conditions)
        show_rows(self.conditions, conditions)
        show_rows(self.derived, self._derived_rows(token))

    def _show_stat_block(self, token: Token) -> None:
        """The form over the ruleset's schema, loaded with the token's block — unless the GM is
        editing this very block (another change to the encounter keeps the edit)."""
        ruleset = self.document.encounter.ruleset
        schema = ask_stat_schema(ruleset)
        if isinstance(schema, Unanswered):
            self.form.set_rules(StatSchema((), open=True), (), f"{schema.reason}: the stat block is shown "
                                "as JSON and cannot be checked.")
        else:
            self.form.set_rules(schema, ask_templates(ruleset))
        self._build_form_if_in_front()
        loaded = (token.id, dict(token.stats), token.size.value, ruleset)
        if loaded == self._loaded:
            return  # the form holds this very block: loaded already, or being edited by the GM
        self._loaded = loaded
        self.form.load(token.stats, token.size.value)
        if token.stats:
            problems = self._check_stats(dict(token.stats))
            if problems:
                self.form.show_problems(problems, f"Does not fit {ruleset_name(ruleset)}")

    def form_off_screen(self) -> bool:
        """Whether the stat-block form is hidden inside a window that is shown (behind the State
        tab): then its block is loaded when the tab comes in front. A panel on its own, or in a
        window not shown yet, loads it at once."""
        window = self.window()
        return window is not self and window.isVisible() and not self.form.isVisible()

    def _tab_changed(self) -> None:
        if self.block_stale and not self.form_off_screen():
            token = self._token()
            self.block_stale = False
            if token is not None:
                self._show_stat_block(token)
        self._build_form_if_in_front()

    def _build_form_if_in_front(self) -> None:
        """The form's rows are built when its tab is in front (not for every selection)."""
        if self.tabs.currentWidget() is self.form:
            self.form.ensure_rows()

    def _derived_rows(self, token: Token) -> tuple[tuple[str, str], ...]:
        """The derived values and state as rows (text, tooltip): each value with its breakdown."""
        try:
            ruleset = get_ruleset(self.document.encounter.ruleset)
        except UnknownRuleset as unknown:
            return ((str(unknown), ""),)
        problems = self._stat_problems(ruleset, token)
        if problems:
            return (("Stat block problems: " + "; ".join(f"{p}: {m}" for p, m in problems), ""),)
        rows = [(f"{name}: {breakdown.value:g}", breakdown.explain())
                for name, breakdown in ruleset.explain(self.document.encounter, token.id).items()]
        rows += [(f"{key.replace('_', ' ')}: {state_text(value)}", "")
                 for key, value in ruleset.describe_state(self.document.encounter, token.id).items()]
        return tuple(rows)

    def _stat_problems(self, ruleset: Ruleset, token: Token) -> list[tuple[str, str]]:
        """The ruleset's check of ``token``'s stat block, asked again only when the block or the
        ruleset differs from those checked last for the token."""
        known = self._checked.get(token.id)
        ruleset_id, stats = self.document.encounter.ruleset, dict(token.stats)
        if known is not None and known[1] == ruleset_id and known[0] == stats:
            return list(known[2])
        problems = ruleset.validate_stats(stats)
        self._checked[token.id] = (copy.deepcopy(stats), ruleset_id, list(problems))
        return problems

    # -- edits -----------------------------------------------------------------------------
    def _edit_token(self, name: str, command: EditToken) -> str | None:
        """Send the edit as one command (one undo step); the engine's refusal goes to the status
        bar and is returned."""
        try:
            run_command(self.document, name, command)
        except CommandRejected as refused:
            self.message.emit(refused.reason)
            self.refresh()
            return refused.reason
        return None

    def _apply_name(self) -> None:
        from vantage.engine.protocol.gm_commands import EditToken
        token = self._token()
        text = self.name_edit.text().strip()
        if token is not None and text and text != token.name:
            self._edit_token(f"Rename {token.name} to {text}", EditToken(token=token.id, name=text))

    def _apply_fields(self) -> None:
        from vantage.engine.protocol.gm_commands import EditToken
        token = self._token()
        if token is None:
            return
        side, size = Side(self.side_box.currentText()), Size(self.size_box.currentText())
        if (side, size) != (token.side, token.size):
            edit = EditToken(token=token.id, side=side.value if side is not token.side else None,
                             size=size.value if size is not token.size else None)
            self._edit_token(f"Edit {token.name}", edit)

    def _check_stats(self, stats: dict[str, Any]) -> list[tuple[str, str]]:
        """The encounter's ruleset's word on ``stats`` (places under ``stats``)."""
        return ask_stat_problems(self.document.encounter.ruleset, stats)

    def _send_stats(self, stats: dict[str, Any], size: str | None) -> str | None:
        """Give the token the checked stat block (and a template's size) in one ``EditToken``."""
        from vantage.engine.protocol.gm_commands import EditToken
        token = self._token()
        if token is None:
            return "no token is selected"
        new_stats = stats if stats != dict(token.stats) else None
        new_size = size if size is not None and size != token.size.value else None
        if new_stats is None and new_size is None:
            return None
        what = "stat block and size" if new_size is not None and new_stats is not None else (
            "size" if new_stats is None else "stat block")
        return self._edit_token(f"Edit {token.name}'s {what}",
                                EditToken(token=token.id, stats=new_stats, size=new_size))

    def apply_stats(self) -> bool:
        """Apply the form's stat block (as its Apply button does): True when it was sent."""
        token = self._token()
        if self.block_stale and token is not None:
            self.block_stale = False
            self._show_stat_block(token)
        return self.form.apply()

    def set_condition(self, name: str, on: bool) -> None:
        from vantage.engine.protocol.commands import SetCondition
        token = self._token()
        if token is None or not name:
            return
        verb = "Give" if on else "Lift"
        try:
            run_command(self.document, f"{verb} {token.name} {name}",
                        SetCondition(token=token.id, condition=name, on=on))
        except CommandRejected as refused:
            self.message.emit(refused.reason)

    def _add_typed_condition(self) -> None:
        self.set_condition(self.condition_edit.text().strip(), True)

    def _remove_selected_condition(self) -> None:
        item = self.conditions.currentItem()
        if item is not None:
            self.set_condition(item.text().split(" (")[0], False)


def condition_text(name: str, rounds_left: int | None) -> str:
    """``"prone"``, ``"stunned (2 rounds)"``."""
    return name + (f" ({rounds_left} rounds)" if rounds_left is not None else "")


def shown_rows(widget: QListWidget) -> tuple[tuple[str, str], ...]:
    """What ``widget`` shows: each row's text and tooltip."""
    items = (widget.item(row) for row in range(widget.count()))
    return tuple((item.text(), item.toolTip()) for item in items)


def show_rows(widget: QListWidget, rows: tuple[tuple[str, str], ...]) -> None:
    """Make ``widget`` show ``rows`` (text, tooltip), changing only the rows that differ: a
    command that leaves a value as it was leaves its row (and the row the GM selected) alone."""
    for row, (text, tip) in enumerate(rows):
        item = widget.item(row)
        if item is None:
            item = QListWidgetItem(text)
            item.setToolTip(tip)
            widget.addItem(item)
            continue
        if item.text() != text:
            item.setText(text)
        if item.toolTip() != tip:
            item.setToolTip(tip)
    while widget.count() > len(rows):
        widget.takeItem(widget.count() - 1)


def state_text(value: object) -> str:
    """A ruleset's state value as the panel reads it, never as Python writes it: ``None`` and an
    empty list "none", booleans "yes"/"no", a mapping "severity 3, kind cutting", a list its items
    joined by "; " (``[{'severity': 3, 'kind': 'cutting'}]`` was shown as it is)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {state_text(v)}" for k, v in value.items()) or "none"
    if isinstance(value, (list, tuple, set, frozenset)):
        return "; ".join(state_text(item) for item in value) or "none"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
