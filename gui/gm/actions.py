"""The GM window's actions and menus as one object, :class:`WindowActions`, and the menu bar built from it.

:func:`build_actions` makes every QAction of the GM window (with its shortcut, tooltip and slot)
and the two menus the window fills later (recent files, panels), and registers each under its id
in the workspace's :class:`~vantage.gui.workspace.ActionRegistry`; :func:`build_menu_bar` lays
them out in the menu bar, registering each menu under its :class:`~vantage.gui.workspace.MenuId`
(add-ons find menus by id, never by their label). The toolbar and the help overlay read the same
object, so a button, a menu entry and a help line are one action. :func:`show_declared_layers`
greys out the overlays the encounter's ruleset does not draw, saying why in their tooltips.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from vantage.gui.appdata.overlay_settings import remember_overlay
from vantage.gui.canvas.map_view import MapView
from vantage.gui.gm.file_actions import FileActions
from vantage.gui.gm.help_overlay import Shortcut
from vantage.gui.play.tactics_overlay import LAYER_LABELS, Layer
from vantage.gui.play.turn_tracker import TurnTracker
from vantage.gui.play.visibility import HIDE_SHORTCUT
from vantage.gui.undo_history import UndoHistory
from vantage.gui.workspace import ActionId, ActionRegistry, MenuId, OverlaysShown

ZOOM_STEP = 1.25


class WindowHandlers(Protocol):
    """What the GM window's actions call (:class:`~vantage.gui.gm.map_commands.MapCommands`)."""

    @property
    def files(self) -> FileActions: ...

    @property
    def tracker(self) -> TurnTracker: ...

    @property
    def view(self) -> MapView: ...

    def close(self) -> bool: ...

    def resize_dialog(self) -> None: ...

    def set_edit_mode(self, on: bool) -> None: ...

    def turn_selected(self, steps: int) -> None: ...

    def remove_selected(self) -> None: ...

    def hide_selected(self) -> None: ...

    def deselect(self) -> None: ...

    def set_layer(self, layer: Layer, on: bool) -> None: ...

    def cycle_move_mode(self) -> None: ...

    def table_dice_dialog(self) -> None: ...

    def toggle_help(self) -> None: ...


@dataclass(frozen=True, eq=False)
class WindowActions:
    """Every action of the GM window, and the menus that the window fills after building them."""

    new_map: QAction
    open_file: QAction
    import_map: QAction
    recent_menu: QMenu
    save: QAction
    save_as: QAction
    quit: QAction
    undo: QAction
    redo: QAction
    play_mode: QAction
    edit_mode: QAction
    mode_group: QActionGroup
    resize_map: QAction
    choose_ruleset: QAction
    turn_left: QAction
    turn_right: QAction
    remove_token: QAction
    hide_token: QAction
    deselect: QAction
    start_combat: QAction
    end_combat: QAction
    next_turn: QAction
    previous_turn: QAction
    table_dice: QAction
    cycle_move_mode: QAction
    fit: QAction
    zoom_in: QAction
    zoom_out: QAction
    zoom_100: QAction
    layers: dict[Layer, QAction]
    panels_menu: QMenu
    help: QAction


def _action(window: QMainWindow, text: str, keys: QKeySequence | QKeySequence.StandardKey | str | None,
            tip: str, slot: Callable[[], object]) -> QAction:
    action = QAction(text, window)
    if keys is not None:
        action.setShortcut(QKeySequence(keys) if isinstance(keys, str) else keys)
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.triggered.connect(lambda _checked=False: slot())
    window.addAction(action)  # shortcuts work even while the menu bar is hidden
    return action


def _tips(action: QAction, tip: str) -> None:
    action.setToolTip(tip)
    action.setStatusTip(tip)


def _mode_actions(window: QMainWindow, handlers: WindowHandlers) -> tuple[QAction, QAction, QActionGroup]:
    """Play and Edit: checkable and exclusive; Ctrl+E (or clicking Edit again) goes back to play."""
    play = QAction("&Play mode", window, checkable=True, checked=True)
    _tips(play, "Play mode: the mouse moves, turns and targets tokens")
    edit = QAction("&Edit mode", window, checkable=True)
    edit.setShortcut(QKeySequence("Ctrl+E"))
    _tips(edit, "Edit mode: the mouse paints terrain, draws walls, places objects and "
          "tokens (again: back to play)")
    group = QActionGroup(window)
    group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)  # Ctrl+E may uncheck Edit
    group.addAction(play)
    group.addAction(edit)

    def edit_toggled(on: bool) -> None:
        if not on:
            play.setChecked(True)  # one mode is always on
        handlers.set_edit_mode(on)

    def play_toggled(on: bool) -> None:
        if not on and not edit.isChecked():
            play.setChecked(True)  # clicking Play in play mode keeps play mode

    edit.toggled.connect(edit_toggled)
    play.toggled.connect(play_toggled)
    return play, edit, group


