"""The grid on the GM's map: on or off (G) and its colour with its opacity, remembered.

The projector has its own grid switch and colour in the Player view panel (a grid that helps the
GM count tiles may be too busy on the table's screen, or too faint on a bright projector).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QColor, QKeySequence
from PySide6.QtWidgets import QColorDialog

from vantage.gui.appdata.gm_settings import grid_setting, remember_grid
from vantage.gui.workspace import ActionId, GmWorkspace, MenuId

GRID_SHORTCUT = "G"


def colour_name(colour: QColor) -> str:
    """``#AARRGGBB``, opacity first, as the settings keep it."""
    return colour.name(QColor.NameFormat.HexArgb)


class GridControls(QObject):
    """View ▸ Show the grid (G) and View ▸ Grid colour…, applied to the workspace's map."""

    def __init__(self, workspace: GmWorkspace) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.scene = workspace.scene
        window = workspace.host
        setting = grid_setting()
        self.colour = QColor(setting["colour"])
        if not self.colour.isValid():
            self.colour = QColor(0, 0, 0, 60)
        self.show_action = QAction("Show the &grid", window, checkable=True, checked=setting["visible"])
        self.show_action.setShortcut(QKeySequence(GRID_SHORTCUT))
        tip = "Draw the grid on your map (the projector has its own switch in the Player view panel)"
        self.show_action.setStatusTip(tip)
        self.show_action.setToolTip(f"{tip} ({GRID_SHORTCUT})")
        self.show_action.toggled.connect(lambda _on: self.apply(remember=True))
        self.colour_action = QAction("Grid &colour and opacity…", window)
        self.colour_action.setStatusTip("Pick the grid's colour and how strongly it shows on your map")
        self.colour_action.setToolTip(self.colour_action.statusTip())
        self.colour_action.triggered.connect(self.choose_colour)
        workspace.actions.add_action(ActionId.SHOW_GRID, self.show_action)
        workspace.actions.add_action(ActionId.GRID_COLOUR, self.colour_action)
        view_menu = workspace.actions.find_menu(MenuId.VIEW)
        if view_menu is not None:
            view_menu.addSeparator()
            view_menu.addActions([self.show_action, self.colour_action])
        self.apply(remember=False)

    def set_colour(self, colour: QColor) -> None:
        if colour.isValid():
            self.colour = QColor(colour)
            self.apply(remember=True)

    def choose_colour(self) -> None:
        dialog = QColorDialog(self.colour, self.workspace.host)
        dialog.setOption(QColorDialog.ColorDialogOption.ShowAlphaChannel, True)
        dialog.setWindowTitle("Grid colour and opacity")
        dialog.colorSelected.connect(self.set_colour)
        dialog.open()

    def apply(self, remember: bool) -> None:
        self.scene.terrain.set_grid(self.colour if self.show_action.isChecked() else None)
        if remember:
            remember_grid(self.show_action.isChecked(), colour_name(self.colour))


def attach_grid_controls(workspace: GmWorkspace) -> GridControls:
    """Give the GM ``workspace`` its grid controls (once: a second call gives the same ones)."""
    existing = workspace.findChild(GridControls)
    return existing if isinstance(existing, GridControls) else GridControls(workspace)
