"""The combat log: every event as a plain sentence, expandable to its rolls and breakdowns.

Each entry is one row; a click on an entry with details (▸) — or Right, Left, Enter — shows its
details as rows under it (▾), indented, and its tooltip lists them. The rows come from a table
model that keeps nothing per row (:class:`LogModel`), so a long evening's log costs its entries
and no more, and adding a row costs the same at 10 entries and at 10,000.

It shows the document's log, which starts with the log the encounter was saved with (the summary of
entries too old for the file first) and follows undo and redo (gui/document.py). The panel follows
the document's states step by step: a command's entries are appended, an
undo removes only the rows of the steps undone, a redo adds them again — what one step costs does
not depend on how long the log is (issue 32: an undo at 6,000 entries rebuilt the whole tree)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import overload

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, QPointF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QIcon, QKeyEvent, QPainter, QPixmap, QPolygonF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from vantage.gui.appdata.file_names import file_name_for, free_path
from vantage.gui.appdata.resources import is_inside_install
from vantage.gui.appdata.user_paths import documents_dir
from vantage.gui.document import DocumentState, EncounterDocument, LogEntry, common_start

_ROOT = QModelIndex()
#: a detail's row: indented under its entry, in grey
DETAIL_INDENT = "    "
DETAIL_COLOUR = "#555555"
#: the arrow before an entry with details (▸ folded, ▾ shown), in pixels
ARROW_PX = 10
#: the roles a row answers (:meth:`LogModel.data`)
_ANSWERED_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                             Qt.ItemDataRole.DecorationRole, Qt.ItemDataRole.ForegroundRole})


def log_text(entries: Sequence[LogEntry]) -> str:
    """The log as text: one sentence a line, its details indented under it."""
    lines: list[str] = []
    for entry in entries:
        lines.append(entry.sentence)
        lines += [f"    {detail}" for detail in entry.details]
    return "\n".join(lines) + ("\n" if lines else "")


#: The kind of the entry of a command that waits for the table (the engine's ``DecisionAwaited``).
WAITING = "waiting"


def rolled_into(waiting: LogEntry, entries: Sequence[LogEntry]) -> int | None:
    """The place in ``entries`` (the answered command's) of the entry the roll ``waiting`` asked for
    went into — the first whose rolls hold the roll it awaits (its identity, the engine's purpose
    and dice: ``LogEntry.awaits`` and ``LogEntry.rolls``) — or None (a choice, no such roll, or a
    log saved before entries kept their rolls: shown in the logged order)."""
    awaited = waiting.awaits if waiting.kind == WAITING else None
    if awaited is None:
        return None
    return next((i for i, e in enumerate(entries) if awaited in e.rolls), None)


def happened_order(entries: Sequence[LogEntry]) -> tuple[list[int], list[tuple[int, int]]]:
    """The places of ``entries`` (in the log's order) in the order things happened, and the
    stretches ``[start, end)`` shown in another order than the log's. A command that waits for a
    roll at the table logs only "Waiting for …"; once answered, it logs all it did from its start —
    the turn that ended and the one that began before the roll was asked too. So each waiting line
    moves down to just before the entry its roll went into ("Mira ends the turn. Ysolde's turn …
    Waiting for Ysolde: Roll 1d20 at the table … Ysolde's resolve check …"); a waiting line for a
    choice stays (its answer, "The GM: Dodge 1.", opens what follows)."""
    out: list[int] = []
    moved: list[tuple[int, int]] = []
    i = 0
    while i < len(entries):
        if entries[i].kind != WAITING:
            out.append(i)
            i += 1
            continue
        start = i
        while i < len(entries) and entries[i].kind == WAITING:
            i += 1
        end = i
        while end < len(entries) and entries[end].kind != WAITING:
            end += 1
        waits, after = range(start, i), range(i, end)
        places = [rolled_into(entries[w], entries[i:end]) for w in waits]
        run = [w for w, place in zip(waits, places, strict=True) if place is None]
        for k, entry in enumerate(after):
            run += [w for w, place in zip(waits, places, strict=True) if place == k]
            run.append(entry)
        if run != list(range(start, end)):
            moved.append((start, end))
        out += run
        i = end
    return out, moved


def as_it_happened(entries: Sequence[LogEntry]) -> tuple[list[LogEntry], list[tuple[int, int]]]:
    """``entries`` in the order things happened (:func:`happened_order`), and the stretches shown
    in another order than the log's."""
    order, moved = happened_order(entries)
    return [entries[i] for i in order], moved


def entry_tooltip(entry: LogEntry) -> str:
    """An entry's tooltip: its details, one a line (its sentence when it has none)."""
    return "\n".join(entry.details) or entry.sentence


@lru_cache(maxsize=4)
def _arrow(has_details: bool, expanded: bool) -> QIcon:
    """▸ (details folded), ▾ (shown), or a blank of the same size (no details: the sentences
    line up)."""
    pixmap = QPixmap(ARROW_PX, ARROW_PX)
    pixmap.fill(Qt.GlobalColor.transparent)
    if has_details:
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#444444"))
        m = ARROW_PX
        points = ((1, m / 2 - 3), (m - 2, m / 2 + 1), (1, m / 2 + 5)) if not expanded else (
            (1, 2), (m - 1, 2), (m / 2, m - 2))
        painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
        painter.end()
    return QIcon(pixmap)


class ShownEntries(Sequence[LogEntry]):
    """The entries the log shows, as they happened (:func:`happened_order`), read from the document
    states that added them: one reference a step, not one a entry (a step keeps its entries packed,
    :class:`DocumentState`), unpacked only for the rows read — those the view paints — and the
    few places shown out of the log's order."""

    def __init__(self) -> None:
        #: the states with entries, oldest first, and the place of each one's first entry
        self._states: list[DocumentState] = []
        self._starts: list[int] = []
        self._length = 0
        #: the entries of the steps read last, by their place in :attr:`_states` (the rows a view
        #: paints again and again)
        self._read: dict[int, tuple[LogEntry, ...]] = {}
        #: shown place → the log's place, where the two differ
        self._order: dict[int, int] = {}
        #: the stretches ``[start, end)`` shown in another order than the log's
        self._moved: list[tuple[int, int]] = []

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> LogEntry: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[LogEntry, ...]: ...

    def __getitem__(self, index: int | slice) -> LogEntry | tuple[LogEntry, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("log entry out of range")
        return self._stored(self._order.get(index, index))

    def _stored(self, index: int) -> LogEntry:
        """The entry at place ``index`` in the log's order."""
        step = bisect_right(self._starts, index) - 1
        entries = self._read.get(step)
        if entries is None:
            if len(self._read) >= 64:
                self._read.clear()
            entries = self._read[step] = self._states[step].entries
        return entries[index - self._starts[step]]

    def add(self, states: Sequence[DocumentState]) -> int:
        """Show the entries of ``states`` after those shown; how many they are."""
        added = 0
        for state in states:
            count = state.entry_count
            if count:
                self._states.append(state)
                self._starts.append(self._length + added)
                added += count
        self._length += added
        return added

    def keep(self, kept: int) -> None:
        """Show only the first ``kept`` entries (a step's entries go or stay together; the order
        from ``kept`` on let go first: :meth:`unorder_from`)."""
        if kept >= self._length:
            return
        step = bisect_left(self._starts, kept)
        if step == len(self._starts) or self._starts[step] != kept:
            raise ValueError(f"{kept} entries end inside a step")
        del self._states[step:]
        del self._starts[step:]
        self._read.clear()
        self._length = kept

    def settled_before(self, kept: int) -> int:
        """The first place whose row may read otherwise when the entries from ``kept`` on change:
        ``kept``, or before it the start of a stretch shown out of order that it cuts, and the
        waiting lines just before (they may move among the new entries)."""
        first = min(kept, self._length)
        changed = True
        while changed:
            changed = False
            for start, end in self._moved:
                if start < first < end:
                    first, changed = start, True
            while first > 0 and self[first - 1].kind == WAITING:
                first, changed = first - 1, True
        return first

    def unorder_from(self, first: int) -> None:
        """Show the entries from ``first`` on in the log's order (no stretch crosses ``first``:
        :meth:`settled_before`)."""
        self._order = {shown: place for shown, place in self._order.items() if shown < first}
        self._moved = [(start, end) for start, end in self._moved if start < first]

    def order_from(self, first: int) -> None:
        """Show the entries from ``first`` on as they happened."""
        order, moved = happened_order([self._stored(i) for i in range(first, self._length)])
        self._order.update({first + k: first + i for k, i in enumerate(order) if k != i})
        self._moved += [(first + start, first + end) for start, end in moved]


class LogModel(QAbstractTableModel):
    """The log's rows: one per entry, followed by one per detail of each expanded entry. It keeps
    no object per row — the entries themselves and the few expanded ones — and answers only for
    the rows the view paints: a table view lays out rows of one height without asking for each
    (a tree view or a list view walks every row after each insert, and a tree widget's item took
    about 1 kB a row: issue 32, the log of a long evening)."""

    def __init__(self) -> None:
        super().__init__()
        self.entries = ShownEntries()
        #: the expanded entries (their places in :attr:`entries`), in order
        self.expanded: list[int] = []

    # -- rows ------------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:  # noqa: N802 (Qt's name)
        if parent.isValid():
            return 0
        return len(self.entries) + sum(len(self.entries[e].details) for e in self.expanded)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = _ROOT) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else 1

    def row_of(self, entry: int) -> int:
        """The row of entry ``entry`` (the details of the expanded entries before it come first)."""
        before = self.expanded[: bisect_left(self.expanded, entry)]
        return entry + sum(len(self.entries[e].details) for e in before)

    def at(self, row: int) -> tuple[int, int | None]:
        """The entry shown at ``row``, and which of its details (None: the entry's own row)."""
        shift = 0
        for entry in self.expanded:
            first = entry + shift  # the entry's row; its details follow it
            if row <= first:
                break
            count = len(self.entries[entry].details)
            if row <= first + count:
                return entry, row - first - 1
            shift += count
        return row - shift, None

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role not in _ANSWERED_ROLES:
            return None  # a view asks each row for every role: most have no answer
        entry, detail = self.at(index.row())
        if not 0 <= entry < len(self.entries):
            return None
        item = self.entries[entry]
        if role == Qt.ItemDataRole.DisplayRole:
            return item.sentence if detail is None else DETAIL_INDENT + item.details[detail]
        if role == Qt.ItemDataRole.ToolTipRole:
            return entry_tooltip(item) if detail is None else item.details[detail]
        if role == Qt.ItemDataRole.DecorationRole and detail is None:
            return _arrow(bool(item.details), entry in self.expanded)
        if role == Qt.ItemDataRole.ForegroundRole and detail is not None:
            return QBrush(QColor(DETAIL_COLOUR))
        return None

    def text_at(self, row: int) -> str:
        """What row ``row`` reads (a detail's row indented)."""
        return str(self.data(self.index(row, 0)))

    # -- changes ---------------------------------------------------------------------------
    def replace_from(self, kept: int, states: Sequence[DocumentState]) -> int:
        """Keep the first ``kept`` entries (and their rows), then show the entries of ``states``
        after them: the rows of the entries that left are removed, those of the new ones
        inserted, and the few rows before them that read otherwise once the new ones are there
        (a waiting line moved among them) are told. How many entries joined."""
        first = self.entries.settled_before(kept)
        for entry in [e for e in self.expanded if e >= first]:  # rows that may read otherwise
            self.set_expanded(entry, False)
        self.entries.unorder_from(first)
        if kept < len(self.entries):
            start, last = self.row_of(kept), self.rowCount() - 1
            self.beginRemoveRows(_ROOT, start, last)
            self.entries.keep(kept)
            del self.expanded[bisect_left(self.expanded, kept):]
            self.endRemoveRows()
        count = sum(state.entry_count for state in states)
        if count:
            start = self.rowCount()
            self.beginInsertRows(_ROOT, start, start + count - 1)
            self.entries.add(states)
            self.endInsertRows()
        self.entries.order_from(first)
        if first < kept:
            self.dataChanged.emit(self.index(self.row_of(first), 0), self.index(self.row_of(kept) - 1, 0))
        return count

    def set_states(self, states: Sequence[DocumentState]) -> int:
        """Show another log (a file opened): every row anew, the entries of ``states``."""
        self.beginResetModel()
        self.entries = ShownEntries()
        added = self.entries.add(states)
        self.entries.order_from(0)
        self.expanded = []
        self.endResetModel()
        return added

    def is_expanded(self, entry: int) -> bool:
        return entry in self.expanded

    def set_expanded(self, entry: int, expanded: bool) -> None:
        """Show entry ``entry``'s details as rows under it (or fold them away again)."""
        if not 0 <= entry < len(self.entries) or expanded == self.is_expanded(entry):
            return
        details = len(self.entries[entry].details)
        row = self.row_of(entry)
        if expanded:
            if details:
                self.beginInsertRows(_ROOT, row + 1, row + details)
            insort(self.expanded, entry)
            if details:
                self.endInsertRows()
        else:
            if details:
                self.beginRemoveRows(_ROOT, row + 1, row + details)
            self.expanded.remove(entry)
            if details:
                self.endRemoveRows()
        self.dataChanged.emit(self.index(row, 0), self.index(row, 0))  # its arrow turns


class LogView(QTableView):
    """The log's rows in one column, one line each; a click on an entry with details (or Right /
    Left, or Enter) shows them as the rows under it, or folds them away."""

    def __init__(self, model: LogModel) -> None:
        super().__init__()
        self.setModel(model)
        self.log_model = model
        for header in (self.horizontalHeader(), self.verticalHeader()):
            header.hide()
        self.horizontalHeader().setStretchLastSection(True)
        # every row one line high: the view places rows without measuring each
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setIconSize(QSize(ARROW_PX, ARROW_PX))
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.clicked.connect(lambda index: self.toggle(index.row()))

    def toggle(self, row: int) -> None:
        """Show or fold the details of the entry at ``row`` (on a detail's row: of its entry)."""
        entry, _detail = self.log_model.at(row)
        expand = not self.log_model.is_expanded(entry)
        self.log_model.set_expanded(entry, expand)
        if expand:  # its last detail comes into view (the newest entry's are under the bottom edge)
            last = self.log_model.row_of(entry) + len(self.log_model.entries[entry].details)
            self.scrollTo(self.log_model.index(last, 0))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        row = self.currentIndex().row()
        unfold = {Qt.Key.Key_Right: True, Qt.Key.Key_Plus: True,
                  Qt.Key.Key_Left: False, Qt.Key.Key_Minus: False}
        if row >= 0 and event.key() in unfold:
            entry, _detail = self.log_model.at(row)
            self.log_model.set_expanded(entry, unfold[Qt.Key(event.key())])
            self.setCurrentIndex(self.log_model.index(self.log_model.row_of(entry), 0))
            return
        if row >= 0 and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.toggle(row)
            return
        super().keyPressEvent(event)


class CombatLog(QWidget):
    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = LogModel()
        self.view = LogView(self.model)
        self.view.setToolTip("What happened, newest last; click a line with ▸ to see its rolls and breakdown")
        self.copy_button = QPushButton("Copy")
        self.copy_button.setToolTip("Copy the whole log as text")
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip("Save the log as a text file")
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view)
        layout.addLayout(buttons)
        self.copy_button.clicked.connect(self.copy)
        self.export_button.clicked.connect(self.export_dialog)
        document.log_changed.connect(self.refresh)
        #: the document state whose log the rows show
        self._shown: DocumentState | None = None
        self.refresh()

    def refresh(self) -> None:
        """Show the document's log, as it happened (:func:`as_it_happened`): remove the rows of the
        entries that left it (undone steps) and add those that joined it (new or redone steps) — the
        waiting lines just before them laid out again with them, and all of them only when the log is
        another one (a file opened)."""
        state = self.document.state
        if state is self._shown:
            return
        common = common_start(self._shown, state)
        if common is None or common.log_length > len(self.model.entries):
            new = self.model.set_states(state.path_since(None))
        else:
            new = self.model.replace_from(common.log_length, state.path_since(common))
        self._shown = state
        if new:
            self.view.scrollToBottom()

    def text(self) -> str:
        """The log as shown (:func:`as_it_happened`), as text."""
        self.refresh()
        return log_text(self.model.entries)

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
