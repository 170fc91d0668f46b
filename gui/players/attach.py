"""The player view as a GM workspace carries it: the controller, the "Players" menu and the controls dock.

:func:`attach_player_view` is the one hook the GM window calls. It adds a "Players" menu (open the
player view, shutter, calibration, the controls dock) before Help, and a dock of controls tabbed
beside the GM's panels; it returns all of it as one :class:`AttachedPlayerView`, so the GM toolbar
shows the same actions as the menu. It tells the workspace how to know whether the players are
watching (new tokens may then start hidden).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from vantage.gui.appdata.player_settings import Shutter
from vantage.gui.players.controller import PlayerViewController
from vantage.gui.players.dock import PlayerControlsDock
from vantage.gui.workspace import ActionId, GmWorkspace, MenuId

OPEN_SHORTCUT = "Ctrl+Shift+P"
#: How long the player view's notices stay in the status bar (ms).
NOTICE_MS = 15000


@dataclass(frozen=True, eq=False)
class AttachedPlayerView:
    """A GM window's player view: what keeps it in step, and the GM's menu, actions and dock for it."""

    controller: PlayerViewController
    menu: QMenu
    open_action: QAction
    shutter_actions: dict[Shutter, QAction]
    calibrate_action: QAction
    dock: PlayerControlsDock


def _shutter_actions(window: QMainWindow, controller: PlayerViewController) -> dict[Shutter, QAction]:
    """Live, Hold and Blank: checkable and exclusive, Live checked."""
    group = QActionGroup(window)
    actions: dict[Shutter, QAction] = {}
    for shutter, key, tip in (
        (Shutter.LIVE, "Ctrl+Shift+L", "Player view live: the players see every change at once"),
        (Shutter.HOLD, "Ctrl+Shift+H", "Hold the player view: the players keep the last picture while you "
                                       "prepare"),
        (Shutter.BLANK, "Ctrl+Shift+B", "Blank the player view: the players see a black screen"),
    ):
        action = QAction(f"Player view: {shutter.value}", window, shortcut=QKeySequence(key), checkable=True)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setChecked(shutter is Shutter.LIVE)
        action.triggered.connect(lambda _=False, s=shutter: controller.set_shutter(s))
        group.addAction(action)
        actions[shutter] = action
    return actions


def _add_dock(window: QMainWindow, dock: PlayerControlsDock) -> None:
    """Dock the controls as a tab beside the GM's panels in their area (not a squeeze), hidden."""
    # the window's own docks (a dock added to a main window is its child): not every widget's children
    own = Qt.FindChildOption.FindDirectChildrenOnly
    neighbours = [d for d in window.findChildren(QDockWidget, options=own)
                  if d is not dock and window.dockWidgetArea(d) == dock.default_area]
    window.addDockWidget(dock.default_area, dock)
    if neighbours:
        window.tabifyDockWidget(neighbours[-1], dock)
    dock.hide()  # shown with the player view, or from the Players menu


def attach_player_view(workspace: GmWorkspace) -> AttachedPlayerView:
    """Give the GM ``workspace`` its player view of the document (shown in its scene and view)."""
    window = workspace.host
    controller = PlayerViewController(workspace)
    menu = workspace.actions.add_menu(MenuId.PLAYERS, QMenu("&Players", window), before=MenuId.HELP)
    open_action = QAction("Open &player view", window, shortcut=QKeySequence(OPEN_SHORTCUT))
    open_action.setToolTip("Show the map for the players on the projector or TV")
    open_action.setStatusTip("Show the map for the players on the projector or TV")
    open_action.triggered.connect(controller.open_player_view)
    menu.addAction(open_action)
    workspace.actions.add_action(ActionId.OPEN_PLAYER_VIEW, open_action)
    shutter_actions = _shutter_actions(window, controller)
    menu.addActions(list(shutter_actions.values()))
    window.addActions(list(shutter_actions.values()))
    calibrate = QAction("&Calibrate the player screen…", window)
    calibrate.setToolTip("Measure the player screen so that one tile is one real inch (or what you set)")
    calibrate.setStatusTip(calibrate.toolTip())
    calibrate.triggered.connect(controller.calibrate)
    menu.addAction(calibrate)
    dock = PlayerControlsDock(controller, window)
    _add_dock(window, dock)
    menu.addAction(dock.toggleViewAction())
    controller.player_view_opened.connect(dock.show)
    controller.player_view_opened.connect(dock.raise_)
    controller.notice.connect(lambda text: workspace.say(text, NOTICE_MS))

    def watching() -> bool:
        player = controller.player
        return player is not None and player.isVisible()

    workspace.watch_players_by(watching)
    return AttachedPlayerView(controller, menu, open_action, shutter_actions, calibrate, dock)
