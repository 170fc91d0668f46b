"""The GM window: the map view in the middle, panels around it, menus and the status bar.

``run(args)`` is what ``vantage`` and ``vantage FILE`` call. It opens the window in two stages
(docs/code-layout.md, "Start-up"): :meth:`MainWindow.staged` builds only what the first frame
shows — the map view over the scene with its terrain, structures, background picture and tokens —
and right after that frame is painted :meth:`MainWindow.finish` attaches everything else: the play
and edit tools, the overlays, the menus and toolbar, the docks, the player view, measuring,
creatures and table rolls. The rules (and with them shapely, numpy and networkx) load then, not
before the first frame. Until the window is finished it has no menu, no shortcut and no mouse tool
(the view only pans and zooms), so the GM cannot reach a part that is not there yet.
``MainWindow(encounter)`` builds both stages at once and is complete on return.

The modules of the late part are imported where the late part uses them: importing this module
loads the canvas, the document and the file format, nothing of the rules.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QFrame,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QWidget,
)

from vantage.engine.fileformat import load_encounter, problems_text
from vantage.engine.model import Encounter
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import EncounterDocument, run_command

if TYPE_CHECKING:
    from collections.abc import Callable

    from vantage.engine.protocol.commands import SetTableDice
    from vantage.engine.rules.decisions import Decision
    from vantage.gui.edit.panel import EditorPanel, TerrainLegend
    from vantage.gui.edit.tool import EditSettings, EditTool
    from vantage.gui.gm.actions import WindowActions
    from vantage.gui.gm.autosave import Autosaver
    from vantage.gui.gm.file_actions import FileActions
    from vantage.gui.gm.help_overlay import HelpOverlay
    from vantage.gui.play.attack_menu import AttackMenu
    from vantage.gui.play.combat_log import CombatLog
    from vantage.gui.play.decision_marker import DecisionMarker
    from vantage.gui.play.decision_panel import DecisionPanel
    from vantage.gui.play.tactics_overlay import Layer, TacticsOverlay
    from vantage.gui.play.token_panel import TokenPanel
    from vantage.gui.play.tool import PlayTool
    from vantage.gui.play.turn_tracker import TurnTracker
    from vantage.gui.players.attach import AttachedPlayerView


log = logging.getLogger(__name__)


#: Set to a file path, ``run`` writes there when the window painted its first map frame and when it
#: was finished ("first_frame 0.4123", "complete 0.9310": seconds since the start; "first_frame_cpu
#: 0.3012": this process's CPU seconds by then), then closes it and quits. ``benchmarks/startup.py``
#: uses it; nothing else does.
FIRST_FRAME_REPORT = "VANTAGE_FIRST_FRAME_REPORT"
#: The start those seconds count from: ``time.perf_counter()`` as the starting process read it just
#: before starting this one (one clock for the whole machine). Without it they count from ``run``.
START_CLOCK = "VANTAGE_START_CLOCK"


def first_sample() -> tuple[Encounter, Path | None]:
    """The first bundled sample encounter, or the built-in demo when none is bundled."""
    try:
        samples = sample_encounters()
    except FileNotFoundError:
        samples = []
    if samples:
        return load_encounter(samples[0]), samples[0]
    from vantage.engine.demo_encounter import demo_encounter

    return demo_encounter(), None


#: How much room the active token gets from the edge of the map view when it is brought into view.
ACTIVE_MARGIN_PX = 120
#: The GM window's size on first start, where the screen has room for it.
PREFERRED_SIZE = QSize(1440, 900)


def _first_size(available: QSize) -> QSize:
    """The preferred size, shrunk to the screen's free area (a 1280×800 laptop, say)."""
    return PREFERRED_SIZE.boundedTo(available) if available.isValid() else PREFERRED_SIZE


class _AfterFirstPaint(QObject):
    """Calls ``then`` once, on the event loop's next turn after ``widget`` was first painted
    (so the frame is on the screen before ``then`` runs)."""

    def __init__(self, widget: QWidget, then: Callable[[], None]) -> None:
        super().__init__(widget)
        self._then = then
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self._then)
        return False


