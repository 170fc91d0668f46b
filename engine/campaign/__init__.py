"""Campaigns: a party, its prep and its record outlive one fight (docs/campaigns.md).

A campaign is a folder (:mod:`.folder`) with ``campaign.json`` (:mod:`.codec`, docs/file-format.md)
beside its encounters and pictures. Its party roster keeps each character's lasting state
(:mod:`.roster`, through each ruleset's lasting-state hooks); the party comes onto an encounter's map
and goes back through the ``bring_party`` and ``return_party`` commands; the campaign clock moves by
``pass_time`` commands on the party between fights (:mod:`.clock`, :func:`.roster.campaign_command`);
the journal records the sessions (:mod:`.journal`).
"""

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
