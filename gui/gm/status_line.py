"""The GM window's status bar: messages, the tile under the cursor, the mouse's mode and tool,
and a red mark while autosave fails.

Everything here follows the workspace: its messages (``GmWorkspace.say``), its hover, its tool
manager (the tool's own words: "move and target tokens", "fog brush", "ruler · …"), so the words
cannot disagree with what the mouse does.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QStatusBar

from vantage.engine.model import Tile
from vantage.gui.workspace import ActionId, GmWorkspace

#: The red mark's style: white on red, as a warning.
ALARM_STYLE = ("QLabel { color: white; background: #b3261e; padding: 1px 6px; border-radius: 3px; "
               "font-weight: bold; }")


class StatusLine(QObject):
    """The permanent labels of one GM window's status bar, and its messages."""

    def __init__(self, workspace: GmWorkspace, bar: QStatusBar) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.bar = bar
        self.hover_label = QLabel("")
        self.mode_label = QLabel("")
        self.mode_label.setToolTip("The mouse's mode and tool (Ctrl+E switches between play and edit)")
        self.autosave_label = QLabel("Autosave off")
        self.autosave_label.setStyleSheet(ALARM_STYLE)
        self.autosave_label.hide()
        workspace.message.connect(bar.showMessage)
        workspace.hover.changed.connect(self._show_hover)
        workspace.tools.changed.connect(lambda _tool: self.update_mode_label())

    def add_labels(self) -> None:
        """Put the labels in the bar (after any added before them: the waiting-for-the-table mark)."""
        for label in (self.hover_label, self.mode_label, self.autosave_label):
            self.bar.addPermanentWidget(label)

    def update_mode_label(self) -> None:
        edit = self.workspace.actions.find_action(ActionId.EDIT_MODE)
        mode = "Edit" if edit is not None and edit.isChecked() else "Play"
        self.mode_label.setText(f"{mode} mode · {self.workspace.tools.status_words()}")

    def autosave_failed(self, text: str) -> None:
        """An autosave could not be written: a red mark stays in the status bar until one works."""
        self.autosave_label.setToolTip(text)
        self.autosave_label.show()
        self.workspace.say(text)

    def _show_hover(self, tile: Tile | None, _token: str | None) -> None:
        if tile is None:
            self.hover_label.setText("")
            return
        m = self.workspace.document.encounter.map
        kind = m.terrain_at(tile)
        text = f"({tile[0]}, {tile[1]})  {kind.name} [{kind.movement.value}]"
        elevation = m.elevation_at(tile)
        if elevation:
            text += f"  elevation {elevation:g} ft"
        self.hover_label.setText(text)
        self.workspace.scene.terrain.setToolTip(text)  # the ground's tooltip names the tile under the cursor
