"""The GM's map in play mode without the GM window: the fast lane of the play tests (issue 26).

``play_workspace(qtbot, encounter, path=None, centre=(8, 8))`` puts a
:class:`~vantage.gui.workspace.GmWorkspace` on ``encounter`` over a bare ``QMainWindow`` the size of
the window tests' GM window, with what the window attaches for the map in play mode: the play tool
in the mouse, the tactics overlay in the scene, the tokens and the overlay following the document
and the workspace, and the workspace's messages in the status bar (:meth:`PlayWorkspace.status`).
It is shown, active, at zoom 1 and centred on ``centre``, as ``show_gm_window`` shows a window, so
real mouse drags and keys on the view work.

``play_panels(...)`` adds the play panels the window docks beside the map — the attack menu, the
turn tracker, the token panel, the Decisions panel and its waiting mark — and the handlers of the
window's actions (``MapCommands``), each made and connected as ``MainWindow`` does it. Neither
builds a menu, the toolbar, the player view or an add-on: a test attaches the one it tests
(``attach_creature_tools(desk.workspace, desk.edit_settings)``, ``attach_player_view(desk.workspace)``).

What lives in the window's own actions — a menu's shortcut, View ▸ Overlays, the move-mode
selector the declared tactics offer, the Measure tools, File ▸ New — is tested on the window
(``tests/support/gm_windows.py``, marked slow).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gm_windows import WINDOW_SIZE
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMainWindow

from vantage.engine.model import Encounter, Tile
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import EncounterDocument
from vantage.gui.edit.tool import EditSettings, EditTool
from vantage.gui.gm.file_actions import FileActions
from vantage.gui.gm.help_overlay import HelpOverlay
from vantage.gui.gm.map_commands import MapCommands
from vantage.gui.gm.status_line import StatusLine
from vantage.gui.gm.waiting_for_table import WaitingForTable
from vantage.gui.play.attack_menu import AttackMenu
from vantage.gui.play.decision_panel import DecisionPanel
from vantage.gui.play.tactics_overlay import TacticsOverlay
from vantage.gui.play.token_panel import TokenPanel
from vantage.gui.play.tool import PlayTool
from vantage.gui.play.turn_tracker import TurnTracker
from vantage.gui.workspace import DockId, GmWorkspace


@dataclass(eq=False)
class PlayWorkspace:
    """A shown workspace in play mode: the map, the play tool and the tactics overlay."""

    host: QMainWindow
    workspace: GmWorkspace
    play_tool: PlayTool
    tactics: TacticsOverlay
    status_line: StatusLine

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

    def status(self) -> str:
        """The status bar's message now."""
        return self.host.statusBar().currentMessage()


@dataclass(eq=False)
class PlayPanels(PlayWorkspace):
    """:class:`PlayWorkspace` with the play panels docked and the window's action handlers."""

    attack_menu: AttackMenu
    tracker: TurnTracker
    token_panel: TokenPanel
    decision_panel: DecisionPanel
    waiting: WaitingForTable
    edit_settings: EditSettings
    edit_tool: EditTool
    commands: MapCommands


def play_workspace(qtbot, encounter: Encounter, path: Path | None = None, centre: Tile = (8, 8),
                   size: tuple[int, int] = WINDOW_SIZE) -> PlayWorkspace:
    """The map of ``encounter`` in play mode, shown and active, at zoom 1 centred on ``centre``."""
    desk = PlayWorkspace(*_map_in_play_mode(qtbot, encounter, path))
    _follow_and_show(qtbot, desk, centre, size)
    return desk


def play_panels(qtbot, encounter: Encounter, path: Path | None = None, centre: Tile = (8, 8),
                size: tuple[int, int] = WINDOW_SIZE) -> PlayPanels:
    """:func:`play_workspace` with the attack menu, the turn tracker, the token panel, the
    Decisions panel and the window's action handlers (``MainWindow._build_parts`` and ``_connect``)."""
    host, ws, play_tool, tactics, status_line = _map_in_play_mode(qtbot, encounter, path)
    document = ws.document
    attack_menu = AttackMenu(document, ws.scene, ws.token_menu, host)
    tracker = TurnTracker(document)
    token_panel = TokenPanel(document)
    decision_panel = DecisionPanel(document)
    edit_settings = EditSettings()
    edit_tool = EditTool(document, edit_settings, host, players_watching=ws.players_watching)
    files = FileActions(document, host, ws.open_encounter)
    commands = MapCommands(ws, play_tool, edit_tool, files, tracker, attack_menu, HelpOverlay(ws.view))
    waiting = WaitingForTable(ws, decision_panel)
    host.statusBar().addPermanentWidget(waiting.label)
    right = Qt.DockWidgetArea.RightDockWidgetArea
    ws.add_dock(DockId.DECISIONS, decision_panel, right)
    tracker_dock = ws.add_dock(DockId.TURN_TRACKER, tracker, right)
    ws.add_dock(DockId.TOKEN, token_panel, right)
    host.tabifyDockWidget(tracker_dock, ws.dock(DockId.DECISIONS))  # the Decisions tab behind the tracker
    tracker_dock.raise_()
    ws.view.addAction(decision_panel.answer_action)  # Enter on the map answers
    for source in (files, tracker, token_panel, attack_menu, edit_tool, decision_panel):
        source.message.connect(ws.say)
    ws.view.token_dropped.connect(commands.token_dropped)
    ws.view.double_clicked.connect(commands.double_clicked)
    play_tool.context_requested.connect(commands.context_menu)
    ws.selection.token_changed.connect(token_panel.show_token)
    tracker.active_changed.connect(commands.highlight_active)
    desk = PlayPanels(host, ws, play_tool, tactics, status_line, attack_menu, tracker, token_panel,
                      decision_panel, waiting, edit_settings, edit_tool, commands)
    _follow_and_show(qtbot, desk, centre, size)
    waiting.sync()
    return desk


def _map_in_play_mode(qtbot, encounter: Encounter, path: Path | None
                      ) -> tuple[QMainWindow, GmWorkspace, PlayTool, TacticsOverlay, StatusLine]:
    host = QMainWindow()
    qtbot.addWidget(host)
    ws = GmWorkspace(encounter, path, host)
    host.setCentralWidget(ws.view)
    play_tool = PlayTool(ws, host)
    tactics = TacticsOverlay(ws.overlays)
    ws.scene.addItem(tactics)
    status_line = StatusLine(ws, host.statusBar())
    status_line.add_labels()
    ws.tools.set_mode_tool(play_tool)
    play_tool.message.connect(ws.say)
    play_tool.modes.changed.connect(lambda _mode: ws.say(play_tool.modes.describe()))
    return host, ws, play_tool, tactics, status_line


def _follow_and_show(qtbot, desk: PlayWorkspace, centre: Tile, size: tuple[int, int]) -> None:
    """The scene and the overlay follow (after the panels, as in the window), then the host is
    shown and active at zoom 1 centred on ``centre``."""
    ws = desk.workspace
    ws.scene.follow(ws.document)
    desk.tactics.follow(ws)
    desk.status_line.update_mode_label()
    desk.host.resize(*size)
    desk.host.show()
    desk.host.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is desk.host, timeout=2000)
    ws.view.set_zoom(1.0)
    ws.view.center_on_tile(centre)
