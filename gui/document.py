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

After a change the document emits ``changed`` (and ``log_changed`` when the log moved); a panel
that one change may reach twice — the token panel and the tactics overlay draw the selected token,
which another listener changes on a turn change — asks :meth:`EncounterDocument.after_change` for
its refresh, which then runs once, after every listener.

The combat log is kept with its encounter (docs/file-format.md, ``log``): :meth:`EncounterDocument.reset`
takes the encounter's saved log as the start of the document's log (its summary of folded entries
first), and :meth:`EncounterDocument.encounter_to_save` puts the log as it is now back into the
encounter for Save and the autosave. In between the document's :class:`Chain` is the one log: an
undone command's entries leave it, a redone one's come back, and what is saved is what is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, overload

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from vantage.engine.dice import DiceSource, SeededDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.combat_log import CombatLog, EarlierEntries, LogEntry, log_entries

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command
    from vantage.engine.protocol.events import Event

__all__ = ["Chain", "DocumentState", "EncounterDocument", "LogEntry", "SentCommand", "SnapshotCommand",
           "log_entries", "run_command"]


@dataclass(frozen=True, slots=True)
class SentCommand:
    """One command the GUI sent and the events the engine answered with (its rolls among them)."""

    command: Command
    events: tuple[Event, ...] = ()


T = TypeVar("T")


class Chain(Sequence[T]):
    """An immutable sequence that grows at the end in constant time and memory, sharing everything
    before: each undo step keeps only the entries it added, not a copy of the whole log (a
    4,447-command session held 17 million log references as plain tuples). A chain is its
    ``parent`` plus ``items``; undoing and doing something else branches off the parent."""

    __slots__ = ("_length", "items", "parent")

    def __init__(self, parent: Chain[T] | None = None, items: tuple[T, ...] = ()) -> None:
        self.parent = parent
        self.items = items
        self._length: int = (parent._length if parent is not None else 0) + len(items)

    @classmethod
    def of(cls, items: Iterable[T]) -> Chain[T]:
        return items if isinstance(items, Chain) else cls(None, tuple(items))

    def append(self, items: Iterable[T]) -> Chain[T]:
        """This chain followed by ``items`` (this chain itself when there are none)."""
        added = tuple(items)
        return Chain(self, added) if added else self

    def to_tuple(self) -> tuple[T, ...]:
        parts: list[tuple[T, ...]] = []
        node: Chain[T] | None = self
        while node is not None:
            parts.append(node.items)
            node = node.parent
        return tuple(item for part in reversed(parts) for item in part)

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[T]:
        return iter(self.to_tuple())

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, int):
            position = index + self._length if index < 0 else index
            if not 0 <= position < self._length:
                raise IndexError("chain index out of range")
            start = self._length - len(self.items)
            if position >= start:
                return self.items[position - start]  # the newest entries: no walk
        return self.to_tuple()[index]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Chain | tuple | list):
            return len(self) == len(other) and self.to_tuple() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.to_tuple())

    def __repr__(self) -> str:
        return f"Chain({self.to_tuple()!r})"


@dataclass(frozen=True, slots=True)
class DocumentState:
    """An encounter, its log, and the commands that led to it from the document's origin. The log
    and the commands are :class:`Chain` s that share their beginning with the state before.
    ``turn_step`` is the place in the undo history of the last turn change that led here (None:
    none did), so "Previous turn" finds it without reading the history."""

    encounter: Encounter
    log: Chain[LogEntry] = field(default_factory=Chain)
    sent: Chain[SentCommand] = field(default_factory=Chain)
    turn_step: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "log", Chain.of(self.log))
        object.__setattr__(self, "sent", Chain.of(self.sent))


