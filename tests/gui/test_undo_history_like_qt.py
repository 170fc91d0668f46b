"""The document's undo history answers as Qt's ``QUndoStack`` did (issue 32: a step is one Python
object instead of a ``QUndoCommand``, "IF it stays a drop-in for the GUI (undo/redo actions with
text and enabled state, clean state …)").

The same script of pushes, undos, redos, jumps, macros, merges and clean marks is run on both;
after every move they must agree on the index, the count, the step names, whether undo and redo
are possible and their texts, the clean state, the Undo and Redo actions (text and enabled), and
the signals sent, in order."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import QWidget

from vantage.gui.undo_history import UndoHistory

_SIGNALS = ("indexChanged", "cleanChanged", "canUndoChanged", "canRedoChanged", "undoTextChanged",
            "redoTextChanged")


class _Step(QUndoCommand):
    """A ``QUndoCommand`` that sets a value, merging with steps of the same key."""

    def __init__(self, shown: list[int], value: int, name: str, key: int = -1) -> None:
        super().__init__(name)
        self.shown, self.value, self.key = shown, value, key
        self.before = shown[0]

    def redo(self) -> None:
        self.shown[0] = self.value

    def undo(self) -> None:
        self.shown[0] = self.before

    def id(self) -> int:
        return self.key

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt's name)
        assert isinstance(other, _Step)
        self.value = other.value
        return True


class _Pair:
    """The same history twice: Qt's and ours, each with its actions and the signals it sent."""

    def __init__(self, parent: QWidget) -> None:
        self.qt_value = [0]
        self.our_value = [0]
        self.qt = QUndoStack()
        self.ours: UndoHistory[int] = UndoHistory(0, self._show)
        self.heard: dict[str, list[tuple[str, object]]] = {"qt": [], "ours": []}
        for name, stack in (("qt", self.qt), ("ours", self.ours)):
            for signal in _SIGNALS:
                getattr(stack, signal).connect(
                    lambda value, s=signal, n=name: self.heard[n].append((s, value)))
        self.actions = {name: (stack.createUndoAction(parent, "&Undo"),
                               stack.createRedoAction(parent, "&Redo"))
                        for name, stack in (("qt", self.qt), ("ours", self.ours))}

    def _show(self, value: int) -> None:
        self.our_value[0] = value

    def push(self, value: int, name: str, key: int = -1) -> None:
        self.qt.push(_Step(self.qt_value, value, name, key))
        self.ours.push(name, value, lambda _old, new: new, str(key) if key != -1 else None)

    def do(self, method: str, *args: object) -> None:
        getattr(self.qt, method)(*args)
        getattr(self.ours, method)(*args)

    def check(self) -> None:
        qt, ours = self.qt, self.ours
        assert (ours.index(), ours.count(), ours.canUndo(), ours.canRedo(), ours.undoText(), ours.redoText(),
                ours.isClean()) == (qt.index(), qt.count(), qt.canUndo(), qt.canRedo(), qt.undoText(),
                                    qt.redoText(), qt.isClean())
        every = range(-1, qt.count() + 1)
        assert [ours.text(i) for i in every] == [qt.text(i) for i in every]
        assert self.our_value == self.qt_value
        assert [(a.text(), a.isEnabled()) for a in self.actions["ours"]] == [
            (a.text(), a.isEnabled()) for a in self.actions["qt"]]
        assert self.heard["ours"] == self.heard["qt"]


def test_the_history_answers_as_a_qundostack_after_every_move(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    pair = _Pair(parent)
    pair.check()
    for value in range(1, 6):
        pair.push(value, f"Place {value}")
        pair.check()
    pair.do("setClean")
    pair.check()
    for move in ("undo", "undo", "redo", "redo", "redo", "undo"):
        pair.do(move)
        pair.check()
    pair.push(9, "Turn: End turn")  # a new step drops the redo branch and the clean state with it
    pair.check()
    pair.do("setIndex", 1)
    pair.check()
    pair.do("setIndex", 99)
    pair.check()
    pair.push(10, "Paint", key=7)  # strokes of one drag merge into one step …
    pair.push(11, "Paint", key=7)
    pair.check()
    pair.do("setClean")
    pair.push(12, "Paint", key=7)  # … but not across the clean state
    pair.check()
    pair.do("beginMacro", "Switch to Baton")
    pair.check()
    pair.push(13, "Switch to Baton")
    pair.push(14, "Switch to Baton")
    pair.check()
    pair.do("endMacro")
    pair.check()
    pair.do("undo")  # the macro undoes as one step
    pair.check()
    pair.do("resetClean")
    pair.check()
    pair.do("setClean")
    pair.check()
    pair.push(15, "Paint", key=7)  # a stroke undone and a macro in its place: the next stroke is
    pair.do("undo")                  # a step of its own, not merged into the macro
    pair.do("beginMacro", "Give 2 templates")
    pair.push(16, "Give 2 templates")
    pair.do("endMacro")
    pair.push(17, "Paint", key=7)
    pair.check()
    pair.do("clear")
    pair.check()
