"""Players ▸ Touch table: the GM lets the players drag their own tokens on the player window.

The toggle is registered in the workspace's actions (``ActionId.TOUCH_TABLE``) and remembered in
the player-view settings (``touch_table``); the finger it lends the player window is the play
mode's (:class:`~vantage.gui.play.touch_table.PlayersTouchTable`).
"""

from __future__ import annotations

from PySide6.QtGui import QAction

from vantage.gui.play.touch_table import PlayersTouchTable
from vantage.gui.players.controller import PlayerViewController
from vantage.gui.workspace import ActionId, GmWorkspace, MenuId


def attach_touch_table(workspace: GmWorkspace, controller: PlayerViewController) -> PlayersTouchTable:
    """Add Players ▸ Touch table to the GM's menu; while it is ticked, a finger on the player
    window drags the party's tokens."""
    table = PlayersTouchTable(workspace)
    action = QAction("&Touch table: players move their tokens", workspace.host, checkable=True)
    tip = ("On a touch screen or touch table, the players drag their own (party) tokens on the player "
           "window, by the same rules as your drags; hidden tokens cannot be touched")
    action.setToolTip(tip)
    action.setStatusTip(tip)
    action.setChecked(controller.settings.touch_table)
    action.toggled.connect(lambda on: controller.update_settings(touch_table=on))

    def follow() -> None:
        if action.isChecked() != controller.settings.touch_table:
            action.blockSignals(True)
            action.setChecked(controller.settings.touch_table)
            action.blockSignals(False)

    controller.settings_changed.connect(follow)
    workspace.actions.menu(MenuId.PLAYERS).addAction(action)
    workspace.actions.add_action(ActionId.TOUCH_TABLE, action)
    controller.set_touch_table(table.finger)
    return table