class SnapshotCommand(QUndoCommand):
    """Undo/redo between two document states; ``text()`` is the command's name in the menu."""

    #: one per step of a long evening: no ``__dict__`` each (issue 32, memory per command)
    __slots__ = ("_document", "after", "before", "merge_key")

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
        self._earlier: EarlierEntries | None = encounter.log.earlier
        self._origin = _without_log(encounter)
        self._state = DocumentState(self._origin, Chain.of(encounter.log.shown()))
        self._flat: dict[str, tuple[Chain[object], tuple[object, ...]]] = {}
        self.path = path
        self.undo_stack = QUndoStack(self)
        #: how deep the document is in telling its listeners of a change, and the refreshes they
        #: asked to run once it is told (:meth:`after_change`; a dict keeps their order)
        self._announcing = 0
        self._pending: dict[Callable[[], None], None] = {}
        #: the dice every command rolls with; tests put scripted dice here
        self.dice: DiceSource = SeededDice()

    @property
    def encounter(self) -> Encounter:
        return self._state.encounter

    @property
    def log(self) -> tuple[LogEntry, ...]:
        return self._flatten("log", self._state.log)

    def _flatten(self, name: str, chain: Chain[Any]) -> tuple[Any, ...]:
        """``chain`` as a tuple, remembered for the current state; one step on from the remembered
        one only appends (so reading the log after each command costs what the command added,
        plus one copy of pointers)."""
        known = self._flat.get(name)
        if known is not None and known[0] is chain:
            return known[1]
        one_step_on = known is not None and chain.parent is known[0]
        if known is not None and one_step_on:
            flat = known[1] + chain.items
        elif known is not None and _is_recent_ancestor(chain, known[0]):
            flat = known[1][: len(chain)]  # an undo: the remembered log without its last steps
        else:
            flat = chain.to_tuple()
        self._flat[name] = (chain, flat)
        return flat

    @property
    def combat_log(self) -> CombatLog:
        """The log as a file keeps it: the entries since the summary line, and the summary."""
        entries = self.log
        if self._earlier is not None:
            entries = entries[1:]  # the summary's own line, shown first since the file was opened
        return CombatLog(entries, self._earlier)

    def encounter_to_save(self) -> Encounter:
        """The encounter with the log as it is now: what Save, Save as and the autosave write."""
        return replace(self.encounter, log=self.combat_log)

    @property
    def state(self) -> DocumentState:
        return self._state

    @property
    def origin(self) -> Encounter:
        """The encounter as it was loaded, before any command (its log is the document's)."""
        return self._origin

    @property
    def commands(self) -> tuple[Command, ...]:
        """The commands that made the current encounter from :attr:`origin`, in order: those of
        undone steps drop out, redone ones come back."""
        return tuple(sent.command for sent in self.sent)

    @property
    def sent(self) -> tuple[SentCommand, ...]:
        """:attr:`commands` with the events each was answered with."""
        return self._flatten("sent", self._state.sent)

    def commit(self, name: str, sent: SentCommand, encounter: Encounter, entries: tuple[LogEntry, ...] = (),
               merge_key: str | None = None, turn_change: bool = False) -> None:
        """Make ``encounter`` — the engine's answer to ``sent`` — current (undoable as ``name``) and
        append ``entries`` to the log. A ``turn_change`` step is recorded as the state's
        :attr:`DocumentState.turn_step` (its place in the history: the one the push takes, or the
        open macro's)."""
        turn_step = self.undo_stack.index() if turn_change else self._state.turn_step
        after = DocumentState(encounter, self._state.log.append(entries), self._state.sent.append((sent,)),
                              turn_step)
        self.undo_stack.push(SnapshotCommand(self, name, self._state, after, merge_key))

    @property
    def last_turn_change(self) -> int | None:
        """The place in the undo history of the last turn change that led to the current state
        (``undo_stack.setIndex`` of it steps back to before it); None when there is none."""
        return self._state.turn_step

    def reset(self, encounter: Encounter, path: Path | None) -> None:
        """Load a different encounter (a file opened, a map imported, an autosave recovered): a
        fresh history and command list, and the log the encounter was saved with."""
        self.undo_stack.clear()
        self.path = path
        self._earlier = encounter.log.earlier
        self._origin = _without_log(encounter)
        self._state = DocumentState(self._origin, Chain.of(encounter.log.shown()))
        self.undo_stack.setClean()
        self._announce(log_moved=True)
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
        log_moved = state.log is not self._state.log
        self._state = state
        self._announce(log_moved)

    def _announce(self, log_moved: bool) -> None:
        """Tell the listeners (``changed``, then ``log_changed`` when the log moved), then run the
        refreshes they left for after the change (:meth:`after_change`), each once."""
        self._announcing += 1
        try:
            self.changed.emit()
            if log_moved:
                self.log_changed.emit()
        finally:
            self._announcing -= 1
        if not self._announcing:
            self._run_after_change()

    def after_change(self, refresh: Callable[[], None]) -> None:
        """Run ``refresh`` now — or, while a change is being told to the listeners, once after all
        of them. A panel that draws the selected token is told of a turn change twice (the change,
        then the selection of the token whose turn starts, made by another listener): it draws
        once, for the new token, after every listener — the map's token items too — has seen the
        change. The same ``refresh`` (an equal bound method or the same function) asked for twice
        runs once."""
        if self._announcing:
            self._pending[refresh] = None
        else:
            refresh()

    def _run_after_change(self) -> None:
        while self._pending:
            refresh = next(iter(self._pending))
            del self._pending[refresh]
            refresh()


def run_command(document: EncounterDocument, name: str, command: Command,
                merge_key: str | None = None, turn_change: bool = False) -> list[Event]:
    """Apply ``command`` through the engine and commit the result as the undo step ``name``
    (merged with the steps of the same ``merge_key``; a ``turn_change`` is remembered for "Previous
    turn"); raises ``CommandRejected`` on refusal."""
    from vantage.engine.session import apply  # the rules and their geometry load with the first command

    before = document.encounter
    encounter, events = apply(before, command, document.dice)
    if encounter is before and not events:
        return []
    document.commit(name, SentCommand(command, tuple(events)), encounter, log_entries(events), merge_key,
                    turn_change)
    return events


def _is_recent_ancestor(chain: Chain[Any], of: Chain[Any], steps: int = 16) -> bool:
    """Whether ``of`` grew from ``chain`` in at most ``steps`` steps."""
    node: Chain[Any] | None = of
    for _ in range(steps):
        if node is None or len(node) < len(chain):
            return False
        node = node.parent
        if node is chain:
            return True
    return False


def _without_log(encounter: Encounter) -> Encounter:
    """``encounter`` without its saved log, which the document holds from now on."""
    return replace(encounter, log=CombatLog()) if encounter.log else encounter
