"""The party between the roster and the map: the start area, ``bring_party`` and ``return_party``
(:mod:`vantage.engine.protocol.party_commands`), resolved for every ruleset through its lasting-state
hooks (``lasting_state``, ``restore_lasting_state``, ``lasting_summary``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from vantage.engine.model import Encounter, MapObject, Side, Size, Token
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.party_commands import (
    START_AREA_NAME,
    BringParty,
    MarkStartArea,
    PartyBrought,
    PartyReturned,
    ReturnParty,
    StartAreaMarked,
)
from vantage.engine.rules import UnknownRuleset, get_ruleset
from vantage.engine.rules.time_span import CLOCK
from vantage.engine.session.riding import without_mount

Tile = tuple[int, int]
Outcome = tuple[Encounter, list[Event]]


def _ruleset(encounter: Encounter) -> Any:
    try:
        return get_ruleset(encounter.ruleset)
    except UnknownRuleset as exc:
        raise CommandRejected(str(exc)) from None


def _start_id(tile: Tile) -> str:
    return f"start-{tile[0]}-{tile[1]}"


def start_area_tiles(encounter: Encounter) -> list[Tile]:
    """The tiles of the party's start area, in reading order (top row first)."""
    tiles: list[Tile] = []
    for obj in encounter.map.objects:
        if obj.name == START_AREA_NAME and obj.outline:
            xs, ys = [p[0] for p in obj.outline], [p[1] for p in obj.outline]
            tiles.extend((x, y) for y in range(int(min(ys)), int(max(ys)))
                         for x in range(int(min(xs)), int(max(xs))))
    return sorted(dict.fromkeys(tiles), key=lambda t: (t[1], t[0]))


def mark_start_area(encounter: Encounter, cmd: MarkStartArea) -> Outcome:
    m = encounter.map
    if not cmd.tiles:
        raise CommandRejected("mark_start_area names no tile")
    for tile in cmd.tiles:
        if not m.in_bounds(tile):
            raise CommandRejected(f"mark_start_area: {tile} is outside the {m.width}×{m.height} map")
    marked = set(start_area_tiles(encounter))
    wanted = list(dict.fromkeys(t for t in cmd.tiles if (t in marked) != cmd.on))
    if not wanted:
        return encounter, []
    if cmd.on:
        added = tuple(MapObject(_start_id(t), ((t[0], t[1]), (t[0] + 1, t[1]), (t[0] + 1, t[1] + 1),
                                                (t[0], t[1] + 1)), START_AREA_NAME, blocks_movement=False,
                                gm_only=True) for t in wanted)
        objects = (*m.objects, *added)
    else:
        gone = {_start_id(t) for t in wanted}
        objects = tuple(o for o in m.objects if not (o.name == START_AREA_NAME and o.id in gone))
    n = len(wanted)
    verb = "marks" if cmd.on else "clears"
    text = f"The GM {verb} {n} tile{'s' if n != 1 else ''} of the party's start area."
    event = StartAreaMarked(sentence=text, tiles=tuple(wanted), on=cmd.on)
    return replace(encounter, map=replace(m, objects=objects)), [event]


def _member_token(member: Mapping[str, Any], index: int) -> Token:
    place = f"bring_party.members[{index}]"
    tid, name = member.get("id"), member.get("name")
    if not isinstance(tid, str) or not tid.strip():
        raise CommandRejected(f"{place}.id: a character needs an id")
    if not isinstance(name, str) or not name.strip():
        raise CommandRejected(f"{place}.name: {tid} needs a name")
    size = member.get("size", "medium")
    if size not in [s.value for s in Size]:
        raise CommandRejected(f"{place}.size: {size!r} is not a size ({', '.join(s.value for s in Size)})")
    stats = member.get("stats", {})
    if not isinstance(stats, Mapping):
        raise CommandRejected(f"{place}.stats: not a stat block (an object)")
    image = member.get("image")
    return Token(tid, name, (0, 0), side=Side.PARTY, size=Size(size), stats=dict(stats),
                 image=image if isinstance(image, str) else None)


def _free(encounter: Encounter, token: Token, at: Tile) -> bool:
    placed = replace(token, position=at)
    if not all(encounter.map.in_bounds(t) for t in placed.footprint_tiles()):
        return False
    covered = set(placed.footprint_tiles())
    return not any(covered & set(o.footprint_tiles()) for o in encounter.tokens)


