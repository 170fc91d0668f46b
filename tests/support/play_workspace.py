"""The GM's map in play mode without the GM window: the fast lane of the play tests (issue 26).

``play_workspace(qtbot, encounter, path=None, centre=(8, 8))`` puts a
:class:`~vantage.gui.workspace.GmWorkspace` on ``encounter`` over a bare ``QMainWindow`` the size of
the window tests' GM window, with the GM window's own parts (``gui/gm/gm_parts.py``: the play tool
in the mouse, the tactics overlay, the panels, the handlers of the window's actions, the status
line), made and connected by the same code as in ``MainWindow`` — only the menus, the toolbar and
the add-ons are left out. It is shown, active, at zoom 1 and centred on ``centre``, as
``show_gm_window`` shows a window, so real mouse drags and keys on the view work.

``play_panels(...)`` also docks the panels around the map as the window does
(``dock_gm_parts``). Neither builds a menu, the toolbar, the player view or an add-on: a test
attaches the one it tests (``attach_creature_tools(desk.workspace, desk.edit_settings)``,
``attach_player_view(desk.workspace)``).

What lives in the window's own actions — a menu's shortcut, View ▸ Overlays, the Measure tools,
File ▸ New — is tested on the window (``tests/support/gm_windows.py``, marked slow).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gm_windows import WINDOW_SIZE, show_active
from PySide6.QtWidgets import QMainWindow

from vantage.engine.model import Encounter, Tile
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import EncounterDocument
from vantage.gui.edit.tool import EditSettings, EditTool
from vantage.gui.gm.gm_parts import GmParts, build_gm_parts, dock_gm_parts
from vantage.gui.gm.map_commands import MapCommands
from vantage.gui.gm.status_line import StatusLine
from vantage.gui.gm.waiting_for_table import WaitingForTable
from vantage.gui.play.attack_menu import AttackMenu
from vantage.gui.play.decision_panel import DecisionPanel
from vantage.gui.play.tactics_overlay import TacticsOverlay
from vantage.gui.play.token_panel import TokenPanel
from vantage.gui.play.tool import PlayTool
from vantage.gui.play.turn_tracker import TurnTracker
from vantage.gui.workspace import GmWorkspace


@dataclass(eq=False)
class PlayWorkspace:
    """A shown workspace in play mode with the GM window's parts."""

    host: QMainWindow
    workspace: GmWorkspace
    parts: GmParts

    @property
    def document(self) -> EncounterDocument:
        return self.workspace.document

    @property
    def encounter(self) -> Encounter:
        return self.workspace.document.encounter

    @property
    def scene(self) -> MapScene:
        return self.workspace.scene

    @property
    def view(self) -> MapView:
        return self.workspace.view

    @property
    def play_tool(self) -> PlayTool:
        return self.parts.play_tool

    @property
    def tactics(self) -> TacticsOverlay:
        return self.parts.tactics

    @property
    def status_line(self) -> StatusLine:
        return self.parts.status_line

    @property
    def attack_menu(self) -> AttackMenu:
        return self.parts.attack_menu

    @property
    def tracker(self) -> TurnTracker:
        return self.parts.tracker

    @property
    def token_panel(self) -> TokenPanel:
        return self.parts.token_panel

    @property
    def decision_panel(self) -> DecisionPanel:
        return self.parts.decision_panel

    @property
    def waiting(self) -> WaitingForTable:
        return self.parts.waiting

    @property
    def edit_settings(self) -> EditSettings:
        return self.parts.edit_settings

    @property
    def edit_tool(self) -> EditTool:
        return self.parts.edit_tool

    @property
    def commands(self) -> MapCommands:
        return self.parts.commands

    def status(self) -> str:
        """The status bar's message now."""
        return self.host.statusBar().currentMessage()


#: the same, with the panels docked (the name the panel tests use)
PlayPanels = PlayWorkspace


def play_workspace(qtbot, encounter: Encounter, path: Path | None = None, centre: Tile = (8, 8),
                   size: tuple[int, int] = WINDOW_SIZE, docked: bool = False) -> PlayWorkspace:
    """The map of ``encounter`` in play mode, shown and active, at zoom 1 centred on ``centre``."""
    host = QMainWindow()
    qtbot.addWidget(host)
    workspace = GmWorkspace(encounter, path, host)
    host.setCentralWidget(workspace.view)
    parts = build_gm_parts(workspace, workspace.open_encounter)
    parts.files.ask_unsaved = lambda: "discard"  # closing at teardown must not wait on a question
    if docked:
        dock_gm_parts(workspace, parts)
    show_active(qtbot, host, workspace.view, centre, size)
    return PlayWorkspace(host, workspace, parts)


def play_panels(qtbot, encounter: Encounter, path: Path | None = None, centre: Tile = (8, 8),
                size: tuple[int, int] = WINDOW_SIZE) -> PlayWorkspace:
    """:func:`play_workspace` with the panels docked around the map as the window docks them."""
    return play_workspace(qtbot, encounter, path, centre, size, docked=True)
