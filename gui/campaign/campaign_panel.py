"""The Campaign panel: the campaign's encounters in its order (prepared, running, finished), each
with a small picture of its map, the buttons that prepare them (import a map, add a file, duplicate,
move up and down, open, open the next), and the journal, readable here. The panel only shows and
asks; :class:`~.prep_actions.PrepActions` does the work."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

import vantage.engine.campaign as campaigns
from vantage.gui.campaign.thumbnails import THUMBNAIL_SIZE, render_thumbnail


def _escape(text: str) -> str:
    """``html.escape``: the ``html`` module (and its table of entities) loads with the first
    campaign shown, not with every window (issue 32)."""
    import html

    return html.escape(text)


STATUS_WORDS = {"prepared": "prepared", "running": "running", "finished": "finished"}


class CampaignPanel(QWidget):
    """The encounters and the journal of the campaign open in the window."""

    import_requested = Signal()
    add_file_requested = Signal()
    duplicate_requested = Signal(str)
    move_requested = Signal(str, int)
    open_requested = Signal(str)
    next_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs, 1)
        encounters = QWidget()
        column = QVBoxLayout(encounters)
        column.setContentsMargins(0, 0, 0, 0)
        self.encounters = QListWidget()
        self.encounters.setIconSize(THUMBNAIL_SIZE)
        self.encounters.setSpacing(2)
        self.encounters.setWordWrap(True)
        self.encounters.setToolTip("The campaign's encounters in order; double-click one to open it")
        self.encounters.itemDoubleClicked.connect(lambda item: self.open_requested.emit(self._file(item)))
        column.addWidget(self.encounters, 1)
        grid = QGridLayout()
        self.import_button = QPushButton("Import a map…")
        self.import_button.setToolTip("Import a map straight into the campaign (its picture is kept "
                                      "in the campaign's pictures folder)")
        self.add_file_button = QPushButton("Add a file…")
        self.add_file_button.setToolTip("Copy an encounter file into the campaign")
        self.duplicate_button = QPushButton("Duplicate")
        self.up_button = QPushButton("Move up")
        self.down_button = QPushButton("Move down")
        self.open_button = QPushButton("Open")
        self.next_button = QPushButton("Open the next")
        self.next_button.setToolTip("Open the first encounter still prepared")
        for i, button in enumerate((self.import_button, self.add_file_button, self.duplicate_button,
                                    self.open_button, self.up_button, self.down_button, self.next_button)):
            grid.addWidget(button, i // 2, i % 2)
        column.addLayout(grid)
        self.tabs.addTab(encounters, "Encounters")
        self.journal = QTextBrowser()
        self.journal.setOpenLinks(False)
        self.tabs.addTab(self.journal, "Journal")
        self.import_button.clicked.connect(self.import_requested)
        self.add_file_button.clicked.connect(self.add_file_requested)
        self.next_button.clicked.connect(self.next_requested)
        self.duplicate_button.clicked.connect(lambda: self._with_selected(self.duplicate_requested.emit))
        self.open_button.clicked.connect(lambda: self._with_selected(self.open_requested.emit))
        self.up_button.clicked.connect(lambda: self._move(-1))
        self.down_button.clicked.connect(lambda: self._move(+1))
        self.encounters.currentRowChanged.connect(lambda _row: self._enable())
        self.show_campaign(None, None)

    @staticmethod
    def _file(item: QListWidgetItem) -> str:
        return str(item.data(Qt.ItemDataRole.UserRole))

    def selected_file(self) -> str | None:
        item = self.encounters.currentItem()
        return self._file(item) if item is not None else None

    def select_file(self, file: str) -> None:
        for row in range(self.encounters.count()):
            if self._file(self.encounters.item(row)) == file:
                self.encounters.setCurrentRow(row)

    def _with_selected(self, then: object) -> None:
        file = self.selected_file()
        if file is not None and callable(then):
            then(file)

    def _move(self, step: int) -> None:
        file, row = self.selected_file(), self.encounters.currentRow()
        if file is not None:
            self.move_requested.emit(file, max(0, row + step))

    def lines(self) -> list[str]:
        return [self.encounters.item(row).text() for row in range(self.encounters.count())]

    def show_campaign(self, campaign: campaigns.Campaign | None, folder: Path | None,
                      open_file: str | None = None) -> None:
        """Show ``campaign``'s encounters (``open_file``: the one open in the window) and journal."""
        selected = self.selected_file()
        self.encounters.clear()
        has = campaign is not None and folder is not None
        for button in (self.import_button, self.add_file_button, self.next_button):
            button.setEnabled(has)
        if campaign is None or folder is None:
            self.heading.setText("No campaign is open.")
            self.journal.setHtml("")
            self._enable()
            return
        count = len(campaign.encounters)
        self.heading.setText(f"<b>{_escape(campaign.name)}</b> · {count} encounter{'s' * (count != 1)}")
        self.heading.setToolTip(f"The campaign's folder: {folder}")
        for entry in campaign.encounters:
            here = " · open now" if entry.file == open_file else ""
            item = QListWidgetItem(f"{entry.name}\n{STATUS_WORDS[entry.status.value]}{here}")
            item.setData(Qt.ItemDataRole.UserRole, entry.file)
            item.setToolTip(entry.file)
            thumbnail = render_thumbnail(campaigns.encounter_path(folder, entry))
            if thumbnail is not None:
                item.setIcon(QIcon(thumbnail))
            item.setSizeHint(QSize(0, THUMBNAIL_SIZE.height() + 8))
            self.encounters.addItem(item)
        if selected:
            self.select_file(selected)
        self.journal.setHtml(journal_html(campaign))
        self._enable()

    def _enable(self) -> None:
        chosen = self.selected_file() is not None
        for button in (self.duplicate_button, self.up_button, self.down_button, self.open_button):
            button.setEnabled(chosen)


def journal_html(campaign: campaigns.Campaign) -> str:
    """The journal for a narrow panel: each session's date, each entry's title in bold, its lines
    in a list (Campaign ▸ Export the journal… writes it as Markdown)."""
    if not campaign.journal:
        return "<p>No session has been played yet.</p>"
    out: list[str] = []
    for session in campaign.journal:
        out.append(f"<p style='margin-top:8px'><b><u>Session of {_escape(session.date)}</u></b></p>")
        for entry in session.entries:
            out.append(f"<p style='margin:4px 0 0 0'><b>{_escape(entry.title)}</b></p>")
            items = "".join(f"<li>{_escape(line)}</li>" for line in entry.lines)
            items = items or "<li>Nothing was logged.</li>"
            out.append(f"<ul style='margin:0'>{items}</ul>")
    return "".join(out)