def bring_party(encounter: Encounter, cmd: BringParty) -> Outcome:
    if encounter.combat.get("started"):
        raise CommandRejected("combat is on: bring the party before the fight starts "
                              "(or end_combat first)")
    if not cmd.members:
        raise CommandRejected("bring_party names no character: the roster is empty")
    ruleset = _ruleset(encounter)
    tokens = [_member_token(m, i) for i, m in enumerate(cmd.members)]
    ids = [t.id for t in tokens]
    for token in tokens:
        if ids.count(token.id) > 1:
            raise CommandRejected(f"bring_party: {token.id!r} is named twice")
        if any(t.id == token.id for t in encounter.tokens):
            raise CommandRejected(f"{token.name} is already on this map")
        problems = ruleset.validate_stats(dict(token.stats))
        if problems:
            listed = "; ".join(f"{place}: {message}" for place, message in problems)
            raise CommandRejected(f"the stat block of {token.name} has problems: {listed}")
    if cmd.tiles:
        if len(cmd.tiles) != len(tokens):
            raise CommandRejected(f"bring_party: {len(cmd.tiles)} tiles for {len(tokens)} characters "
                                  "(one tile each)")
        spots = [(int(t[0]), int(t[1])) for t in cmd.tiles]
    else:
        spots = start_area_tiles(encounter)
        if not spots:
            raise CommandRejected("this map has no start area for the party: mark one "
                                  "(mark_start_area) or give a tile for each character")
    after = encounter
    placed: dict[str, Any] = {}
    for token in tokens:
        if cmd.tiles:
            at = spots[len(placed)]
            if not _free(after, token, at):
                raise CommandRejected(f"{token.name} cannot stand at {at}: off the map or taken")
        else:
            found = next((t for t in spots if _free(after, token, t)), None)
            if found is None:
                raise CommandRejected(f"the start area has no free tile left for {token.name}: "
                                      "mark more tiles, or give a tile for each character")
            at = found
        after = after.with_token(replace(token, position=at))
        placed[token.id] = [at[0], at[1]]
    summaries = {}
    for member, token in zip(cmd.members, tokens, strict=True):
        state = member.get("state", {})
        if not isinstance(state, Mapping):
            raise CommandRejected(f"bring_party: the state of {token.name} is not an object")
        after = ruleset.restore_lasting_state(after, token.id, state)
        summaries[token.id] = ruleset.lasting_summary(after, token.id)
    if cmd.clock is not None:
        if cmd.clock < 0:
            raise CommandRejected(f"bring_party.clock: {cmd.clock} is not a minute of the clock")
        after = replace(after, combat={**after.combat, CLOCK: cmd.clock})
    who = ", ".join(f"{t.name} at {tuple(placed[t.id])}" for t in tokens)
    event = PartyBrought(sentence=f"The party arrives: {who}.", tiles=placed, summaries=summaries)
    return after, [event]


def return_party(encounter: Encounter, cmd: ReturnParty) -> Outcome:
    if encounter.combat.get("started"):
        raise CommandRejected("the fight is not over: end the combat first (end_combat), then the "
                              "party returns to the roster")
    if not cmd.tokens:
        raise CommandRejected("return_party names no character")
    ruleset = _ruleset(encounter)
    states: dict[str, Any] = {}
    summaries: dict[str, Any] = {}
    for tid in dict.fromkeys(cmd.tokens):
        if not any(t.id == tid for t in encounter.tokens):
            raise CommandRejected(f"there is no token {tid!r} on this map")
        states[tid] = dict(ruleset.lasting_state(encounter, tid))
        summaries[tid] = ruleset.lasting_summary(encounter, tid)
    after = encounter
    events: list[Event] = []
    for tid in states:
        after, _ = without_mount(after.without_token(tid), tid, [])
    creatures = {k: v for k, v in after.combat.get("creatures", {}).items() if k not in states}
    after = replace(after, combat={**after.combat, "creatures": creatures})
    names = ", ".join(f"{encounter.token(t).name} ({summaries[t]})" for t in states)
    clock = encounter.combat.get(CLOCK)
    events.append(PartyReturned(sentence=f"The party leaves the map for the roster: {names}.", states=states,
                                summaries=summaries, clock=clock if isinstance(clock, int) else None))
    return after, events


PARTY_HANDLERS: dict[type[Command], Callable[[Encounter, Any], Outcome]] = {
    MarkStartArea: mark_start_area,
    BringParty: bring_party,
    ReturnParty: return_party,
}
