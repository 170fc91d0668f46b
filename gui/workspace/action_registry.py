"""The GM's actions and menus, looked up by id, never by their visible text (napari's ``MenuId``).

A menu's label is for the GM and will be translated one day; its id is for the code. The GM window
registers the menus of its menu bar and the actions it builds; an add-on adds its own menu
(``add_menu(..., before=MenuId.HELP)``), adds entries to another's (``menu(MenuId.COMBAT)``) and
finds an action it reacts to (``action(ActionId.DESELECT)``). Every registered action also belongs
to the host window, so its shortcut works while the menu bar is hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget


class MenuId(StrEnum):
    FILE = "file"
    RECENT = "file/recent"
    RECENT_CAMPAIGNS = "file/recent-campaigns"
    EDIT = "edit"
    TOKEN = "token"
    COMBAT = "combat"
    VIEW = "view"
    OVERLAYS = "view/overlays"
    PANELS = "view/panels"
    MEASURE = "measure"
    PLAYERS = "players"
    CAMPAIGN = "campaign"
    HELP = "help"


class ActionId(StrEnum):
    NEW_MAP = "file/new"
    OPEN = "file/open"
    IMPORT_MAP = "file/import"
    SAVE = "file/save"
    SAVE_AS = "file/save-as"
    QUIT = "file/quit"
    NEW_CAMPAIGN = "file/new-campaign"
    OPEN_CAMPAIGN = "file/open-campaign"
    LET_TIME_PASS = "campaign/let-time-pass"
    MARK_PARTY_START = "campaign/mark-party-start"
    BRING_PARTY = "campaign/bring-party"
    RETURN_PARTY = "campaign/return-party"
    UNDO_CAMPAIGN = "campaign/undo"
    EXPORT_JOURNAL = "campaign/export-journal"
    UNDO = "edit/undo"
    REDO = "edit/redo"
    PLAY_MODE = "edit/play-mode"
    EDIT_MODE = "edit/edit-mode"
    RESIZE_MAP = "edit/resize-map"
    CHOOSE_RULESET = "edit/ruleset"
    TURN_LEFT = "token/turn-left"
    TURN_RIGHT = "token/turn-right"
    REMOVE_TOKEN = "token/remove"
    HIDE_TOKEN = "token/hide"
    DESELECT = "token/deselect"
    NEXT_MOVE_MODE = "token/next-move-mode"
    DUPLICATE = "token/duplicate"
    CREATURE_LIBRARY = "token/creature-library"
    START_COMBAT = "combat/start"
    END_COMBAT = "combat/end"
    NEXT_TURN = "combat/next-turn"
    PREVIOUS_TURN = "combat/previous-turn"
    TABLE_DICE = "combat/table-dice"
    ROLL_DICE = "combat/roll-dice"
    SIMULATE = "combat/simulate"
    FIT = "view/fit"
    ZOOM_IN = "view/zoom-in"
    ZOOM_OUT = "view/zoom-out"
    ZOOM_100 = "view/zoom-100"
    SHOW_GRID = "view/grid"
    GRID_COLOUR = "view/grid-colour"
    RULER = "measure/ruler"
    TEMPLATES = "measure/templates"
    OPEN_PLAYER_VIEW = "players/open"
    TOUCH_TABLE = "players/touch-table"
    SHARE_WITH_DEVICES = "players/share-devices"
    HELP = "help/shortcuts"


class ActionRegistry:
    """Menus and actions of one GM window by id; ``host`` owns the actions, the menu bar that
    ``menu_bar()`` gives (made when the first menu is added) shows the menus."""

    def __init__(self, host: QWidget, menu_bar: Callable[[], QMenuBar]) -> None:
        self._host = host
        self._menu_bar = menu_bar
        self._menus: dict[MenuId, QMenu] = {}
        self._actions: dict[ActionId, QAction] = {}

    @property
    def host(self) -> QWidget:
        return self._host

    def add_action(self, action_id: ActionId, action: QAction) -> QAction:
        """Register ``action`` under ``action_id`` (an id registered twice is a mistake)."""
        if action_id in self._actions and self._actions[action_id] is not action:
            raise ValueError(f"action {action_id} is registered already")
        self._actions[action_id] = action
        if action not in self._host.actions():
            self._host.addAction(action)
        return action

    def action(self, action_id: ActionId) -> QAction:
        return self._actions[action_id]

    def find_action(self, action_id: ActionId) -> QAction | None:
        return self._actions.get(action_id)

    def add_menu(self, menu_id: MenuId, menu: QMenu, before: MenuId | None = None) -> QMenu:
        """Register ``menu``; a top-level menu (an id without "/") goes into the menu bar, before
        the menu ``before`` when that one is there, else at the end."""
        if menu_id in self._menus and self._menus[menu_id] is not menu:
            raise ValueError(f"menu {menu_id} is registered already")
        self._menus[menu_id] = menu
        if "/" not in menu_id.value:
            ahead = self._menus.get(before) if before is not None else None
            if ahead is not None:
                self._menu_bar().insertMenu(ahead.menuAction(), menu)
            else:
                self._menu_bar().addMenu(menu)
        return menu

    def menu(self, menu_id: MenuId) -> QMenu:
        return self._menus[menu_id]

    def find_menu(self, menu_id: MenuId) -> QMenu | None:
        return self._menus.get(menu_id)
