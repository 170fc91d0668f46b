"""The Ruleset… dialog: play the open encounter by another ruleset.

The dialog names the ruleset the encounter is played by and offers every registered one; it warns
when a combat is in progress (the switch ends it: initiative, wounds and a waiting decision are
the old ruleset's). For the ruleset chosen it lists every token whose stat block that ruleset
does not accept, each with its first problem, and offers, per token, a creature template of that
ruleset to give it instead (a template named like the token is picked already).

On "Switch", :func:`switch_ruleset` sends ``SetRuleset`` and one ``EditToken`` per template given
through the document, all as one undo step; the commands are first tried on the encounter, so a
refusal (a large template that does not fit where the token stands) changes nothing and says why.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.gm_commands import EditToken, SetRuleset
from vantage.engine.rules import ruleset_ids, ruleset_name
from vantage.engine.rules.asking import ask_templates
from vantage.engine.rules.stat_problems import StatMisfit, stat_misfits
from vantage.engine.rules.stat_schema import CreatureTemplate
from vantage.engine.session import apply_all
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.importing.ruleset_box import RulesetBox

_BUTTON = QDialogButtonBox.StandardButton
KEEP = "Keep its stat block"
_WARNING_STYLE = "color: #b3261e;"


def switch_commands(
    encounter: Encounter, ruleset_id: str, templates: Mapping[str, CreatureTemplate]
) -> list[Command]:
    """``SetRuleset`` (when the ruleset changes) and, for each token id in ``templates``, the
    ``EditToken`` that gives it the template's stat block and size."""
    commands: list[Command] = []
    if ruleset_id != encounter.ruleset:
        commands.append(SetRuleset(ruleset=ruleset_id))
    for token in encounter.tokens:
        template = templates.get(token.id)
        if template is None:
            continue
        size = template.size if template.size != token.size.value else None
        commands.append(EditToken(token=token.id, stats=dict(template.stats), size=size))
    return commands


def switch_ruleset(
    document: EncounterDocument, ruleset_id: str, templates: Mapping[str, CreatureTemplate]
) -> str:
    """Switch the document's encounter to ``ruleset_id`` and give the tokens their ``templates``
    as one undo step; what happened (or why nothing did), in a sentence for the status bar."""
    before = document.encounter
    commands = switch_commands(before, ruleset_id, templates)
    try:
        after, _events = apply_all(before, commands, NoDice())
    except CommandRejected as refused:
        return f"Nothing changed: {refused.reason}"
    new = ruleset_name(ruleset_id)
    if after == before:
        return f"Nothing to change: the encounter is played by {new} already"
    given = [t.name for t in before.tokens if t.id in templates]
    step = f"Switch to {new}" if ruleset_id != before.ruleset else f"Give {len(given)} templates"
    stack = document.undo_stack
    stack.beginMacro(step)
    try:
        for command in commands:
            run_command(document, step, command)
    finally:
        stack.endMacro()
    left = stat_misfits(document.encounter)
    parts = [f"Played by {new}" if ruleset_id != before.ruleset else f"Still played by {new}"]
    if given:
        parts.append(f"templates given to {', '.join(given)}")
    if left:
        parts.append(f"{len(left)} stat block{'s' if len(left) != 1 else ''} still "
                     f"{'do' if len(left) != 1 else 'does'} not fit ({', '.join(m.name for m in left)}): "
                     "fix them in the Token panel")
    return "; ".join(parts) + "."


def _matching(templates: tuple[CreatureTemplate, ...], misfit: StatMisfit) -> int:
    """The index of the template named like the token ("Ghoul" → the ghoul template), or -1."""
    names = {misfit.name.casefold(), misfit.token.casefold(), misfit.token.rstrip("-0123456789").casefold()}
    for i, template in enumerate(templates):
        if template.name.casefold() in names or template.id.casefold() in names:
            return i
    return -1


