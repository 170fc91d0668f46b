"""Offer what the encounter's ruleset declares: its overlays (the others greyed out, saying why) and
its move modes (the selector and M only when it has some), following the document."""

from __future__ import annotations

from vantage.engine.rules.asking import ask_tactics
from vantage.engine.rules.base import Tactics, Unanswered
from vantage.gui.gm.actions import WindowActions, show_declared_layers, show_move_modes
from vantage.gui.play.move_modes import MoveModePicker
from vantage.gui.play.tactics_overlay import unavailable_layers
from vantage.gui.workspace import GmWorkspace


def offer_declared_tactics(workspace: GmWorkspace, actions: WindowActions, modes: MoveModePicker) -> None:
    """Now and after every change that brings another ruleset or other tactics."""
    shown: list[tuple[str, Tactics | Unanswered] | None] = [None]

    def sync() -> None:
        encounter = workspace.document.encounter
        tactics = ask_tactics(encounter)
        if (encounter.ruleset, tactics) == shown[0]:
            return
        shown[0] = (encounter.ruleset, tactics)
        show_declared_layers(actions.layers, unavailable_layers(tactics, encounter.ruleset))
        declared = tactics.move_modes if isinstance(tactics, Tactics) else ()
        modes.set_modes(declared)
        show_move_modes(actions.cycle_move_mode, len(declared))

    workspace.document.changed.connect(sync)
    sync()
