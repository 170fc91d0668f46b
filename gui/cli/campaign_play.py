"""``vantage play ENC --campaign DIR``: the campaign's party brought onto the encounter before the
commands, and returned to the roster after them when the fight is over (the roster, the clock, the
encounter's status and the journal written to the campaign). Headless: no Qt."""

from __future__ import annotations

from pathlib import Path

from vantage.engine.campaign import (
    Campaign,
    EncounterStatus,
    add_journal_entry,
    bring_party_command,
    load_campaign,
    return_changes,
    return_party_command,
    roster_after_return,
    save_campaign,
    set_encounter_status,
)
from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.events import Event
from vantage.engine.session import apply


def parse_tile(text: str) -> tuple[int, int]:
    """``"3,4"`` as the tile (3, 4); ValueError saying how to write one."""
    try:
        x, y = (int(part) for part in text.split(","))
    except ValueError:
        raise ValueError(f"--at {text!r}: write a tile as X,Y (two whole numbers)") from None
    return x, y


def bring(folder: str, encounter: Encounter, at: list[str]) -> tuple[Campaign, Encounter, list[Event]]:
    """The campaign in ``folder`` and the encounter with its party brought in (CommandRejected when
    the map cannot take it; ValueError when the campaign plays another ruleset or has no party)."""
    campaign = load_campaign(folder)
    if campaign.ruleset != encounter.ruleset:
        raise ValueError(f"the campaign plays {campaign.ruleset} and the encounter {encounter.ruleset}")
    command = bring_party_command(campaign, [parse_tile(t) for t in at])
    after, events = apply(encounter, command, NoDice())
    return campaign, after, events


def finish(folder: str, encounter_file: str, campaign: Campaign, encounter: Encounter,
           played: list[Event]) -> tuple[Encounter, list[Event], list[str], str]:
    """After the commands: the encounter after the return, the return's events, the lines the GM
    would confirm, and a note.
    When the fight is not over the party stays on the map and only the journal is written."""
    entry_file = _inside(folder, encounter_file)
    lines = [e.sentence for e in played if getattr(e, "sentence", "")]
    title = encounter.name or Path(encounter_file).stem
    if encounter.combat.get("started"):
        campaign = add_journal_entry(campaign, title, lines, file=entry_file)
        campaign = _status(campaign, entry_file, EncounterStatus.RUNNING)
        save_campaign(campaign, folder)
        return encounter, [], [], ("the fight is not over: the party stays on the map and the roster is "
                                   "unchanged")
    after, events = apply(encounter, return_party_command(campaign, encounter), NoDice())
    changes = return_changes(campaign, events)
    campaign = roster_after_return(campaign, events)
    lines += [e.sentence for e in events]
    campaign = add_journal_entry(campaign, title, lines, file=entry_file)
    campaign = _status(campaign, entry_file, EncounterStatus.FINISHED)
    save_campaign(campaign, folder)
    return after, events, [c.text for c in changes], ""


def _inside(folder: str, path: str) -> str | None:
    try:
        return Path(path).resolve().relative_to(Path(folder).resolve()).as_posix()
    except ValueError:
        return None


def _status(campaign: Campaign, file: str | None, status: EncounterStatus) -> Campaign:
    if file is not None and any(e.file == file for e in campaign.encounters):
        return set_encounter_status(campaign, file, status)
    return campaign