class RulesetDialog(QDialog):
    """Pick the ruleset; see which stat blocks do not fit it and which template each token gets."""

    def __init__(self, encounter: Encounter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.encounter = encounter
        self.setWindowTitle("Ruleset")
        current = encounter.ruleset
        known = current in ruleset_ids()
        played = ruleset_name(current) if known else f"{current!r}, which this Vantage does not know"
        self.current_label = QLabel(f"This encounter is played by {played}.")
        self.current_label.setWordWrap(True)
        self.ruleset_box = RulesetBox(current if known else None)
        self.ruleset_box.setToolTip("The ruleset to play this encounter by: its stat blocks, turns, "
                                    "movement and attacks")
        self.combat_warning = QLabel(
            "A combat is in progress: switching ends it. Its initiative, wounds and any decision "
            "waiting for the table belong to the old ruleset and are cleared (Undo brings them back).")
        self.combat_warning.setWordWrap(True)
        self.combat_warning.setStyleSheet(_WARNING_STYLE)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Token", "First problem", "Give it"])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setToolTip("The tokens whose stat blocks the chosen ruleset does not accept; pick a "
                              "template of that ruleset for each, or keep the block and fix it later")
        self.refusal = QLabel("")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(_WARNING_STYLE)
        self.refusal.hide()
        self.buttons = QDialogButtonBox(_BUTTON.Ok | _BUTTON.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("Ruleset:", self.ruleset_box)
        layout = QVBoxLayout(self)
        layout.addWidget(self.current_label)
        layout.addLayout(form)
        layout.addWidget(self.combat_warning)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.refusal)
        layout.addWidget(self.buttons)
        self.template_boxes: dict[str, QComboBox] = {}
        self.misfits: tuple[StatMisfit, ...] = ()
        self._templates: tuple[CreatureTemplate, ...] = ()
        self.ruleset_box.currentIndexChanged.connect(lambda _i: self._show_choice())
        self._show_choice()
        self.resize(640, 420)

    def ruleset(self) -> str:
        return self.ruleset_box.ruleset()

    def _show_choice(self) -> None:
        """The misfits of the chosen ruleset, each with a template picker, and the OK button's words."""
        chosen = self.ruleset()
        switching = chosen != self.encounter.ruleset
        self.combat_warning.setVisible(switching and bool(self.encounter.combat))
        ok = self.buttons.button(_BUTTON.Ok)
        ok.setText(f"Switch to {ruleset_name(chosen)}" if switching else "Give the templates")
        ok.setToolTip("One undo step: the switch and every template given")
        self.refusal.hide()
        self.misfits = stat_misfits(self.encounter, chosen) if chosen else ()
        self._templates = ask_templates(chosen) if chosen else ()
        self.template_boxes = {}
        self.table.setRowCount(len(self.misfits))
        repeated = {m.name for m in self.misfits if sum(o.name == m.name for o in self.misfits) > 1}
        for row, misfit in enumerate(self.misfits):
            shown = f"{misfit.name} ({misfit.token})" if misfit.name in repeated else misfit.name
            name = QTableWidgetItem(shown)
            name.setToolTip(f"token {misfit.token!r}")
            problem = QTableWidgetItem(misfit.first)
            problem.setToolTip("\n".join(f"{place}: {message}" for place, message in misfit.problems))
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 1, problem)
            box = QComboBox()
            box.addItem(KEEP, None)
            box.setItemData(0, "Keep the stat block as it is and fix it in the Token panel",
                            Qt.ItemDataRole.ToolTipRole)
            for template in self._templates:
                box.addItem(f"{template.name} ({template.size})", template.id)
                box.setItemData(box.count() - 1, template.help or template.name, Qt.ItemDataRole.ToolTipRole)
            box.setCurrentIndex(_matching(self._templates, misfit) + 1)
            box.setToolTip(f"What {misfit.name} gets: a template of {ruleset_name(chosen)}, or its own block")
            self.table.setCellWidget(row, 2, box)
            self.template_boxes[misfit.token] = box
        self.table.resizeColumnToContents(0)
        self.table.resizeColumnToContents(2)
        self.ok_enabled = bool(chosen) and (switching or bool(self.misfits))
        ok.setEnabled(self.ok_enabled)
        self.summary.setText(self._summary(chosen))

    def _summary(self, chosen: str) -> str:
        name = ruleset_name(chosen)
        statted = sum(1 for t in self.encounter.tokens if t.stats)
        if not self.misfits:
            return f"Every stat block fits {name} ({statted} statted token{'s' if statted != 1 else ''})."
        count = len(self.misfits)
        offer = (f"Pick a {name} template for each, or keep the block and fix it in the Token panel."
                 if self._templates else f"{name} ships no templates: fix them in the Token panel.")
        return f"{count} of {statted} stat blocks do not fit {name}. {offer}"

    def templates(self) -> dict[str, CreatureTemplate]:
        """Token id → the template chosen for it (tokens that keep their block are left out)."""
        by_id = {t.id: t for t in self._templates}
        chosen: dict[str, CreatureTemplate] = {}
        for token_id, box in self.template_boxes.items():
            template = by_id.get(box.currentData())
            if template is not None:
                chosen[token_id] = template
        return chosen

    def accept(self) -> None:
        """Close only when the engine would carry the switch out; else say why, here."""
        try:
            apply_all(self.encounter, switch_commands(self.encounter, self.ruleset(), self.templates()),
                      NoDice())
        except CommandRejected as refused:
            self.refusal.setText(f"This cannot be done: {refused.reason}")
            self.refusal.show()
            return
        super().accept()

