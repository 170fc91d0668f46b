"""Whose dice are rolled at the table: the current setting in words, and the dialog that changes it.

The setting is the engine's (``combat["table_dice"]``: ``{"everyone": bool, "sides": [...],
"tokens": [...]}``; absent, the engine rolls every die, and the GM window opens such an encounter
with the party at the table); the dialog offers the three choices — Vantage rolls, everyone rolls
at the table, the sides and tokens ticked — and answers the
``SetTableDice`` command to send. While a token's dice are physical, the engine stops at each of
its rolls and the decision panel asks for the faces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.model import Encounter

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import SetTableDice

#: The key of ``Encounter.combat`` the engine keeps the setting in.
TABLE_DICE = "table_dice"
#: The sides a setting may name, and the words for their tokens.
SIDE_WORDS = {"party": "party", "enemy": "enemies", "neutral": "neutrals"}
#: The item data role that holds a token's side in the dialog's list.
SIDE_ROLE = Qt.ItemDataRole.UserRole + 1


def table_dice_setting(encounter: Encounter) -> tuple[bool, tuple[str, ...]]:
    """(everyone, the token ids) whose dice are rolled at the table now."""
    setting = encounter.combat.get(TABLE_DICE)
    if not isinstance(setting, Mapping):
        return False, ()
    tokens = tuple(str(t) for t in setting.get("tokens", ()) or ())
    return bool(setting.get("everyone")), tokens


def table_dice_sides(encounter: Encounter) -> tuple[str, ...]:
    """The sides ("party", "enemy", "neutral") whose tokens roll at the table now."""
    setting = encounter.combat.get(TABLE_DICE)
    sides = setting.get("sides", ()) if isinstance(setting, Mapping) else ()
    return tuple(str(s) for s in sides if s in SIDE_WORDS) if isinstance(sides, list | tuple) else ()


def table_dice_vantage(encounter: Encounter) -> tuple[str, ...]:
    """The tokens of a side at the table whose dice Vantage rolls all the same."""
    setting = encounter.combat.get(TABLE_DICE)
    spared = setting.get("vantage", ()) if isinstance(setting, Mapping) else ()
    return tuple(str(t) for t in spared) if isinstance(spared, list | tuple) else ()


def table_dice_text(encounter: Encounter) -> str:
    """``"Vantage rolls every die"``, ``"Every die is rolled at the table"`` or
    ``"Rolled at the table: the party, Bram, Mira"``."""
    everyone, tokens = table_dice_setting(encounter)
    if everyone:
        return "Every die is rolled at the table"
    sides = table_dice_sides(encounter)
    if not tokens and not sides:
        return "Vantage rolls every die"
    names = {t.id: t.name or t.id for t in encounter.tokens}
    sides_of = {t.id: t.side.value for t in encounter.tokens}
    spared = table_dice_vantage(encounter)
    who = []
    for side in sides:
        but = [names.get(t, t) for t in spared if sides_of.get(t) == side]
        who.append(f"the {SIDE_WORDS[side]}" + (f" but {', '.join(but)}" if but else ""))
    return "Rolled at the table: " + ", ".join(who + [names.get(t, t) for t in tokens])


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
        self.some = QRadioButton("These sides and tokens roll at the table:")
        self.some.setToolTip("The rolls of the ticked sides' tokens and of the ticked tokens stop and "
                             "ask for their faces; Vantage rolls the others (and the GM's own rolls)")
        ticked_sides = set(table_dice_sides(encounter))
        self.side_boxes: dict[str, QCheckBox] = {}
        for side, word in SIDE_WORDS.items():
            box = QCheckBox(f"The {word}")
            box.setToolTip(f"Every token on the {side} side rolls its own dice at the table (untick a "
                           "token below to have Vantage roll for it all the same)")
            box.setChecked(side in ticked_sides)
            self.side_boxes[side] = box
        self.group = QButtonGroup(self)
        for button in (self.vantage, self.everyone, self.some):
            self.group.addButton(button)
        self.tokens = QListWidget()
        self.tokens.setToolTip("Ticked: the token's player rolls its dice at the table; unticked: "
                               "Vantage rolls them (ticking a side ticks its tokens)")
        ticked = set(tokens) or ({selected} if selected and not ticked_sides else set())
        spared = set(table_dice_vantage(encounter))
        for token in encounter.tokens:
            item = QListWidgetItem(f"{token.name or token.id} ({token.side.value})")
            item.setData(Qt.ItemDataRole.UserRole, token.id)
            item.setData(SIDE_ROLE, token.side.value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            at_table = token.id in ticked or (token.side.value in ticked_sides and token.id not in spared)
            item.setCheckState(Qt.CheckState.Checked if at_table else Qt.CheckState.Unchecked)
            self.tokens.addItem(item)
        for side, box in self.side_boxes.items():
            box.toggled.connect(lambda on, s=side: self._tick_side(s, on))
        chosen = self.everyone if everyone else self.some if tokens or ticked_sides else self.vantage
        chosen.setChecked(True)
        for widget in (self.tokens, *self.side_boxes.values()):
            self.some.toggled.connect(widget.setEnabled)
            widget.setEnabled(self.some.isChecked())
        ok, cancel = QDialogButtonBox.StandardButton.Ok, QDialogButtonBox.StandardButton.Cancel
        buttons = QDialogButtonBox(ok | cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Now: {table_dice_text(encounter)}."))
        sides_row = QHBoxLayout()
        for box in self.side_boxes.values():
            sides_row.addWidget(box)
        sides_row.addStretch(1)
        for widget in (self.vantage, self.everyone, self.some):
            layout.addWidget(widget)
        layout.addLayout(sides_row)
        for widget in (self.tokens, buttons):
            layout.addWidget(widget)

    def _tick_side(self, side: str, on: bool) -> None:
        """A side ticked or unticked: its tokens follow."""
        state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        for row in range(self.tokens.count()):
            item = self.tokens.item(row)
            if item.data(SIDE_ROLE) == side:
                item.setCheckState(state)

    def ticked(self) -> tuple[str, ...]:
        """The ids of the ticked tokens, in the encounter's order."""
        out = []
        for row in range(self.tokens.count()):
            item = self.tokens.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return tuple(out)

    def command(self) -> SetTableDice:
        """The command for the choice made (nothing ticked under "these sides and tokens": Vantage
        rolls)."""
        from vantage.engine.protocol.commands import SetTableDice
        if self.everyone.isChecked():
            return SetTableDice(everyone=True)
        if self.some.isChecked():
            sides = tuple(side for side, box in self.side_boxes.items() if box.isChecked())
            ticked = set(self.ticked())
            tokens, spared = [], []
            for row in range(self.tokens.count()):
                item = self.tokens.item(row)
                tid, in_side = str(item.data(Qt.ItemDataRole.UserRole)), item.data(SIDE_ROLE) in sides
                if tid in ticked and not in_side:
                    tokens.append(tid)
                elif tid not in ticked and in_side:
                    spared.append(tid)
            return SetTableDice(tokens=tuple(tokens), sides=sides, vantage=tuple(spared))
        return SetTableDice()
