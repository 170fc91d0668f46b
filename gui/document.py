"""The open encounter as the GUI holds it: an engine value, its combat log, the commands that made
it, and its undo history.

Every change — a move, a facing change, an attack, a terrain stroke, a door, a fog reveal — is an
engine command sent by :func:`run_command` through ``vantage.engine.session.apply`` with the
document's dice; its result goes through :meth:`EncounterDocument.commit`, which pushes a
:class:`SnapshotCommand` onto a ``QUndoStack``. A refusal raises the engine's ``CommandRejected``
with its reason and changes nothing; a command that changes nothing (no event) is no undo step. A
snapshot is the whole (immutable) encounter plus the log and the commands sent since the document
was loaded, so undo restores exactly what was there and never re-rolls a die, and
:attr:`EncounterDocument.commands` replayed on :attr:`EncounterDocument.origin` gives the current
encounter again. Opening a file, importing a map or recovering an autosave is not an edit:
:meth:`EncounterDocument.reset` loads a new document.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from vantage.engine.dice import DiceSource, SeededDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.events import Event
from vantage.engine.session import apply


@dataclass(frozen=True)
class LogEntry:
    """One line of the combat log: a plain sentence and the rolls/breakdowns behind it."""

    sentence: str
    details: tuple[str, ...] = ()
    kind: str = "event"


@dataclass(frozen=True)
class SentCommand:
    """One command the GUI sent and the events the engine answered with (its rolls among them)."""

    command: Command
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class DocumentState:
    """An encounter, its log, and the commands that led to it from the document's origin."""

    encounter: Encounter
    log: tuple[LogEntry, ...] = field(default=())
    sent: tuple[SentCommand, ...] = field(default=())


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
        """Strokes of one brush drag (same ``merge_key``) undo as one; the merged step keeps the
        commands of every stroke (they are in ``other.after``)."""
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
        self._origin = encounter
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

    @property
    def origin(self) -> Encounter:
        """The encounter as it was loaded, before any command."""
        return self._origin

    @property
    def commands(self) -> tuple[Command, ...]:
        """The commands that made the current encounter from :attr:`origin`, in order: those of
        undone steps drop out, redone ones come back."""
        return tuple(sent.command for sent in self._state.sent)

    @property
    def sent(self) -> tuple[SentCommand, ...]:
        """:attr:`commands` with the events each was answered with."""
        return self._state.sent

    def commit(self, name: str, sent: SentCommand, encounter: Encounter, entries: tuple[LogEntry, ...] = (),
               merge_key: str | None = None) -> None:
        """Make ``encounter`` — the engine's answer to ``sent`` — current (undoable as ``name``) and
        append ``entries`` to the log."""
        after = DocumentState(encounter, self._state.log + entries, self._state.sent + (sent,))
        self.undo_stack.push(SnapshotCommand(self, name, self._state, after, merge_key))

    def reset(self, encounter: Encounter, path: Path | None) -> None:
        """Load a different encounter (a file opened, a map imported, an autosave recovered): a
        fresh log, history and command list."""
        self.undo_stack.clear()
        self.path = path
        self._state = DocumentState(encounter)
        self._origin = encounter
        self.undo_stack.setClean()
        self.changed.emit()
        self.log_changed.emit()
        self.path_changed.emit()

    def mark_unsaved(self) -> None:
        """A loaded encounter that is not on disk yet (an imported map, a recovered autosave): it
        counts as modified, with nothing to undo, until the GM saves it."""
        self.undo_stack.resetClean()

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


def log_entries(events: Sequence[Event]) -> tuple[LogEntry, ...]:
    """One entry per event; a roll becomes a detail line of the entry that follows it."""
    entries: list[LogEntry] = []
    rolls: list[str] = []
    for event in events:
        if event.kind == "roll":
            rolls.append(event.sentence)
            continue
        details = list(rolls)
        rolls = []
        explanation = getattr(event, "explanation", "")
        if explanation:
            details += [part.strip() for part in str(explanation).split(";") if part.strip()]
        entries.append(LogEntry(event.sentence, tuple(details), event.kind))
    if rolls:
        entries.append(LogEntry("Dice rolled.", tuple(rolls), "roll"))
    return tuple(entries)


def run_command(document: EncounterDocument, name: str, command: Command,
                merge_key: str | None = None) -> list[Event]:
    """Apply ``command`` through the engine and commit the result as the undo step ``name``
    (merged with the steps of the same ``merge_key``); raises ``CommandRejected`` on refusal."""
    before = document.encounter
    encounter, events = apply(before, command, document.dice)
    if encounter is before and not events:
        return []
    document.commit(name, SentCommand(command, tuple(events)), encounter, log_entries(events), merge_key)
    return events
