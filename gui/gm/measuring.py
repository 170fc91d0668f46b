"""Measure and mark: the ruler (R) and the area templates (T) in the GM window, and both on the
projector when the GM asks.

:func:`attach_measuring` is the one entry point: it adds the Measure menu, two toolbar buttons, the
Measure panel (a dock), the scene items, and connects what it needs — Esc puts a tool away (the
window's Deselect), Delete removes the selected template, Edit mode and opening another map put the
tools away, and the player window gets the templates the GM shows (through the player filter) and
the ruler while "Show the ruler to the players" is ticked. Nothing here holds game truth: the
templates are the encounter's (commands, undo, saved with the file); the ruler is a reading.
"""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from vantage.engine.movement.measure import Measurement
from vantage.engine.rules.measuring import ruler_rule
from vantage.gui.canvas import measure_icons  # noqa: F401  (adds the "ruler" and "templates" icons)
from vantage.gui.canvas.icons import icon
from vantage.gui.canvas.measure_items import RulerItem, TemplateLayer
from vantage.gui.gm.actions import add_shortcut_tips
from vantage.gui.play.measure_panel import MeasurePanel
from vantage.gui.play.ruler import RulerTool
from vantage.gui.play.template_tool import TemplateTool

RULER_SHORTCUT = "R"
TEMPLATES_SHORTCUT = "T"
TURN_LEFT_SHORTCUT = "["
TURN_RIGHT_SHORTCUT = "]"


def _action(window: QMainWindow, text: str, keys: str | None, tip: str, checkable: bool = False) -> QAction:
    action = QAction(text, window)
    if keys:
        action.setShortcut(QKeySequence(keys))
        tip = f"{tip} ({keys})"
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.setCheckable(checkable)
    window.addAction(action)  # the shortcut works while the menu bar is hidden
    return action


