"""The open encounter as the GUI holds it: an engine value, its combat log, the commands that made
it, and its undo history.

Every change — a move, a facing change, an attack, a terrain stroke, a door, a fog reveal — is an
engine command sent by :func:`run_command` through ``vantage.engine.session.apply`` with the
document's dice; its result goes through :meth:`EncounterDocument.commit`, which records a
:class:`DocumentState` as a step of the undo history (:class:`~vantage.gui.undo_history.UndoHistory`,
answering as a ``QUndoStack``). A refusal raises the engine's ``CommandRejected`` with its reason
and changes nothing; a command that changes nothing (no event) is no undo step. A state is the
whole (immutable) encounter plus what its step added to the log and the command it sent, linked to
the state before, so undo restores exactly what was there and never re-rolls a die, and
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
encounter for Save and the autosave. In between the document's states are the one log: an
undone command's entries leave it, a redone one's come back, and what is saved is what is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from vantage.engine.dice import DiceSource, SeededDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.combat_log import CombatLog, EarlierEntries, LogEntry, log_entries
from vantage.gui.encounter_delta import Delta, applied, delta
from vantage.gui.step_record import pack, share_unchanged, unpack
from vantage.gui.undo_history import UndoHistory

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command
    from vantage.engine.protocol.events import Event

__all__ = ["DocumentState", "EncounterDocument", "LogEntry", "SentCommand", "common_start", "log_entries",
           "run_command"]


#: the undo history holds the whole encounter of the last this many steps, and of every
#: ``KEPT_EVERY`` th step before them (the others keep what their command changed)
RECENT_STEPS = 32
KEPT_EVERY = 64


@dataclass(frozen=True, slots=True)
class SentCommand:
    """One command the GUI sent and the events the engine answered with (its rolls among them)."""

    command: Command
    events: tuple[Event, ...] = ()


class DocumentState:
    """An encounter, and how the document got there: one per undo step, and all a step keeps (issue
    32: "memory ≤ 2 kB per command"). ``parent`` is the state the step started from; :attr:`entries`
    are the log entries the step added and :attr:`sent` the commands it sent (a
    :class:`SentCommand`, or a tuple of them for merged steps), kept as one compact record
    (:mod:`vantage.gui.step_record`) and unpacked when read. The log and the commands of the
    document are those of every state from the first to this one (:meth:`log_since`,
    :meth:`sent_since`), so a step holds only what it added, never a copy of the whole log.
    ``log_length`` is the log's length here. ``turn_step`` is the place in the undo history of the
    last turn change that led here (None: none did), so "Previous turn" finds it without reading
    the history. The first state of a document (no parent) keeps its entries as they are."""

    __slots__ = ("_delta", "_encounter", "_record", "log_length", "parent", "turn_step")

    def __init__(self, encounter: Encounter, entries: tuple[LogEntry, ...] = (),
                 sent: SentCommand | tuple[SentCommand, ...] = (), parent: DocumentState | None = None,
                 turn_step: int | None = None) -> None:
        self._encounter: Encounter | None = encounter
        #: what the step changed in its parent's encounter (None: the first state)
        self._delta = delta(parent.encounter, encounter) if parent is not None else None
        self._record = (entries, sent) if parent is None else pack((entries, sent))
        self.parent = parent
        self.turn_step = turn_step
        self.log_length: int = (parent.log_length if parent is not None else 0) + len(entries)

    @property
    def encounter(self) -> Encounter:
        """The encounter: kept (:meth:`keep_encounter`), or made again from the nearest state
        before that keeps its own with what the steps between changed."""
        if self._encounter is not None:
            return self._encounter
        changes: list[Delta] = []
        node: DocumentState | None = self
        while node is not None and node._encounter is None:
            assert node._delta is not None  # the first state always keeps its encounter
            changes.append(node._delta)
            node = node.parent
        assert node is not None and node._encounter is not None
        encounter = node._encounter
        for change in reversed(changes):
            encounter = applied(encounter, change)
        return encounter

    @property
    def keeps_encounter(self) -> bool:
        """Whether the state holds its encounter itself (else it makes it again when read)."""
        return self._encounter is not None

    def keep_encounter(self) -> None:
        """Hold the encounter itself (the current state, the recent ones, a few on the way)."""
        if self._encounter is None:
            self._encounter = self.encounter

    def drop_encounter(self) -> None:
        """Keep only what the step changed (an older step: its encounter is made again when an
        undo comes back to it)."""
        if self._delta is not None:
            self._encounter = None

    @property
    def entries(self) -> tuple[LogEntry, ...]:
        """The log entries this step added."""
        if not self.entry_count:
            return ()
        entries: tuple[LogEntry, ...] = unpack(self._record)[0]
        return entries

    @property
    def entry_count(self) -> int:
        """How many log entries this step added (without unpacking them)."""
        return self.log_length - (self.parent.log_length if self.parent is not None else 0)

    @property
    def sent(self) -> SentCommand | tuple[SentCommand, ...]:
        sent: SentCommand | tuple[SentCommand, ...] = unpack(self._record)[1]
        return sent

    def step_sent(self) -> tuple[SentCommand, ...]:
        """The commands this step sent."""
        sent = self.sent
        return (sent,) if isinstance(sent, SentCommand) else sent

    def path_since(self, start: DocumentState | None) -> list[DocumentState]:
        """The states after ``start`` (one of this state's ancestors; None: from the first) up to
        this one, oldest first."""
        path: list[DocumentState] = []
        node: DocumentState | None = self
        while node is not None and node is not start:
            path.append(node)
            node = node.parent
        path.reverse()
        return path

    def log_since(self, start: DocumentState | None) -> tuple[LogEntry, ...]:
        """The log entries added after ``start`` (None: the whole log), oldest first."""
        return tuple(entry for state in self.path_since(start) for entry in state.entries)

    def sent_since(self, start: DocumentState | None) -> tuple[SentCommand, ...]:
        """The commands sent after ``start`` (None: every one), in order."""
        return tuple(sent for state in self.path_since(start) for sent in state.step_sent())

    def ancestor_within(self, of: DocumentState, steps: int = 16) -> bool:
        """Whether ``of`` grew from this state in at most ``steps`` steps."""
        node: DocumentState | None = of
        for _ in range(steps):
            if node is None:
                return False
            node = node.parent
            if node is self:
                return True
        return False


def common_start(a: DocumentState | None, b: DocumentState | None) -> DocumentState | None:
    """The latest state both ``a`` and ``b`` grew from (None: none), found by the log's length:
    walks only the steps between them (one for an undo or a redo), whatever the log's length."""
    while a is not b:
        if a is None or b is None:
            return None
        if a.log_length > b.log_length:
            a = a.parent
        elif b.log_length > a.log_length:
            b = b.parent
        elif _within_same_length(a, b):
            return b
        elif _within_same_length(b, a):
            return a
        else:
            a, b = a.parent, b.parent
    return a


def _within_same_length(state: DocumentState, ancestor: DocumentState) -> bool:
    """Whether ``ancestor`` is one of the states ``state`` grew from without adding to the log."""
    node = state.parent
    while node is not None and node.log_length == state.log_length:
        if node is ancestor:
            return True
        node = node.parent
    return False


def _merged(top: DocumentState, state: DocumentState) -> DocumentState:
    """One step for ``top`` and the step ``state`` right after it (strokes of one brush drag):
    the encounter after both, the entries and commands of both, from where ``top`` started."""
    return DocumentState(state.encounter, top.entries + state.entries, top.step_sent() + state.step_sent(),
                         top.parent, state.turn_step)


class EncounterDocument(QObject):
    """Holds the current :class:`DocumentState`; emits ``changed`` after every change."""

    changed = Signal()
    log_changed = Signal()
    path_changed = Signal()

    def __init__(self, encounter: Encounter, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._earlier: EarlierEntries | None = encounter.log.earlier
        self._origin = _without_log(encounter)
        self._state = DocumentState(self._origin, encounter.log.shown())
        #: the log and the commands as tuples, remembered for one state (:meth:`_flatten`)
        self._flat: dict[str, tuple[DocumentState, tuple[Any, ...]]] = {}
        self.path = path
        self.undo_stack: UndoHistory[DocumentState] = UndoHistory(self._state, self._set_state, self)
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
        return self._flatten("log", lambda state: state.entries, lambda state: state.entry_count)

    def _flatten(self, name: str, items: Callable[[DocumentState], tuple[Any, ...]],
                 count: Callable[[DocumentState], int]) -> tuple[Any, ...]:
        """The ``items`` of every state up to the current one as one tuple, remembered for the
        current state; one step on from the remembered one only appends, a few steps back only
        cuts (so reading the log after each command costs what the command added, plus one copy
        of pointers)."""
        state = self._state
        known = self._flat.get(name)
        if known is not None and known[0] is state:
            return known[1]
        if known is not None and state.parent is known[0]:
            flat = known[1] + items(state)
        elif known is not None and state.ancestor_within(known[0]):
            undone = 0  # an undo: the remembered tuple without what the steps undone added
            node: DocumentState | None = known[0]
            while node is not state and node is not None:
                undone += count(node)
                node = node.parent
            flat = known[1][: len(known[1]) - undone]
        else:
            flat = tuple(item for step in state.path_since(None) for item in items(step))
        self._flat[name] = (state, flat)
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
        return self._flatten("sent", DocumentState.step_sent, lambda state: len(state.step_sent()))

    def commit(self, name: str, sent: SentCommand, encounter: Encounter, entries: tuple[LogEntry, ...] = (),
               merge_key: str | None = None, turn_change: bool = False) -> None:
        """Make ``encounter`` — the engine's answer to ``sent`` — current (undoable as ``name``) and
        append ``entries`` to the log. A ``turn_change`` step is recorded as the state's
        :attr:`DocumentState.turn_step` (its place in the history: the one the push takes, or the
        open macro's). Steps of one ``merge_key`` in a row undo as one (not across the saved state)."""
        stack = self.undo_stack
        share_unchanged(self._state.encounter.combat, encounter.combat)
        turn_step = stack.index() if turn_change else self._state.turn_step
        after = DocumentState(encounter, tuple(entries), sent, self._state, turn_step)
        stack.push(name, after, _merged, merge_key)
        if not stack.in_macro():
            self._keep_few_encounters()
        merged = stack.top()
        if merged is not None and merged is not after and not stack.in_macro():
            # the step was folded into the one before: that one step is the state from now on
            # (its content is the state the listeners were just told of)
            self._state = merged
            for key, (state, flat) in list(self._flat.items()):
                if state is after:
                    self._flat[key] = (merged, flat)

    def _keep_few_encounters(self) -> None:
        """The undo history holds whole encounters only for the last :data:`RECENT_STEPS` steps and
        every :data:`KEPT_EVERY` th before; an older step keeps what it changed (an undo there
        makes its encounter again from the nearest kept one: at most ``KEPT_EVERY - 1`` steps)."""
        older = self.undo_stack.index() - RECENT_STEPS
        if older > 0 and older % KEPT_EVERY:
            state = self.undo_stack.state_at(older)
            if state is not self._state:
                state.drop_encounter()

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
        self._state = DocumentState(self._origin, encounter.log.shown())
        self.undo_stack.reset(self._state)
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
        log_moved = _log_moved(self._state, state)
        state.keep_encounter()
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


def _log_moved(old: DocumentState, new: DocumentState) -> bool:
    """Whether the log of ``new`` is another than that of ``old`` (a step between them added
    entries); walks only the steps between them."""
    if old is new:
        return False
    if old.log_length != new.log_length:
        return True
    common = common_start(old, new)
    if common is None:
        return True
    for node in (old, new):
        walk: DocumentState | None = node
        while walk is not common and walk is not None:
            if walk.entry_count:
                return True
            walk = walk.parent
    return False


def _without_log(encounter: Encounter) -> Encounter:
    """``encounter`` without its saved log, which the document holds from now on."""
    return replace(encounter, log=CombatLog()) if encounter.log else encounter
