"""The GM window's menus and shortcuts, in one table so the help overlay can list them all."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from vantage.gui.play.tactics_overlay import LAYER_LABELS, Layer

if TYPE_CHECKING:
    from vantage.gui.gm.main_window import MainWindow


ZOOM_STEP = 1.25


@dataclass(frozen=True)
class Shortcut:
    keys: str
    what: str


#: Shortcuts that are not menu actions (mouse gestures and view keys), for the help overlay.
GESTURES: tuple[Shortcut, ...] = (
    Shortcut("Wheel", "zoom under the cursor"),
    Shortcut("Middle-drag / Space+drag", "pan"),
    Shortcut("Arrow keys", "scroll the map"),
    Shortcut("+ / −", "zoom in / out"),
    Shortcut("Drag a token", "move it along the engine's path (drop where it is legal)"),
    Shortcut("Shift+drag a token", "GM placement anywhere, without rules (logged)"),
    Shortcut("Shift+wheel over a token", "turn it"),
    Shortcut("Drag the facing notch", "turn the token towards the cursor"),
    Shortcut("Right-click a target", "actions of the selected token against it, with odds"),
)


def _action(window: MainWindow, text: str, keys: QKeySequence | str | None, tip: str,
            slot: Callable[[], object]) -> QAction:
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


def _build_mode_actions(window: MainWindow) -> None:
    """Play and Edit: checkable and exclusive; Ctrl+E (or clicking Edit again) goes back to play."""
    window.play_mode_action = QAction("&Play mode", window, checkable=True, checked=True)
    _tips(window.play_mode_action, "Play mode: the mouse moves, turns and targets tokens")
    window.edit_mode_action = QAction("&Edit mode", window, checkable=True)
    window.edit_mode_action.setShortcut(QKeySequence("Ctrl+E"))
    _tips(window.edit_mode_action, "Edit mode: the mouse paints terrain, draws walls, places objects and "
          "tokens (again: back to play)")
    group = QActionGroup(window)
    group.setExclusionPolicy(QActionGroup.ExclusionPolicy.ExclusiveOptional)  # Ctrl+E may uncheck Edit
    group.addAction(window.play_mode_action)
    group.addAction(window.edit_mode_action)
    window.mode_group = group
    play, edit = window.play_mode_action, window.edit_mode_action

    def edit_toggled(on: bool) -> None:
        if not on:
            play.setChecked(True)  # one mode is always on
        window.set_edit_mode(on)

    def play_toggled(on: bool) -> None:
        if not on and not edit.isChecked():
            play.setChecked(True)  # clicking Play in play mode keeps play mode

    edit.toggled.connect(edit_toggled)
    play.toggled.connect(play_toggled)
    window.addActions([play, edit])


def add_shortcut_tips(window: MainWindow) -> None:
    """Every action of the window whose tooltip does not yet name its shortcut gets it, as
    "Fit map (F)"; an action without a status tip gets its tooltip's text as one."""
    for action in all_actions(window):
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        tip = action.toolTip() or action.text().replace("&", "")
        if not action.statusTip():
            action.setStatusTip(tip)
        if keys and keys not in tip:
            action.setToolTip(f"{tip} ({keys})")


def all_actions(window: MainWindow) -> list[QAction]:
    """The window's own actions and every action in its menus (submenus included), once each."""
    found: dict[int, QAction] = {}
    stack = [*window.actions(), *window.menuBar().actions()]
    while stack:
        action = stack.pop(0)
        if action.isSeparator() or id(action) in found:
            continue
        found[id(action)] = action
        menu = action.menu()
        if menu is not None:
            stack.extend(menu.actions())
    return list(found.values())


