"""Damage and healing by hand, on the ruleset's own tracks: a small keyboard-first dialog.

The GM types the amount and presses Enter; the track is the ruleset's first unless another is
picked (Avorkarth: lethal or non-lethal minor wounds; hit points; Fortitude …). Damage can carry a
kind (fire, cold …) for the rulesets whose resistances know it. The command goes through the
engine (logged, one undo step); a refusal is shown in the dialog, which stays open.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.protocol.commands import ApplyDamage, Command, Heal
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_damage_tracks
from vantage.gui.document import EncounterDocument, run_command

#: The largest amount the spin box takes (the engine checks its own limits too).
MAX_AMOUNT = 9999


class DamageDialog(QDialog):
    """Damage (``healing=False``) or heal ``token_id`` of ``document``'s encounter."""

    def __init__(self, document: EncounterDocument, token_id: str, healing: bool = False,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.token_id = token_id
        self.healing = healing
        self.sentence = ""
        encounter = document.encounter
        name = encounter.token(token_id).name
        self.setWindowTitle(f"Heal {name}" if healing else f"Damage {name}")
        self.amount = QSpinBox()
        self.amount.setRange(1, MAX_AMOUNT)
        self.amount.setToolTip("How much, in the track's unit; Enter applies")
        self.track = QComboBox()
        for index, track in enumerate(ask_damage_tracks(encounter.ruleset)):
            self.track.addItem(f"{track.label} ({track.unit})", track.id)
            self.track.setItemData(index, track.help or track.label, Qt.ItemDataRole.ToolTipRole)
        self.track.setEnabled(self.track.count() > 1)
        self.damage_kind = QLineEdit()
        self.damage_kind.setPlaceholderText("optional: fire, cold, poison …")
        self.damage_kind.setToolTip("The kind of damage, for the ruleset's resistances (empty: none)")
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b03030;")
        self.error.hide()
        form = QFormLayout()
        form.addRow("Amount", self.amount)
        if self.track.count():
            form.addRow("Track", self.track)
        if not healing:
            form.addRow("Kind", self.damage_kind)
        button = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(button.Ok | button.Cancel)
        ok = buttons.button(button.Ok)
        ok.setText("Heal" if healing else "Apply damage")
        buttons.accepted.connect(self.apply)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.amount.selectAll()
        self.amount.setFocus()

    def command(self) -> Command:
        track = self.track.currentData() if self.track.count() else None
        if self.healing:
            return Heal(token=self.token_id, amount=self.amount.value(), track=track)
        kind = self.damage_kind.text().strip() or None
        return ApplyDamage(token=self.token_id, amount=self.amount.value(), track=track, damage_kind=kind)

    def apply(self) -> None:
        """Send the command; close on success, show the engine's reason in place on a refusal."""
        name = self.document.encounter.token(self.token_id).name
        label = f"Heal {name}" if self.healing else f"Damage {name}"
        try:
            events = run_command(self.document, label, self.command())
        except CommandRejected as refused:
            self.error.setText(f"Refused: {refused.reason}")
            self.error.show()
            return
        self.sentence = events[-1].sentence if events else label
        self.accept()
