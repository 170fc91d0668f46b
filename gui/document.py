"""The open encounter as the GUI holds it: an engine value, its combat log and its undo history.

Every change — a move, a facing change, an attack, a terrain stroke — goes through
:meth:`EncounterDocument.commit`, which pushes a :class:`SnapshotCommand` onto a ``QUndoStack``.
A snapshot is the whole (immutable) encounter plus the log, so undo restores exactly what was
there and never re-rolls a die.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from vantage.engine.dice import DiceSource, SeededDice
from vantage.engine.model import Encounter


@dataclass(frozen=True)
class LogEntry:
    """One line of the combat log: a plain sentence and the rolls/breakdowns behind it."""

    sentence: str
    details: tuple[str, ...] = ()
    kind: str = "event"


@dataclass(frozen=True)
class DocumentState:
    encounter: Encounter
    log: tuple[LogEntry, ...] = field(default=())


class SnapshotCommand(QUndoCommand):
    """Undo/redo between two document states; ``text()`` is the command's name in the menu."""

    def __init__(self, document: EncounterDocument, name: str, before: DocumentState, after: DocumentState,
                 merge_key: str | None = None) -> None:
        super().__init__(name)
        self._document = document
        self.before = before
        self.after = after
        self.merge_key = merge_key

    def redo(self) -> None:
        self._document._set_state(self.after)

    def undo(self) -> None:
        self._document._set_state(self.before)

    def id(self) -> int:
        return 1 if self.merge_key else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Strokes of one brush drag (same ``merge_key``) undo as one."""
        if not isinstance(other, SnapshotCommand) or other.merge_key != self.merge_key:
            return False
        self.after = other.after
        return True


class EncounterDocument(QObject):
    """Holds the current :class:`DocumentState`; emits ``changed`` after every change."""

    changed = Signal()
    log_changed = Signal()
    path_changed = Signal()

    def __init__(self, encounter: Encounter, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = DocumentState(encounter)
        self.path = path
        self.undo_stack = QUndoStack(self)
        #: the dice every command rolls with; tests put scripted dice here
        self.dice: DiceSource = SeededDice()

    @property
    def encounter(self) -> Encounter:
        return self._state.encounter

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return self._state.log

    @property
    def state(self) -> DocumentState:
        return self._state

    def commit(self, name: str, encounter: Encounter, entries: tuple[LogEntry, ...] = (),
               merge_key: str | None = None) -> None:
        """Make ``encounter`` current (undoable as ``name``) and append ``entries`` to the log."""
        after = DocumentState(encounter, self._state.log + entries)
        self.undo_stack.push(SnapshotCommand(self, name, self._state, after, merge_key))

    def reset(self, encounter: Encounter, path: Path | None) -> None:
        """A different encounter (a file opened): a fresh log and history."""
        self.undo_stack.clear()
        self.path = path
        self._state = DocumentState(encounter)
        self.undo_stack.setClean()
        self.changed.emit()
        self.log_changed.emit()
        self.path_changed.emit()

    def set_path(self, path: Path) -> None:
        self.path = path
        self.undo_stack.setClean()
        self.path_changed.emit()

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def _set_state(self, state: DocumentState) -> None:
        log_moved = state.log != self._state.log
        self._state = state
        self.changed.emit()
        if log_moved:
            self.log_changed.emit()
