"""What the Party panel's buttons do, over the campaign held by a :class:`~.current.CampaignHolder`
and the encounter open in the workspace.

- Add a character (from the ruleset's bestiary or a stat block file), remove one: a campaign change.
- Bring the party: the engine's ``bring_party`` command on the encounter (one undo step in Edit ▸
  Undo); the encounter is marked running in the campaign.
- Return the party: the changes (``preview_return``) shown for the GM to confirm, then the
  ``return_party`` command on the encounter (one undo step in Edit ▸ Undo: the tokens come back on
  the map) and the roster written (one step in Campaign ▸ Undo: the roster as it was before). The
  encounter is marked finished and its log goes into the journal.
- Let time pass / a rest: one engine command on the party between fights (``campaign_command``),
  the questions a rule asks on the way answered, the log's lines shown and kept in the journal
  (one step in Campaign ▸ Undo). A refusal is shown with its sentence.

Every dialog is an attribute a test answers for the GM (``ask_template`` …)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

import vantage.engine.campaign as campaigns
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.decisions import Decision
from vantage.gui.campaign.current import CampaignHolder
from vantage.gui.document import run_command
from vantage.gui.workspace import GmWorkspace

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command, PassTime

BRING_PARTY = "Bring the party"
RETURN_PARTY = "Return the party"
#: Words in a character's lasting state that the GM is told about after a fight (the rulesets'
#: summaries say "dying" of a character left dying).
DYING_WORD = "dying"


def _exec(dialog: QDialog) -> bool:
    return dialog.exec() == QDialog.DialogCode.Accepted


class PartyActions(QObject):
    """The party's deeds for one GM window; ``message``: a sentence for the status bar."""

    message = Signal(str)
    #: the encounter's party changed (brought or returned): the panels show it again
    party_moved = Signal()

    def __init__(self, workspace: GmWorkspace, holder: CampaignHolder) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.holder = holder
        parent: QWidget = workspace.host
        self.confirm: Callable[[QDialog], bool] = _exec
        self.ask_stat_file: Callable[[], Path | None] = lambda: _ask_stat_file(parent)
        self.ask_decision: Callable[[Decision, str], str | None] = lambda d, who: _ask_decision(
            parent, d, who)
        self.show_lines: Callable[[str, Sequence[str]], None] = lambda title, lines: _show_lines(
            parent, title, lines)
        self.warn: Callable[[str, str], None] = lambda title, text: _warn(parent, title, text)
        #: the last dialog made (tests fill it in through ``confirm``)
        self.last_dialog: QDialog | None = None

    @property
    def campaign(self) -> campaigns.Campaign | None:
        return self.holder.campaign

    def _update(self, campaign: campaigns.Campaign, name: str, title: str) -> bool:
        try:
            notes = self.holder.update(campaign, name)
        except (OSError, ValueError) as exc:
            self.warn(title, f"The campaign could not be written, nothing was changed:\n\n{exc}")
            return False
        for note in notes:
            self.message.emit(note)
        return True

    # -- the roster --------------------------------------------------------------------------
    def add_from_bestiary(self) -> bool:
        campaign = self.campaign
        if campaign is None:
            return False
        from vantage.gui.campaign.dialogs import AddCharacterDialog  # with its first use (issue 32)

        dialog = AddCharacterDialog(campaign.ruleset, self.workspace.host)
        self.last_dialog = dialog
        if not self.confirm(dialog):
            return False
        try:
            after = campaigns.add_character_from_template(campaign, dialog.template_id(),
                                                          dialog.character_name())
        except ValueError as exc:
            self.warn("Add a character", str(exc))
            return False
        return self._joined(after)

    def add_from_file(self) -> bool:
        campaign = self.campaign
        path = self.ask_stat_file() if campaign is not None else None
        if campaign is None or path is None:
            return False
        from vantage.gui.campaign.dialogs import read_stat_block_file  # with its first use (issue 32)

        try:
            block = read_stat_block_file(path)
            after = campaigns.add_character(campaign, block.name, block.stats, size=block.size)
        except ValueError as exc:
            self.warn("Add a character", str(exc))
            return False
        return self._joined(after)

    def _joined(self, after: campaigns.Campaign) -> bool:
        member = after.party[-1]
        if self._update(after, f"Add {member.name}", "Add a character"):
            self.message.emit(f"{member.name} joins the party")
            return True
        return False

    def remove(self, member_id: str) -> bool:
        campaign = self.campaign
        if campaign is None:
            return False
        if member_id in campaigns.party_on_map(campaign, self.workspace.encounter):
            self.warn("Remove a character", "This character is on the map: return the party first")
            return False
        name = campaign.member(member_id).name
        after = campaigns.remove_character(campaign, member_id)
        if self._update(after, f"Remove {name}", "Remove a character"):
            self.message.emit(f"{name} leaves the party (Campaign ▸ Undo brings them back)")
            return True
        return False

    # -- onto the map and back -----------------------------------------------------------------
    def _encounter_file(self) -> str | None:
        """The open encounter's file as the campaign lists it (None: not one of its encounters)."""
        path, folder, campaign = self.workspace.document.path, self.holder.folder, self.campaign
        if path is None or folder is None or campaign is None:
            return None
        try:
            relative = path.resolve().relative_to(folder.resolve()).as_posix()
        except ValueError:
            return None
        return relative if any(e.file == relative for e in campaign.encounters) else None

    def bring_one(self, member_id: str, tile: tuple[int, int]) -> bool:
        """Bring the character ``member_id`` onto ``tile`` (dropped there from the Party panel)."""
        return self.bring((tile,), (member_id,))

    def bring(self, tiles: Sequence[tuple[int, int]] = (), members: Sequence[str] = ()) -> bool:
        """Bring the party (the characters not on the map yet, or ``members``) onto the start area,
        or ``tiles``."""
        campaign = self.campaign
        if campaign is None:
            return False
        on_map = campaigns.party_on_map(campaign, self.workspace.encounter)
        away = [m.id for m in campaign.party if m.id not in on_map and (not members or m.id in members)]
        if members and not away:
            self.warn(BRING_PARTY, "This character is on the map already")
            return False
        try:
            command = campaigns.bring_party_command(campaign, tiles, away)
            events = run_command(self.workspace.document, BRING_PARTY, command)
        except (ValueError, CommandRejected) as exc:
            self.warn(BRING_PARTY, str(exc))
            return False
        file = self._encounter_file()
        if file is not None and any(e.file == file and e.status != campaigns.EncounterStatus.RUNNING
                                    for e in campaign.encounters):
            self._update(campaigns.set_encounter_status(campaign, file, campaigns.EncounterStatus.RUNNING),
                         "Mark the encounter running", BRING_PARTY)
        self.message.emit(" ".join(e.sentence for e in events) or "The party arrives")
        self.party_moved.emit()
        return True

    def return_party(self) -> bool:
        """Show what returning changes, and on the GM's word return the party to the roster."""
        campaign = self.campaign
        if campaign is None:
            return False
        encounter = self.workspace.encounter
        try:
            changes = campaigns.preview_return(campaign, encounter)
            command = campaigns.return_party_command(campaign, encounter)
        except (ValueError, CommandRejected) as exc:
            self.warn(RETURN_PARTY, str(exc))
            return False
        from vantage.gui.campaign.dialogs import ReturnSummaryDialog  # with its first use (issue 32)

        dialog = ReturnSummaryDialog([c.text for c in changes], self.workspace.host)
        self.last_dialog = dialog
        if not self.confirm(dialog):
            return False
        log = [entry.sentence for entry in self.workspace.document.log]
        try:
            events = run_command(self.workspace.document, RETURN_PARTY, command)
            after = campaigns.roster_after_return(campaign, events)
        except CommandRejected as exc:
            self.warn(RETURN_PARTY, str(exc))
            return False
        file = self._encounter_file()
        title = encounter.name or "An encounter"
        if file is not None:
            after = campaigns.set_encounter_status(after, file, campaigns.EncounterStatus.FINISHED)
            title = next(e.name for e in after.encounters if e.file == file)
        after = campaigns.add_journal_entry(after, title, [*log, *(c.text for c in changes)], file=file)
        if not self._update(after, RETURN_PARTY, RETURN_PARTY):
            return False
        self.message.emit("The party is back in the roster: " + "; ".join(c.text for c in changes))
        self.party_moved.emit()
        dying = [c.text for c in changes if DYING_WORD in c.after.lower()]
        if dying:
            self.show_lines("Left dying", ["Left dying when the fight ended; it goes on on the campaign "
                                           "clock as the rules say:", *dying])
        return True

    # -- time passes -----------------------------------------------------------------------------
    def let_time_pass(self) -> bool:
        campaign = self.campaign
        if campaign is None:
            return False
        ruleset = get_ruleset(campaign.ruleset)
        from vantage.gui.campaign.dialogs import LetTimePassDialog  # with its first use (issue 32)

        dialog = LetTimePassDialog(ruleset.clock_text(campaign.clock), self.workspace.host)
        self.last_dialog = dialog
        while self.confirm(dialog):
            try:
                command: PassTime = dialog.command(campaign.clock)
            except ValueError as exc:
                self.warn("Let time pass", str(exc))
                continue
            return self.run_between_fights(command, "Let time pass")
        return False

    def rest(self, kind: str, duration: int = 1) -> bool:
        from vantage.engine.protocol.commands import Rest
        campaign = self.campaign
        if campaign is None:
            return False
        label = next((k.label for k in get_ruleset(campaign.ruleset).rest_kinds if k.id == kind), kind)
        return self.run_between_fights(Rest(rest=kind, duration=duration), label)

    def run_between_fights(self, command: Command, name: str) -> bool:
        """``command`` on the party between fights, then every question it asks answered; the log's
        lines shown and journalled. A refusal is shown with its sentence, nothing changed."""
        from vantage.engine.protocol.commands import Answer
        campaign = self.campaign
        if campaign is None:
            return False
        if campaigns.party_on_map(campaign, self.workspace.encounter):
            self.warn(name, "The party is on this map: return it to the roster first (time passes for "
                            "the roster, and the roster has not had the fight's changes yet)")
            return False
        dice = self.workspace.document.dice
        try:
            after, events = campaigns.campaign_command(campaign, command, dice)
            lines = [e.sentence for e in events]
            while campaigns.pending_decisions(after):
                decision = campaigns.pending_decisions(after)[0]
                who = after.member(decision.who).name if decision.who in {m.id for m in after.party} else ""
                answer = Answer(choice=self.ask_decision(decision, who or ""))
                after, events = campaigns.campaign_command(after, answer, dice)
                lines += [e.sentence for e in events]
        except CommandRejected as exc:
            self.warn(name, f"Refused: {exc}")
            return False
        after = campaigns.add_journal_entry(after, campaigns.time_entry_title(campaign.clock, after.clock)
                                  if after.clock != campaign.clock else name, lines)
        if not self._update(after, name, name):
            return False
        clock = get_ruleset(after.ruleset).clock_text(after.clock)
        self.show_lines(name, [*lines, f"The campaign clock: {clock}."])
        self.message.emit(f"{name}: {clock}")
        return True


def _ask_stat_file(parent: QWidget) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(parent, "A character's stat block", "",
                                          "Stat blocks (*.json);;All files (*)")
    return Path(name) if name else None


def _ask_decision(parent: QWidget, decision: Decision, who: str) -> str | None:
    from vantage.gui.campaign.dialogs import DecisionDialog  # with its first use (issue 32)

    dialog = DecisionDialog(decision, who, parent)
    return dialog.choice() if _exec(dialog) else decision.default


def _show_lines(parent: QWidget, title: str, lines: Sequence[str]) -> None:
    box = QMessageBox(QMessageBox.Icon.Information, title, "\n".join(lines), QMessageBox.StandardButton.Ok,
                      parent)
    box.exec()


def _warn(parent: QWidget, title: str, text: str) -> None:
    QMessageBox.warning(parent, title, text)
