"""Offer what the encounter's ruleset declares in the window's actions: its overlays (the others
greyed out, saying why), its own overlays as more entries of View ▸ Overlays, and M only when it
has move modes (the play tool offers the modes themselves), following the document."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction

from vantage.engine.rules.asking import ask_tactics
from vantage.engine.rules.base import OverlayDescription, Tactics, Unanswered
from vantage.gui.appdata.overlay_settings import remember_overlay
from vantage.gui.gm.actions import WindowActions, show_declared_layers, show_move_modes
from vantage.gui.play.tactics_overlay import unavailable_layers
from vantage.gui.workspace import GmWorkspace, MenuId


class DeclaredTactics(QObject):
    """Keeps the overlay actions and the move modes in step with the encounter's ruleset."""

    def __init__(self, workspace: GmWorkspace, actions: WindowActions) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.actions = actions
        #: the ruleset's own overlays in View ▸ Overlays, by id
        self.own_actions: dict[str, QAction] = {}
        self._shown: tuple[str, Tactics | Unanswered] | None = None
        workspace.document.changed.connect(self.sync)
        workspace.overlays.changed.connect(self._follow_switches)
        self.sync()

    def sync(self) -> None:
        encounter = self.workspace.document.encounter
        tactics = ask_tactics(encounter)
        if (encounter.ruleset, tactics) == self._shown:
            return
        self._shown = (encounter.ruleset, tactics)
        show_declared_layers(self.actions.layers, unavailable_layers(tactics, encounter.ruleset))
        declared = tactics if isinstance(tactics, Tactics) else None
        self._offer_own_overlays(declared.own_overlays if declared is not None else ())
        show_move_modes(self.actions.cycle_move_mode, len(declared.move_modes) if declared is not None else 0)

    def _offer_own_overlays(self, own: tuple[OverlayDescription, ...]) -> None:
        """One checkable entry per overlay of the ruleset's own, after the platform's six."""
        menu = self.workspace.actions.menu(MenuId.OVERLAYS)
        for action in self.own_actions.values():
            menu.removeAction(action)
            self.workspace.host.removeAction(action)
            action.deleteLater()
        self.own_actions = {}
        overlays = self.workspace.overlays
        for description in own:
            action = QAction(description.label, self.workspace.host, checkable=True,
                             checked=overlays.shows(description.id))
            tip = description.help or f"Show or hide the ruleset's overlay: {description.label.lower()}"
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.toggled.connect(lambda on, overlay=description.id: overlays.set_shown(overlay, on))
            action.triggered.connect(lambda on, overlay=description.id: remember_overlay(overlay, on))
            menu.addAction(action)
            self.own_actions[description.id] = action

    def _follow_switches(self) -> None:
        for overlay, action in self.own_actions.items():
            action.setChecked(self.workspace.overlays.shows(overlay))


def offer_declared_tactics(workspace: GmWorkspace, actions: WindowActions) -> DeclaredTactics:
    """Now and after every change that brings another ruleset or other tactics."""
    return DeclaredTactics(workspace, actions)
