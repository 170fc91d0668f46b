"""Whose dice are rolled at the table: the current setting in words, and the dialog that changes it.

The setting is the engine's (``combat["table_dice"]``: ``{"everyone": bool, "tokens": [...]}``,
absent when Vantage rolls every die); the dialog offers the three choices — Vantage rolls,
everyone rolls at the table, the tokens ticked in its list — and answers the
``SetTableDice`` command to send. While a token's dice are physical, the engine stops at each of
its rolls and the decision panel asks for the faces.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import SetTableDice

#: The key of ``Encounter.combat`` the engine keeps the setting in.
TABLE_DICE = "table_dice"


def table_dice_setting(encounter: Encounter) -> tuple[bool, tuple[str, ...]]:
    """(everyone, the token ids) whose dice are rolled at the table now."""
    setting = encounter.combat.get(TABLE_DICE)
    if not isinstance(setting, Mapping):
        return False, ()
    tokens = tuple(str(t) for t in setting.get("tokens", ()) or ())
    return bool(setting.get("everyone")), tokens


def table_dice_text(encounter: Encounter) -> str:
    """``"Vantage rolls every die"``, ``"Every die is rolled at the table"`` or
    ``"Rolled at the table: Bram, Mira"``."""
    everyone, tokens = table_dice_setting(encounter)
    if everyone:
        return "Every die is rolled at the table"
    if not tokens:
        return "Vantage rolls every die"
    names = {t.id: t.name or t.id for t in encounter.tokens}
    return "Rolled at the table: " + ", ".join(names.get(t, t) for t in tokens)


class TableDiceDialog(QDialog):
    """Choose who rolls physical dice; :meth:`command` is the ``SetTableDice`` to send."""

    def __init__(self, encounter: Encounter, selected: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Dice at the table")
        everyone, tokens = table_dice_setting(encounter)
        self.vantage = QRadioButton("Vantage rolls every die")
        self.vantage.setToolTip("Nobody rolls physical dice: Vantage rolls and logs every roll")
        self.everyone = QRadioButton("Everyone rolls at the table")
        self.everyone.setToolTip("Every roll stops and asks for the faces rolled at the table")
        self.some = QRadioButton("These tokens roll at the table:")
        self.some.setToolTip("The rolls of the ticked tokens stop and ask for their faces; "
                             "Vantage rolls the others")
        self.group = QButtonGroup(self)
        for button in (self.vantage, self.everyone, self.some):
            self.group.addButton(button)
        self.tokens = QListWidget()
        self.tokens.setToolTip("Tick the tokens whose players roll their own dice")
        ticked = set(tokens) or ({selected} if selected else set())
        for token in encounter.tokens:
            item = QListWidgetItem(f"{token.name or token.id} ({token.side.value})")
            item.setData(Qt.ItemDataRole.UserRole, token.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if token.id in ticked else Qt.CheckState.Unchecked)
            self.tokens.addItem(item)
        (self.everyone if everyone else self.some if tokens else self.vantage).setChecked(True)
        self.some.toggled.connect(self.tokens.setEnabled)
        self.tokens.setEnabled(self.some.isChecked())
        ok, cancel = QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok | cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Now: {table_dice_text(encounter)}."))
        for widget in (self.vantage, self.everyone, self.some, self.tokens, buttons):
            layout.addWidget(widget)

    def ticked(self) -> tuple[str, ...]:
        """The ids of the ticked tokens, in the encounter's order."""
        out = []
        for row in range(self.tokens.count()):
            item = self.tokens.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return tuple(out)

    def command(self) -> SetTableDice:
        """The command for the choice made (no token ticked under "these tokens": Vantage rolls)."""
        if self.everyone.isChecked():
            return SetTableDice(everyone=True)
        if self.some.isChecked():
            return SetTableDice(tokens=self.ticked())
        return SetTableDice()
