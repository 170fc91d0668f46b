"""What the GM window's actions and gestures do to the map: the handlers of its menus and keys.

Turn, hide, remove or deselect the selected token; switch between play and edit mode; open a door
with a double-click; drop a palette picture as a new token; resize the map; pick the next move
mode; choose whose dice are rolled at the table; bring the token whose turn starts into view. Each
acts on the GM workspace (its selection, tools and document) and sends every change to the engine
through :func:`~vantage.gui.document.run_command`; a refusal's reason goes to the status bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog

from vantage.engine.editing import nearest_door
from vantage.engine.model import WallKind
from vantage.engine.protocol.errors import CommandRejected
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import run_command
from vantage.gui.edit.tool import EditTool
from vantage.gui.gm.actions import menu_shortcuts
from vantage.gui.gm.file_actions import FileActions
from vantage.gui.gm.help_overlay import GESTURES, HelpOverlay, Shortcut
from vantage.gui.play.attack_menu import AttackMenu
from vantage.gui.play.table_dice import TableDiceDialog
from vantage.gui.play.tactics_overlay import Layer
from vantage.gui.play.tool import PlayTool
from vantage.gui.play.turn_tracker import TurnTracker
from vantage.gui.play.visibility import toggle_hidden
from vantage.gui.workspace import DockId, GmWorkspace

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command, SetTableDice

#: How much room the active token gets from the edge of the map view when it is brought into view.
ACTIVE_MARGIN_PX = 120


class MapCommands(QObject):
    """The handlers of one GM window's actions (``WindowHandlers`` in :mod:`vantage.gui.gm.actions`)."""

    def __init__(self, workspace: GmWorkspace, play_tool: PlayTool, edit_tool: EditTool, files: FileActions,
                 tracker: TurnTracker, attack_menu: AttackMenu, help_overlay: HelpOverlay) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.play_tool = play_tool
        self.edit_tool = edit_tool
        self.files = files
        self.tracker = tracker
        self.attack_menu = attack_menu
        self.help_overlay = help_overlay

    @property
    def view(self) -> MapView:
        return self.workspace.view

    def _say(self, text: str) -> None:
        self.workspace.say(text)

    def _send(self, name: str, command: Command) -> bool:
        try:
            run_command(self.workspace.document, name, command)
        except CommandRejected as refused:
            self._say(refused.reason)
            return False
        return True

    # -- the window ------------------------------------------------------------------------
    def close(self) -> bool:
        return self.workspace.host.close()

    def toggle_help(self) -> None:
        if self.help_overlay.isVisible():
            self.help_overlay.hide()
        else:
            self.help_overlay.show_shortcuts([*self.shortcuts(), *GESTURES])

    def shortcuts(self) -> list[Shortcut]:
        """Every action in the menus that has a shortcut, as (keys, what), in menu order."""
        return menu_shortcuts(self.workspace.host)

    # -- modes -----------------------------------------------------------------------------
    def set_edit_mode(self, on: bool) -> None:
        """Edit mode: the mouse edits the map; play mode: it moves and turns tokens. Either way,
        every borrowed tool (ruler, templates, fog brush) is put away."""
        self.workspace.tools.set_mode_tool(self.edit_tool if on else self.play_tool)
        editor = self.workspace.find_dock(DockId.EDITOR)
        if editor is not None:
            editor.setVisible(on)
        if on:
            self.workspace.selection.select_token(None)
        self._say("Edit mode: paint, draw walls, place objects and tokens" if on else "Play mode")

    def set_layer(self, layer: Layer, on: bool) -> None:
        self.workspace.overlays.set_shown(layer, on)

    def cycle_move_mode(self) -> None:
        """M: the next of the ruleset's move modes for the next drag."""
        modes = self.play_tool.modes
        if not modes.modes:
            self._say("The ruleset has no move modes: every drag is an ordinary move")
            return
        modes.cycle()

    # -- the selected token ----------------------------------------------------------------
    def deselect(self) -> None:
        """Clear the selection (and with it the selected token's overlays)."""
        self.workspace.selection.select_token(None)

    def turn_selected(self, steps: int) -> None:
        token_id = self.workspace.selection.token
        if token_id is None:
            self._say("Select a token to turn it")
            return
        self.play_tool.turn(token_id, steps)

    def remove_selected(self) -> None:
        from vantage.engine.protocol.gm_commands import RemoveToken
        token_id = self.workspace.selection.token
        if token_id is None:
            self._say("Select a token to remove it")
            return
        name = self.workspace.document.encounter.token(token_id).name
        self.workspace.selection.select_token(None)
        self._send(f"Remove {name}", RemoveToken(token=token_id))

    def hide_selected(self) -> None:
        """H: hide the selected token from the players, or reveal it."""
        token_id = self.workspace.selection.token
        if token_id is None:
            self._say("Select a token to hide it from the players or reveal it")
            return
        self._say(toggle_hidden(self.workspace.document, token_id))

    def context_menu(self, target_id: str, at: QPoint) -> None:
        """The right-clicked token's menu, with the selected token as the attacker."""
        self.attack_menu.popup(self.workspace.selection.token, target_id, self.workspace.host, at)

    def highlight_active(self, token_id: str | None) -> None:
        """The token whose turn starts is marked, selected (its overlays and actions are the ones
        shown) and brought into view — in play mode, with no tool borrowed."""
        scene, view = self.workspace.scene, self.workspace.view
        for tid, item in scene.token_items.items():
            item.set_active(tid == token_id)
        active = scene.token_items.get(token_id) if token_id is not None else None
        if active is not None and self.workspace.tools.is_current(self.play_tool):
            self.workspace.selection.select_token(token_id)
            view.ensureVisible(active, ACTIVE_MARGIN_PX, ACTIVE_MARGIN_PX)

    # -- the map ---------------------------------------------------------------------------
    def token_dropped(self, tile: tuple[int, int], image: str) -> None:
        self.edit_tool.place_new_token(tile, image or None)

    def resize_dialog(self) -> None:
        size = self.files.ask_size()
        if size is not None:
            self.resize_map(*size)

    def resize_map(self, width: int, height: int) -> None:
        from vantage.engine.protocol.gm_commands import ResizeMap
        if self._send(f"Resize map to {width}×{height}", ResizeMap(width=width, height=height)):
            self.workspace.view.fit_map()

    def double_clicked(self, point: tuple[float, float]) -> None:
        """Double-click beside a door opens or closes it (in play and in edit mode); Shift+double-
        click locks it (closing it) or unlocks it. A locked door is refused by the engine until
        unlocked."""
        from vantage.engine.protocol.gm_commands import SetDoor
        m = self.workspace.document.encounter.map
        index = nearest_door(m, point)
        if index is None:
            return
        door = m.walls[index]
        if QApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier:
            lock = door.kind is not WallKind.DOOR_LOCKED
            locking = SetDoor(a=door.a, b=door.b, open=False, locked=lock)
            self._send("Lock door" if lock else "Unlock door", locking)
            return
        opening = door.kind.blocks_movement
        self._send("Open door" if opening else "Close door", SetDoor(a=door.a, b=door.b, open=opening))

    # -- dice at the table -----------------------------------------------------------------
    def table_dice_dialog(self) -> None:
        """Combat ▸ Dice at the table…: choose whose dice are physical, then send it."""
        dialog = TableDiceDialog(self.workspace.document.encounter, self.workspace.selection.token,
                                 self.workspace.host)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.set_table_dice(dialog.command())

    def set_table_dice(self, command: SetTableDice) -> None:
        try:
            events = run_command(self.workspace.document, "Dice at the table", command)
        except CommandRejected as refused:
            self._say(refused.reason)
            return
        self._say(events[-1].sentence if events else "Dice at the table: unchanged")
