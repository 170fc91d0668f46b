"""The document's undo history: a list of document states, undone and redone by moving along it.

It answers as Qt's ``QUndoStack`` does — the same methods, signals and order of work (a pushed
step is made current first, then recorded; an undo restores the state first, then moves the
index) — so the Undo and Redo actions, the clean state, macros and merged steps behave as they
did; but a step is one Python object (the state it leads to, with its name), where a
``QUndoCommand`` cost about 0.6 kB more a step (issue 32: "memory ≤ 2 kB per command").

A step is ``(name, state)``: the state the step leads to. Step ``i`` goes from the state before it
(the one of step ``i - 1``, or the history's base) to its own. Moving along the history calls
``show(state)``, which makes that state current and tells the listeners.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from PySide6.QtCore import QObject, Signal, SignalInstance
from PySide6.QtGui import QAction

log = logging.getLogger(__name__)

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class UndoStep(Generic[S]):
    """One step as :meth:`UndoHistory.command` gives it: its name and the states around it."""

    name: str
    before: S
    after: S

    def text(self) -> str:
        return self.name


class _Macro:
    """An open macro (:meth:`UndoHistory.beginMacro`): its name and nesting depth."""

    __slots__ = ("depth", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self.depth = 1


class UndoHistory(QObject, Generic[S]):
    """States in the order they were made, the current one at :meth:`index`. ``base`` is the state
    before the first step; ``show`` makes a state current (the document's)."""

    indexChanged = Signal(int)  # noqa: N815 (Qt's names)
    cleanChanged = Signal(bool)  # noqa: N815
    canUndoChanged = Signal(bool)  # noqa: N815
    canRedoChanged = Signal(bool)  # noqa: N815
    undoTextChanged = Signal(str)  # noqa: N815
    redoTextChanged = Signal(str)  # noqa: N815

    def __init__(self, base: S, show: Callable[[S], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._show = show
        self._base = base
        #: the states the steps lead to, and their names (two lists: no object a step)
        self._states: list[S] = []
        self._names: list[str] = []
        #: the merge key of each step that has one, by its place (steps of one key in a row merge)
        self._keys: dict[int, str] = {}
        self._index = 0
        self._clean = 0
        self._macro: _Macro | None = None

    # -- reading -----------------------------------------------------------------------------
    def count(self) -> int:
        return len(self._states)

    def index(self) -> int:
        return self._index

    def cleanIndex(self) -> int:  # noqa: N802 (Qt's names)
        return self._clean

    def state_at(self, index: int) -> S:
        """The state with ``index`` steps done (0: the base)."""
        return self._states[index - 1] if index > 0 else self._base

    def top(self) -> S | None:
        """The state of the last step done (None: none is)."""
        return self._states[self._index - 1] if self._index > 0 else None

    def top_name(self) -> str:
        return self._names[self._index - 1] if self._index > 0 else ""

    def text(self, index: int) -> str:
        return self._names[index] if 0 <= index < len(self._names) else ""

    def command(self, index: int) -> UndoStep[S]:
        """Step ``index``: its name and the states before and after it."""
        return UndoStep(self._names[index], self.state_at(index), self._states[index])

    def canUndo(self) -> bool:  # noqa: N802
        return self._macro is None and self._index > 0

    def canRedo(self) -> bool:  # noqa: N802
        return self._macro is None and self._index < len(self._states)

    def undoText(self) -> str:  # noqa: N802
        if self._macro is not None or self._index == 0:
            return ""
        return self._names[self._index - 1].split("\n", 1)[0]

    def redoText(self) -> str:  # noqa: N802
        if self._macro is not None or self._index >= len(self._states):
            return ""
        return self._names[self._index].split("\n", 1)[0]

    def isClean(self) -> bool:  # noqa: N802
        return self._macro is None and self._clean == self._index

    def in_macro(self) -> bool:
        return self._macro is not None

    # -- recording ---------------------------------------------------------------------------
    def push(self, name: str, state: S, merge: Callable[[S, S], S] | None = None,
             key: str | None = None) -> None:
        """Make ``state`` current and record it as the step ``name`` (dropping the steps undone
        before it). A step with the ``key`` of the last step done is folded into it, as
        ``QUndoStack`` merges commands of one id (not across the clean state): its state becomes
        ``merge(last, state)``."""
        self._show(state)
        if self._macro is not None:  # the macro is one step: its state is the last one made
            self._states[self._index] = state
            return
        self._drop_redo()
        top = self._index - 1
        if key is not None and merge is not None and self._index > 0 and self._index != self._clean \
                and self._keys.get(top) == key:
            self._states[top] = merge(self._states[top], state)
            self._emit_moved()
            return
        self._states.append(state)
        self._names.append(name)
        if key is not None:
            self._keys[len(self._states) - 1] = key
        self._set_index(self._index + 1, clean=False)

    def _drop_redo(self) -> None:
        """Forget the steps undone (a new step or macro takes their place)."""
        del self._states[self._index:]
        del self._names[self._index:]
        for place in [k for k in self._keys if k >= self._index]:
            del self._keys[place]
        if self._clean > self._index:
            self._clean = -1  # the clean state was undone and is gone

    def beginMacro(self, name: str) -> None:  # noqa: N802
        """Start a step made of several pushes, undone as one (its state: the last one pushed)."""
        if self._macro is not None:
            self._macro.depth += 1
            return
        self._drop_redo()
        self._states.append(self.state_at(self._index))  # no change until a push
        self._names.append(name)
        self._macro = _Macro(name)
        self.canUndoChanged.emit(False)
        self.undoTextChanged.emit("")
        self.canRedoChanged.emit(False)
        self.redoTextChanged.emit("")

    def endMacro(self) -> None:  # noqa: N802
        if self._macro is None:
            log.warning("UndoHistory.endMacro(): no matching beginMacro()")
            return
        self._macro.depth -= 1
        if self._macro.depth:
            return
        self._macro = None
        self._set_index(self._index + 1, clean=False)

    # -- moving ------------------------------------------------------------------------------
    def undo(self) -> None:
        if self._index == 0:
            return
        if self._macro is not None:
            log.warning("UndoHistory.undo(): cannot undo in the middle of a macro")
            return
        self._show(self.state_at(self._index - 1))
        self._set_index(self._index - 1, clean=False)

    def redo(self) -> None:
        if self._index == len(self._states):
            return
        if self._macro is not None:
            log.warning("UndoHistory.redo(): cannot redo in the middle of a macro")
            return
        self._show(self._states[self._index])
        self._set_index(self._index + 1, clean=False)

    def setIndex(self, index: int) -> None:  # noqa: N802
        """Undo or redo until ``index`` steps are done: the state there is made current at once
        (one change for the listeners, however many steps it crosses)."""
        if self._macro is not None:
            log.warning("UndoHistory.setIndex(): cannot set index in the middle of a macro")
            return
        index = max(0, min(index, len(self._states)))
        if index != self._index:
            self._show(self.state_at(index))
        self._set_index(index, clean=False)

    def clear(self) -> None:
        """Forget every step; the base stays (:meth:`reset` gives a new one)."""
        if not self._states:
            return
        was_clean = self.isClean()
        self._macro = None
        self._states.clear()
        self._names.clear()
        self._keys.clear()
        self._index = self._clean = 0
        self._emit_moved()
        if not was_clean:
            self.cleanChanged.emit(True)

    def reset(self, base: S) -> None:
        """A new history from ``base`` (a new document): no step, clean."""
        self.clear()
        self._base = base
        self.setClean()

    def setClean(self) -> None:  # noqa: N802
        if self._macro is not None:
            log.warning("UndoHistory.setClean(): cannot set clean in the middle of a macro")
            return
        self._set_index(self._index, clean=True)

    def resetClean(self) -> None:  # noqa: N802
        was_clean = self.isClean()
        self._clean = -1
        if was_clean:
            self.cleanChanged.emit(False)

    # -- actions -----------------------------------------------------------------------------
    def createUndoAction(self, parent: QObject, prefix: str = "") -> QAction:  # noqa: N802
        """"Undo" (``prefix`` followed by the step's name), enabled while there is a step to undo."""
        return self._action(parent, prefix, "Undo", self.canUndo, self.undoText, self.canUndoChanged,
                            self.undoTextChanged, self.undo)

    def createRedoAction(self, parent: QObject, prefix: str = "") -> QAction:  # noqa: N802
        return self._action(parent, prefix, "Redo", self.canRedo, self.redoText, self.canRedoChanged,
                            self.redoTextChanged, self.redo)

    @staticmethod
    def _action(parent: QObject, prefix: str, default: str, can: Callable[[], bool],
                text: Callable[[], str], can_changed: SignalInstance, text_changed: SignalInstance,
                run: Callable[[], None]) -> QAction:
        action = QAction(parent)

        def name(step: str) -> None:
            if prefix:
                action.setText(f"{prefix} {step}" if step else prefix)
            else:
                action.setText(f"{default} {step}" if step else default)

        action.setEnabled(can())
        name(text())
        can_changed.connect(action.setEnabled)
        text_changed.connect(name)
        action.triggered.connect(run)
        return action

    def _set_index(self, index: int, clean: bool) -> None:
        was_clean = self._index == self._clean
        if index != self._index:
            self._index = index
            self._emit_moved()
        if clean:
            self._clean = self._index
        is_clean = self._index == self._clean
        if is_clean != was_clean:
            self.cleanChanged.emit(is_clean)

    def _emit_moved(self) -> None:
        self.indexChanged.emit(self._index)
        self.canUndoChanged.emit(self.canUndo())
        self.undoTextChanged.emit(self.undoText())
        self.canRedoChanged.emit(self.canRedo())
        self.redoTextChanged.emit(self.redoText())