def _layer_tip(layer: Layer) -> str:
    return f"Show or hide the selected token's overlay: {LAYER_LABELS[layer].lower()}"


def _layer_actions(window: QMainWindow, handlers: WindowHandlers,
                   shown: OverlaysShown) -> dict[Layer, QAction]:
    """One checkable action per tactics overlay layer, Ctrl+1 … Ctrl+6: checked as ``shown`` says
    (as the GM left them; a first start: a sensible few); a switch goes to ``handlers``, one from
    the menu, the toolbar or the shortcut is remembered for the next start, and a switch made
    elsewhere checks the action."""
    layers: dict[Layer, QAction] = {}
    for number, layer in enumerate(Layer, start=1):
        action = QAction(LAYER_LABELS[layer], window, checkable=True, checked=shown.shows(layer))
        action.setShortcut(QKeySequence(f"Ctrl+{number}"))
        _tips(action, _layer_tip(layer))
        action.toggled.connect(lambda on, layer=layer: handlers.set_layer(layer, on))
        action.triggered.connect(lambda on, layer=layer: remember_overlay(layer, on))
        layers[layer] = action

    def follow() -> None:
        for layer, action in layers.items():
            action.setChecked(shown.shows(layer))

    shown.changed.connect(follow)
    return layers


def show_declared_layers(layers: Mapping[Layer, QAction], unavailable: Mapping[Layer, str]) -> None:
    """Enable the overlay actions the ruleset draws; grey out the others, the tooltip saying why
    ("Charge lanes: not drawn — the ruleset 'skirmish' has no such overlay (Ctrl+4)")."""
    for layer, action in layers.items():
        why = unavailable.get(layer)
        tip = _layer_tip(layer) if why is None else f"{LAYER_LABELS[layer]}: not drawn — {why}"
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setEnabled(why is None)
        action.setStatusTip(tip)
        action.setToolTip(f"{tip} ({keys})" if keys else tip)


def show_move_modes(action: QAction, count: int) -> None:
    """Enable "Next move mode" only when the ruleset has move modes, saying so when it has none."""
    tip = ("Pick the next of the ruleset's move modes for the next drag" if count
           else "Next move mode: the ruleset has no move modes")
    keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    action.setEnabled(count > 0)
    action.setStatusTip(tip)
    action.setToolTip(f"{tip} ({keys})" if keys else tip)


