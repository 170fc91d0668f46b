"""The GM window's parts over one workspace — the play and edit tools, the tactics overlay, the
panels and the handlers of the window's actions — made, connected and docked as the window has
them, without its menus, toolbars or add-ons.

:func:`build_gm_parts` makes each part and connects it to the document, the workspace and the
others (their messages to the status bar, the selection to the token panel, a turn's start to the
map, the scene and the overlay following the document); :func:`dock_gm_parts` lays the panels
out around the map. ``MainWindow`` is these two, plus the menus, the toolbar and the add-ons; a
test of one part builds the same parts over a bare ``QMainWindow`` (the fast lane).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QScrollArea

from vantage.gui.document import EncounterDocument
from vantage.gui.edit.panel import EditorPanel, TerrainLegend, follow_terrain_kinds
from vantage.gui.edit.tool import EditSettings, EditTool
from vantage.gui.gm.file_actions import FileActions, ShowEncounter
from vantage.gui.gm.help_overlay import HelpOverlay
from vantage.gui.gm.legend_panel import LegendPanel
from vantage.gui.gm.map_commands import MapCommands
from vantage.gui.gm.status_line import StatusLine
from vantage.gui.gm.waiting_for_table import WaitingForTable
from vantage.gui.play.attack_menu import AttackMenu
from vantage.gui.play.combat_log import CombatLog
from vantage.gui.play.decision_panel import DecisionPanel
from vantage.gui.play.tactics_overlay import TacticsOverlay
from vantage.gui.play.token_panel import TokenPanel
from vantage.gui.play.tool import PlayTool
from vantage.gui.play.turn_tracker import TurnTracker
from vantage.gui.workspace import DockId, GmWorkspace
from vantage.gui.workspace.dock_content import DockContent


class EditorPanelHolder:
    """The Editor dock's panel: the dock starts hidden (Edit mode shows it), so the panel is made
    when the dock is first shown or the panel first asked for (issue 32, "window complete"), and
    connected then (``on_made``). Until then the chosen terrain follows the map's kinds as the
    panel's terrain box would (:func:`~vantage.gui.edit.panel.follow_terrain_kinds`)."""

    def __init__(self, settings: EditSettings, document: EncounterDocument) -> None:
        self._settings, self._document = settings, document
        self._panel: EditorPanel | None = None
        self._content: DockContent | None = None
        self.on_made: Callable[[EditorPanel], None] = lambda _panel: None

    @property
    def made(self) -> EditorPanel | None:
        """The panel if it is made yet."""
        return self._panel

    def panel(self) -> EditorPanel:
        """The panel, made now (in its dock, once docked) unless it already is."""
        if self._panel is None:
            if self._content is not None:
                self._content.widget()
            else:
                self._make()
        assert self._panel is not None
        return self._panel

    def dock_in(self, dock: QDockWidget) -> None:
        if self._panel is not None:
            dock.setWidget(self._panel)
        else:
            self._content = DockContent(dock, self._make)

    def _make(self) -> EditorPanel:
        panel = self._panel = EditorPanel(self._settings, self._document.encounter.map)
        self.on_made(panel)
        return panel


@dataclass(frozen=True, eq=False)
class GmParts:
    """The parts of one GM window (see the module notes)."""

    play_tool: PlayTool
    tactics: TacticsOverlay
    attack_menu: AttackMenu
    files: FileActions
    tracker: TurnTracker
    log_panel: CombatLog
    token_panel: TokenPanel
    decision_panel: DecisionPanel
    decision_scroll: QScrollArea
    edit_settings: EditSettings
    edit_tool: EditTool
    editor: EditorPanelHolder
    legend: TerrainLegend
    help_overlay: HelpOverlay
    commands: MapCommands
    status_line: StatusLine
    waiting: WaitingForTable

    @property
    def editor_panel(self) -> EditorPanel:
        """The Editor dock's panel (made now if the GM has not opened it yet)."""
        return self.editor.panel()


