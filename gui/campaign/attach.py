"""Campaigns in the GM window, attached over its workspace (``attach_campaign(ws, open_file)``):

- File ▸ New campaign…, Open campaign…, Recent campaigns (kept in the user data folder);
- the Campaign menu: Let time pass…, Mark the party's start, Bring the party, Return the party,
  Undo the last campaign change, Export the journal…;
- the Party panel (beside the Token panel) and the Campaign panel (beside the Creatures dock).

The campaign open now is held by a :class:`~.current.CampaignHolder` (asked through
:mod:`vantage.gui.campaign.current`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QFileDialog, QMenu, QMessageBox, QWidget

import vantage.engine.campaign as campaigns
from vantage.engine.campaign.folder_names import ENCOUNTERS
from vantage.engine.fileformat import problems_text
from vantage.gui.campaign.current import CampaignHolder
from vantage.gui.campaign.party_actions import PartyActions
from vantage.gui.campaign.party_drop import PartyDrop
from vantage.gui.campaign.prep_actions import OpenFile, PrepActions
from vantage.gui.campaign.recent import read_recent_campaigns, remember_campaign
from vantage.gui.campaign.start_tool import StartAreaTool
from vantage.gui.workspace import ActionId, DockId, GmWorkspace, MenuId
from vantage.gui.workspace.dock_content import DockContent

if TYPE_CHECKING:
    from vantage.gui.campaign.campaign_panel import CampaignPanel
    from vantage.gui.campaign.party_panel import PartyPanel


def _exec(dialog: QDialog) -> bool:
    return dialog.exec() == QDialog.DialogCode.Accepted


class CampaignTools(QObject):
    """The campaign's menus, panels and deeds in one GM window."""

    message = Signal(str)

    def __init__(self, workspace: GmWorkspace, open_file: OpenFile) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        host = workspace.host
        self.holder = CampaignHolder(self)
        self.party = PartyActions(workspace, self.holder)
        self.prep = PrepActions(self.holder, host, open_file)
        self.start_tool = StartAreaTool(workspace)
        self.drop = PartyDrop(workspace.view, self.party.bring_one)
        self.confirm: Callable[[QDialog], bool] = _exec
        self.ask_folder: Callable[[], Path | None] = lambda: _ask_folder(host)
        self.warn: Callable[[str, str], object] = lambda title, text: QMessageBox.warning(host, title, text)
        self.last_dialog: QDialog | None = None
        for source in (self, self.party, self.prep, self.start_tool):
            source.message.connect(workspace.say)
        self.actions = self._make_actions()
        self.recent_menu = QMenu("Recent &campaigns", host)
        self._add_menus()
        self._add_docks()
        self.holder.changed.connect(self.refresh)
        workspace.document.changed.connect(self.refresh_party)  # each command: the roster only
        workspace.document.path_changed.connect(self.refresh)
        workspace.document.path_changed.connect(self.follow_file)
        self.follow_file()
        self.refresh()

    # -- the panels: made when the GM first brings their tab forward (or code asks for them) --------
    @property
    def party_panel(self) -> PartyPanel:
        return cast("PartyPanel", self._party_content.widget())

    @property
    def campaign_panel(self) -> CampaignPanel:
        return cast("CampaignPanel", self._campaign_content.widget())

    def _make_party_panel(self) -> PartyPanel:
        from vantage.gui.campaign.party_panel import PartyPanel

        p, party = PartyPanel(), self.party
        p.add_requested.connect(party.add_from_bestiary)
        p.add_file_requested.connect(party.add_from_file)
        p.remove_requested.connect(party.remove)
        p.bring_requested.connect(lambda: party.bring())
        p.return_requested.connect(party.return_party)
        p.time_requested.connect(party.let_time_pass)
        p.rest_requested.connect(party.rest)
        p.show_campaign(self.holder.campaign, self._party_on_map(), self.workspace.encounter)
        return p

    def _make_campaign_panel(self) -> CampaignPanel:
        from vantage.gui.campaign.campaign_panel import CampaignPanel

        c, prep = CampaignPanel(), self.prep
        c.import_requested.connect(prep.import_map)
        c.add_file_requested.connect(prep.add_file)
        c.duplicate_requested.connect(prep.duplicate)
        c.move_requested.connect(prep.move)
        c.open_requested.connect(prep.open)
        c.next_requested.connect(prep.open_next)
        c.show_campaign(self.holder.campaign, self.holder.folder, self.open_file_in_campaign())
        return c

    # -- assembly ------------------------------------------------------------------------------

    def _make_actions(self) -> dict[ActionId, QAction]:
        host, registry = self.workspace.host, self.workspace.actions
        made: dict[ActionId, QAction] = {}
        table = (
            (ActionId.NEW_CAMPAIGN, "New &campaign…", "A campaign: a party, its encounters and its journal "
             "in a folder of their own", self.new_campaign_dialog, ""),
            (ActionId.OPEN_CAMPAIGN, "Open ca&mpaign…", "Open a campaign folder", self.open_campaign_dialog,
             ""),
            (ActionId.LET_TIME_PASS, "&Let time pass…", "Minutes, hours, a night, a day, a week, a shift or "
             "until a date pass for the party", self.party.let_time_pass, "Ctrl+Shift+T"),
            (ActionId.MARK_PARTY_START, "&Mark the party's start", "Drag across the tiles where the party "
             "arrives on this map", self.start_tool.take_out, ""),
            (ActionId.BRING_PARTY, "&Bring the party", "The party arrives on the start area (one undo step)",
             lambda: self.party.bring(), ""),
            (ActionId.RETURN_PARTY, "&Return the party", "The fight is over: the party goes back to the "
             "roster (the changes are shown first)", self.party.return_party, ""),
            (ActionId.UNDO_CAMPAIGN, "&Undo the last campaign change", "Put the roster, the clock and the "
             "journal back as they were before the last change", self.undo, ""),
            (ActionId.EXPORT_JOURNAL, "&Export the journal…", "The campaign's journal as a Markdown file",
             self.prep.export_journal, ""),
        )
        for action_id, text, tip, handler, keys in table:
            action = QAction(text, host)
            action.setStatusTip(tip)
            action.setToolTip(tip)
            if keys:
                action.setShortcut(QKeySequence(keys))
                shown = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                action.setToolTip(f"{tip} ({shown})")
            action.triggered.connect(lambda _checked=False, h=handler: h())
            made[action_id] = registry.add_action(action_id, action)
        return made

    def _add_menus(self) -> None:
        registry = self.workspace.actions
        file_menu = registry.find_menu(MenuId.FILE)
        if file_menu is not None:
            quit_action = registry.find_action(ActionId.QUIT)
            before = quit_action if quit_action is not None and quit_action in file_menu.actions() else None
            entries = [self.actions[ActionId.NEW_CAMPAIGN], self.actions[ActionId.OPEN_CAMPAIGN]]
            if before is None:
                file_menu.addSeparator()
                file_menu.addActions(entries)
                file_menu.addMenu(registry.add_menu(MenuId.RECENT_CAMPAIGNS, self.recent_menu))
            else:
                file_menu.insertActions(before, entries)
                file_menu.insertMenu(before, registry.add_menu(MenuId.RECENT_CAMPAIGNS, self.recent_menu))
                file_menu.insertSeparator(before)
        self.recent_menu.menuAction().setStatusTip("Open a campaign opened lately")
        menu = registry.add_menu(MenuId.CAMPAIGN, QMenu("Cam&paign", self.workspace.host), before=MenuId.HELP)
        menu.menuAction().setStatusTip("The campaign's party, its clock and its journal")
        menu.addActions([self.actions[a] for a in (ActionId.LET_TIME_PASS, ActionId.MARK_PARTY_START,
                                                   ActionId.BRING_PARTY, ActionId.RETURN_PARTY)])
        menu.addSeparator()
        menu.addActions([self.actions[ActionId.UNDO_CAMPAIGN], self.actions[ActionId.EXPORT_JOURNAL]])
        self._fill_recent()

    def _add_docks(self) -> None:
        ws = self.workspace
        right, left = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        party = ws.add_dock(DockId.PARTY, None, right, beside=DockId.TOKEN)
        party.toggleViewAction().setStatusTip("Show or hide the Party panel: the campaign's characters")
        self._party_content = DockContent(party, self._make_party_panel)
        campaign = ws.add_dock(DockId.CAMPAIGN, None, left, beside=DockId.CREATURES)
        campaign.toggleViewAction().setStatusTip("Show or hide the Campaign panel: encounters, journal")
        self._campaign_content = DockContent(campaign, self._make_campaign_panel)

    def _fill_recent(self) -> None:
        menu = self.recent_menu
        menu.clear()
        for folder in read_recent_campaigns():
            if not folder.is_dir():
                continue
            action = menu.addAction(str(folder))
            action.setStatusTip(f"Open the campaign in {folder}")
            action.triggered.connect(lambda _checked=False, f=folder: self.open_campaign(f))
        menu.setEnabled(not menu.isEmpty())

    # -- showing -------------------------------------------------------------------------------
    def open_file_in_campaign(self) -> str | None:
        path, folder = self.workspace.document.path, self.holder.folder
        if path is None or folder is None:
            return None
        try:
            return path.resolve().relative_to(folder.resolve()).as_posix()
        except ValueError:
            return None

    def refresh(self) -> None:
        """Show the campaign again: the roster, the encounters and the journal, the menu."""
        holder = self.holder
        if self._campaign_content.is_built:
            self.campaign_panel.show_campaign(holder.campaign, holder.folder, self.open_file_in_campaign())
        self.refresh_party()

    def refresh_party(self) -> None:
        """Show the roster and the party's actions again (after each command on the encounter)."""
        campaign = self.holder.campaign
        on_map = self._party_on_map()
        if self._party_content.is_built:
            self.party_panel.show_campaign(campaign, on_map, self.workspace.encounter)
        has = campaign is not None
        for action_id in (ActionId.LET_TIME_PASS, ActionId.BRING_PARTY, ActionId.EXPORT_JOURNAL):
            self.actions[action_id].setEnabled(has)
        self.actions[ActionId.RETURN_PARTY].setEnabled(bool(on_map))
        undo_name = self.holder.undo_name()
        undo = self.actions[ActionId.UNDO_CAMPAIGN]
        undo.setEnabled(undo_name is not None)
        undo.setText(f"&Undo the campaign's “{undo_name}”" if undo_name else "&Undo the last campaign change")

    def _party_on_map(self) -> set[str]:
        campaign = self.holder.campaign
        if campaign is None:
            return set()
        return set(campaigns.party_on_map(campaign, self.workspace.encounter))

    def show_panels(self) -> None:
        for dock_id in (DockId.PARTY, DockId.CAMPAIGN):
            dock = self.workspace.find_dock(dock_id)
            if dock is not None:
                dock.show()
                dock.raise_()

    # -- the deeds -----------------------------------------------------------------------------
    def follow_file(self) -> bool:
        """With no campaign open, an encounter file of a campaign's ``encounters/`` folder (opened
        from Recent files, say) opens its campaign too; whether it did."""
        path = self.workspace.document.path
        if self.holder.is_open or path is None or path.parent.name != ENCOUNTERS:
            return False
        folder = path.parent.parent
        if not campaigns.campaign_file(folder).is_file():
            return False
        try:
            campaign = campaigns.load_campaign(folder)
        except campaigns.CampaignFileError as exc:
            self.message.emit(f"The campaign of this encounter cannot be opened: {problems_text(exc)}")
            return False
        self._opened(folder, campaign)
        self.message.emit(f"This encounter belongs to the campaign {campaign.name}: it is open too")
        return True

    def new_campaign_dialog(self) -> bool:
        from vantage.gui.campaign.dialogs import NewCampaignDialog  # with its first use (issue 32)

        dialog = NewCampaignDialog(self.workspace.host, self.workspace.encounter.ruleset)
        self.last_dialog = dialog
        if not self.confirm(dialog):
            return False
        choice = dialog.choice()
        try:
            campaign = campaigns.new_campaign(choice.folder, choice.ruleset, choice.name)
        except (OSError, ValueError) as exc:
            self.warn("New campaign", f"The campaign cannot be made:\n\n{exc}")
            return False
        self._opened(choice.folder, campaign)
        self.message.emit(f"The campaign {campaign.name} is in {choice.folder}: add its characters in the "
                          "Party panel, its maps in the Campaign panel")
        return True

    def start_from_hint(self) -> str:
        """The first start's "Start a campaign" answer."""
        return "A campaign is open" if self.new_campaign_dialog() else "No campaign was made"

    def open_campaign_dialog(self) -> bool:
        folder = self.ask_folder()
        return folder is not None and self.open_campaign(folder)

    def open_campaign(self, folder: Path) -> bool:
        try:
            campaign = campaigns.load_campaign(folder)
        except campaigns.CampaignFileError as exc:
            self.warn("Open a campaign", f"{folder} cannot be opened as a campaign:\n\n{problems_text(exc)}")
            return False
        self._opened(folder, campaign)
        self.message.emit(f"The campaign {campaign.name} is open")
        return True

    def _opened(self, folder: Path, campaign: campaigns.Campaign) -> None:
        self.holder.open(folder, campaign)
        remember_campaign(folder)
        self._fill_recent()
        self.show_panels()

    def undo(self) -> str | None:
        try:
            name = self.holder.undo()
        except (OSError, ValueError) as exc:
            self.warn("Undo", f"The campaign could not be written, nothing was changed:\n\n{exc}")
            return None
        if name is not None:
            self.message.emit(f"Undone in the campaign: {name}")
        return name


def _ask_folder(parent: QWidget) -> Path | None:
    start = campaigns.default_campaigns_folder()
    chosen = QFileDialog.getExistingDirectory(parent, "Open a campaign folder",
                                              str(start if start.is_dir() else Path.home()))
    return Path(chosen) if chosen else None


def attach_campaign(workspace: GmWorkspace, open_file: OpenFile) -> CampaignTools:
    """The campaign's menus, panels and tools in the window of ``workspace``; ``open_file`` opens an
    encounter file there (asking about unsaved changes first)."""
    return CampaignTools(workspace, open_file)
