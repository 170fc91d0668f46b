"""Campaigns: a party, its prep and its record outlive one fight (docs/campaigns.md).

A campaign is a folder (:mod:`.folder`) with ``campaign.json`` (:mod:`.codec`, docs/file-format.md)
beside its encounters and pictures. Its party roster keeps each character's lasting state
(:mod:`.roster`, through each ruleset's lasting-state hooks); the party comes onto an encounter's map
and goes back through the ``bring_party`` and ``return_party`` commands; the campaign clock moves by
``pass_time`` commands on the party between fights (:mod:`.clock`, :func:`.roster.campaign_command`);
the journal records the sessions (:mod:`.journal`).

Each name below is imported from its module when first read (issue 32: a GM window builds its
campaign menus and panels without loading campaigns until one is opened or made).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vantage.engine.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from vantage.engine.campaign.clock import MINUTES_A_SHIFT, parse_clock_date, time_command
    from vantage.engine.campaign.codec import (
        CampaignFileError,
        campaign_from_dict,
        campaign_to_dict,
        dumps_campaign,
        loads_campaign,
    )
    from vantage.engine.campaign.folder import (
        CAMPAIGN_FILE,
        add_encounter_file,
        campaign_file,
        default_campaigns_folder,
        encounter_path,
        folder_name,
        load_campaign,
        move_encounter,
        new_campaign,
        save_campaign,
        set_encounter_status,
        validate_campaign_folder,
    )
    from vantage.engine.campaign.journal import add_journal_entry, journal_markdown, time_entry_title
    from vantage.engine.campaign.model import (
        Campaign,
        EncounterEntry,
        EncounterStatus,
        JournalEntry,
        Member,
        Session,
    )
    from vantage.engine.campaign.roster import (
        MemberChange,
        add_character,
        add_character_from_template,
        bring_party_command,
        campaign_command,
        member_summary,
        party_encounter,
        party_on_map,
        pending_decisions,
        preview_return,
        remove_character,
        return_changes,
        return_party_command,
        roster_after_return,
    )

#: where each name lives
_HOME: dict[str, str] = {
    "CAMPAIGN_FILE": "folder_names",
    "Campaign": "model",
    "CampaignFileError": "codec",
    "EncounterEntry": "model",
    "EncounterStatus": "model",
    "JournalEntry": "model",
    "MINUTES_A_SHIFT": "clock",
    "Member": "model",
    "MemberChange": "roster",
    "Session": "model",
    "add_character": "roster",
    "add_character_from_template": "roster",
    "add_encounter_file": "folder",
    "add_journal_entry": "journal",
    "bring_party_command": "roster",
    "campaign_command": "roster",
    "campaign_file": "folder",
    "campaign_from_dict": "codec",
    "campaign_to_dict": "codec",
    "default_campaigns_folder": "folder",
    "dumps_campaign": "codec",
    "encounter_path": "folder",
    "folder_name": "folder",
    "journal_markdown": "journal",
    "load_campaign": "folder",
    "loads_campaign": "codec",
    "member_summary": "roster",
    "move_encounter": "folder",
    "new_campaign": "folder",
    "parse_clock_date": "clock",
    "party_encounter": "roster",
    "party_on_map": "roster",
    "pending_decisions": "roster",
    "preview_return": "roster",
    "remove_character": "roster",
    "return_changes": "roster",
    "return_party_command": "roster",
    "roster_after_return": "roster",
    "save_campaign": "folder",
    "set_encounter_status": "folder",
    "time_command": "clock",
    "time_entry_title": "journal",
    "validate_campaign_folder": "folder",
}

__all__ = [
    "CAMPAIGN_FILE",
    "MINUTES_A_SHIFT",
    "Campaign",
    "CampaignFileError",
    "EncounterEntry",
    "EncounterStatus",
    "JournalEntry",
    "Member",
    "MemberChange",
    "Session",
    "add_character",
    "add_character_from_template",
    "add_encounter_file",
    "add_journal_entry",
    "bring_party_command",
    "campaign_command",
    "campaign_file",
    "campaign_from_dict",
    "campaign_to_dict",
    "default_campaigns_folder",
    "dumps_campaign",
    "encounter_path",
    "folder_name",
    "journal_markdown",
    "load_campaign",
    "loads_campaign",
    "member_summary",
    "move_encounter",
    "new_campaign",
    "parse_clock_date",
    "party_encounter",
    "party_on_map",
    "pending_decisions",
    "preview_return",
    "remove_character",
    "return_changes",
    "return_party_command",
    "roster_after_return",
    "save_campaign",
    "set_encounter_status",
    "time_command",
    "time_entry_title",
    "validate_campaign_folder",
]


__getattr__ = lazy_exports(__name__, _HOME)


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOME])
