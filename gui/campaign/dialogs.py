"""The campaign's dialogs: a new campaign, a character for the party, Let time pass…, the summary
the GM confirms before the party's state goes back to the roster, and a question a rule asks on the
way (a choice with a default).

Each dialog is a plain ``QDialog`` whose answer is read from it after ``exec`` (tests fill it in and
accept it without showing it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import vantage.engine.campaign as campaigns
from vantage.engine.protocol.commands import PassTime
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.decisions import Decision
from vantage.gui.appdata.gm_settings import preferred_ruleset
from vantage.gui.importing.ruleset_box import RulesetBox

_OK = QDialogButtonBox.StandardButton.Ok
_CANCEL = QDialogButtonBox.StandardButton.Cancel


def _buttons(dialog: QDialog, ok: str = "") -> QDialogButtonBox:
    box = QDialogButtonBox(_OK | _CANCEL)
    if ok:
        box.button(_OK).setText(ok)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


# -- a new campaign ------------------------------------------------------------------------------
@dataclass(frozen=True)
class NewCampaignChoice:
    folder: Path
    ruleset: str
    name: str


class NewCampaignDialog(QDialog):
    """The campaign's name, its ruleset and the folder it goes in (by default the user's documents
    folder, ``Vantage campaigns``); the campaign's own folder is named after it."""

    def __init__(self, parent: QWidget | None = None, ruleset: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New campaign")
        form = QFormLayout(self)
        self.name = QLineEdit("The Long Road")
        self.name.setToolTip("The campaign's name; its folder is named after it")
        self.ruleset_box = RulesetBox(ruleset or preferred_ruleset())
        self.parent_folder = QLineEdit(str(campaigns.default_campaigns_folder()))
        self.parent_folder.setToolTip("The folder the campaign's own folder is made in")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.parent_folder, 1)
        row.addWidget(browse)
        self.where = QLabel()
        self.where.setWordWrap(True)
        form.addRow("Name", self.name)
        form.addRow("Ruleset", self.ruleset_box)
        form.addRow("In the folder", row)
        form.addRow("", self.where)
        form.addRow(_buttons(self, "Create"))
        self.name.textChanged.connect(self._show_where)
        self.parent_folder.textChanged.connect(self._show_where)
        self._show_where()

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "The folder for the campaign",
                                                   self.parent_folder.text())
        if chosen:
            self.parent_folder.setText(chosen)

    def _show_where(self) -> None:
        self.where.setText(f"The campaign goes in {self.choice().folder}")

    def choice(self) -> NewCampaignChoice:
        name = self.name.text().strip()
        typed = self.parent_folder.text().strip()
        folder = Path(typed or str(campaigns.default_campaigns_folder())).expanduser()
        return NewCampaignChoice(folder / campaigns.folder_name(name), self.ruleset_box.ruleset(), name)