class MainWindow(QMainWindow):
    """The GM window over one encounter at a time (``document.path`` None: not saved yet).

    ``MainWindow(encounter)`` is complete on return; :meth:`staged` (what ``run`` opens) shows the
    map first and attaches the rest right after its first frame, emitting ``first_frame`` and then
    ``completed``."""

    first_frame = Signal()  # a staged window's map view was painted for the first time
    completed = Signal()  # everything is attached: tools, menus, docks, overlays, player view

    # attached by finish() — a staged window has none of them before ``completed``
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
    editor_panel: EditorPanel
    legend: TerrainLegend
    help_overlay: HelpOverlay
    window_actions: WindowActions
    player_view: AttachedPlayerView

    def __init__(self, encounter: Encounter, path: Path | None = None, parent: QWidget | None = None,
                 autosave: bool = False, *, staged: bool = False) -> None:
        super().__init__(parent)
        # -- the first frame: the map view over the scene (terrain, structures, picture, tokens) --
        self.document = EncounterDocument(encounter, path, self)
        self.scene = MapScene(encounter, base_dir=path.parent if path else None)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        # the first paint asks the scene's item index anyway: built now, its pending update (a timer)
        # does not hold back the window's first expose (50-100 ms under the offscreen platform)
        self.scene.items(self.scene.sceneRect())
        self.view.fit_map()  # fitted from the start: its scroll bars never show (nor animate) first
        self._autosave = autosave
        self.autosaver: Autosaver | None = None
        self._complete = False
        self._shown_once = False
        self.resize(_first_size(self.screen().availableGeometry().size()))
        self._update_title()
        if staged:
            self._first_paint = _AfterFirstPaint(self.view.viewport(), self._first_frame_painted)
        else:
            self.finish()

    @classmethod
    def staged(cls, encounter: Encounter, path: Path | None = None, autosave: bool = False) -> MainWindow:
        """The window as ``run`` opens it: the map now, the rest right after its first frame."""
        return cls(encounter, path, autosave=autosave, staged=True)

    @property
    def is_complete(self) -> bool:
        """Whether :meth:`finish` has attached everything (always so for ``MainWindow(encounter)``)."""
        return self._complete

    def _first_frame_painted(self) -> None:
        self.first_frame.emit()
        self.finish()

    def finish(self) -> None:
        """Attach everything the first frame does not show (once; a later call does nothing)."""
        if self._complete:
            return
        from vantage.gui.edit.panel import EditorPanel, TerrainLegend
        from vantage.gui.edit.tool import EditSettings, EditTool
        from vantage.gui.gm.actions import add_shortcut_tips, build_actions, build_menu_bar
        from vantage.gui.gm.autosave import Autosaver
        from vantage.gui.gm.file_actions import FileActions
        from vantage.gui.gm.focus_keeper import keep_keys_with_the_map
        from vantage.gui.gm.grid_controls import attach_grid_controls
        from vantage.gui.gm.help_overlay import HelpOverlay
        from vantage.gui.gm.measuring import attach_measuring
        from vantage.gui.gm.toolbar import build_main_toolbar
        from vantage.gui.play.attack_menu import AttackMenu
        from vantage.gui.play.combat_log import CombatLog
        from vantage.gui.play.creature_library import attach_creature_tools
        from vantage.gui.play.decision_panel import DecisionPanel
        from vantage.gui.play.table_rolls import attach_table_rolls
        from vantage.gui.play.tactics_overlay import TacticsOverlay
        from vantage.gui.play.token_panel import TokenPanel
        from vantage.gui.play.tool import PlayTool
        from vantage.gui.play.turn_tracker import TurnTracker, attach_turn_order_menu
        from vantage.gui.players.attach import attach_player_view

        encounter = self.document.encounter
        self.play_tool = PlayTool(self.document, self)
        self.view.tool = self.play_tool
        self.tactics = TacticsOverlay()
        self.scene.addItem(self.tactics)
        self.attack_menu = AttackMenu(self.document, self.scene, self)
        self.files = FileActions(self.document, self, self.set_encounter)
        self.tracker = TurnTracker(self.document)
        self.log_panel = CombatLog(self.document)
        self.token_panel = TokenPanel(self.document)
        self.decision_panel = DecisionPanel(self.document)
        self.decision_scroll = QScrollArea()  # a long prompt scrolls instead of growing the window
        self.decision_scroll.setWidgetResizable(True)
        self.decision_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.decision_scroll.setWidget(self.decision_panel)
        self.decision_marker: DecisionMarker | None = None
        self._tactics_shown: tuple[str, object] | None = None
        self.edit_settings = EditSettings()
        self.edit_tool = EditTool(self.document, self.edit_settings, self)
        self.editor_panel = EditorPanel(self.edit_settings, encounter.map)
        self.legend = TerrainLegend(encounter.map)
        self.help_overlay = HelpOverlay(self.view)
        self.autosaver = Autosaver(self.document, parent=self) if self._autosave else None
        self._hovered_token: str | None = None
        self.hover_label = QLabel("")
        self.mode_label = QLabel("")
        self.mode_label.setToolTip("The mouse's mode and tool (Ctrl+E switches between play and edit)")
        self.waiting_label = QLabel("")
        self.waiting_label.setStyleSheet("QLabel { color: #1a1a1a; background: #ffd54a; padding: 1px 6px; "
                                         "border-radius: 3px; font-weight: bold; }")
        self.waiting_label.hide()
        self.statusBar().addPermanentWidget(self.waiting_label)
        self.statusBar().addPermanentWidget(self.hover_label)
        self.statusBar().addPermanentWidget(self.mode_label)
        self.autosave_label = QLabel("Autosave off")
        self.autosave_label.setStyleSheet("QLabel { color: white; background: #b3261e; padding: 1px 6px; "
                                          "border-radius: 3px; font-weight: bold; }")
        self.autosave_label.hide()
        self.statusBar().addPermanentWidget(self.autosave_label)
        if self.autosaver is not None:
            self.autosaver.failed.connect(self._autosave_failed)
            self.autosaver.recovered.connect(self.autosave_label.hide)
        self.window_actions = build_actions(self, self.document.undo_stack, self)
        self.menus = build_menu_bar(self.menuBar(), self.window_actions)
        answer = self.decision_panel.answer_action  # Enter answers while the map or the panel has the focus
        self.menus["combat"].addAction(answer)
        self.view.addAction(answer)
        self.decision_panel.set_table_dice_action(self.window_actions.table_dice)
        self._add_docks()
        self._connect()
        # the "Players" menu (Ctrl+Shift+P), its controls dock, the fog tint and the fog tools
        self.player_view = attach_player_view(self, self.scene, self.view, self.document)
        self.toolbar = build_main_toolbar(self, self.window_actions, self.player_view, self.play_tool.modes)
        add_shortcut_tips(self)
        self._sync_scene()  # health bars, the ruleset's overlays and move modes, a waiting decision
        self.player_view.dock.tool_check.toggled.connect(lambda _on: self.update_mode_label())
        self.update_mode_label()
        self._fill_recent()
        self.focus_keeper = keep_keys_with_the_map(self, self.view)
        self.edit_tool.players_watching = self._players_watching
        # -- late attachments: each tool attaches itself to the finished window in one line --
        self.measuring = attach_measuring(self)  # the ruler (R) and area templates (T)
        self.table_rolls = attach_table_rolls(self)  # the table-roll prompt and the dice box (Ctrl+R)
        self.creature_tools = attach_creature_tools(self)  # the creature library, Duplicate, Picture…
        self.grid_controls = attach_grid_controls(self)  # View ▸ Show the grid (G), its colour
        attach_turn_order_menu(self)  # the token menu's "Add to combat" / "Remove from combat"
        # -- finished --
        self._complete = True
        if self._shown_once:  # the docks just added show on the loop's next turn: raise the tab then
            QTimer.singleShot(0, self._raise_first_tab)
        self.completed.emit()

    # -- assembly --------------------------------------------------------------------------
    def _add_docks(self) -> None:
        self.docks: dict[str, QDockWidget] = {}
        for title, widget, area in (
            ("Decisions", self.decision_scroll, Qt.DockWidgetArea.RightDockWidgetArea),
            ("Turn tracker", self.tracker, Qt.DockWidgetArea.RightDockWidgetArea),
            ("Token", self.token_panel, Qt.DockWidgetArea.RightDockWidgetArea),
            ("Editor", self.editor_panel, Qt.DockWidgetArea.LeftDockWidgetArea),
            ("Legend", self.legend, Qt.DockWidgetArea.LeftDockWidgetArea),
            ("Combat log", self.log_panel, Qt.DockWidgetArea.BottomDockWidgetArea),
        ):
            dock = QDockWidget(title, self)
            dock.setObjectName(title.replace(" ", "-"))
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.window_actions.panels_menu.addAction(dock.toggleViewAction())
            self.docks[title] = dock
        self.docks["Editor"].hide()
        # the Decisions panel shares the turn tracker's place (a tab) and comes forward when asked
        self.tabifyDockWidget(self.docks["Turn tracker"], self.docks["Decisions"])
        self.docks["Turn tracker"].raise_()  # the tab in front (resizeDocks below sizes the shown tab)
        # the side panels run the full height; the log is a strip under the map only
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        # the map is what the GM looks at: the log starts as a strip, the side panels narrow
        self.resizeDocks([self.docks["Combat log"]], [150], Qt.Orientation.Vertical)
        # long legend lines wrap instead of scrolling sideways, so the column can stay narrow
        self.legend.setWordWrap(True)
        self.legend.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.legend.setResizeMode(self.legend.ResizeMode.Adjust)
        sides = [self.docks["Legend"], self.docks["Turn tracker"]]
        self.resizeDocks(sides, [210, 340], Qt.Orientation.Horizontal)
        # the tracker's tab (and the Decisions panel in it) gets room for a prompt and its answers
        self.resizeDocks([self.docks["Turn tracker"]], [280], Qt.Orientation.Vertical)

    def _connect(self) -> None:
        say = self.say
        for source in (self.play_tool, self.files, self.tracker, self.token_panel, self.attack_menu,
                       self.edit_tool, self.decision_panel):
            source.message.connect(say)
        self.decision_panel.decision_shown.connect(self._decision_arrived)
        self.play_tool.modes.changed.connect(lambda _mode: say(self.play_tool.modes.describe()))
        self.view.token_dropped.connect(self._token_dropped)
        self.view.double_clicked.connect(self._double_clicked)
        self.editor_panel.resize_requested.connect(self.resize_dialog)
        self.play_tool.selection_changed.connect(self._selected)
        self.play_tool.context_requested.connect(self._context_menu)
        self.document.changed.connect(self._sync_scene)
        self.document.path_changed.connect(self._update_title)
        self.document.undo_stack.cleanChanged.connect(self._update_title)
        self.view.hovered_tile.connect(self._show_hover)
        self.tracker.active_changed.connect(self._highlight_active)
        self.files.recent_changed.connect(self._fill_recent)
        self.editor_panel.modes.buttonToggled.connect(lambda _button, _on: self.update_mode_label())

    def say(self, text: str) -> None:
        self.statusBar().showMessage(text, 10000)

    def _autosave_failed(self, text: str) -> None:
        """An autosave could not be written: a red mark stays in the status bar until one works."""
        self.autosave_label.setToolTip(text)
        self.autosave_label.show()
        self.say(text)

    @property
    def encounter(self) -> Encounter:
        return self.document.encounter

    @property
    def path(self) -> Path | None:
        return self.document.path

    # -- reacting to the document ----------------------------------------------------------
    def _sync_scene(self) -> None:
        from vantage.engine.rules.asking import health_of_tokens

        old_kinds = self.scene.encounter.map.terrain_kinds
        self.scene.set_encounter(self.document.encounter)
        if dict(self.document.encounter.map.terrain_kinds) != dict(old_kinds):
            self.legend.show_map(self.document.encounter.map)
            self.editor_panel.set_terrain_kinds(self.document.encounter.map)
        health = health_of_tokens(self.document.encounter)
        for token_id, item in self.scene.token_items.items():
            item.set_health(health.get(token_id))
        if self.play_tool.selected is not None and self.play_tool.selected not in self.scene.token_items:
            self.play_tool.select(self.view, None)
        self._sync_ruleset()
        self._sync_pending()
        self.refresh_overlay()

    def _sync_ruleset(self) -> None:
        """Offer what the encounter's ruleset declares: its overlays (the others greyed out, saying
        why) and its move modes (the selector and M only when it has some)."""
        from vantage.engine.rules.asking import ask_tactics
        from vantage.engine.rules.base import Tactics
        from vantage.gui.gm.actions import show_declared_layers, show_move_modes
        from vantage.gui.play.tactics_overlay import unavailable_layers

        encounter = self.document.encounter
        tactics = ask_tactics(encounter)
        if (encounter.ruleset, tactics) == self._tactics_shown:
            return
        self._tactics_shown = (encounter.ruleset, tactics)
        show_declared_layers(self.window_actions.layers, unavailable_layers(tactics, encounter.ruleset))
        modes = tactics.move_modes if isinstance(tactics, Tactics) else ()
        self.play_tool.modes.set_modes(modes)
        show_move_modes(self.window_actions.cycle_move_mode, len(modes))

    def _sync_pending(self) -> None:
        """While the engine waits for the table: say so in the status bar and ring the tile."""
        from vantage.engine.rules.asking import ask_pending
        from vantage.engine.rules.decisions import who_name
        from vantage.gui.play.decision_marker import DecisionMarker

        encounter = self.document.encounter
        pending = ask_pending(encounter)
        decision = pending[0] if pending else None
        wanted = (decision.at, decision.prompt) if decision is not None and decision.at is not None else None
        marker = self.decision_marker
        if wanted != ((marker.tile, marker.toolTip()) if marker is not None else None):
            if marker is not None and marker.scene() is not None:
                marker.scene().removeItem(marker)
            self.decision_marker = None
            if wanted is not None:
                self.decision_marker = DecisionMarker(*wanted)
                self.scene.addItem(self.decision_marker)
        if decision is None:
            if not self.waiting_label.isHidden():
                self.docks["Turn tracker"].raise_()  # answered: the turn order comes back to the front
            self.waiting_label.hide()
            return
        who = who_name(encounter, decision.who, gm="GM")
        self.waiting_label.setText(f"Waiting for {who} — answer in the Decisions panel")
        self.waiting_label.setToolTip(decision.prompt)
        self.waiting_label.show()

    def _decision_arrived(self, decision: Decision) -> None:
        """A new decision waits: bring the Decisions panel forward and blink it."""
        dock = self.docks["Decisions"]
        dock.show()
        dock.raise_()
        self.decision_panel.flash()
        self.say(decision.prompt)

    def _selected(self, token_id: str | None) -> None:
        self.token_panel.show_token(token_id)
        self.refresh_overlay()

    def refresh_overlay(self) -> None:
        """Recompute the selected token's overlays from the engine."""
        from vantage.engine.rules.asking import ask_reachable

        encounter = self.document.encounter
        token_id = self.play_tool.selected
        self.tactics.rebuild(encounter, token_id, lambda: ask_reachable(encounter, token_id or ""),
                             self._hovered_token)

    def cycle_move_mode(self) -> None:
        """M: the next of the ruleset's move modes for the next drag."""
        modes = self.play_tool.modes
        if not modes.modes:
            self.say("The ruleset has no move modes: every drag is an ordinary move")
            return
        modes.cycle()

    def table_dice_dialog(self) -> None:
        """Combat ▸ Dice at the table…: choose whose dice are physical, then send it."""
        from vantage.gui.play.table_dice import TableDiceDialog

        dialog = TableDiceDialog(self.document.encounter, self.play_tool.selected, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.set_table_dice(dialog.command())

    def set_table_dice(self, command: SetTableDice) -> None:
        from vantage.engine.protocol.errors import CommandRejected

        try:
            events = run_command(self.document, "Dice at the table", command)
        except CommandRejected as refused:
            self.say(refused.reason)
            return
        self.say(events[-1].sentence if events else "Dice at the table: unchanged")

    def set_layer(self, layer: Layer, on: bool) -> None:
        self.tactics.set_layer(layer, on)
        self.refresh_overlay()

    def _highlight_active(self, token_id: str | None) -> None:
        """The token whose turn starts is marked, selected (its overlays and actions are the ones
        shown) and brought into view."""
        for tid, item in self.scene.token_items.items():
            item.set_active(tid == token_id)
        item = self.scene.token_items.get(token_id) if token_id is not None else None
        if item is not None and self.view.tool is self.play_tool:
            self.play_tool.select(self.view, token_id)
            self.view.ensureVisible(item, ACTIVE_MARGIN_PX, ACTIVE_MARGIN_PX)

    def _context_menu(self, target_id: str, at: QPoint) -> None:
        self.attack_menu.popup(self.play_tool.selected, target_id, self, at)

    # -- modes and edits -------------------------------------------------------------------
    def set_edit_mode(self, on: bool) -> None:
        """Edit mode: the mouse edits the map; play mode: it moves and turns tokens."""
        self.view.tool = self.edit_tool if on else self.play_tool
        self.docks["Editor"].setVisible(on)
        if on:
            self.play_tool.select(self.view, None)
        self.say("Edit mode: paint, draw walls, place objects and tokens" if on else "Play mode")
        self.update_mode_label()

    def active_tool_name(self) -> str:
        """What the mouse does now, in words (the status bar's tool indicator)."""
        from vantage.gui.edit.panel import MODE_LABELS

        tool = self.view.tool
        if tool is self.play_tool:
            return "move and target tokens"
        if tool is self.edit_tool:
            mode = self.edit_settings.mode
            return MODE_LABELS.get(mode, mode.value.capitalize())
        if tool is self.player_view.controller.fog_tool:
            return "fog brush"
        return "none"

    def update_mode_label(self) -> None:
        mode = "Edit" if self.window_actions.edit_mode.isChecked() else "Play"
        self.mode_label.setText(f"{mode} mode · {self.active_tool_name()}")

    def _token_dropped(self, tile: tuple[int, int], image: str) -> None:
        self.edit_tool.place_new_token(tile, image or None)

    def resize_dialog(self) -> None:
        size = self.files.ask_size()
        if size is not None:
            self.resize_map(*size)

    def resize_map(self, width: int, height: int) -> None:
        from vantage.engine.protocol.errors import CommandRejected
        from vantage.engine.protocol.gm_commands import ResizeMap

        try:
            run_command(self.document, f"Resize map to {width}×{height}",
                        ResizeMap(width=width, height=height))
        except CommandRejected as refused:
            self.say(refused.reason)
            return
        self.view.fit_map()

    def _double_clicked(self, point: tuple[float, float]) -> None:
        """Double-click beside a door opens or closes it (in play and in edit mode)."""
        from vantage.engine.editing import nearest_door
        from vantage.engine.protocol.errors import CommandRejected
        from vantage.engine.protocol.gm_commands import SetDoor

        m = self.document.encounter.map
        index = nearest_door(m, point)
        if index is None:
            return
        door = m.walls[index]
        opening = door.kind.blocks_movement
        try:
            run_command(self.document, "Open door" if opening else "Close door",
                        SetDoor(a=door.a, b=door.b, open=opening))
        except CommandRejected as refused:
            self.say(refused.reason)

    def deselect(self) -> None:
        """Clear the selection (and with it the selected token's overlays)."""
        self.play_tool.select(self.view, None)

    def turn_selected(self, steps: int) -> None:
        token_id = self.play_tool.selected
        if token_id is None:
            self.say("Select a token to turn it")
            return
        self.play_tool.turn(token_id, steps)

    def remove_selected(self) -> None:
        from vantage.engine.protocol.errors import CommandRejected
        from vantage.engine.protocol.gm_commands import RemoveToken

        token_id = self.play_tool.selected
        if token_id is None:
            self.say("Select a token to remove it")
            return
        name = self.document.encounter.token(token_id).name
        self.play_tool.select(self.view, None)
        try:
            run_command(self.document, f"Remove {name}", RemoveToken(token=token_id))
        except CommandRejected as refused:
            self.say(refused.reason)

    def _players_watching(self) -> bool:
        player = self.player_view.controller.player
        return player is not None and player.isVisible()

    def hide_selected(self) -> None:
        """H: hide the selected token from the players, or reveal it."""
        from vantage.gui.play.visibility import toggle_hidden

        token_id = self.play_tool.selected
        if token_id is None:
            self.say("Select a token to hide it from the players or reveal it")
            return
        self.say(toggle_hidden(self.document, token_id))

    def toggle_help(self) -> None:
        from vantage.gui.gm.actions import menu_shortcuts
        from vantage.gui.gm.help_overlay import GESTURES

        if self.help_overlay.isVisible():
            self.help_overlay.hide()
        else:
            self.help_overlay.show_shortcuts([*menu_shortcuts(self), *GESTURES])

    def _update_title(self) -> None:
        name = self.encounter.name or (self.path.name if self.path else "Untitled")
        star = "*" if self.document.is_modified() else ""
        self.setWindowTitle(f"{name}{star} — Vantage")

    def _show_hover(self, tile: tuple[int, int] | None) -> None:
        hovered = self.scene.token_at_tile(tile) if tile is not None else None
        if hovered != self._hovered_token:
            self._hovered_token = hovered
            self.tactics.show_sight(self.document.encounter, hovered)
        if tile is None:
            self.hover_label.setText("")
            return
        m = self.encounter.map
        kind = m.terrain_at(tile)
        text = f"({tile[0]}, {tile[1]})  {kind.name} [{kind.movement.value}]"
        elevation = m.elevation_at(tile)
        if elevation:
            text += f"  elevation {elevation:g} ft"
        self.hover_label.setText(text)
        self.scene.terrain.setToolTip(text)  # the ground's tooltip names the tile under the cursor

    # -- files -----------------------------------------------------------------------------
    def _fill_recent(self) -> None:
        from vantage.gui.gm import file_actions  # with the importers: loaded with the late part

        recent_menu = self.window_actions.recent_menu
        recent_menu.clear()
        for path in file_actions.read_recent():
            action = recent_menu.addAction(str(path))
            action.setStatusTip(f"Open {path}")
            action.triggered.connect(lambda _checked=False, p=path: self.files.open_file(p))
        recent_menu.setEnabled(not recent_menu.isEmpty())

    def open_file(self, path: Path) -> bool:
        return self.files.open_file(path)

    def set_encounter(self, encounter: Encounter, path: Path | None) -> None:
        from vantage.gui.edit.identical_names import number_identical_names

        self.play_tool.select(self.view, None)
        self.scene.set_encounter(encounter, base_dir=path.parent if path else None)
        self.document.reset(encounter, path)
        numbered = number_identical_names(self.document)
        if numbered:
            self.say(numbered)
        self.view.fit_map()
        self._update_title()
        self.check_background()

    def check_background(self) -> str | None:
        """Say (status bar and log) why the encounter's background will not show, or that it shows
        downscaled."""
        from vantage.gui.gm.background_check import background_problem

        path = self.document.path
        # the file's own problem first; else what the scene says (shown downscaled, or not decoded)
        problem = background_problem(self.document.encounter, path.parent if path else None)
        problem = problem or self.scene.background_notice
        if problem is not None:
            log.warning("%s", problem)
            self.say(problem)
        return problem

    def showEvent(self, event: QShowEvent) -> None:
        """The first time the window shows, the turn tracker's tab is in front — or the Decisions
        panel's, when the encounter opened waits for the table."""
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            self.view.fit_map()  # on the size the window has on the screen, not the one it was built at
            if self._complete:
                self._raise_first_tab()

    def _raise_first_tab(self) -> None:
        from vantage.engine.rules.asking import ask_pending

        waiting = bool(ask_pending(self.document.encounter))
        self.docks["Decisions" if waiting else "Turn tracker"].raise_()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._complete:  # closed before the late part: nothing could change, nothing to save
            event.accept()
            return
        if not self.files.may_discard():
            event.ignore()
            return
        if self.autosaver is not None:
            self.autosaver.clean_exit()
        event.accept()


def _offer_recovery(window: MainWindow) -> list[MainWindow]:
    """Offer each run that did not close cleanly, newest first: the first one taken is opened in
    ``window``, each further one in a window of its own (returned). A run the GM declines is not
    offered again; a live window's work is never offered."""
    from vantage.gui.gm.autosave import forget, pending_recoveries

    own = window.autosaver.run if window.autosaver is not None else ""
    recoveries = pending_recoveries(own_run=own)
    opened: list[MainWindow] = []
    target: MainWindow | None = window
    for number, recovery in enumerate(recoveries, 1):
        more = f" ({number} of {len(recoveries)})" if len(recoveries) > 1 else ""
        answer = QMessageBox.question(
            window, "Recover unsaved work?",
            f"Vantage did not close cleanly last time{more}. Recover the autosave of "
            f"{recovery.source or 'an unsaved encounter'} from {recovery.autosave}?",
        )
        if answer != QMessageBox.StandardButton.Yes:
            forget([recovery])
            continue
        try:
            encounter = load_encounter(recovery.autosave)
        except Exception as exc:  # noqa: BLE001 - a broken autosave is reported, not fatal
            QMessageBox.warning(window, "Recover unsaved work?", f"The autosave {recovery.autosave} "
                                f"could not be read:\n\n{problems_text(exc)}")
            log.warning("autosave %s could not be read: %s", recovery.autosave, problems_text(exc))
            continue  # kept: its marker stays, so it is offered again
        if target is None:
            target = MainWindow(encounter, None, autosave=window.autosaver is not None)
            target.show()
            opened.append(target)
        else:
            target.set_encounter(encounter, None)  # a new document, not an edit: unsaved until saved
        target.document.mark_unsaved()
        target.files.warn_about_stat_blocks(encounter, None)
        if target.autosaver is not None:
            target.autosaver.autosave()  # the recovered work is protected by this run from now on
        forget([recovery])
        target = None
    return opened


def has_screen() -> bool:
    """Whether a dialog can be seen (not so under ``QT_QPA_PLATFORM=offscreen`` or ``minimal``,
    where a modal dialog would wait for ever)."""
    return QApplication.platformName() not in ("offscreen", "minimal")


def run(args: list[str]) -> int:
    """Open the GM window on ``args[0]`` (a file) or on the first sample encounter."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Vantage")
    if args:
        path = Path(args[0])
        try:
            encounter = load_encounter(path)
        except Exception as exc:  # noqa: BLE001 - shown to the user, then we stop
            message = f"vantage: cannot open {path}:\n{problems_text(exc)}"
            print(message, file=sys.stderr)
            log.error("%s", message)
            # started from a desktop entry or a windowed build there is no terminal: say it here too
            if has_screen():
                QMessageBox.critical(None, "Vantage cannot open this file",
                                     f"Vantage cannot open {path}:\n\n{problems_text(exc)}")
            return 2
        window = MainWindow.staged(encounter, path, autosave=True)
    else:
        encounter, sample_path = first_sample()
        window = MainWindow.staged(encounter, sample_path, autosave=True)
    report = os.environ.get(FIRST_FRAME_REPORT)
    if report:
        _report_start(window, Path(report), float(os.environ.get(START_CLOCK) or time.perf_counter()))
    else:
        extra_windows: list[MainWindow] = []  # kept alive while the program runs
        window.completed.connect(lambda: extra_windows.extend(_after_start(window)))
    window.show()
    return int(app.exec())


def _after_start(window: MainWindow) -> list[MainWindow]:
    """Once the window is complete: say why the background will not show, warn about stat blocks,
    and offer the autosaves of runs that did not close cleanly (their windows are returned)."""
    window.check_background()
    window.files.warn_about_stat_blocks(window.encounter, window.document.path)
    return _offer_recovery(window)


def _report_start(window: MainWindow, report: Path, start: float) -> None:
    """The ``VANTAGE_FIRST_FRAME_REPORT`` hook: write when the first frame was painted and when the
    window was complete (seconds since ``start``), then close the window and quit."""

    def first_frame() -> None:
        seconds, cpu = time.perf_counter() - start, time.process_time()
        report.write_text(f"first_frame {seconds:.4f}\nfirst_frame_cpu {cpu:.4f}\n", encoding="utf-8")

    def complete() -> None:
        with report.open("a", encoding="utf-8") as out:
            out.write(f"complete {time.perf_counter() - start:.4f}\n")
        window.close()
        QApplication.quit()

    window.first_frame.connect(first_frame)
    window.completed.connect(complete, Qt.ConnectionType.QueuedConnection)
