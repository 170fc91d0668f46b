"""While the engine waits for the table: a yellow mark in the status bar, a ring on the tile, and
the Decisions panel brought forward when a new decision arrives (the turn order comes back to the
front once it is answered).

The decision itself is game state (``combat["pending"]``, asked with ``ask_pending``); this only
shows it, following the document.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel

from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.decisions import Decision, decider_name
from vantage.gui.play.decision_marker import DecisionMarker
from vantage.gui.play.decision_panel import DecisionPanel
from vantage.gui.workspace import DockId, GmWorkspace

WAITING_STYLE = ("QLabel { color: #1a1a1a; background: #ffd54a; padding: 1px 6px; border-radius: 3px; "
                 "font-weight: bold; }")


class WaitingForTable(QObject):
    """The waiting mark, the decision ring and the Decisions dock's coming forward, of one workspace."""

    def __init__(self, workspace: GmWorkspace, panel: DecisionPanel) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.panel = panel
        self.label = QLabel("")
        self.label.setStyleSheet(WAITING_STYLE)
        self.label.hide()
        self.marker: DecisionMarker | None = None
        panel.decision_shown.connect(self._decision_arrived)
        workspace.document.changed.connect(self.sync)

    def sync(self) -> None:
        """Say whom the engine waits for and ring the tile; answered, bring the turn order back."""
        encounter = self.workspace.document.encounter
        pending = ask_pending(encounter)
        decision = pending[0] if pending else None
        wanted = (decision.at, decision.prompt) if decision is not None and decision.at is not None else None
        marker = self.marker
        if wanted != ((marker.tile, marker.toolTip()) if marker is not None else None):
            if marker is not None and marker.scene() is not None:
                marker.scene().removeItem(marker)
            self.marker = None
            if wanted is not None:
                self.marker = DecisionMarker(*wanted, self.workspace.scene.grid)
                self.workspace.scene.addItem(self.marker)
        if decision is None:
            tracker = self.workspace.find_dock(DockId.TURN_TRACKER)
            if not self.label.isHidden() and tracker is not None:
                tracker.raise_()  # answered: the turn order comes back to the front
            self.label.hide()
            return
        who = decider_name(encounter, decision, gm="GM")
        self.label.setText(f"Waiting for {who} — answer under the map or in the Decisions panel")
        self.label.setToolTip(decision.prompt)
        self.label.show()

    def _decision_arrived(self, decision: Decision) -> None:
        """A new decision waits: bring the Decisions panel forward and blink it."""
        dock = self.workspace.find_dock(DockId.DECISIONS)
        if dock is not None:
            dock.show()
            dock.raise_()
        self.panel.flash()
        self.workspace.say(decision.prompt)