def build_gm_parts(workspace: GmWorkspace, show_encounter: ShowEncounter,
                   files: FileActions | None = None) -> GmParts:
    """The parts over ``workspace``, connected, the play tool in the mouse; a file opened, imported
    or made new goes to ``show_encounter`` (through ``files`` when given: the window makes its
    file actions before every other part)."""
    host, document = workspace.host, workspace.document
    play_tool = PlayTool(workspace, host)
    tactics = TacticsOverlay(workspace.overlays)
    workspace.scene.addItem(tactics)
    attack_menu = AttackMenu(document, workspace.scene, workspace.token_menu, host)
    files = files if files is not None else FileActions(document, host, show_encounter)
    tracker = TurnTracker(document)
    decision_panel = DecisionPanel(document)
    decision_scroll = QScrollArea()  # a long prompt scrolls instead of growing the window
    decision_scroll.setWidgetResizable(True)
    decision_scroll.setFrameShape(QFrame.Shape.NoFrame)
    decision_scroll.setWidget(decision_panel)
    # long answers wrap onto two lines (choice_text): the column never scrolls sideways
    decision_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    edit_settings = EditSettings()
    edit_tool = EditTool(document, edit_settings, host)
    help_overlay = HelpOverlay(workspace.view)
    parts = GmParts(
        play_tool=play_tool, tactics=tactics, attack_menu=attack_menu, files=files, tracker=tracker,
        log_panel=CombatLog(document), token_panel=TokenPanel(document), decision_panel=decision_panel,
        decision_scroll=decision_scroll, edit_settings=edit_settings, edit_tool=edit_tool,
        editor=EditorPanelHolder(edit_settings, document),
        legend=TerrainLegend(document.encounter.map), help_overlay=help_overlay,
        commands=MapCommands(workspace, play_tool, edit_tool, files, tracker, attack_menu, help_overlay),
        status_line=StatusLine(workspace, host.statusBar()),
        waiting=WaitingForTable(workspace, decision_panel),
    )
    host.statusBar().addPermanentWidget(parts.waiting.label)
    parts.status_line.add_labels()
    workspace.tools.set_mode_tool(play_tool)
    _connect(workspace, parts)
    return parts


def _connect(workspace: GmWorkspace, parts: GmParts) -> None:
    commands, play_tool, view = parts.commands, parts.play_tool, workspace.view
    for source in (play_tool, parts.files, parts.tracker, parts.token_panel, parts.attack_menu,
                   parts.edit_tool, parts.decision_panel):
        source.message.connect(workspace.say)
    play_tool.modes.changed.connect(lambda _mode: workspace.say(play_tool.modes.describe()))
    view.token_dropped.connect(commands.token_dropped)
    view.double_clicked.connect(commands.double_clicked)
    view.addAction(parts.decision_panel.answer_action)  # Enter answers while the map has the focus
    play_tool.context_requested.connect(commands.context_menu)
    workspace.selection.token_changed.connect(parts.token_panel.show_token)
    parts.tracker.active_changed.connect(commands.highlight_active)
    status = parts.status_line  # the edit tool's words name the editor's mode

    def connect_editor(panel: EditorPanel) -> None:
        panel.resize_requested.connect(commands.resize_dialog)
        panel.modes.buttonToggled.connect(lambda _button, _on: status.update_mode_label())

    parts.editor.on_made = connect_editor
    # after the panels, the map: the tokens and their health bars, the terrain kinds, the overlay
    workspace.scene.follow(workspace.document)
    follow_terrain_kinds(workspace.document, lambda: parts.editor.made, parts.legend, parts.edit_settings)
    parts.tactics.follow(workspace)
    parts.waiting.sync()
    status.update_mode_label()


def dock_gm_parts(workspace: GmWorkspace, parts: GmParts) -> None:
    """The panels around the map: the Decisions, turn tracker and token panels on the right (the
    tracker's tab in front), the editor and the legend on the left, the combat log under the map."""
    host = workspace.host
    right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
    workspace.add_dock(DockId.DECISIONS, parts.decision_scroll, right)
    tracker = workspace.add_dock(DockId.TURN_TRACKER, parts.tracker, right)
    workspace.add_dock(DockId.TOKEN, parts.token_panel, right)
    editor = workspace.add_dock(DockId.EDITOR, None, left)
    editor.hide()  # Edit mode shows it, and its panel is made then
    parts.editor.dock_in(editor)
    legend = workspace.add_dock(DockId.LEGEND, LegendPanel(parts.legend), left)  # foldable, this map's kinds
    log_dock = workspace.add_dock(DockId.COMBAT_LOG, parts.log_panel, Qt.DockWidgetArea.BottomDockWidgetArea)
    # the Decisions panel shares the turn tracker's place (a tab) and comes forward when asked
    host.tabifyDockWidget(tracker, workspace.dock(DockId.DECISIONS))
    tracker.raise_()  # the tab in front (resizeDocks below sizes the shown tab)
    # the side panels run the full height; the log is a strip under the map only
    host.setCorner(Qt.Corner.BottomLeftCorner, left)
    host.setCorner(Qt.Corner.BottomRightCorner, right)
    # the map is what the GM looks at: the log starts as a strip, the side panels narrow
    host.resizeDocks([log_dock], [150], Qt.Orientation.Vertical)
    # long legend lines wrap instead of scrolling sideways, so the column can stay narrow
    parts.legend.setWordWrap(True)
    parts.legend.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    parts.legend.setResizeMode(parts.legend.ResizeMode.Adjust)
    host.resizeDocks([legend, tracker], [210, 340], Qt.Orientation.Horizontal)
    # the tracker's tab (and the Decisions panel in it) gets room for a prompt and its answers
    host.resizeDocks([tracker], [280], Qt.Orientation.Vertical)
