"""The commands and events that carry a campaign's party onto an encounter's map and back.

- ``mark_start_area``: the GM marks (or clears) tiles where the party arrives — each a GM-only,
  passable map object named :data:`START_AREA_NAME`, so it is saved with the map and never shown to
  the players.
- ``bring_party``: the party's characters arrive on the map, each with its stat block and its
  lasting state from the campaign's roster (``members``: ``{"id", "name", "stats", "size",
  "image", "state"}``), at ``tiles`` (one per character, in order) or, with none given, on the free
  tiles of the start area. ``clock`` lends the campaign clock to the encounter.
- ``return_party``: the fight is over; the characters ``tokens`` leave the map and their lasting
  state goes back to the roster (the event :class:`PartyReturned` carries it). Monsters stay.

Each is one command through ``apply``: one step in the log and one undo step. See docs/campaigns.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from vantage.engine.protocol.commands import Command, cmd
from vantage.engine.protocol.events import Event, ev

Tile = tuple[int, int]

#: The name of the map objects that make the party's start area.
START_AREA_NAME = "Party start"


@cmd
@dataclass(frozen=True)
class MarkStartArea(Command):
    """GM: mark ``tiles`` as the party's start area (``on``), or clear them."""

    kind: ClassVar[str] = "mark_start_area"
    tiles: tuple[Tile, ...]
    on: bool = True


@cmd
@dataclass(frozen=True)
class BringParty(Command):
    """GM: the campaign's ``members`` arrive at ``tiles`` (empty: the start area); ``clock``: the
    campaign clock in minutes (null: the encounter's own stays)."""

    kind: ClassVar[str] = "bring_party"
    members: tuple[dict[str, Any], ...]
    tiles: tuple[Tile, ...] = ()
    clock: int | None = None


@cmd
@dataclass(frozen=True)
class ReturnParty(Command):
    """GM: the fight is over; ``tokens`` (the party's characters) leave the map for the roster."""

    kind: ClassVar[str] = "return_party"
    tokens: tuple[str, ...]


@ev
@dataclass(frozen=True, kw_only=True)
class StartAreaMarked(Event):
    kind: ClassVar[str] = "start_area_marked"
    sentence: str
    tiles: tuple[Tile, ...]
    on: bool


@ev
@dataclass(frozen=True, kw_only=True)
class PartyBrought(Event):
    """``tiles``: token id → the tile it arrived on; ``summaries``: token id → its lasting state in
    the ruleset's words."""

    kind: ClassVar[str] = "party_brought"
    sentence: str
    tiles: dict[str, Any] = field(default_factory=dict)
    summaries: dict[str, Any] = field(default_factory=dict)


@ev
@dataclass(frozen=True, kw_only=True)
class PartyReturned(Event):
    """``states``: token id → its lasting state (the ruleset's ``lasting_state``); ``summaries``:
    token id → the same in the ruleset's words; ``clock``: the encounter's clock when it ended."""

    kind: ClassVar[str] = "party_returned"
    sentence: str
    states: dict[str, Any] = field(default_factory=dict)
    summaries: dict[str, Any] = field(default_factory=dict)
    clock: int | None = None
