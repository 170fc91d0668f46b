"""The GM window: the map view in the middle, panels around it, menus and the status bar.

The window only lays out widgets. What the GM sees is owned by its
:class:`~vantage.gui.workspace.GmWorkspace` (the document, the selection, the mouse's tool, the
overlays switched on, the hover, the menus and actions by id), and every panel, tool and add-on is
handed the workspace, never this window; each listens to the document and the workspace itself.

It opens in two stages (docs/code-layout.md, "Start-up"): :meth:`MainWindow.staged` builds only
what the first frame shows — the map view over the scene with its terrain, structures, background
picture and tokens — and right after that frame is painted :meth:`MainWindow.finish` attaches
everything else: the play and edit tools, the overlays, the menus and toolbar, the docks, the player
view, measuring, creatures and table rolls. The rules (and with them shapely, numpy and networkx)
load then, not before the first frame. Until the window is finished it has no menu, no shortcut and
no mouse tool (the view only pans and zooms), so the GM cannot reach a part that is not there yet.
``MainWindow(encounter)`` builds both stages at once and is complete on return. ``vantage`` starts
it through :func:`vantage.gui.gm.launch.run`.

The modules of the late part are imported where the late part uses them: importing this module
loads the canvas, the document and the file format, nothing of the rules.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSize, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from vantage.engine.model import Encounter
from vantage.gui.gm.save_location import window_title
from vantage.gui.gm.start_report import StartReport
from vantage.gui.gm.window_layout import (
    LayoutMemory,
    first_size,
    fit_frame_on_screen,
    hide_stale_tab_bars,
    share_out_docks,
)
from vantage.gui.workspace import DockId, GmWorkspace, MenuId
from vantage.gui.workspace.workspace import map_column

if TYPE_CHECKING:
    from collections.abc import Callable

    from vantage.gui.campaign.attach import CampaignTools
    from vantage.gui.edit.panel import EditorPanel
    from vantage.gui.gm.actions import WindowActions
    from vantage.gui.gm.autosave import Autosaver
    from vantage.gui.gm.declared_tactics import DeclaredTactics
    from vantage.gui.gm.disk_stamp import DiskStamp
    from vantage.gui.gm.file_actions import FileActions
    from vantage.gui.gm.focus_keeper import FocusKeeper
    from vantage.gui.gm.gm_parts import GmParts
    from vantage.gui.gm.grid_controls import GridControls
    from vantage.gui.gm.measuring import Measuring
    from vantage.gui.gm.restore_backup import RestoreBackup
    from vantage.gui.play.creature_library import CreatureTools
    from vantage.gui.play.table_rolls import AttachedTableRolls
    from vantage.gui.play.touch_table import PlayersTouchTable
    from vantage.gui.play.turn_questions import TurnQuestions
    from vantage.gui.players.attach import AttachedPlayerView


log = logging.getLogger(__name__)

#: The modules :meth:`MainWindow.finish` imports (in its order), none needed for the first frame; a
#: test keeps this list equal to finish's own imports.
LATER_MODULES = (
    "vantage.gui.gm.file_actions", "vantage.gui.gm.autosave", "vantage.gui.gm.gm_parts",
    "vantage.gui.gm.actions", "vantage.gui.players.attach", "vantage.gui.gm.touch_table",
    "vantage.gui.gm.toolbar", "vantage.gui.gm.declared_tactics", "vantage.gui.gm.restore_backup",
    "vantage.gui.gm.focus_keeper", "vantage.gui.gm.measuring", "vantage.gui.play.table_rolls",
    "vantage.gui.play.creature_library", "vantage.gui.gm.grid_controls", "vantage.gui.play.turn_tracker",
    "vantage.gui.play.turn_questions", "vantage.gui.play.odds_dialog", "vantage.gui.players_devices.attach",
    "vantage.gui.campaign.attach", "vantage.gui.appdata.safe_json", "vantage.gui.gm.first_launch",
)


def prepare_late_parts(encounter: Encounter) -> Iterator[str]:
    """What :meth:`MainWindow.finish` would do first that needs no window, one step at a time (each
    named as it is done): its modules imported (:data:`LATER_MODULES`), the face of the ruleset that
    the play tool and the panels ask, and the sample creatures the creature library lists. Taken
    while a staged window waits for its background picture to decode (``gui/gm/launch.py``), so
    that its late part has less to do once the first frame is on the screen."""
    from vantage.engine.rules.registry import ruleset_face
    from vantage.gui.appdata.creature_store import sample_creatures

    for name in LATER_MODULES:
        importlib.import_module(name)
        yield name
    ruleset_face(encounter.ruleset)
    yield f"the face of {encounter.ruleset}"
    sample_creatures(encounter.ruleset)
    yield "the sample creatures"


#: The GM window's size where no screen says better (the benchmarks' window).
PREFERRED_SIZE = QSize(1440, 900)


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

    # attached by finish() — a staged window has none of them before ``completed``; the parts
    # (``self.parts``) are also the window's attributes of the same names (``self.tracker`` …)
    parts: GmParts
    files: FileActions
    window_actions: WindowActions
    player_view: AttachedPlayerView
    touch_table: PlayersTouchTable
    focus_keeper: FocusKeeper
    measuring: Measuring
    restore_backup: RestoreBackup
    table_rolls: AttachedTableRolls
    creature_tools: CreatureTools
    grid_controls: GridControls
    declared_tactics: DeclaredTactics
    turn_questions: TurnQuestions
    campaign_tools: CampaignTools

    def __init__(self, encounter: Encounter, path: Path | None = None, parent: QWidget | None = None,
                 autosave: bool = False, *, staged: bool = False,
                 disk_stamp: DiskStamp | None = None, remember: bool = False) -> None:
        super().__init__(parent)
        self._disk_stamp = disk_stamp  # how ``path`` was when ``encounter`` was read from it
        # -- the first frame: the map view over the scene (terrain, structures, picture, tokens) --
        self.workspace = GmWorkspace(encounter, path, self)
        self.document = self.workspace.document
        self.scene = self.workspace.scene
        self.view = self.workspace.view
        self.setCentralWidget(map_column(self.view))  # the map, and the prompt bar under it later
        # the first paint asks the scene's item index anyway: built now, its pending update (a timer)
        # does not hold back the window's first expose (50-100 ms under the offscreen platform)
        self.scene.items(self.scene.sceneRect())
        self.view.fit_map()  # fitted from the start: its scroll bars never show (nor animate) first
        # a big background is decoded on the thread pool: what it ends in is said when it ends
        self.scene.background_notice_changed.connect(self._background_notice_changed)
        self._autosave = autosave
        self.autosaver: Autosaver | None = None
        #: what went wrong while the window opened (a late part that failed, a damaged settings file)
        self.start_report = StartReport(self)
        self._protected = False  # the file actions exist: closing asks about unsaved changes
        self._complete = False
        self._shown_once = False
        #: the open campaign's name in the title (None: no campaign): see :meth:`set_campaign_title`
        self.campaign_title: str | None = None
        # sized to the screen's free area; ``remember`` (what ``vantage`` opens): the geometry and
        # docks this screen had last time, and the first-launch hint until it is dismissed
        self._first_size = first_size(self.screen().availableGeometry().size())
        self.resize(self._first_size)
        self.layout_memory = LayoutMemory(self) if remember else None
        # a first start of the program (nothing remembered for this screen) keeps its frame on it
        self._sized_to_screen = self.layout_memory is not None and not self.layout_memory.restore_geometry()
        self._update_title()
        if staged:
            self._first_paint = _AfterFirstPaint(self.view.viewport(), self._first_frame_painted)
        else:
            self.finish()

    @classmethod
    def staged(cls, encounter: Encounter, path: Path | None = None, autosave: bool = False,
               disk_stamp: DiskStamp | None = None, remember: bool = False) -> MainWindow:
        """The window as ``run`` opens it: the map now, the rest right after its first frame."""
        return cls(encounter, path, autosave=autosave, staged=True, disk_stamp=disk_stamp, remember=remember)

    @property
    def is_complete(self) -> bool:
        """Whether :meth:`finish` has run (always so for ``MainWindow(encounter)``): everything is
        attached that could be, and :attr:`start_report` lists what could not."""
        return self._complete

    @property
    def encounter(self) -> Encounter:
        return self.document.encounter

    @property
    def editor_panel(self) -> EditorPanel:
        """The Editor dock's panel (made when the dock first shows, or now: gui/gm/gm_parts.py)."""
        return self.parts.editor_panel

    @property
    def path(self) -> Path | None:
        return self.document.path

    @property
    def docks(self) -> Mapping[str, QDockWidget]:
        """The window's docks by title ("Turn tracker", "Creatures", …)."""
        return {dock_id.value: dock for dock_id in DockId
                if (dock := self.workspace.find_dock(dock_id)) is not None}

    def say(self, text: str) -> None:
        self.workspace.say(text)

    def _first_frame_painted(self) -> None:
        self.first_frame.emit()
        self.finish()

    def finish(self) -> None:
        """Attach everything the first frame does not show (once; a later call does nothing).

        What protects the GM's work comes first and does not depend on the rest: the file actions
        (the unsaved-changes question) and the autosave. Each later step that fails is reported in
        :attr:`start_report` and the window goes on, complete as far as it got; ``completed`` is
        always emitted, so the recovery offer runs."""
        if self._complete:
            return
        # shown (staged), the window is not painted half laid out while its parts come (a frame or
        # two of the map beside menus and docks still to come: issue 32, "painting twice"); it is
        # painted again on the loop's next turn, when the docks added now have their places
        hold_paint = self._shown_once and self.updatesEnabled()
        if hold_paint:
            self.setUpdatesEnabled(False)
        try:
            self._attach_the_rest()
        finally:
            if hold_paint:
                QTimer.singleShot(0, self, lambda: self.setUpdatesEnabled(True))
        self.completed.emit()

    def _attach_the_rest(self) -> None:
        """What :meth:`finish` attaches, in its order; the window is complete on return."""
        from vantage.gui.appdata.safe_json import take_notices

        report = self.start_report
        self._build_protection()
        built, _ = report.run("the panels and tools", self._build_parts)
        if built:
            built, _ = report.run("the menus and docks", self._build_menus_and_docks)
        if built:
            report.run("the player view, toolbar and tools", self._attach_add_ons)
        self._show_autosave_state()
        for notice in take_notices():
            report.add(notice)
        if built and self.layout_memory is not None:
            from vantage.gui.gm.first_launch import offer_first_launch_hint

            tools = getattr(self, "campaign_tools", None)  # "Start a campaign" beside the sample
            start = tools.start_from_hint if tools is not None else None
            report.run("the first-launch hint",
                       lambda: offer_first_launch_hint(self.table_rolls.prompt, start))
        self._complete = True
        if self._shown_once:
            self._arrange_docks()
            # the docks just added show on the loop's next turn: raise the tab then
            QTimer.singleShot(0, self._raise_first_tab)

    # -- assembly --------------------------------------------------------------------------
    def _build_protection(self) -> None:
        """The file actions (Save, the unsaved-changes question) and the autosave, before any other
        part: nothing that fails later can take them away."""
        from vantage.gui.gm.autosave import Autosaver
        from vantage.gui.gm.file_actions import FileActions

        self.files = FileActions(self.document, self, self.set_encounter)
        path = self.document.path
        if path is not None:  # saving checks that nobody else wrote it since
            self.start_report.run("reading how the file is on disk",
                                  lambda: self.files.remember_disk(path, self._disk_stamp))
        self._protected = True
        if self._autosave:
            self.autosaver = self.start_report.run(
                "the autosave", lambda: Autosaver(self.document, parent=self))[1]
        self.document.path_changed.connect(self._update_title)
        self.document.undo_stack.cleanChanged.connect(self._update_title)

    def _show_autosave_state(self) -> None:
        """The red "Autosave off" mark follows the autosave (in the report when the status line
        could not be built)."""
        autosaver = self.autosaver
        if autosaver is None:
            return
        line = getattr(self, "status_line", None)
        if line is not None:
            autosaver.failed.connect(line.autosave_failed)
            autosaver.recovered.connect(line.autosave_label.hide)
            if autosaver.failure:
                line.autosave_failed(autosaver.failure)
        else:
            autosaver.failed.connect(self.start_report.add)
            if autosaver.failure:
                self.start_report.add(autosaver.failure)

    def _build_parts(self) -> None:
        from vantage.gui.gm.gm_parts import build_gm_parts

        p = self.parts = build_gm_parts(self.workspace, self.set_encounter, self.files)
        self.play_tool, self.tactics, self.attack_menu = p.play_tool, p.tactics, p.attack_menu
        self.tracker, self.log_panel, self.token_panel = p.tracker, p.log_panel, p.token_panel
        self.decision_panel, self.decision_scroll = p.decision_panel, p.decision_scroll
        self.edit_settings, self.edit_tool = p.edit_settings, p.edit_tool
        self.legend, self.help_overlay, self.commands = p.legend, p.help_overlay, p.commands
        self.status_line, self.waiting = p.status_line, p.waiting

    def _build_menus_and_docks(self) -> None:
        from vantage.gui.gm.actions import build_actions, build_menu_bar
        from vantage.gui.gm.gm_parts import dock_gm_parts

        ws = self.workspace
        self.window_actions = build_actions(self, self.document.undo_stack, self.commands, ws.actions,
                                            ws.overlays)
        build_menu_bar(ws.actions, self.window_actions)
        ws.actions.menu(MenuId.COMBAT).addAction(self.decision_panel.answer_action)
        self.decision_panel.set_table_dice_action(self.window_actions.table_dice)
        dock_gm_parts(ws, self.parts)  # after the menus: each dock is listed in View ▸ Panels

    def _attach_add_ons(self) -> None:
        """The player view, the toolbar and the tools that attach themselves to the workspace."""
        from vantage.gui.gm.actions import add_shortcut_tips
        from vantage.gui.gm.declared_tactics import offer_declared_tactics
        from vantage.gui.gm.focus_keeper import keep_keys_with_the_map
        from vantage.gui.gm.grid_controls import attach_grid_controls
        from vantage.gui.gm.measuring import attach_measuring
        from vantage.gui.gm.restore_backup import attach_restore_backup
        from vantage.gui.gm.toolbar import build_main_toolbar
        from vantage.gui.gm.touch_table import attach_touch_table
        from vantage.gui.play.creature_library import attach_creature_tools
        from vantage.gui.play.odds_dialog import attach_odds
        from vantage.gui.play.table_rolls import attach_table_rolls
        from vantage.gui.play.turn_questions import attach_turn_questions
        from vantage.gui.play.turn_tracker import attach_turn_order_menu
        from vantage.gui.players.attach import attach_player_view
        from vantage.gui.players_devices.attach import attach_players_devices

        ws = self.workspace
        # the "Players" menu (Ctrl+Shift+P), its controls dock, the fog tint and the fog tools
        self.player_view = attach_player_view(ws)
        self.touch_table = attach_touch_table(ws, self.player_view.controller)  # Players ▸ Touch table
        self.toolbar = build_main_toolbar(ws, self.window_actions, self.player_view, self.play_tool.modes)
        add_shortcut_tips(self)
        self.declared_tactics = offer_declared_tactics(ws, self.window_actions)
        self.files.keep_recent(self.window_actions.recent_menu)
        self.restore_backup = attach_restore_backup(ws, self.files)  # File ▸ Restore a backup…
        self.focus_keeper = keep_keys_with_the_map(self, self.view)
        self.measuring = attach_measuring(ws, self.player_view.controller)  # the ruler (R), templates (T)
        self.table_rolls = attach_table_rolls(ws)  # the table-roll prompt and the dice box (Ctrl+R)
        self.creature_tools = attach_creature_tools(ws, self.edit_settings)  # the library, Duplicate …
        self.grid_controls = attach_grid_controls(ws)  # View ▸ Show the grid (G), its colour
        attach_turn_order_menu(ws, self.tracker)  # the token menu's "Add to combat" / "Remove from combat"
        # End combat asks in the prompt bar; a creature placed during a combat is offered a place
        self.turn_questions = attach_turn_questions(ws, self.tracker, self.table_rolls.prompt)
        self.creature_tools.library.added.connect(self.turn_questions.offer_to_join)
        attach_odds(ws)  # Combat ▸ What are the odds… (the encounter simulated in the background)
        # Players ▸ Share on the local network: the players' phones, tablets and a TV's browser
        self.players_devices = attach_players_devices(ws, self.player_view.controller, self.measuring.ruler,
                                                      self.measuring.ruler_to_players)
        self.start_report.run("the campaign tools", self._attach_campaign)

    def _attach_campaign(self) -> None:
        """File ▸ New/Open/Recent campaign, the Campaign menu, the Party and Campaign panels."""
        from vantage.gui.campaign.attach import attach_campaign

        self.campaign_tools = attach_campaign(self.workspace, self.files.open_file)
        holder = self.campaign_tools.holder
        # Save as starts in the open campaign's encounters, and the title names the campaign
        self.files.campaign_folder = holder.encounters_folder
        holder.changed.connect(
            lambda: self.set_campaign_title(holder.campaign.name if holder.campaign is not None else None))

    # -- files -----------------------------------------------------------------------------
    def open_file(self, path: Path) -> bool:
        return self.files.open_file(path)

    def set_encounter(self, encounter: Encounter, path: Path | None) -> None:
        """Show another encounter (opened, imported or recovered), its identical names numbered."""
        from vantage.gui.edit.identical_names import number_identical_names

        self.workspace.open_encounter(encounter, path)
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

    def _background_notice_changed(self, notice: str) -> None:
        if notice:
            log.warning("%s", notice)
        self.say(notice or "The background picture is shown")

    def set_campaign_title(self, name: str | None) -> None:
        """Name the campaign open in this window in its title (None: no campaign is open)."""
        self.campaign_title = name
        self._update_title()

    def _update_title(self) -> None:
        """The file's name (a sample says so; the encounter's name while unsaved), ``*`` when
        changed, the campaign's name when one is open (gui/gm/save_location.py)."""
        self.setWindowTitle(window_title(self.path, self.encounter.name, self.document.is_modified(),
                                         self.campaign_title))

    # -- showing and closing ---------------------------------------------------------------
    def showEvent(self, event: QShowEvent) -> None:
        """The first time the window shows, the turn tracker's tab is in front — or the Decisions
        panel's, when the encounter opened waits for the table."""
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            if self._sized_to_screen:  # the frame the window manager adds stays on the screen too
                QTimer.singleShot(150, self._keep_frame_on_screen)
            self.view.fit_map()  # on the size the window has on the screen, not the one it was built at
            if self._complete:
                self._raise_first_tab()
                self._arrange_docks()
                self.start_report.show()  # problems met while it was built before it was shown

    def _keep_frame_on_screen(self) -> None:
        if self.size() == self._first_size:  # not resized meanwhile (by the GM, or a script)
            fit_frame_on_screen(self)

    def _arrange_docks(self) -> None:
        """Once shown and complete: the columns and the log get room by the window's size, unless
        this screen remembers the GM's own layout (a window whose panels could not be built keeps
        the layout it has)."""
        if self.workspace.find_dock(DockId.TURN_TRACKER) is None:
            return
        share_out_docks(self, self.workspace)
        if self.layout_memory is not None:
            self.layout_memory.restore_docks()
        QTimer.singleShot(0, lambda: hide_stale_tab_bars(self))  # once the layout has settled

    def _raise_first_tab(self) -> None:
        from vantage.engine.rules.asking import ask_pending

        if self.workspace.find_dock(DockId.TURN_TRACKER) is None:  # the panels could not be built
            return
        waiting = bool(ask_pending(self.document.encounter))
        self.workspace.dock(DockId.DECISIONS if waiting else DockId.TURN_TRACKER).raise_()

    def changeEvent(self, event: QEvent) -> None:
        """Coming to the front, the window checks whether its file was changed on disk meanwhile."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.ActivationChange and self._protected and self.isActiveWindow():
            QTimer.singleShot(0, self.files, self.files.check_disk)  # not after the window is gone

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._protected:  # closed before the late part: nothing could change, nothing to save
            event.accept()
            return
        if not self.files.may_discard():
            event.ignore()
            return
        if self.autosaver is not None:
            self.autosaver.clean_exit()
        self.files.stop_sharing()
        if self.layout_memory is not None:
            self.layout_memory.keep()
        event.accept()
