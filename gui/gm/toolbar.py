"""The GM window's main toolbar: the menus' own actions as buttons with drawn icons.

No action is created here: the toolbar shows the QActions that :mod:`vantage.gui.gm.actions` and
:mod:`vantage.gui.players.controller` made, so a button and its menu entry are one thing (checking an overlay
in the menu checks its button). Each button's tooltip is its action's, which names the shortcut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QToolBar

from vantage.gui.appdata.player_settings import Shutter
from vantage.gui.canvas.icons import icon
from vantage.gui.play.tactics_overlay import Layer

if TYPE_CHECKING:
    from vantage.gui.gm.main_window import MainWindow

LAYER_ICONS: dict[Layer, str] = {
    Layer.REACHABLE: "reachable", Layer.ARCS: "arcs", Layer.REACH_ZONES: "reach-zones",
    Layer.CHARGE: "charge", Layer.FLANKING: "flanking", Layer.SIGHT: "sight",
}
SHUTTER_ICONS: dict[Shutter, str] = {
    Shutter.LIVE: "shutter-live", Shutter.HOLD: "shutter-hold", Shutter.BLANK: "shutter-blank",
}


def _with_icon(action: QAction, name: str) -> QAction:
    action.setIcon(icon(name))
    action.setIconVisibleInMenu(True)
    return action


def build_main_toolbar(window: MainWindow) -> QToolBar:
    """Add the main toolbar to ``window`` (after its menus and player view exist) and return it."""
    bar = QToolBar("Main toolbar", window)
    bar.setObjectName("main-toolbar")
    bar.setIconSize(QSize(24, 24))
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    bar.setMovable(False)
    groups: list[list[tuple[QAction, str]]] = [
        [(window.play_mode_action, "play"), (window.edit_mode_action, "edit")],
        [(window.undo_action, "undo"), (window.redo_action, "redo")],
        [(window.fit_action, "fit"), (window.zoom_in_action, "zoom-in"),
         (window.zoom_out_action, "zoom-out")],
        [(window.layer_actions[layer], name) for layer, name in LAYER_ICONS.items()],
        [(window.start_combat_action, "start-combat"), (window.next_turn_action, "next-turn")],
    ]
    player_view = getattr(window, "player_view", None)
    if player_view is not None:
        players = [(player_view.open_action, "player-view")]
        players += [(player_view.shutter_actions[s], name) for s, name in SHUTTER_ICONS.items()]
        groups.append(players)
    for number, group in enumerate(groups):
        if number:
            bar.addSeparator()
        for action, name in group:
            bar.addAction(_with_icon(action, name))
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
    panels = getattr(window, "panels_menu", None)
    if panels is not None:
        panels.addAction(bar.toggleViewAction())  # View ▸ Panels ▸ Main toolbar hides and shows it
    window.toolbar = bar
    return bar
