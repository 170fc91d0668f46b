"""The combat log: every event as a plain sentence, expandable to its rolls and breakdowns.

It shows the document's log, which starts with the log the encounter was saved with (the summary of
entries too old for the file first) and follows undo and redo (gui/document.py). The panel follows
the log's :class:`~vantage.gui.document.Chain` step by step: a command's entries are appended, an
undo removes only the rows of the steps undone, a redo adds them again — what one step costs does
not depend on how long the log is (issue 32: an undo at 6,000 entries rebuilt the whole tree)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QPushButton,
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
    item = QTreeWidgetItem([entry.sentence])
    item.setToolTip(0, "\n".join(entry.details) or entry.sentence)
    for detail in entry.details:
        item.addChild(QTreeWidgetItem([detail]))
    return item


class CombatLog(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        # every row is one line: the view need not measure them all to scroll to the newest
        # (scrollToBottom at 6,000 entries took 1.3 ms a command otherwise)
        self.tree.setUniformRowHeights(True)
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
