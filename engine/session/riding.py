"""The GM's commands and riders: ``ride`` seats a token on a mount (or takes it off), a placed mount
carries its riders, a rider placed off its mount leaves the saddle, a removed mount leaves its riders
where they stand. No ruleset is asked (the rules' side of riding is each ruleset's)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from vantage.engine.model import Encounter, Token
from vantage.engine.movement.riding import carry, mount_of, riders_of, seat, unseat
from vantage.engine.protocol import gm_commands as g
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event, Note, TokenMoved

Outcome = tuple[Encounter, list[Event]]
Fits = Callable[[Encounter, Token, str], None]


def place_linked(encounter: Encounter, placed: Token, events: list[Event], fits: Fits) -> Outcome:
    """``placed`` (a token the GM put on a new tile) with what rides with it: its riders move by the
    same offset; a rider put on a tile off its mount's footprint is no longer on it."""
    mount = mount_of(encounter, placed.id)
    if mount is not None:
        if placed.position in mount.footprint_tiles():
            return encounter.with_token(placed), events
        off = replace(placed, rides=None)
        events.append(Note(sentence=f"{placed.name} is no longer on {mount.name}.", token=placed.id,
                           data={"dismounted": mount.id}))
        return encounter.with_token(off), events
    was = encounter.token(placed.id).position
    dx, dy = placed.position[0] - was[0], placed.position[1] - was[1]
    for rider in riders_of(encounter, placed.id):
        x, y = rider.position
        fits(encounter, replace(rider, position=(x + dx, y + dy)), f"{rider.name} on {placed.name}")
    moved, carried = carry(encounter, placed.id, placed.position)
    for c in carried:
        events.append(TokenMoved(sentence=f"{moved.token(c.token).name} rides along to {c.end}.",
                                 token=c.token, path=(c.start, c.end), cost=0.0))
    return moved, events


def without_mount(encounter: Encounter, mount_id: str, events: list[Event]) -> Outcome:
    """After ``mount_id`` left the map: its riders ride nothing and stand where they are."""
    for rider in riders_of(encounter, mount_id):
        encounter = encounter.with_token(replace(rider, rides=None))
        events.append(Note(sentence=f"{rider.name} is no longer mounted.", token=rider.id,
                           data={"dismounted": mount_id}))
    return encounter, events


def ride(encounter: Encounter, cmd: g.Ride) -> Outcome:
    rider = _token(encounter, cmd.token)
    if cmd.mount is None:
        mount = mount_of(encounter, rider.id)
        if mount is None:
            return encounter, []
        off, tile = unseat(encounter, rider.id)
        return off, [
            TokenMoved(sentence=f"The GM takes {rider.name} off {mount.name}, to {tile}.", token=rider.id,
                       path=(rider.position, tile), cost=0.0)
        ]
    mount = _token(encounter, cmd.mount)
    if mount.id == rider.id:
        raise CommandRejected(f"{rider.name} cannot ride itself")
    if rider.rides == mount.id:
        return encounter, []
    if mount.rides is not None:
        raise CommandRejected(f"{mount.name} rides {_name(encounter, mount.rides)}: a rider cannot carry "
                              "another rider")
    if riders_of(encounter, rider.id):
        names = ", ".join(t.name for t in riders_of(encounter, rider.id))
        raise CommandRejected(f"{rider.name} carries {names}: a mount cannot ride")
    seated = seat(encounter, rider.id, mount.id)
    on = seated.token(rider.id)
    if not all(encounter.map.in_bounds(t) for t in on.footprint_tiles()):
        raise CommandRejected(f"{rider.name} does not fit on the map on {mount.name} at {mount.position}")
    return seated, [
        TokenMoved(sentence=f"The GM seats {rider.name} on {mount.name}.", token=rider.id,
                   path=(rider.position, on.position), cost=0.0)
    ]


def _token(encounter: Encounter, token_id: str) -> Token:
    for token in encounter.tokens:
        if token.id == token_id:
            return token
    raise CommandRejected(f"there is no token {token_id!r} on this map")


def _name(encounter: Encounter, token_id: str) -> str:
    return next((t.name for t in encounter.tokens if t.id == token_id), token_id)