def build_actions(window: QMainWindow, undo_stack: UndoHistory[Any], handlers: WindowHandlers,
                  registry: ActionRegistry, shown: OverlaysShown) -> WindowActions:
    """Every action of the GM window: owned by ``window`` (its shortcuts work while the menu bar is
    hidden), undo and redo following ``undo_stack``, each one calling ``handlers``, the overlay
    switches following ``shown``; each registered in ``registry`` under its id."""
    std = QKeySequence.StandardKey
    files, tracker, view = handlers.files, handlers.tracker, handlers.view
    new_map = _action(window, "&New map…", std.New, "Start a new, empty map", files.new_dialog)
    open_file = _action(window, "&Open…", std.Open, "Open an encounter file", files.open_dialog)
    save = _action(window, "&Save", std.Save, "Save the encounter", files.save)
    save_as = _action(window, "Save &as…", std.SaveAs, "Save under a new name", files.save_as_dialog)
    import_map = _action(window, "&Import map…", "Ctrl+I", "Import a Universal VTT, Tiled or "
                         "picture map as a new encounter", files.import_dialog)
    quit_window = _action(window, "&Quit", std.Quit, "Close the window", handlers.close)

    undo = undo_stack.createUndoAction(window, "&Undo")
    undo.setShortcut(std.Undo)
    _tips(undo, "Undo the last change to the encounter")
    redo = undo_stack.createRedoAction(window, "&Redo")
    redo.setShortcut(std.Redo)
    _tips(redo, "Redo the change that was last undone")
    window.addActions([undo, redo])
    play_mode, edit_mode, mode_group = _mode_actions(window, handlers)
    window.addActions([play_mode, edit_mode])
    resize_map = _action(window, "&Resize map…", None, "Change the map's width and height",
                         handlers.resize_dialog)
    choose_ruleset = _action(window, "Ru&leset…", "Ctrl+Shift+R", "Choose the ruleset this encounter is "
                             "played by; lists the stat blocks that do not fit and offers its templates",
                             files.switch_ruleset)

    turn_left = _action(window, "Turn &left", "Q", "Turn the selected token one eighth anticlockwise",
                        lambda: handlers.turn_selected(-1))
    turn_right = _action(window, "Turn &right", "E", "Turn the selected token one eighth clockwise",
                         lambda: handlers.turn_selected(1))
    remove_token = _action(window, "Re&move token", "Delete", "Remove the selected token from the map",
                           handlers.remove_selected)
    hide_token = _action(window, "&Hide / reveal token", HIDE_SHORTCUT, "Hide the selected token from the "
                         "players, or reveal it (you see a hidden token faded)", handlers.hide_selected)
    deselect = _action(window, "&Deselect", "Esc", "Clear the selection and its overlays", handlers.deselect)

    start_combat = _action(window, "&Start combat", "Ctrl+K", "Roll initiative and begin",
                           tracker.start_combat)
    end_combat = _action(window, "&End combat…", "Ctrl+Shift+K", "Asks, then the fight is over: the turn "
                         "order goes, wounds and conditions stay (undoable)", tracker.request_end_combat)
    next_turn = _action(window, "&Next turn", "N", "End the active token's turn", tracker.next_turn)
    previous_turn = _action(window, "&Previous turn", "Shift+N", "Step back to before the last turn change",
                            tracker.previous_turn)
    table_dice = _action(window, "&Dice at the table…", "Ctrl+Shift+D", "Choose whose dice are rolled at "
                         "the table (Vantage then asks for the faces)", handlers.table_dice_dialog)
    cycle_move_mode = _action(window, "Next &move mode", "M", "Pick the next of the ruleset's move modes "
                              "for the next drag", handlers.cycle_move_mode)

    fit = _action(window, "&Fit map", "F", "Zoom so that the whole map fits", view.fit_map)
    zoom_in = _action(window, "Zoom &in", std.ZoomIn, "Zoom in on the middle of the map",
                      lambda: view.zoom_by(ZOOM_STEP))
    zoom_out = _action(window, "Zoom &out", std.ZoomOut, "Zoom out from the middle of the map",
                       lambda: view.zoom_by(1 / ZOOM_STEP))
    zoom_100 = _action(window, "Zoom &100%", "1", f"One tile = {view.map_scene().grid.tile_px:g} pixels",
                       lambda: view.set_zoom(1.0))
    layers = _layer_actions(window, handlers, shown)
    window.addActions(list(layers.values()))
    help_action = _action(window, "&Keyboard shortcuts", "?", "Show every shortcut", handlers.toggle_help)
    for action_id, action in (
        (ActionId.NEW_MAP, new_map), (ActionId.OPEN, open_file), (ActionId.IMPORT_MAP, import_map),
        (ActionId.SAVE, save), (ActionId.SAVE_AS, save_as), (ActionId.QUIT, quit_window),
        (ActionId.UNDO, undo), (ActionId.REDO, redo), (ActionId.PLAY_MODE, play_mode),
        (ActionId.EDIT_MODE, edit_mode), (ActionId.RESIZE_MAP, resize_map),
        (ActionId.CHOOSE_RULESET, choose_ruleset), (ActionId.TURN_LEFT, turn_left),
        (ActionId.TURN_RIGHT, turn_right), (ActionId.REMOVE_TOKEN, remove_token),
        (ActionId.HIDE_TOKEN, hide_token), (ActionId.DESELECT, deselect),
        (ActionId.START_COMBAT, start_combat), (ActionId.END_COMBAT, end_combat),
        (ActionId.NEXT_TURN, next_turn), (ActionId.PREVIOUS_TURN, previous_turn),
        (ActionId.TABLE_DICE, table_dice), (ActionId.NEXT_MOVE_MODE, cycle_move_mode), (ActionId.FIT, fit),
        (ActionId.ZOOM_IN, zoom_in), (ActionId.ZOOM_OUT, zoom_out), (ActionId.ZOOM_100, zoom_100),
        (ActionId.HELP, help_action),
    ):
        registry.add_action(action_id, action)
    return WindowActions(
        new_map=new_map, open_file=open_file, import_map=import_map,
        recent_menu=QMenu("Open &recent", window), save=save, save_as=save_as, quit=quit_window,
        undo=undo, redo=redo, play_mode=play_mode, edit_mode=edit_mode, mode_group=mode_group,
        resize_map=resize_map, choose_ruleset=choose_ruleset, turn_left=turn_left, turn_right=turn_right,
        remove_token=remove_token, hide_token=hide_token,
        deselect=deselect, start_combat=start_combat, end_combat=end_combat, next_turn=next_turn,
        previous_turn=previous_turn,
        table_dice=table_dice, cycle_move_mode=cycle_move_mode,
        fit=fit, zoom_in=zoom_in, zoom_out=zoom_out, zoom_100=zoom_100, layers=layers,
        panels_menu=QMenu("&Panels", window), help=help_action,
    )


