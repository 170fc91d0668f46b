"""The ``log`` of an encounter file: the combat log kept with its encounter (version 3 on).

Absent when the log is empty. Otherwise ``{"entries": [{"sentence", "details", "kind", "rolls",
"awaits"}, …]}`` (a roll's identity ``{"purpose", "dice"}``) and, when older entries were folded to
keep the file bounded, ``"earlier": {"entries": N, "kinds": {"moved": 40, …}}``. The writer folds
(:meth:`CombatLog.bounded`); the reader refuses a log beyond the limits rather than guess (a longer
list is refused as a whole, before any entry is read). See
docs/file-format.md, ``log``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from vantage.engine.fileformat.fields import check_list, check_object, is_number, read_objects, read_str
from vantage.engine.fileformat.problems import ProblemLog, got, item, join
from vantage.engine.protocol.combat_log import (
    MAX_LOG_CHARACTERS,
    MAX_LOG_DETAILS,
    MAX_LOG_ENTRIES,
    MAX_LOG_TEXT,
    MAX_SUMMARY_KINDS,
    CombatLog,
    EarlierEntries,
    LogEntry,
    RollId,
)

T = TypeVar("T")


def encode_log(log: CombatLog) -> dict[str, Any] | None:
    """The file's ``log`` object of ``log`` within the limits (None: nothing to keep)."""
    if not log:
        return None
    kept = log.bounded()
    out: dict[str, Any] = {}
    if kept.earlier is not None:
        out["earlier"] = {"entries": kept.earlier.entries, "kinds": dict(kept.earlier.kinds)}
    out["entries"] = [_encode_entry(entry) for entry in kept.entries]
    return out


def _encode_entry(entry: LogEntry) -> dict[str, Any]:
    out: dict[str, Any] = {"sentence": entry.sentence}
    if entry.details:
        out["details"] = list(entry.details)
    if entry.kind != "event":
        out["kind"] = entry.kind
    if entry.rolls:
        out["rolls"] = [_encode_roll(roll) for roll in entry.rolls]
    if entry.awaits is not None:
        out["awaits"] = _encode_roll(entry.awaits)
    return out


def _encode_roll(roll: RollId) -> dict[str, str]:
    return {"purpose": roll.purpose, "dice": roll.dice}


def decode_log(data: dict[str, Any], log: ProblemLog) -> CombatLog:
    """The combat log of ``data["log"]`` (empty when absent); each problem logged with its place."""
    if "log" not in data:
        return CombatLog()
    section = check_object(data["log"], "log", log)
    if section is None:
        return CombatLog()
    earlier = _decode_earlier(section, log)
    listed = section.get("entries", [])
    if isinstance(listed, list) and len(listed) > MAX_LOG_ENTRIES:  # refused before any entry is read
        log.add("log.entries", f"{len(listed):,} entries; an encounter file keeps at most "
                f"{MAX_LOG_ENTRIES:,} (older ones are summarised in log.earlier)")
        return CombatLog()
    entries: list[LogEntry] = []
    characters = 0
    for at, obj in read_objects(section, "entries", "log", log):
        entry = _decode_entry(obj, at, log)
        if entry is not None:
            entries.append(entry)
            characters += entry.characters
    if characters > MAX_LOG_CHARACTERS:
        log.add("log.entries", f"{characters:,} characters in all; an encounter file keeps at most "
                f"{MAX_LOG_CHARACTERS:,} (older entries are summarised in log.earlier)")
    return CombatLog(tuple(entries), earlier)


def _text(value: Any, place: str, log: ProblemLog) -> str | None:
    if not isinstance(value, str):
        log.add(place, f"expected a string, got {got(value)}")
        return None
    if len(value) > MAX_LOG_TEXT:
        log.add(place, f"{len(value):,} characters; a log line holds at most {MAX_LOG_TEXT:,}")
        return None
    return value


def _decode_entry(obj: dict[str, Any], at: str, log: ProblemLog) -> LogEntry | None:
    before = len(log.problems)
    sentence = _text(obj["sentence"], join(at, "sentence"), log) if "sentence" in obj else \
        read_str(obj, "sentence", at, log)
    kind = _text(obj.get("kind", "event"), join(at, "kind"), log)
    details = _bounded_list(obj, "details", at, log, _text)
    rolls = _bounded_list(obj, "rolls", at, log, _decode_roll)
    awaits = _decode_roll(obj["awaits"], join(at, "awaits"), log) if "awaits" in obj else None
    if len(log.problems) > before or sentence is None or kind is None:
        return None
    return LogEntry(sentence, tuple(details), kind, tuple(rolls), awaits)


def _bounded_list(obj: dict[str, Any], key: str, at: str, log: ProblemLog,
                  decode: Callable[[Any, str, ProblemLog], T | None]) -> list[T]:
    """The items of ``obj[key]`` (a list of at most :data:`MAX_LOG_DETAILS`; empty when absent),
    each decoded at its place; a bad item is logged and left out."""
    listed = check_list(obj[key], join(at, key), log) if key in obj else []
    if listed is not None and len(listed) > MAX_LOG_DETAILS:
        log.add(join(at, key), f"{len(listed):,} {key}; a log entry holds at most {MAX_LOG_DETAILS}")
        listed = []
    decoded = (decode(value, item(join(at, key), index), log) for index, value in enumerate(listed or []))
    return [value for value in decoded if value is not None]


def _decode_roll(value: Any, place: str, log: ProblemLog) -> RollId | None:
    """A roll's identity, ``{"purpose": …, "dice": …}`` (both strings)."""
    obj = check_object(value, place, log)
    if obj is None:
        return None
    purpose = _text(obj["purpose"], join(place, "purpose"), log) if "purpose" in obj else \
        read_str(obj, "purpose", place, log)
    dice = _text(obj["dice"], join(place, "dice"), log) if "dice" in obj else \
        read_str(obj, "dice", place, log)
    return RollId(purpose, dice) if purpose is not None and dice is not None else None


def _decode_earlier(section: dict[str, Any], log: ProblemLog) -> EarlierEntries | None:
    if "earlier" not in section:
        return None
    obj = check_object(section["earlier"], "log.earlier", log)
    if obj is None:
        return None
    count = obj.get("entries")
    if not (is_number(count) and float(count).is_integer() and 1 <= count <= 2**53):
        log.add("log.earlier.entries", "expected a whole number of entries from 1 (how many were summarised)")
        return None
    kinds_obj = check_object(obj.get("kinds", {}), "log.earlier.kinds", log)
    if kinds_obj is None:
        return None
    if len(kinds_obj) > MAX_SUMMARY_KINDS:
        log.add("log.earlier.kinds",
                f"{len(kinds_obj):,} kinds; a summary counts at most {MAX_SUMMARY_KINDS}")
        return None
    kinds: list[tuple[str, int]] = []
    for kind, value in kinds_obj.items():
        place = join("log.earlier.kinds", kind)
        if len(kind) > MAX_LOG_TEXT:
            log.add("log.earlier.kinds", f"a kind of {len(kind):,} characters; at most {MAX_LOG_TEXT:,}")
        elif not (is_number(value) and float(value).is_integer() and 0 <= value <= 2**53):
            log.add(place, "expected a whole number of entries from 0")
        else:
            kinds.append((kind, int(value)))
    return EarlierEntries(int(count), tuple(sorted(kinds)))
