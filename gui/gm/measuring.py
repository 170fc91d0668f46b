"""Measure and mark: the ruler (R) and the area templates (T) in the GM window, and both on the
projector when the GM asks.

:func:`attach_measuring` is the one entry point: it adds the Measure menu, two toolbar buttons, the
Measure panel (a dock), the scene items, and connects what it needs — Esc puts a tool away (the
Deselect action), Delete removes the selected template, opening another map puts the tools away,
and the player window gets the templates the GM shows (through the player filter) and the ruler
while "Show the ruler to the players" is ticked. The tools go in and out of the mouse through the
workspace's tool manager (Edit mode puts them away with every other borrowed tool), and the two
buttons follow it. Nothing here holds game truth: the templates are the encounter's (commands,
undo, saved with the file); the ruler is a reading; the selected template is the workspace's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QGraphicsView, QMenu

from vantage.gui.canvas import measure_icons  # noqa: F401  (adds the "ruler" and "templates" icons)
from vantage.gui.canvas.icons import icon
from vantage.gui.canvas.measure_items import RulerItem, TemplateLayer
from vantage.gui.gm.actions import add_shortcut_tips
from vantage.gui.play.ruler import RulerTool
from vantage.gui.play.template_tool import TemplateTool
from vantage.gui.players.controller import PlayerViewController
from vantage.gui.workspace import ActionId, DockId, GmWorkspace, MenuId, ToolbarId
from vantage.gui.workspace.dock_content import DockContent

if TYPE_CHECKING:
    from vantage.engine.movement.measure import Measurement
    from vantage.gui.play.measure_panel import MeasurePanel

RULER_SHORTCUT = "R"
TEMPLATES_SHORTCUT = "T"
TURN_LEFT_SHORTCUT = "["
TURN_RIGHT_SHORTCUT = "]"


def _action(workspace: GmWorkspace, text: str, keys: str | None, tip: str,
            checkable: bool = False) -> QAction:
    action = QAction(text, workspace.host)
    if keys:
        action.setShortcut(QKeySequence(keys))
        tip = f"{tip} ({keys})"
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.setCheckable(checkable)
    workspace.host.addAction(action)  # the shortcut works while the menu bar is hidden
    return action


class Measuring(QObject):
    """The ruler and template tools of one GM workspace (see the module notes)."""

    def __init__(self, workspace: GmWorkspace, players: PlayerViewController) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.players = players
        document = workspace.document
        self.ruler_item = RulerItem(workspace.scene.grid)
        repaint_on_scroll(workspace.view, self.ruler_item)
        self._watched_player: object | None = None
        self.template_layer = TemplateLayer()
        workspace.scene.addItem(self.template_layer)
        workspace.scene.addItem(self.ruler_item)
        self.ruler = RulerTool(document, self.ruler_item, self)
        self.templates = TemplateTool(document, workspace.selection, self.template_layer, self)
        # actions, the Measure menu and the toolbar
        self.ruler_action = workspace.actions.add_action(ActionId.RULER, _action(
            workspace, "&Ruler", RULER_SHORTCUT, "Measure: drag from a tile; distance in tiles and feet by "
            "the ruleset's diagonal rule (Esc puts it away)", checkable=True))
        self.templates_action = workspace.actions.add_action(ActionId.TEMPLATES, _action(
            workspace, "Area &templates", TEMPLATES_SHORTCUT, "Place, move, turn and remove circles, cones, "
            "lines and squares; lists the tokens inside. A placement puts the tool away; Shift+click "
            "keeps it out for the next one (Esc puts it away)", checkable=True))
        self.ruler_to_players = _action(workspace, "Show the ruler to the &players", None,
                                        "Draw the ruler on the projector too", checkable=True)
        self.turn_left = _action(workspace, "Turn template &anticlockwise", TURN_LEFT_SHORTCUT,
                                 "Turn the selected template 15° anticlockwise")
        self.turn_right = _action(workspace, "Turn template &clockwise", TURN_RIGHT_SHORTCUT,
                                  "Turn the selected template 15° clockwise")
        self.remove_action = _action(workspace, "Re&move template", None,
                                     "Take the selected template off the map (Delete with the tool out; "
                                     "right-click it)")
        self.ruler_action.setIcon(icon("ruler"))
        self.templates_action.setIcon(icon("templates"))
        self.menu = self._add_menu()
        toolbar = workspace.find_toolbar(ToolbarId.MAIN)
        if toolbar is not None:
            toolbar.addSeparator()
            toolbar.addAction(self.ruler_action)
            toolbar.addAction(self.templates_action)
        # the panel (behind the Token panel's tab) is made when the GM first brings it forward
        self.dock = workspace.add_dock(DockId.MEASURE, None, Qt.DockWidgetArea.RightDockWidgetArea,
                                       beside=DockId.TOKEN)
        self._panel = DockContent(self.dock, self._make_panel)
        # wiring
        self.ruler_action.toggled.connect(self._ruler_toggled)
        self.templates_action.toggled.connect(self._templates_toggled)
        self.ruler_to_players.toggled.connect(self._ruler_shown_toggled)
        self.turn_left.triggered.connect(lambda: self.templates.turn(-1))
        self.turn_right.triggered.connect(lambda: self.templates.turn(1))
        self.remove_action.triggered.connect(lambda: self.templates.remove())
        self.ruler.changed.connect(self._ruler_changed)
        self.ruler.message.connect(workspace.say)
        self.templates.message.connect(workspace.say)
        self.templates.selection_changed.connect(lambda _id: self._update_template_actions())
        self.templates.placed_and_done.connect(self._placed)
        workspace.tools.changed.connect(self._tool_changed)
        keys = ((ActionId.DESELECT, self.put_away), (ActionId.REMOVE_TOKEN, self._delete_pressed))
        for action_id, slot in keys:  # Esc and Delete, where the window has them
            action = workspace.actions.find_action(action_id)
            if action is not None:
                action.triggered.connect(slot)
        document.changed.connect(self.sync)
        document.path_changed.connect(self._maybe_new_map)
        players.player_view_opened.connect(self._push_ruler)
        add_shortcut_tips(workspace.host)  # the Measure menu and the panel's entry get their tips too
        self.sync()

    @property
    def panel(self) -> MeasurePanel:
        """The Measure panel (made now if the GM has not seen it yet)."""
        return cast("MeasurePanel", self._panel.widget())

    def _make_panel(self) -> MeasurePanel:
        """The panel as it would be had it been made at the start and followed every change since."""
        from vantage.gui.play.measure_panel import MeasurePanel

        panel = MeasurePanel(self.templates)
        panel.ruler_to_players.setChecked(self.ruler_to_players.isChecked())
        panel.ruler_to_players.toggled.connect(self.ruler_to_players.setChecked)
        panel.show_measurement(self.ruler.measurement, self.ruler.rule_words)
        panel.sync()
        return panel

    def _add_menu(self) -> QMenu:
        menu = QMenu("&Measure", self.workspace.host)
        for action in (self.ruler_action, self.ruler_to_players):
            menu.addAction(action)
        menu.addSeparator()
        for action in (self.templates_action, self.turn_left, self.turn_right, self.remove_action):
            menu.addAction(action)
        return self.workspace.actions.add_menu(MenuId.MEASURE, menu, before=MenuId.HELP)

    # -- tools in and out ------------------------------------------------------------------
    def _use(self, tool: RulerTool | TemplateTool) -> None:
        """Out over the current tool; measuring is a play-mode tool, so Edit mode ends first."""
        edit_mode = self.workspace.actions.find_action(ActionId.EDIT_MODE)
        play_mode = self.workspace.actions.find_action(ActionId.PLAY_MODE)
        if edit_mode is not None and play_mode is not None and edit_mode.isChecked():
            play_mode.trigger()
        self.workspace.selection.select_token(None)
        self.workspace.tools.use(tool)

    def _tool_changed(self, current: object) -> None:
        """The buttons follow the mouse's tool; a tool not in the mouse shows nothing."""
        for action, mine in ((self.ruler_action, self.ruler), (self.templates_action, self.templates)):
            action.blockSignals(True)
            action.setChecked(current is mine)
            action.blockSignals(False)
        if current is not self.ruler:
            self.ruler.clear()
        if current is not self.templates:
            self.templates.select(None)
        self._update_template_actions()

    def _ruler_toggled(self, on: bool) -> None:
        if on:
            self._use(self.ruler)
            self.workspace.say("Ruler: drag from a tile to measure (Esc puts it away)")
        else:
            self.workspace.tools.put_away(self.ruler)

    def _templates_toggled(self, on: bool) -> None:
        if on:
            self._use(self.templates)
            self.dock.show()
            self.dock.raise_()
            self.workspace.say("Templates: click the map to place, drag to point or move "
                               "(Esc puts them away)")
        else:
            self.workspace.tools.put_away(self.templates)

    def _placed(self, _template_id: str) -> None:
        """A template placed without Shift: the tool goes back, so a stray click places nothing
        (after the release is delivered)."""
        item = self.template_layer.items.get(_template_id)
        words = f"Template: {item.label.text()} · " if item is not None else "Template placed · "

        def away() -> None:
            if self.workspace.tools.is_current(self.templates):
                self.workspace.tools.put_away(self.templates)
                self.workspace.say(f"{words}the tool is put away (Shift+click keeps it out, "
                                   f"{TEMPLATES_SHORTCUT} takes it out again)")

        QTimer.singleShot(0, away)

    def put_away(self) -> None:
        """Esc: the ruler and the template tool go back (the tool under them comes back)."""
        self.workspace.tools.put_away(self.ruler)
        self.workspace.tools.put_away(self.templates)

    def _delete_pressed(self) -> None:
        if self.workspace.tools.is_current(self.templates) and self.templates.selected is not None:
            self.templates.remove()

    def _maybe_new_map(self) -> None:
        if self.workspace.document.undo_stack.count() == 0:  # another encounter was loaded
            self.put_away()
            self.ruler.clear()

    def _update_template_actions(self) -> None:
        has = self.templates.selected is not None
        for action in (self.turn_left, self.turn_right, self.remove_action):
            action.setEnabled(has)

    # -- the document and the projector ----------------------------------------------------
    def sync(self) -> None:
        self.template_layer.sync(self.workspace.document.encounter, self.templates.selected)
        if self._panel.is_built:
            self.panel.sync()
        self._update_template_actions()

    def _ruler_changed(self, measurement: Measurement | None) -> None:
        if self._panel.is_built:
            self.panel.show_measurement(measurement, self.ruler.rule_words)
        self._push_ruler()

    def _ruler_shown_toggled(self, on: bool) -> None:
        if self._panel.is_built:
            self.panel.ruler_to_players.blockSignals(True)
            self.panel.ruler_to_players.setChecked(on)
            self.panel.ruler_to_players.blockSignals(False)
        self._push_ruler()

    def _push_ruler(self) -> None:
        player = self.players.player
        if player is None:
            return
        if player is not self._watched_player:
            repaint_on_scroll(player.view, player.measure_ruler)
            self._watched_player = player
        shown = self.ruler.measurement if self.ruler_to_players.isChecked() else None
        player.show_ruler(shown, self.ruler.rule_short)


def repaint_on_scroll(view: QGraphicsView, item: RulerItem) -> None:
    """The ruler's label is kept inside the view, so a scroll (which moves the old pixels) must
    repaint it rather than leave a copy behind."""
    def repaint(_value: int) -> None:
        if shiboken6.isValid(item) and item.isVisible():  # the scene may be gone before the bars
            item.update()

    for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
        bar.valueChanged.connect(repaint)


def attach_measuring(workspace: GmWorkspace, players: PlayerViewController) -> Measuring:
    """Give the GM ``workspace`` the ruler and the area templates (once: the ruler's action id is
    registered by the first)."""
    existing = workspace.findChild(Measuring)
    if isinstance(existing, Measuring):
        return existing
    return Measuring(workspace, players)