def build_menus(window: MainWindow) -> None:
    bar = window.menuBar()
    std = QKeySequence.StandardKey
    files = window.files
    file_menu = bar.addMenu("&File")
    window.new_action = _action(window, "&New map…", std.New, "Start a new, empty map", files.new_dialog)
    window.open_action = _action(window, "&Open…", std.Open, "Open an encounter file", files.open_dialog)
    window.save_action = _action(window, "&Save", std.Save, "Save the encounter", files.save)
    window.save_as_action = _action(window, "Save &as…", std.SaveAs, "Save under a new name",
                                    files.save_as_dialog)
    window.import_action = _action(window, "&Import map…", "Ctrl+I", "Import a Universal VTT, Tiled or "
                                   "picture map as a new encounter", files.import_dialog)
    file_menu.addActions([window.new_action, window.open_action, window.import_action])
    window.recent_menu = file_menu.addMenu("Open &recent")
    file_menu.addActions([window.save_action, window.save_as_action])
    file_menu.addSeparator()
    file_menu.addAction(_action(window, "&Quit", std.Quit, "Close the window", window.close))

    edit_menu = bar.addMenu("&Edit")
    stack = window.document.undo_stack
    window.undo_action = stack.createUndoAction(window, "&Undo")
    window.undo_action.setShortcut(std.Undo)
    _tips(window.undo_action, "Undo the last change to the encounter")
    window.redo_action = stack.createRedoAction(window, "&Redo")
    window.redo_action.setShortcut(std.Redo)
    _tips(window.redo_action, "Redo the change that was last undone")
    window.addActions([window.undo_action, window.redo_action])
    edit_menu.addActions([window.undo_action, window.redo_action])
    edit_menu.addSeparator()
    _build_mode_actions(window)
    edit_menu.addActions([window.play_mode_action, window.edit_mode_action])
    edit_menu.addAction(_action(window, "&Resize map…", None, "Change the map's width and height",
                                window.resize_dialog))

    token_menu = bar.addMenu("&Token")
    window.turn_left_action = _action(window, "Turn &left", "Q", "Turn the selected token one eighth "
                                      "anticlockwise", lambda: window.turn_selected(-1))
    window.turn_right_action = _action(window, "Turn &right", "E", "Turn the selected token one eighth "
                                       "clockwise", lambda: window.turn_selected(1))
    window.remove_token_action = _action(window, "Re&move token", "Delete", "Remove the selected token from "
                                         "the map", window.remove_selected)
    window.deselect_action = _action(window, "&Deselect", "Esc", "Clear the selection and its overlays",
                                     lambda: window.play_tool.select(window.view, None))
    token_menu.addActions([window.turn_left_action, window.turn_right_action, window.remove_token_action,
                           window.deselect_action])

    combat_menu = bar.addMenu("&Combat")
    tracker = window.tracker
    window.start_combat_action = _action(window, "&Start combat", "Ctrl+K", "Roll initiative and begin",
                                         tracker.start_combat)
    window.next_turn_action = _action(window, "&Next turn", "N", "End the active token's turn",
                                      tracker.next_turn)
    window.previous_turn_action = _action(window, "&Previous turn", "Shift+N",
                                          "Step back to before the last turn change", tracker.previous_turn)
    combat_menu.addActions([window.start_combat_action, window.next_turn_action, window.previous_turn_action])

    view_menu = bar.addMenu("&View")
    window.fit_action = _action(window, "&Fit map", "F", "Zoom so that the whole map fits",
                                window.view.fit_map)
    window.zoom_in_action = _action(window, "Zoom &in", std.ZoomIn, "Zoom in on the middle of the map",
                                    lambda: window.view.zoom_by(ZOOM_STEP))
    window.zoom_out_action = _action(window, "Zoom &out", std.ZoomOut, "Zoom out from the middle of the map",
                                     lambda: window.view.zoom_by(1 / ZOOM_STEP))
    view_menu.addActions([window.fit_action, window.zoom_in_action, window.zoom_out_action])
    view_menu.addAction(_action(window, "Zoom &100%", "1", "One tile = 48 pixels",
                                lambda: window.view.set_zoom(1.0)))
    overlays = view_menu.addMenu("&Overlays")
    window.layer_actions = {}
    for number, layer in enumerate(Layer, start=1):
        action = QAction(LAYER_LABELS[layer], window, checkable=True, checked=True)
        action.setShortcut(QKeySequence(f"Ctrl+{number}"))
        _tips(action, f"Show or hide the selected token's overlay: {LAYER_LABELS[layer].lower()}")
        action.toggled.connect(lambda on, layer=layer: window.set_layer(layer, on))
        overlays.addAction(action)
        window.addAction(action)
        window.layer_actions[layer] = action
    window.panels_menu = view_menu.addMenu("&Panels")

    help_menu = bar.addMenu("&Help")
    window.help_action = _action(window, "&Keyboard shortcuts", "?", "Show every shortcut",
                                 window.toggle_help)
    help_menu.addAction(window.help_action)


def menu_shortcuts(window: MainWindow) -> list[Shortcut]:
    """Every window action that has a shortcut, as (keys, what), in menu order."""
    found: list[Shortcut] = []
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        if menu is None:
            continue
        stack = list(menu.actions())
        while stack:
            action = stack.pop(0)
            if action.menu() is not None:
                stack[:0] = action.menu().actions()
                continue
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            if keys:
                found.append(Shortcut(keys, action.text().replace("&", "")))
    return found
