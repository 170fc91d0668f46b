"""The ruleset picker the Import report, the New map and the Ruleset dialogs share: every
registered ruleset by name, the encounter's ruleset id behind each entry."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QWidget

from vantage.engine.rules.asking import ruleset_choices

RULESET_TIP = ("The ruleset this map is played by: its stat blocks, turns, movement and attacks. "
               "The one chosen last is offered first next time.")


class RulesetBox(QComboBox):
    """A combo box of the registered rulesets; :meth:`ruleset` is the chosen id."""

    def __init__(self, selected: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        for choice in ruleset_choices():
            self.addItem(choice.name, choice.id)
            self.setItemData(self.count() - 1, f"{choice.name} (id {choice.id!r} in the file)",
                             Qt.ItemDataRole.ToolTipRole)
        self.setToolTip(RULESET_TIP)
        if selected is not None:
            self.select(selected)

    def ruleset(self) -> str:
        """The chosen ruleset's id ("" when no ruleset is registered at all)."""
        value = self.currentData()
        return value if isinstance(value, str) else ""

    def select(self, ruleset_id: str) -> bool:
        """Choose ``ruleset_id``; False (the choice unchanged) when it is not registered."""
        index = self.findData(ruleset_id)
        if index < 0:
            return False
        self.setCurrentIndex(index)
        return True

