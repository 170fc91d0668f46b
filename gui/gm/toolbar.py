"""The GM window's main toolbar: the menus' own actions as buttons with drawn icons.

No action is created here: the toolbar shows the QActions of
:class:`~vantage.gui.gm.actions.WindowActions` and of the attached player view
(:mod:`vantage.gui.players.attach`), so a button and its menu entry are one thing (checking an
overlay in the menu checks its button). Each button's tooltip is its action's, which names the shortcut.
The move mode selector (:class:`~vantage.gui.play.move_modes.MoveModePicker`) sits after the
overlays and is shown only while the encounter's ruleset has move modes.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolBar

from vantage.gui.appdata.player_settings import Shutter
from vantage.gui.canvas.icons import icon
from vantage.gui.gm.actions import WindowActions
from vantage.gui.play.move_modes import MoveModePicker
from vantage.gui.play.tactics_overlay import Layer
from vantage.gui.players.attach import AttachedPlayerView
from vantage.gui.workspace import GmWorkspace, ToolbarId

LAYER_ICONS: dict[Layer, str] = {
    Layer.REACHABLE: "reachable", Layer.ARCS: "arcs", Layer.REACH_ZONES: "reach-zones",
    Layer.CHARGE: "charge", Layer.FLANKING: "flanking", Layer.SIGHT: "sight",
}
SHUTTER_ICONS: dict[Shutter, str] = {
    Shutter.LIVE: "shutter-live", Shutter.HOLD: "shutter-hold", Shutter.BLANK: "shutter-blank",
}


#: The index of the overlay buttons among the toolbar's groups (the move mode selector follows them).
OVERLAY_GROUP = 3


def _with_icon(action: QAction, name: str) -> QAction:
    action.setIcon(icon(name))
    action.setIconVisibleInMenu(True)
    return action


def build_main_toolbar(workspace: GmWorkspace, actions: WindowActions, players: AttachedPlayerView,
                       move_modes: MoveModePicker | None = None) -> QToolBar:
    """Add the main toolbar of ``actions`` and the player view's ``players`` actions to the
    workspace's window (with the ``move_modes`` selector after the overlays), with a View ▸ Panels
    entry that hides it, and return it."""
    bar = QToolBar("Main toolbar", workspace.host)
    bar.setIconSize(QSize(24, 24))
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    bar.setMovable(False)
    groups: list[list[tuple[QAction, str]]] = [
        [(actions.play_mode, "play"), (actions.edit_mode, "edit")],
        [(actions.undo, "undo"), (actions.redo, "redo")],
        [(actions.fit, "fit"), (actions.zoom_in, "zoom-in"), (actions.zoom_out, "zoom-out")],
        [(actions.layers[layer], name) for layer, name in LAYER_ICONS.items()],
        [(actions.start_combat, "start-combat"), (actions.next_turn, "next-turn"),
         (actions.table_dice, "table-dice")],
        [(players.open_action, "player-view"),
         *[(players.shutter_actions[s], name) for s, name in SHUTTER_ICONS.items()]],
    ]
    for number, group in enumerate(groups):
        if number:
            bar.addSeparator()
        for action, name in group:
            bar.addAction(_with_icon(action, name))
        if move_modes is not None and number == OVERLAY_GROUP:
            move_modes.attach(bar.addWidget(move_modes.widget))
    return workspace.add_toolbar(ToolbarId.MAIN, bar)  # View ▸ Panels ▸ Main toolbar hides and shows it
