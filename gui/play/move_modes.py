"""The move mode of the next drag: one of the ruleset's :class:`~vantage.engine.rules.base.MoveMode`
(Baton's dash and disengage, Shattered World's step), or the ordinary move.

The ruleset declares its modes (``Tactics.move_modes``); the picker is a small selector for the
toolbar that is shown only when there are any. The drop of a drag sends
``Move(options={"mode": id})`` in the chosen mode; after a move is sent the picker goes back to
the ordinary move, since a mode is one action's choice (a dash spends the major action).
M (the window's "Next move mode") cycles through the modes.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from vantage.engine.rules.base import MoveMode

#: The entry that sends no mode: the ruleset's ordinary move.
ORDINARY = MoveMode("", "Normal move", "the ruleset's ordinary move (no move mode)")


class MoveModePicker(QObject):
    """The selector (``widget``: a label and a combo box) and the chosen mode (``mode``: its id, or
    None for the ordinary move). ``changed`` carries the new :class:`MoveMode`."""

    changed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.modes: tuple[MoveMode, ...] = ()
        self.widget = QWidget()
        self.combo = QComboBox()
        self.combo.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay with the map
        label = QLabel("Move:")
        label.setBuddy(self.combo)
        layout = QHBoxLayout(self.widget)
        layout.setContentsMargins(6, 0, 6, 0)
        layout.addWidget(label)
        layout.addWidget(self.combo)
        self.slot: QAction | None = None  # the toolbar's action for the widget: hidden without modes
        self.combo.currentIndexChanged.connect(self._picked)
        self.set_modes(())

    def attach(self, slot: QAction) -> None:
        """Show the widget through ``slot`` (what ``QToolBar.addWidget`` returned) while there are modes."""
        self.slot = slot
        slot.setVisible(bool(self.modes))

    def set_modes(self, modes: Sequence[MoveMode]) -> None:
        """The ruleset's modes (none: the selector is hidden and every drag is an ordinary move); a
        mode with the id "" is the ruleset's own words for the ordinary move."""
        modes = tuple(modes)
        if modes == self.modes and self.combo.count():
            return
        self.modes = modes
        self.combo.blockSignals(True)
        self.combo.clear()
        for index, mode in enumerate(self._entries()):
            self.combo.addItem(mode.label, mode.id)
            self.combo.setItemData(index, mode.help or mode.label, Qt.ItemDataRole.ToolTipRole)
        self.combo.setCurrentIndex(0)
        self.combo.blockSignals(False)
        self._show_tip()
        if self.slot is not None:
            self.slot.setVisible(bool(modes))

    @property
    def current(self) -> MoveMode:
        index = self.combo.currentIndex()
        entries = self._entries()
        return entries[index] if index >= 0 else entries[0]

    @property
    def mode(self) -> str | None:
        """The chosen mode's id for ``Move.options["mode"]``, or None for the ordinary move."""
        return self.current.id or None

    def choose(self, mode_id: str | None) -> None:
        """Pick the mode ``mode_id`` (None or unknown: the ordinary move)."""
        index = self.combo.findData(mode_id or "")
        self.combo.setCurrentIndex(max(0, index))

    def cycle(self) -> MoveMode:
        """The next mode (after the last: the ordinary move again); returns it."""
        if self.modes:
            self.combo.setCurrentIndex((self.combo.currentIndex() + 1) % self.combo.count())
        return self.current

    def reset(self) -> None:
        """Back to the ordinary move (after a move was sent)."""
        self.combo.setCurrentIndex(0)

    def describe(self) -> str:
        """``"Move mode: Dash — double speed; uses the major action"``."""
        mode = self.current
        return f"Move mode: {mode.label}" + (f" — {mode.help}" if mode.help else "")

    def _entries(self) -> tuple[MoveMode, ...]:
        """The ordinary move (the ruleset's words for it, if it gives them) and the other modes."""
        ordinary = next((m for m in self.modes if not m.id), ORDINARY)
        return (ordinary, *(m for m in self.modes if m.id))

    def _picked(self, _index: int) -> None:
        self._show_tip()
        self.changed.emit(self.current)

    def _show_tip(self) -> None:
        tip = f"{self.describe()}. The next drag moves in this mode (M: next mode)"
        self.combo.setToolTip(tip)
        self.widget.setToolTip(tip)