class Measuring(QObject):
    """The ruler and template tools of one GM window (see the module notes)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window = window
        document = window.document
        self.ruler_item = RulerItem()
        repaint_on_scroll(window.view, self.ruler_item)
        self._watched_player: object | None = None
        self.template_layer = TemplateLayer()
        window.scene.addItem(self.template_layer)
        window.scene.addItem(self.ruler_item)
        self.ruler = RulerTool(document, self.ruler_item, self)
        self.templates = TemplateTool(document, self.template_layer, self)
        self.panel = MeasurePanel(self.templates)
        self._saved_tool: object | None = None
        # actions, the Measure menu and the toolbar
        self.ruler_action = _action(window, "&Ruler", RULER_SHORTCUT,
                                    "Measure: drag from a tile; distance in tiles and feet by the ruleset's "
                                    "diagonal rule (Esc puts it away)", checkable=True)
        self.templates_action = _action(window, "Area &templates", TEMPLATES_SHORTCUT,
                                        "Place, move, turn and remove circles, cones, lines and squares; "
                                        "lists the tokens inside (Esc puts it away)", checkable=True)
        self.ruler_to_players = _action(window, "Show the ruler to the &players", None,
                                        "Draw the ruler on the projector too", checkable=True)
        self.turn_left = _action(window, "Turn template &anticlockwise", TURN_LEFT_SHORTCUT,
                                 "Turn the selected template 15° anticlockwise")
        self.turn_right = _action(window, "Turn template &clockwise", TURN_RIGHT_SHORTCUT,
                                  "Turn the selected template 15° clockwise")
        self.remove_action = _action(window, "Re&move template", None,
                                     "Take the selected template off the map (Delete with the tool out; "
                                     "right-click it)")
        self.ruler_action.setIcon(icon("ruler"))
        self.templates_action.setIcon(icon("templates"))
        self.menu = self._add_menu(window)
        window.toolbar.addSeparator()
        window.toolbar.addAction(self.ruler_action)
        window.toolbar.addAction(self.templates_action)
        self.dock = QDockWidget("Measure", window)
        self.dock.setObjectName("Measure")
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        token_dock = getattr(window, "docks", {}).get("Token")
        if token_dock is not None:
            window.tabifyDockWidget(token_dock, self.dock)
            token_dock.raise_()
        window.window_actions.panels_menu.addAction(self.dock.toggleViewAction())
        # wiring
        self.ruler_action.toggled.connect(self._ruler_toggled)
        self.templates_action.toggled.connect(self._templates_toggled)
        self.ruler_to_players.toggled.connect(self._ruler_shown_toggled)
        self.panel.ruler_to_players.toggled.connect(self.ruler_to_players.setChecked)
        self.turn_left.triggered.connect(lambda: self.templates.turn(-1))
        self.turn_right.triggered.connect(lambda: self.templates.turn(1))
        self.remove_action.triggered.connect(lambda: self.templates.remove())
        self.ruler.changed.connect(self._ruler_changed)
        self.ruler.message.connect(window.say)
        self.templates.message.connect(window.say)
        self.templates.selection_changed.connect(lambda _id: self._update_template_actions())
        window.window_actions.deselect.triggered.connect(self.put_away)
        window.window_actions.remove_token.triggered.connect(self._delete_pressed)
        window.window_actions.edit_mode.toggled.connect(lambda on: on and self.put_away())
        document.changed.connect(self.sync)
        document.path_changed.connect(self._maybe_new_map)
        window.player_view.controller.player_view_opened.connect(self._push_ruler)
        original_name = window.active_tool_name
        window.active_tool_name = lambda: self.tool_name() or original_name()
        add_shortcut_tips(window)  # the Measure menu and the panel's entry get their tips too
        self.sync()

    def _add_menu(self, window: Any) -> QMenu:
        menu = QMenu("&Measure", window)
        for action in (self.ruler_action, self.ruler_to_players):
            menu.addAction(action)
        menu.addSeparator()
        for action in (self.templates_action, self.turn_left, self.turn_right, self.remove_action):
            menu.addAction(action)
        bar = window.menuBar()
        help_menu = getattr(window, "menus", {}).get("help")
        if help_menu is not None:
            bar.insertMenu(help_menu.menuAction(), menu)
        else:
            bar.addMenu(menu)
        return menu

    # -- tools in and out ------------------------------------------------------------------
    def tool_name(self) -> str:
        """The status bar's words for the tool out now ("" when neither is)."""
        tool = self.window.view.tool
        if tool is self.ruler:
            return f"ruler · drag from a tile ({ruler_rule(self.window.document.encounter).short})"
        if tool is self.templates:
            tool_ = self.templates
            return f"templates · click to place a {tool_.size_feet:g} ft {tool_.shape.value}"
        return ""

    def _use(self, tool: object | None) -> None:
        view = self.window.view
        current = view.tool
        if tool is not None:
            if current is not self.ruler and current is not self.templates:
                self._saved_tool = current
            if current is self.window.edit_tool:  # measuring is a play-mode tool
                self.window.window_actions.play_mode.trigger()
                self._saved_tool = view.tool
            self.window.play_tool.select(view, None)
            view.tool = tool
        elif current is self.ruler or current is self.templates:
            view.tool = self._saved_tool or self.window.play_tool
        for action, mine in ((self.ruler_action, self.ruler), (self.templates_action, self.templates)):
            action.blockSignals(True)
            action.setChecked(view.tool is mine)
            action.blockSignals(False)
        if view.tool is not self.ruler:
            self.ruler.clear()
        if view.tool is not self.templates:
            self.templates.select(None)
        self._update_template_actions()
        self.window.update_mode_label()

    def _ruler_toggled(self, on: bool) -> None:
        self._use(self.ruler if on else None)
        if on:
            self.window.say("Ruler: drag from a tile to measure (Esc puts it away)")

    def _templates_toggled(self, on: bool) -> None:
        self._use(self.templates if on else None)
        if on:
            self.dock.show()
            self.dock.raise_()
            self.window.say("Templates: click the map to place, drag to point or move (Esc puts them away)")

    def put_away(self) -> None:
        """Esc: the ruler or template tool goes back to the play tool (after Edit mode took the
        mouse, only the buttons and the ruler are put away)."""
        self._use(None)

    def _delete_pressed(self) -> None:
        if self.window.view.tool is self.templates and self.templates.selected is not None:
            self.templates.remove()

    def _maybe_new_map(self) -> None:
        if self.window.document.undo_stack.count() == 0:  # another encounter was loaded
            self.put_away()
            self.ruler.clear()

    def _update_template_actions(self) -> None:
        has = self.templates.selected is not None
        for action in (self.turn_left, self.turn_right, self.remove_action):
            action.setEnabled(has)

    # -- the document and the projector ----------------------------------------------------
    def sync(self) -> None:
        encounter = self.window.document.encounter
        if self.templates.selected is not None and self.templates.template(self.templates.selected) is None:
            self.templates.select(None)
        self.template_layer.sync(encounter, self.templates.selected)
        self.panel.sync()
        self._update_template_actions()

    def _ruler_changed(self, measurement: Measurement | None) -> None:
        self.panel.show_measurement(measurement, self.ruler.rule_words)
        self._push_ruler()

    def _ruler_shown_toggled(self, on: bool) -> None:
        self.panel.ruler_to_players.blockSignals(True)
        self.panel.ruler_to_players.setChecked(on)
        self.panel.ruler_to_players.blockSignals(False)
        self._push_ruler()

    def _push_ruler(self) -> None:
        player = self.window.player_view.controller.player
        if player is None:
            return
        if player is not self._watched_player:
            repaint_on_scroll(player.view, player.measure_ruler)
            self._watched_player = player
        shown = self.ruler.measurement if self.ruler_to_players.isChecked() else None
        player.show_ruler(shown, self.ruler.rule_short)


def repaint_on_scroll(view: Any, item: RulerItem) -> None:
    """The ruler's label is kept inside the view, so a scroll (which moves the old pixels) must
    repaint it rather than leave a copy behind."""
    def repaint(_value: int) -> None:
        if shiboken6.isValid(item) and item.isVisible():  # the scene may be gone before the bars
            item.update()

    for bar in (view.horizontalScrollBar(), view.verticalScrollBar()):
        bar.valueChanged.connect(repaint)


def attach_measuring(window: Any) -> Measuring:
    """Give the GM ``window`` (a :class:`~vantage.gui.gm.main_window.MainWindow`) the ruler and the
    area templates, at the end of its ``__init__`` (``self.measuring = attach_measuring(self)``).
    A window that has them already gets the same :class:`Measuring` back, not a second set."""
    existing = getattr(window, "measuring", None)
    if isinstance(existing, Measuring):
        return existing
    window.measuring = Measuring(window)
    return window.measuring
