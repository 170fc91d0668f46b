"""``campaign.json`` read and written: every problem found in one pass, each with its place
(``party[1].stats.abilities.strength``, ``encounters[0].status``), in the style of the encounter
file format (:mod:`vantage.engine.fileformat`). See docs/file-format.md, "campaign.json"."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from vantage.engine.campaign.model import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Campaign,
    EncounterEntry,
    EncounterStatus,
    JournalEntry,
    Member,
    Session,
)
from vantage.engine.fileformat.problems import EncounterFileError, Problem, ProblemLog, got, item, join
from vantage.engine.fileformat.text import decode_text, parse_json, pretty_json
from vantage.engine.model import Size
from vantage.engine.rules import UnknownRuleset, get_ruleset, ruleset_ids

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_KEYS = ("format", "version", "name", "ruleset", "clock", "settings", "party", "encounters", "journal",
         "waiting")
_SETTINGS = ("rules",)


class CampaignFileError(EncounterFileError):
    """A ``campaign.json`` (or data) that is not a valid campaign; ``problems`` lists every one."""

    def __str__(self) -> str:
        where = self.path or "the campaign"
        if len(self.problems) == 1:
            return f"{where}: {self.problems[0]}"
        return "\n".join([f"{where}: {len(self.problems)} problems", *(f"  {p}" for p in self.problems)])


def campaign_to_dict(campaign: Campaign) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT_NAME, "version": FORMAT_VERSION, "name": campaign.name, "ruleset": campaign.ruleset,
        "clock": campaign.clock, "settings": dict(campaign.settings),
        "party": [{"id": m.id, "name": m.name, "size": m.size, **({"image": m.image} if m.image else {}),
                   "stats": dict(m.stats), "state": dict(m.state)} for m in campaign.party],
        "encounters": [{"file": e.file, "name": e.name, "status": e.status.value}
                       for e in campaign.encounters],
        "journal": [{"date": s.date, "entries": [
            {"title": j.title, **({"file": j.file} if j.file else {}), "lines": list(j.lines)}
            for j in s.entries]} for s in campaign.journal],
    }
    if campaign.waiting is not None:
        data["waiting"] = dict(campaign.waiting)
    return data


def dumps_campaign(campaign: Campaign) -> str:
    return pretty_json(campaign_to_dict(campaign)) + "\n"


def loads_campaign(text: str | bytes, source: str = "campaign.json") -> Campaign:
    """The campaign in ``text``; CampaignFileError listing every problem with its place."""
    try:
        raw = text if isinstance(text, str) else decode_text(bytes(text), source)
        data = parse_json(raw, source)
    except EncounterFileError as exc:
        raise CampaignFileError(exc.problems, path=source) from None
    return campaign_from_dict(data, source)


def _text(log: ProblemLog, data: Mapping[str, Any], key: str, place: str, *, required: bool = True) -> str:
    value = data.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        log.add(join(place, key),
                "is missing" if value is None else f"must be a non-empty string, not {got(value)}")
        return ""
    return value


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def campaign_from_dict(data: object, source: str = "campaign.json") -> Campaign:
    """The campaign in ``data`` (parsed JSON); CampaignFileError listing every problem."""
    log = ProblemLog()
    if not isinstance(data, Mapping):
        raise CampaignFileError([Problem("", f"a campaign is a JSON object, not {got(data)}")], path=source)
    if data.get("format") != FORMAT_NAME:
        log.add("format", f"must be {FORMAT_NAME!r} (this is not a Vantage campaign), "
                          f"not {got(data.get('format'))}")
    version = data.get("version")
    if not _whole(version) or not 1 <= version <= FORMAT_VERSION:  # type: ignore[operator]
        log.add("version", f"must be a version Vantage reads (1 to {FORMAT_VERSION}), not {got(version)}")
    for key in data:
        if key not in _KEYS:
            log.add(str(key), f"is not a field of a campaign (known: {', '.join(_KEYS)})")
    name = _text(log, data, "name", "")
    ruleset_id = _text(log, data, "ruleset", "")
    ruleset = None
    if ruleset_id:
        try:
            ruleset = get_ruleset(ruleset_id)
        except UnknownRuleset:
            log.add("ruleset", f"{ruleset_id!r} is not an installed ruleset "
                               f"(one of {', '.join(ruleset_ids())})")
    clock = data.get("clock", 0)
    if not _whole(clock) or clock < 0:
        log.add("clock", "must be the minutes of game time since the campaign began (0 or more), "
                         f"not {got(clock)}")
        clock = 0
    settings = _settings(log, data.get("settings", {}))
    party = _party(log, data.get("party", []), ruleset)
    encounters = _encounters(log, data.get("encounters", []))
    journal = _journal(log, data.get("journal", []))
    waiting = data.get("waiting")
    if waiting is not None and not isinstance(waiting, Mapping):
        log.add("waiting", f"must be an object (a time command waiting for the table), not {got(waiting)}")
        waiting = None
    if log:
        raise CampaignFileError(log.problems, path=source)
    return Campaign(name=name, ruleset=ruleset_id, party=party, clock=int(clock), settings=settings,
                    encounters=encounters, journal=journal, waiting=dict(waiting) if waiting else None)


def _settings(log: ProblemLog, value: object) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        log.add("settings", f"must be an object, not {got(value)}")
        return {}
    for key, v in value.items():
        if key not in _SETTINGS:
            log.add(join("settings", str(key)), f"is not a campaign setting (known: {', '.join(_SETTINGS)})")
        elif not isinstance(v, Mapping):
            log.add(join("settings", str(key)),
                    f"must be an object (the ruleset's rules options), not {got(v)}")
    return dict(value)


def _list(log: ProblemLog, value: object, place: str) -> list[Any]:
    if not isinstance(value, list):
        log.add(place, f"must be a list, not {got(value)}")
        return []
    return value


def _party(log: ProblemLog, value: object, ruleset: Any) -> tuple[Member, ...]:
    members: list[Member] = []
    seen: set[str] = set()
    sizes = [s.value for s in Size]
    for i, raw in enumerate(_list(log, value, "party")):
        place = item("party", i)
        if not isinstance(raw, Mapping):
            log.add(place, f"must be an object (a character), not {got(raw)}")
            continue
        for key in raw:
            if key not in ("id", "name", "size", "image", "stats", "state"):
                log.add(join(place, str(key)),
                        "is not a field of a character (id, name, size, image, stats, state)")
        mid, name = _text(log, raw, "id", place), _text(log, raw, "name", place)
        if mid in seen:
            log.add(join(place, "id"), f"{mid!r} is the id of another character too")
        seen.add(mid)
        size = raw.get("size", "medium")
        if size not in sizes:
            log.add(join(place, "size"), f"must be one of {', '.join(sizes)}, not {got(size)}")
        image = raw.get("image")
        if image is not None and not isinstance(image, str):
            log.add(join(place, "image"), f"must be a file name, not {got(image)}")
        stats, state = raw.get("stats", {}), raw.get("state", {})
        if not isinstance(stats, Mapping):
            log.add(join(place, "stats"), f"must be an object (a stat block), not {got(stats)}")
            stats = {}
        elif ruleset is not None:
            for where, message in ruleset.validate_stats(dict(stats), join(place, "stats")):
                log.add(where, message)
        if not isinstance(state, Mapping):
            log.add(join(place, "state"), f"must be an object (the lasting state), not {got(state)}")
            state = {}
        else:
            _state(log, state, join(place, "state"))
        members.append(Member(mid, name, dict(stats), size if size in sizes else "medium",
                               image if isinstance(image, str) else None, dict(state)))
    return tuple(members)


def _state(log: ProblemLog, state: Mapping[str, Any], place: str) -> None:
    for key, v in state.items():
        if key == "record":
            if not isinstance(v, Mapping):
                log.add(join(place, "record"), f"must be an object, not {got(v)}")
        elif key == "conditions":
            if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
                log.add(join(place, "conditions"), f"must be a list of condition names, not {got(v)}")
        else:
            log.add(join(place, str(key)), "is not part of a lasting state (record, conditions)")


def _encounters(log: ProblemLog, value: object) -> tuple[EncounterEntry, ...]:
    entries: list[EncounterEntry] = []
    statuses = [s.value for s in EncounterStatus]
    files: set[str] = set()
    for i, raw in enumerate(_list(log, value, "encounters")):
        place = item("encounters", i)
        if not isinstance(raw, Mapping):
            log.add(place, f"must be an object (an encounter of the campaign), not {got(raw)}")
            continue
        file, name = _text(log, raw, "file", place), _text(log, raw, "name", place)
        parts = file.replace("\\", "/").split("/")
        if file and (file.startswith(("/", "\\")) or ".." in parts or ":" in file):
            log.add(join(place, "file"), f"{file!r} must be a path inside the campaign folder")
        if file in files:
            log.add(join(place, "file"), f"{file!r} is listed twice")
        files.add(file)
        status = raw.get("status", "prepared")
        if status not in statuses:
            log.add(join(place, "status"), f"must be one of {', '.join(statuses)}, not {got(status)}")
            status = "prepared"
        entries.append(EncounterEntry(file, name, EncounterStatus(status)))
    return tuple(entries)


def _journal(log: ProblemLog, value: object) -> tuple[Session, ...]:
    sessions: list[Session] = []
    for i, raw in enumerate(_list(log, value, "journal")):
        place = item("journal", i)
        if not isinstance(raw, Mapping):
            log.add(place, f"must be an object (a session), not {got(raw)}")
            continue
        date = raw.get("date")
        if not isinstance(date, str) or not _DATE.match(date):
            log.add(join(place, "date"), f"must be a date YYYY-MM-DD, not {got(date)}")
            date = "0000-00-00"
        entries: list[JournalEntry] = []
        for j, e in enumerate(_list(log, raw.get("entries", []), join(place, "entries"))):
            where = item(join(place, "entries"), j)
            if not isinstance(e, Mapping):
                log.add(where, f"must be an object, not {got(e)}")
                continue
            title = _text(log, e, "title", where)
            lines = e.get("lines", [])
            if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
                log.add(join(where, "lines"), f"must be a list of sentences, not {got(lines)}")
                lines = []
            file = e.get("file")
            entries.append(JournalEntry(title, tuple(lines), file if isinstance(file, str) else None))
        sessions.append(Session(str(date), tuple(entries)))
    return tuple(sessions)
