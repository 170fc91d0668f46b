"""A campaign as plain frozen values: its name and ruleset, the party roster with each character's
lasting state, the campaign clock, the settings, the encounters prepared and played, and the
journal of sessions. Change one with :func:`dataclasses.replace` (or the functions of this package):
keeping the old value is the undo.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

FORMAT_NAME = "vantage-campaign"
FORMAT_VERSION = 1


class EncounterStatus(StrEnum):
    PREPARED = "prepared"
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True)
class Member:
    """A player character of the roster: its token's id, name, size and picture, its stat block,
    and its lasting state (the ruleset's ``lasting_state``: plain JSON)."""

    id: str
    name: str
    stats: Mapping[str, Any] = field(default_factory=dict)
    size: str = "medium"
    image: str | None = None
    state: Mapping[str, Any] = field(default_factory=dict)

    def as_arrival(self) -> dict[str, Any]:
        """The member as ``bring_party`` carries it."""
        return {"id": self.id, "name": self.name, "stats": dict(self.stats), "size": self.size,
                "image": self.image, "state": dict(self.state)}


@dataclass(frozen=True)
class EncounterEntry:
    """One of the campaign's encounters: its file (relative to the campaign folder, with ``/``),
    its name, and whether it is prepared, running or finished. The order of the list is the
    campaign's order."""

    file: str
    name: str
    status: EncounterStatus = EncounterStatus.PREPARED


@dataclass(frozen=True)
class JournalEntry:
    """What happened in one part of a session: an encounter played (``file``) or time passing;
    ``lines`` are the log's sentences."""

    title: str
    lines: tuple[str, ...] = ()
    file: str | None = None


@dataclass(frozen=True)
class Session:
    """One session of play on one (real) date, ISO ``YYYY-MM-DD``."""

    date: str
    entries: tuple[JournalEntry, ...] = ()


@dataclass(frozen=True)
class Campaign:
    """A campaign. ``clock``: minutes of game time since it began (minute 0 is day 1, 00:00);
    ``settings``: ``{"rules": {...}}`` — the ruleset's rules options for the party between fights;
    ``waiting``: a time command paused for the table's answer (its ``combat["pending"]``), or None."""

    name: str
    ruleset: str
    party: tuple[Member, ...] = ()
    clock: int = 0
    settings: Mapping[str, Any] = field(default_factory=dict)
    encounters: tuple[EncounterEntry, ...] = ()
    journal: tuple[Session, ...] = ()
    waiting: Mapping[str, Any] | None = None

    def member(self, member_id: str) -> Member:
        for m in self.party:
            if m.id == member_id:
                return m
        raise KeyError(f"no character {member_id!r} in the party")