def build_menu_bar(registry: ActionRegistry, actions: WindowActions) -> None:
    """File, Edit, Token, Combat, View and Help, in that order, from ``actions``, each menu (and
    the submenus others add to: recent files, overlays, panels) registered by its id."""
    host = registry.host

    def menu(menu_id: MenuId, title: str) -> QMenu:
        return registry.add_menu(menu_id, QMenu(title, host))

    file_menu = menu(MenuId.FILE, "&File")
    file_menu.addActions([actions.new_map, actions.open_file, actions.import_map])
    file_menu.addMenu(registry.add_menu(MenuId.RECENT, actions.recent_menu))
    file_menu.addActions([actions.save, actions.save_as])
    file_menu.addSeparator()
    file_menu.addAction(actions.quit)

    edit_menu = menu(MenuId.EDIT, "&Edit")
    edit_menu.addActions([actions.undo, actions.redo])
    edit_menu.addSeparator()
    edit_menu.addActions([actions.play_mode, actions.edit_mode, actions.resize_map, actions.choose_ruleset])

    token_menu = menu(MenuId.TOKEN, "&Token")
    token_menu.addActions([actions.turn_left, actions.turn_right, actions.hide_token, actions.remove_token,
                           actions.deselect])
    token_menu.addSeparator()
    token_menu.addAction(actions.cycle_move_mode)

    combat_menu = menu(MenuId.COMBAT, "&Combat")
    combat_menu.addActions([actions.start_combat, actions.next_turn, actions.previous_turn,
                            actions.end_combat])
    combat_menu.addSeparator()
    combat_menu.addAction(actions.table_dice)

    view_menu = menu(MenuId.VIEW, "&View")
    view_menu.addActions([actions.fit, actions.zoom_in, actions.zoom_out, actions.zoom_100])
    overlays = registry.add_menu(MenuId.OVERLAYS, QMenu("&Overlays", host))
    view_menu.addMenu(overlays)
    overlays.addActions(list(actions.layers.values()))
    view_menu.addMenu(registry.add_menu(MenuId.PANELS, actions.panels_menu))

    help_menu = menu(MenuId.HELP, "&Help")
    help_menu.addAction(actions.help)


def add_shortcut_tips(window: QMainWindow) -> None:
    """Every action of the window whose tooltip does not yet name its shortcut gets it, as
    "Fit map (F)"; an action without a status tip gets its tooltip's text as one."""
    for action in all_actions(window):
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = action.toolTip() or action.text().replace("&", "")
        if not action.statusTip():
            action.setStatusTip(tip)
        if keys and keys not in tip:
            action.setToolTip(f"{tip} ({keys})")


def all_actions(window: QMainWindow) -> list[QAction]:
    """The window's own actions and every action in its menus (submenus included), once each."""
    found: dict[int, QAction] = {}
    stack = [*window.actions(), *window.menuBar().actions()]
    while stack:
        action = stack.pop(0)
        if action.isSeparator() or id(action) in found:
            continue
        found[id(action)] = action
        menu = action.menu()
        if isinstance(menu, QMenu):
            stack.extend(menu.actions())
    return list(found.values())


def menu_shortcuts(window: QMainWindow) -> list[Shortcut]:
    """Every window action that has a shortcut, as (keys, what), in menu order."""
    found: list[Shortcut] = []
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        if not isinstance(menu, QMenu):
            continue
        stack = list(menu.actions())
        while stack:
            action = stack.pop(0)
            submenu = action.menu()
            if isinstance(submenu, QMenu):
                stack[:0] = submenu.actions()
                continue
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            if keys:
                found.append(Shortcut(keys, action.text().replace("&", "")))
    return found