# -- a character ---------------------------------------------------------------------------------
class AddCharacterDialog(QDialog):
    """A character from the ruleset's bestiary: which template, and the character's name."""

    def __init__(self, ruleset: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a character")
        form = QFormLayout(self)
        self.template = QComboBox()
        for template in get_ruleset(ruleset).templates():
            self.template.addItem(template.name, template.id)
            if template.help:
                self.template.setItemData(self.template.count() - 1, template.help,
                                          Qt.ItemDataRole.ToolTipRole)
        self.name = QLineEdit()
        self.name.setPlaceholderText("the template's name")
        form.addRow("From the bestiary", self.template)
        form.addRow("Name", self.name)
        form.addRow(_buttons(self, "Add"))

    def template_id(self) -> str:
        value = self.template.currentData()
        return value if isinstance(value, str) else ""

    def character_name(self) -> str:
        return self.name.text().strip()


@dataclass(frozen=True)
class StatBlockFile:
    name: str
    stats: dict[str, Any]
    size: str


def read_stat_block_file(path: Path) -> StatBlockFile:
    """A character's stat block from a JSON file — the stat block itself, or ``{"name", "size",
    "stats"}`` (as ``vantage campaign add-character`` reads it). ValueError naming the file and what
    is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"{path}: cannot be read as JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a stat block is a JSON object")
    stats = data.get("stats", data)
    if not isinstance(stats, dict):
        raise ValueError(f"{path}: \"stats\" must be an object")
    return StatBlockFile(str(data.get("name", "") or path.stem), stats, str(data.get("size", "medium")))


# -- Let time pass… ------------------------------------------------------------------------------
#: The spans the dialog offers: (label, the time_command keyword; "" for a date).
SPANS = (("minutes", "minutes"), ("hours", "hours"), ("shifts", "shifts"), ("nights", "nights"),
         ("days", "days"), ("weeks", "weeks"), ("until a date", ""))


class LetTimePassDialog(QDialog):
    """How much time passes (minutes, hours, shifts, nights, days, weeks, or until a date of the
    clock) and whether the characters rest through it."""

    def __init__(self, clock_text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Let time pass")
        layout = QVBoxLayout(self)
        now = QLabel(f"The campaign clock: {clock_text}")
        layout.addWidget(now)
        form = QFormLayout()
        self.amount = QSpinBox()
        self.amount.setRange(1, 525600)
        self.amount.setValue(1)
        self.unit = QComboBox()
        for label, key in SPANS:
            self.unit.addItem(label, key)
        self.unit.setCurrentIndex(3)  # a night
        row = QHBoxLayout()
        row.addWidget(self.amount)
        row.addWidget(self.unit, 1)
        self.date = QLineEdit()
        self.date.setPlaceholderText("day 5, 08:00")
        self.date.setToolTip("A date of the campaign clock: \"day 5\" or \"day 5, 08:00\"")
        self.resting = QCheckBox("The characters rest through it (no travel, no work)")
        form.addRow("Let pass", row)
        form.addRow("Until", self.date)
        layout.addLayout(form)
        layout.addWidget(self.resting)
        note = QLabel("A shift is 6 hours, a night 8 hours of sleep, a day 24 hours with its night "
                      "(assumed where the rules are silent: docs/campaigns.md).")
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(_buttons(self, "Let it pass"))
        self.unit.currentIndexChanged.connect(self._unit_changed)
        self._unit_changed()

    def choose(self, amount: int, unit: str) -> None:
        """Set the span: ``unit`` one of the time_command keywords, or "" for a date (``amount`` unused)."""
        self.unit.setCurrentIndex(self.unit.findData(unit))
        self.amount.setValue(max(1, amount))

    def _unit_changed(self) -> None:
        by_date = self.unit.currentData() == ""
        self.date.setEnabled(by_date)
        self.amount.setEnabled(not by_date)

    def command(self, clock: int) -> PassTime:
        """The ``pass_time`` command from minute ``clock``; ValueError saying what is wrong."""
        key = self.unit.currentData()
        if key == "":
            return campaigns.time_command(clock, until=self.date.text(), resting=self.resting.isChecked())
        amounts: dict[str, int] = {str(key): self.amount.value()}
        return campaigns.time_command(clock, resting=self.resting.isChecked(),
                            minutes=amounts.get("minutes", 0), hours=amounts.get("hours", 0),
                            shifts=amounts.get("shifts", 0), nights=amounts.get("nights", 0),
                            days=amounts.get("days", 0), weeks=amounts.get("weeks", 0))


# -- the return summary and a rule's question --------------------------------------------------
class ReturnSummaryDialog(QDialog):
    """What the fight did to each character, in its ruleset's words, before the roster is written."""

    def __init__(self, lines: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Return the party")
        layout = QVBoxLayout(self)
        head = QLabel("The fight is over. The party leaves the map and the roster keeps:")
        head.setWordWrap(True)
        layout.addWidget(head)
        self.summary = QLabel("\n".join(f"• {line}" for line in lines))
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        note = QLabel("Campaign ▸ Undo puts the roster back; Edit ▸ Undo puts the tokens back on the map.")
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(_buttons(self, "Return the party"))


class DecisionDialog(QDialog):
    """A question a rule asks while time passes (who decides, the prompt, the choices; the default
    chosen first)."""

    def __init__(self, decision: Decision, who: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("The table decides")
        layout = QVBoxLayout(self)
        prompt = QLabel(f"{who}: {decision.prompt}" if who else decision.prompt)
        prompt.setWordWrap(True)
        layout.addWidget(prompt)
        self.choices = QComboBox()
        for choice in decision.choices:
            self.choices.addItem(choice.label, choice.value)
            if choice.explanation:
                self.choices.setItemData(self.choices.count() - 1, choice.explanation,
                                         Qt.ItemDataRole.ToolTipRole)
        if decision.default is not None:
            index = self.choices.findData(decision.default)
            if index >= 0:
                self.choices.setCurrentIndex(index)
        layout.addWidget(self.choices)
        layout.addWidget(_buttons(self, "Answer"))

    def choice(self) -> str | None:
        value = self.choices.currentData()
        return value if isinstance(value, str) else None
