"""The combat log: every event as a plain sentence, expandable to its rolls and breakdowns.

It shows the document's log, which starts with the log the encounter was saved with (the summary of
entries too old for the file first) and follows undo and redo (gui/document.py). The panel follows
the log's :class:`~vantage.gui.document.Chain` step by step: a command's entries are appended, an
undo removes only the rows of the steps undone, a redo adds them again — what one step costs does
not depend on how long the log is (issue 32: an undo at 6,000 entries rebuilt the whole tree)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QEvent
from PySide6.QtGui import QGuiApplication, QHelpEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QPushButton,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from vantage.gui.appdata.file_names import file_name_for, free_path
from vantage.gui.appdata.resources import is_inside_install
from vantage.gui.appdata.user_paths import documents_dir
from vantage.gui.document import Chain, EncounterDocument, LogEntry


def log_text(entries: Sequence[LogEntry]) -> str:
    """The log as text: one sentence a line, its details indented under it."""
    lines: list[str] = []
    for entry in entries:
        lines.append(entry.sentence)
        lines += [f"    {detail}" for detail in entry.details]
    return "\n".join(lines) + ("\n" if lines else "")


def common_start(shown: Chain[LogEntry], log: Chain[LogEntry]) -> Chain[LogEntry] | None:
    """The longest chain both ``shown`` and ``log`` grew from (None: they share no beginning).
    Walks only the steps between them: one step for an undo or a redo."""
    a: Chain[LogEntry] | None = shown
    b: Chain[LogEntry] | None = log
    while a is not b:
        if a is None or b is None:
            return None
        if len(a) >= len(b):
            a = a.parent
        else:
            b = b.parent
    return a


def added_since(log: Chain[LogEntry], start: Chain[LogEntry] | None) -> tuple[LogEntry, ...]:
    """The entries ``log`` has after ``start`` (one of its ancestors), oldest first."""
    parts: list[tuple[LogEntry, ...]] = []
    node: Chain[LogEntry] | None = log
    while node is not None and node is not start:
        parts.append(node.items)
        node = node.parent
    return tuple(entry for part in reversed(parts) for entry in part)


def _row(entry: LogEntry) -> QTreeWidgetItem:
    """An entry's row: its sentence, expandable when it has details (their rows are made when it is
    first expanded, and its tooltip when it is asked for: a long log keeps one item per entry)."""
    item = QTreeWidgetItem([entry.sentence])
    if entry.details:
        item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
    return item


class LogTree(QTreeWidget):
    """The log's rows, one per entry (:attr:`entries`, in the same order); an entry's details are
    its child rows once it is expanded, and its tooltip."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[LogEntry] = []
        self.setHeaderHidden(True)
        # every row is one line: the view need not measure them all to scroll to the newest
        # (scrollToBottom at 6,000 entries took 1.3 ms a command otherwise)
        self.setUniformRowHeights(True)
        self.itemExpanded.connect(self.show_details)

    def show_details(self, item: QTreeWidgetItem) -> None:
        """Give a top-level row its details' rows (once)."""
        row = self.indexOfTopLevelItem(item)
        if row < 0 or item.childCount():
            return
        item.addChildren([QTreeWidgetItem([detail]) for detail in self.entries[row].details])

    def tooltip_at(self, item: QTreeWidgetItem | None) -> str:
        if item is None:
            return ""
        row = self.indexOfTopLevelItem(item)
        if row < 0:
            return item.text(0)
        entry = self.entries[row]
        return "\n".join(entry.details) or entry.sentence

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self.tooltip_at(self.itemAt(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
                return True
        return super().viewportEvent(event)


class CombatLog(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.tree = LogTree()
        self.tree.setToolTip("What happened, newest last; expand a line to see its rolls and breakdown")
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip("Copy the whole log as text")
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip("Save the log as a text file")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addLayout(buttons)
        self.copy_button.clicked.connect(self.copy)
        self.export_button.clicked.connect(self.export_dialog)
        document.log_changed.connect(self.refresh)
        #: the log the rows show (a node of the document's log chain)
        self._shown: Chain[LogEntry] = Chain()
        self.refresh()

    def refresh(self) -> None:
        """Show the document's log: remove the rows of the entries that left it (undone steps) and
        add those that joined it (new or redone steps) — all of them only when the log is another
        one (a file opened)."""
        log = self.document.state.log
        if log is self._shown:
            return
        common = common_start(self._shown, log)
        if common is None or len(common) > self.tree.topLevelItemCount():
            self.tree.clear()
            kept = 0
        else:
            kept = len(common)
            for row in range(self.tree.topLevelItemCount() - 1, kept - 1, -1):
                self.tree.takeTopLevelItem(row)
        new = added_since(log, common) if kept else log.to_tuple()
        del self.tree.entries[kept:]
        self.tree.entries.extend(new)
        self.tree.addTopLevelItems([_row(entry) for entry in new])
        self._shown = log
        if new:
            self.tree.scrollToBottom()

    def text(self) -> str:
        return log_text(self.document.log)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.text())

    def export(self, path: Path) -> None:
        path.write_text(self.text(), encoding="utf-8")

    def export_start(self) -> Path:
        """Where Export… starts: beside the encounter's file (in the documents folder for a sample or
        an unsaved encounter), named after it: ``cave log.txt``."""
        path = self.document.path
        stem = path.stem if path is not None else self.document.encounter.name
        folder = path.parent if path is not None and not is_inside_install(path) else documents_dir()
        return free_path(folder, file_name_for(f"{stem} log" if stem else "", "Combat log", ".txt"))

    def export_dialog(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Export the combat log", str(self.export_start()),
                                              "Text (*.txt)")
        if name:
            self.export(Path(name))
