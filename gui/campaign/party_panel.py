"""The Party panel: the campaign's characters, each with its lasting state in its ruleset's words,
and the buttons that add and remove characters, bring the party onto the map and back, and let time
pass; a character dragged from the list onto the map comes there (:mod:`.party_drop`). The panel
only shows and asks; :class:`~.party_actions.PartyActions` does the work."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

import vantage.engine.campaign as campaigns
from vantage.engine.model import Encounter
from vantage.engine.rules import get_ruleset
from vantage.gui.campaign.party_drop import PartyList


class PartyPanel(QWidget):
    """The roster of the campaign open in the window (an invitation when none is)."""

    add_requested = Signal()
    add_file_requested = Signal()
    remove_requested = Signal(str)
    bring_requested = Signal()
    return_requested = Signal()
    time_requested = Signal()
    rest_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.members = PartyList()
        self.members.setWordWrap(True)
        self.members.setSpacing(3)
        self.members.setToolTip("Each character with what outlasts a fight, in its ruleset's words; "
                                "drag one onto the map to bring it there")
        layout.addWidget(self.heading)
        layout.addWidget(self.members, 1)
        grid = QGridLayout()
        self.add_button = QPushButton("Add character…")
        self.add_button.setToolTip("A character from the ruleset's bestiary")
        self.add_file_button = QPushButton("From a file…")
        self.add_file_button.setToolTip("A character from a stat block file (JSON)")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Take the selected character out of the party")
        self.bring_button = QPushButton("Bring the party")
        self.bring_button.setToolTip("The party arrives on the start area the GM marked (one undo step)")
        self.return_button = QPushButton("Return the party")
        self.return_button.setToolTip("The fight is over: the party leaves the map and its state goes "
                                      "back to the roster (shown first)")
        self.time_button = QPushButton("Let time pass…")
        self.rest_button = QToolButton()
        self.rest_button.setText("Rest")
        self.rest_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.rest_menu = QMenu(self.rest_button)
        self.rest_button.setMenu(self.rest_menu)
        for i, button in enumerate((self.add_button, self.add_file_button, self.remove_button,
                                    self.bring_button, self.return_button, self.time_button,
                                    self.rest_button)):
            grid.addWidget(button, i // 2, i % 2)
        layout.addLayout(grid)
        self.add_button.clicked.connect(self.add_requested)
        self.add_file_button.clicked.connect(self.add_file_requested)
        self.remove_button.clicked.connect(self._remove)
        self.bring_button.clicked.connect(self.bring_requested)
        self.return_button.clicked.connect(self.return_requested)
        self.time_button.clicked.connect(self.time_requested)
        self.members.currentItemChanged.connect(lambda *_: self._enable_remove())
        self._on_map: set[str] = set()
        self.show_campaign(None)

    def _remove(self) -> None:
        mid = self.selected_member()
        if mid:
            self.remove_requested.emit(mid)

    def selected_member(self) -> str | None:
        item = self.members.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def select_member(self, member_id: str) -> None:
        for row in range(self.members.count()):
            if self.members.item(row).data(Qt.ItemDataRole.UserRole) == member_id:
                self.members.setCurrentRow(row)

    def lines(self) -> list[str]:
        """What the list shows, one line per character (for tests and screen readers)."""
        return [self.members.item(row).text() for row in range(self.members.count())]

    def show_campaign(self, campaign: campaigns.Campaign | None, on_map: set[str] | None = None,
                      encounter: Encounter | None = None) -> None:
        """Show ``campaign``'s roster; ``on_map``: its characters on the open ``encounter``'s map,
        shown as they are there now (the roster keeps what they had until the party returns)."""
        self._on_map = set(on_map or ())
        selected = self.selected_member()
        self.members.clear()
        has = campaign is not None
        for button in (self.add_button, self.add_file_button, self.time_button, self.rest_button):
            button.setEnabled(has)
        if campaign is None:
            self.heading.setText("No campaign is open. File ▸ New campaign… or Open campaign… "
                                 "keeps a party from one fight to the next.")
            self.bring_button.setEnabled(False)
            self.return_button.setEnabled(False)
            self._enable_remove()
            return
        ruleset = get_ruleset(campaign.ruleset)
        clock = ruleset.clock_text(campaign.clock)
        self.heading.setText(f"<b>{campaign.name}</b> · {ruleset.name}<br>{clock}")
        for member in campaign.party:
            if member.id in self._on_map and encounter is not None:
                text = f"{member.name} · on the map\n{ruleset.lasting_summary(encounter, member.id)}"
            else:
                text = f"{member.name}\n{campaigns.member_summary(campaign, member.id)}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, member.id)
            self.members.addItem(item)
        if selected:
            self.select_member(selected)
        self.bring_button.setEnabled(bool(campaign.party) and len(self._on_map) < len(campaign.party))
        self.return_button.setEnabled(bool(self._on_map))
        self.rest_menu.clear()
        for kind in ruleset.rest_kinds:
            action = self.rest_menu.addAction(f"{kind.label} (1 {kind.unit})")
            action.setToolTip(kind.help)
            action.triggered.connect(lambda _=False, k=kind.id: self.rest_requested.emit(k))
        self.rest_button.setEnabled(bool(ruleset.rest_kinds) and bool(campaign.party))
        self._enable_remove()

    def _enable_remove(self) -> None:
        mid = self.selected_member()
        self.remove_button.setEnabled(mid is not None and mid not in self._on_map)
