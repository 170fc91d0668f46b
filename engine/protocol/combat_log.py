"""The combat log as a value: the record of how a fight got where it is, kept with its encounter.

Each :class:`LogEntry` is one event as a plain sentence with the rolls and breakdowns behind it
(:func:`log_entries` makes them from the engine's events, for the GM window and ``vantage play``
alike). A :class:`CombatLog` is what an encounter file keeps: at most :data:`MAX_LOG_ENTRIES` entries
and :data:`MAX_LOG_CHARACTERS` characters, the oldest beyond that folded into one
:class:`EarlierEntries` summary (how many, of which kinds), so that a long campaign's fight never
outgrows the file. :meth:`CombatLog.bounded` is that folding; the file writer applies it, the file
reader refuses a log beyond the limits (docs/file-format.md, ``log``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vantage.engine.protocol.events import Event

#: The most entries a file keeps; older ones are summarised (about 0.5 MB for 1,000 typical ones).
MAX_LOG_ENTRIES = 5_000
#: The most characters of one sentence, detail line or kind; a longer one is cut, ending in "…".
MAX_LOG_TEXT = 10_000
#: The most detail lines of one entry; more are folded into a last "… and N more" line.
MAX_LOG_DETAILS = 100
#: The most characters of all the kept entries together (sentences, details, kinds): ≤ 16 MiB as UTF-8.
MAX_LOG_CHARACTERS = 4_000_000
#: The most kinds an :class:`EarlierEntries` summary counts one by one; the rest count as "other".
MAX_SUMMARY_KINDS = 200
#: The kind of the summary line shown at the top of a log whose oldest entries were folded.
SUMMARY_KIND = "summary"


@dataclass(frozen=True)
class RollId:
    """Which roll: what it is for and its dice ("morale check, Ysolde", "1d20") — the engine's
    ``purpose`` and ``expr`` of a roll made (``RollMade``) and of a roll asked at the table (the
    waiting decision's ``dice``), so that the one is found among the others as data."""

    purpose: str
    dice: str

    @property
    def characters(self) -> int:
        return len(self.purpose) + len(self.dice)


@dataclass(frozen=True)
class LogEntry:
    """One line of the combat log: a plain sentence and the rolls/breakdowns behind it; ``rolls``
    are the identities of the rolls its details show, in order, and ``awaits`` a waiting entry's
    roll asked at the table (None: a choice is asked, or a log saved before it was kept)."""

    sentence: str
    details: tuple[str, ...] = ()
    kind: str = "event"
    rolls: tuple[RollId, ...] = ()
    awaits: RollId | None = None

    @property
    def characters(self) -> int:
        """How many characters the entry keeps: its sentence, details, kind and rolls' identities."""
        return (len(self.sentence) + sum(len(detail) for detail in self.details) + len(self.kind)
                + sum(roll.characters for roll in self.rolls)
                + (self.awaits.characters if self.awaits is not None else 0))


@dataclass(frozen=True)
class EarlierEntries:
    """The oldest entries a file no longer keeps: how many, and how many of each kind."""

    entries: int = 0
    kinds: tuple[tuple[str, int], ...] = ()

    def adding(self, folded: Iterable[LogEntry]) -> EarlierEntries:
        """This summary with ``folded`` counted in as well."""
        counts = Counter(dict(self.kinds))
        added = 0
        for entry in folded:
            counts[entry.kind] += 1
            added += 1
        kinds = sorted(counts.items())
        if len(kinds) > MAX_SUMMARY_KINDS:  # a plug-in with very many kinds: the rarest count as "other"
            named = [pair for pair in kinds if pair[0] != "other"]
            common = sorted(named, key=lambda pair: (-pair[1], pair[0]))[: MAX_SUMMARY_KINDS - 1]
            other = sum(counts.values()) - sum(n for _, n in common)
            kinds = sorted([*common, ("other", other)])
        return EarlierEntries(self.entries + added, tuple(kinds))

    def entry(self) -> LogEntry:
        """The summary as the log's first line: "412 earlier entries are summarised: …"."""
        many = self.entries != 1
        sentence = (f"{self.entries:,} earlier {'entries are' if many else 'entry is'} summarised here "
                    f"(an encounter file keeps the newest {MAX_LOG_ENTRIES:,}).")
        details = tuple(f"{count:,} × {kind.replace('_', ' ')}" for kind, count in self.kinds)
        return LogEntry(sentence, details, SUMMARY_KIND)


@dataclass(frozen=True)
class CombatLog:
    """The record an encounter keeps: its entries, oldest first, and a summary of older ones."""

    entries: tuple[LogEntry, ...] = ()
    earlier: EarlierEntries | None = field(default=None)

    def __bool__(self) -> bool:
        return bool(self.entries) or self.earlier is not None

    def shown(self) -> tuple[LogEntry, ...]:
        """The entries as the GM reads them: the summary line first when there is one."""
        return ((self.earlier.entry(),) if self.earlier is not None else ()) + self.entries

    def extended(self, entries: Iterable[LogEntry]) -> CombatLog:
        return CombatLog(self.entries + tuple(entries), self.earlier)

    def bounded(self) -> CombatLog:
        """This log within the file's limits: every text cut to :data:`MAX_LOG_TEXT` characters and
        :data:`MAX_LOG_DETAILS` details, then the oldest entries folded into the summary until at
        most :data:`MAX_LOG_ENTRIES` entries and :data:`MAX_LOG_CHARACTERS` characters are left."""
        entries = [_within_limits(entry) for entry in self.entries]
        keep = len(entries)
        characters = 0
        for index in range(len(entries) - 1, -1, -1):
            if len(entries) - index > MAX_LOG_ENTRIES or characters + entries[index].characters > \
                    MAX_LOG_CHARACTERS:
                break
            characters += entries[index].characters
            keep = index
        if keep == 0:
            return CombatLog(tuple(entries), self.earlier)
        earlier = (self.earlier or EarlierEntries()).adding(entries[:keep])
        return CombatLog(tuple(entries[keep:]), earlier)


def _cut(text: str) -> str:
    return text if len(text) <= MAX_LOG_TEXT else text[: MAX_LOG_TEXT - 1] + "…"


def _roll_within_limits(roll: RollId) -> RollId:
    if len(roll.purpose) <= MAX_LOG_TEXT and len(roll.dice) <= MAX_LOG_TEXT:
        return roll
    return RollId(_cut(roll.purpose), _cut(roll.dice))


def _within_limits(entry: LogEntry) -> LogEntry:
    details = entry.details
    if len(details) > MAX_LOG_DETAILS:
        more = len(details) - MAX_LOG_DETAILS + 1
        details = (*details[: MAX_LOG_DETAILS - 1], f"… and {more:,} more")
    cut = tuple(_cut(detail) for detail in details)
    rolls = tuple(_roll_within_limits(roll) for roll in entry.rolls[:MAX_LOG_DETAILS])
    awaits = _roll_within_limits(entry.awaits) if entry.awaits is not None else None
    if cut == entry.details and len(entry.sentence) <= MAX_LOG_TEXT and len(entry.kind) <= MAX_LOG_TEXT \
            and rolls == entry.rolls and awaits == entry.awaits:
        return entry
    return LogEntry(_cut(entry.sentence), cut, entry.kind[:MAX_LOG_TEXT], rolls, awaits)


def awaited_roll(event: Event) -> RollId | None:
    """The roll a waiting event (``DecisionAwaited``) asks for at the table, from its decision's
    ``dice`` (None: another event, or a choice)."""
    decision = getattr(event, "decision", None)
    dice = decision.get("dice") if isinstance(decision, Mapping) else None
    if not isinstance(dice, Mapping):
        return None
    return RollId(str(dice.get("purpose", "")), str(dice.get("expr", "")))


def log_entries(events: Sequence[Event]) -> tuple[LogEntry, ...]:
    """One entry per event; a roll becomes a detail line of the entry that follows it (and its
    identity one of the entry's ``rolls``); a waiting event's roll at the table is its ``awaits``."""
    entries: list[LogEntry] = []
    rolls: list[str] = []
    made: list[RollId] = []
    for event in events:
        if event.kind == "roll":
            rolls.append(event.sentence)
            made.append(RollId(str(getattr(event, "purpose", "")), str(getattr(event, "expr", ""))))
            continue
        details = list(rolls)
        explanation = getattr(event, "explanation", "")
        if explanation:
            details += [part.strip() for part in str(explanation).split(";") if part.strip()]
        entries.append(LogEntry(event.sentence, tuple(details), event.kind, tuple(made), awaited_roll(event)))
        rolls, made = [], []
    if rolls:
        entries.append(LogEntry("Dice rolled.", tuple(rolls), "roll", tuple(made)))
    return tuple(entries)
