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
from collections.abc import Iterable, Sequence
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
class LogEntry:
    """One line of the combat log: a plain sentence and the rolls/breakdowns behind it."""

    sentence: str
    details: tuple[str, ...] = ()
    kind: str = "event"

    @property
    def characters(self) -> int:
        """How many characters the entry keeps: its sentence, details and kind."""
        return len(self.sentence) + sum(len(detail) for detail in self.details) + len(self.kind)


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


def _within_limits(entry: LogEntry) -> LogEntry:
    details = entry.details
    if len(details) > MAX_LOG_DETAILS:
        more = len(details) - MAX_LOG_DETAILS + 1
        details = (*details[: MAX_LOG_DETAILS - 1], f"… and {more:,} more")
    cut = tuple(_cut(detail) for detail in details)
    if cut == entry.details and len(entry.sentence) <= MAX_LOG_TEXT and len(entry.kind) <= MAX_LOG_TEXT:
        return entry
    return LogEntry(_cut(entry.sentence), cut, entry.kind[:MAX_LOG_TEXT])


def log_entries(events: Sequence[Event]) -> tuple[LogEntry, ...]:
    """One entry per event; a roll becomes a detail line of the entry that follows it."""
    entries: list[LogEntry] = []
    rolls: list[str] = []
    for event in events:
        if event.kind == "roll":
            rolls.append(event.sentence)
            continue
        details = list(rolls)
        rolls = []
        explanation = getattr(event, "explanation", "")
        if explanation:
            details += [part.strip() for part in str(explanation).split(";") if part.strip()]
        entries.append(LogEntry(event.sentence, tuple(details), event.kind))
    if rolls:
        entries.append(LogEntry("Dice rolled.", tuple(rolls), "roll"))
    return tuple(entries)
