"""The GM window: the map view in the middle, panels around it, menus and the status bar.

``run(args)`` is what ``vantage`` and ``vantage FILE`` call.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QSize, Qt
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

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.editing import nearest_door
from vantage.engine.fileformat import load_encounter, problems_text
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import SetTableDice
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.gm_commands import RemoveToken, ResizeMap, SetDoor
from vantage.engine.rules.asking import ask_pending, ask_reachable, ask_tactics, health_of_tokens
from vantage.engine.rules.base import Tactics
from vantage.engine.rules.decisions import Decision, who_name
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.edit.identical_names import number_identical_names
from vantage.gui.edit.panel import MODE_LABELS, EditorPanel, TerrainLegend
from vantage.gui.edit.tool import EditSettings, EditTool
from vantage.gui.gm.actions import (
    add_shortcut_tips,
    build_actions,
    build_menu_bar,
    menu_shortcuts,
    show_declared_layers,
    show_move_modes,
)
from vantage.gui.gm.autosave import Autosaver, forget, pending_recoveries
from vantage.gui.gm.background_check import background_problem
from vantage.gui.gm.file_actions import FileActions, read_recent
from vantage.gui.gm.focus_keeper import keep_keys_with_the_map
from vantage.gui.gm.grid_controls import attach_grid_controls
from vantage.gui.gm.help_overlay import GESTURES, HelpOverlay
from vantage.gui.gm.measuring import attach_measuring
from vantage.gui.gm.toolbar import build_main_toolbar
from vantage.gui.play.attack_menu import AttackMenu
from vantage.gui.play.combat_log import CombatLog
from vantage.gui.play.creature_library import attach_creature_tools
from vantage.gui.play.decision_marker import DecisionMarker
from vantage.gui.play.decision_panel import DecisionPanel
from vantage.gui.play.table_dice import TableDiceDialog
from vantage.gui.play.table_rolls import attach_table_rolls
from vantage.gui.play.tactics_overlay import Layer, TacticsOverlay, unavailable_layers
from vantage.gui.play.token_panel import TokenPanel
from vantage.gui.play.tool import PlayTool
from vantage.gui.play.turn_tracker import TurnTracker
from vantage.gui.play.visibility import toggle_hidden
from vantage.gui.players.attach import attach_player_view

log = logging.getLogger(__name__)


def first_sample() -> tuple[Encounter, Path | None]:
    """The first bundled sample encounter, or the built-in demo when none is bundled."""
    try:
        samples = sample_encounters()
    except FileNotFoundError:
        samples = []
    if samples:
        return load_encounter(samples[0]), samples[0]
    return demo_encounter(), None


#: How much room the active token gets from the edge of the map view when it is brought into view.
ACTIVE_MARGIN_PX = 120
#: The GM window's size on first start, where the screen has room for it.
PREFERRED_SIZE = QSize(1440, 900)


def _first_size(available: QSize) -> QSize:
    """The preferred size, shrunk to the screen's free area (a 1280×800 laptop, say)."""
    return PREFERRED_SIZE.boundedTo(available) if available.isValid() else PREFERRED_SIZE


class MainWindow(QMainWindow):
    """The GM window over one encounter at a time (``document.path`` None: not saved yet)."""

    def __init__(self, encounter: Encounter, path: Path | None = None, parent: QWidget | None = None,
                 autosave: bool = False) -> None:
        super().__init__(parent)
        self.document = EncounterDocument(encounter, path, self)
        self.scene = MapScene(encounter, base_dir=path.parent if path else None)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
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
        self._shown_once = False
        self.edit_settings = EditSettings()
        self.edit_tool = EditTool(self.document, self.edit_settings, self)
        self.editor_panel = EditorPanel(self.edit_settings, encounter.map)
        self.legend = TerrainLegend(encounter.map)
        self.help_overlay = HelpOverlay(self.view)
        self.autosaver = Autosaver(self.document, parent=self) if autosave else None
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
        self.resize(_first_size(self.screen().availableGeometry().size()))
        self._update_title()
        self.measuring = attach_measuring(self)  # the ruler (R) and area templates (T)
        self.table_rolls = attach_table_rolls(self)  # the table-roll prompt and the dice box (Ctrl+R)
        self.creature_tools = attach_creature_tools(self)  # the creature library, Duplicate, Picture…
        self.grid_controls = attach_grid_controls(self)  # View ▸ Show the grid (G), its colour

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
        dialog = TableDiceDialog(self.document.encounter, self.play_tool.selected, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.set_table_dice(dialog.command())

    def set_table_dice(self, command: SetTableDice) -> None:
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
        try:
            run_command(self.document, f"Resize map to {width}×{height}",
                        ResizeMap(width=width, height=height))
        except CommandRejected as refused:
            self.say(refused.reason)
            return
        self.view.fit_map()

    def _double_clicked(self, point: tuple[float, float]) -> None:
        """Double-click beside a door opens or closes it (in play and in edit mode)."""
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
        token_id = self.play_tool.selected
        if token_id is None:
            self.say("Select a token to hide it from the players or reveal it")
            return
        self.say(toggle_hidden(self.document, token_id))

    def toggle_help(self) -> None:
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
        recent_menu = self.window_actions.recent_menu
        recent_menu.clear()
        for path in read_recent():
            action = recent_menu.addAction(str(path))
            action.setStatusTip(f"Open {path}")
            action.triggered.connect(lambda _checked=False, p=path: self.files.open_file(p))
        recent_menu.setEnabled(not recent_menu.isEmpty())

    def open_file(self, path: Path) -> bool:
        return self.files.open_file(path)

    def set_encounter(self, encounter: Encounter, path: Path | None) -> None:
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
        """Say (status bar and log) why the encounter's background will not show, if it will not."""
        path = self.document.path
        problem = background_problem(self.document.encounter, path.parent if path else None)
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
            waiting = bool(ask_pending(self.document.encounter))
            self.docks["Decisions" if waiting else "Turn tracker"].raise_()

    def closeEvent(self, event: QCloseEvent) -> None:
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
        window = MainWindow(encounter, path, autosave=True)
    else:
        encounter, sample_path = first_sample()
        window = MainWindow(encounter, sample_path, autosave=True)
    window.show()
    window.view.fit_map()
    window.check_background()
    window.files.warn_about_stat_blocks(window.encounter, window.document.path)
    extra_windows = _offer_recovery(window)  # noqa: F841 - kept alive while the program runs
    return int(app.exec())
