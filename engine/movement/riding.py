"""Riders and mounts on the map: a token that ``rides`` another stands on a tile of its mount's
footprint, moves with it, and is taken off it (beside it) when the link ends.

What riding means in play — whose movement, whose actions, what a fall from the saddle does — is
the ruleset's; this module only keeps the two tokens together on the map:

- the rider and its mount never block each other's moves (:func:`linked_ids`);
- moving the mount moves its riders by the same offset (:func:`carry`);
- a rider taken off its mount is put on the nearest free tile beside it (:func:`unseat`, **assumed**:
  no rule text says where a rider lands; the nearest tile where it fits, the closest rings first, each
  ring in reading order).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from vantage.engine.model import Encounter, Tile, Token
from vantage.engine.movement.graph import movement_graph
from vantage.engine.protocol.events import Event, Note, TokenMoved


@dataclass(frozen=True)
class Carried:
    """A rider moved along with its mount: from ``start`` to ``end``."""

    token: str
    start: Tile
    end: Tile


def mount_of(encounter: Encounter, token_id: str) -> Token | None:
    """The token ``token_id`` rides, when it rides one that is on the map."""
    rides = encounter.token(token_id).rides
    if rides is None:
        return None
    return next((t for t in encounter.tokens if t.id == rides), None)


def riders_of(encounter: Encounter, mount_id: str) -> tuple[Token, ...]:
    """The tokens riding ``mount_id``, in the order of the encounter."""
    return tuple(t for t in encounter.tokens if t.rides == mount_id and t.id != mount_id)


def linked_ids(encounter: Encounter, token_id: str) -> frozenset[str]:
    """``token_id``, the mount it rides and every rider of that mount (or of ``token_id``): the tokens
    that share its tiles and move with it."""
    mount = mount_of(encounter, token_id)
    root = mount.id if mount is not None else token_id
    return frozenset({token_id, root, *(t.id for t in riders_of(encounter, root))})


def carry(encounter: Encounter, mount_id: str, end: Tile) -> tuple[Encounter, tuple[Carried, ...]]:
    """The encounter with ``mount_id`` at ``end`` and its riders moved by the same offset."""
    mount = encounter.token(mount_id)
    dx, dy = end[0] - mount.position[0], end[1] - mount.position[1]
    moved = encounter.with_token(replace(mount, position=end))
    carried = []
    for rider in riders_of(encounter, mount_id):
        to = (rider.position[0] + dx, rider.position[1] + dy)
        moved = moved.with_token(replace(rider, position=to))
        carried.append(Carried(rider.id, rider.position, to))
    return moved, tuple(carried)


def seat(encounter: Encounter, rider_id: str, mount_id: str) -> Encounter:
    """``rider_id`` on ``mount_id``: linked, and standing on the mount's top-left tile."""
    mount = encounter.token(mount_id)
    rider = encounter.token(rider_id)
    return encounter.with_token(replace(rider, rides=mount.id, position=mount.position))


def landing_tile(encounter: Encounter, rider_id: str) -> Tile | None:
    """Where ``rider_id`` lands when taken off its mount: the nearest tile round the mount where its
    footprint fits on passable ground and covers no other token (None when there is none)."""
    rider = encounter.token(rider_id)
    mount = mount_of(encounter, rider_id)
    around = mount if mount is not None else rider
    n = rider.footprint
    graph = movement_graph(encounter.map)
    taken = {
        tile
        for t in encounter.tokens
        if t.id != rider_id and t.rides != around.id
        for tile in t.footprint_tiles()
    }
    x0, y0 = around.position
    m = around.footprint
    width, height = encounter.map.width, encounter.map.height
    for ring in range(1, max(width, height) + 1):
        for x, y in _ring(x0 - ring - n + 1, y0 - ring - n + 1, x0 + m + ring - 1, y0 + m + ring - 1):
            if not (0 <= x <= width - n and 0 <= y <= height - n) or not graph.fits_at((x, y), n):
                continue
            if not taken.intersection(rider.footprint_tiles((x, y))):
                return (x, y)
    return None


def _ring(left: int, top: int, right: int, bottom: int) -> list[Tile]:
    """The edge of the rectangle from (left, top) to (right, bottom), in reading order: the top-left
    tiles of the footprints that stand one ring further from the mount."""
    out: list[Tile] = []
    for y in range(top, bottom + 1):
        out += [(x, y) for x in range(left, right + 1)] if y in (top, bottom) else [(left, y), (right, y)]
    return out


def unseat(encounter: Encounter, rider_id: str) -> tuple[Encounter, Tile]:
    """``rider_id`` off its mount and on its landing tile (where it stands when no tile is free)."""
    rider = encounter.token(rider_id)
    tile = landing_tile(encounter, rider_id) or rider.position
    return encounter.with_token(replace(rider, rides=None, position=tile)), tile


def keep_riders(before: Encounter, after: Encounter) -> tuple[Encounter, list[Event]]:
    """``after`` (the result of one command on ``before``) with every rider still on its mount: a
    mount that moved without its rider carries it along (the same offset); a rider whose mount is gone,
    or that no longer stands on it (pushed, placed, the mount shrunk), rides nothing from then on and
    stands where it is. The events say so. Run by ``apply`` after every command, so that no rule has
    to remember the link (**assumed**: a rider moved off its mount by anything is off it)."""
    if after is before or not any(t.rides is not None for t in after.tokens):
        return after, []
    events: list[Event] = []
    old = {t.id: t for t in before.tokens}
    for rider in [t for t in after.tokens if t.rides is not None]:
        rider = after.token(rider.id)
        mount = next((t for t in after.tokens if t.id == rider.rides), None)
        if mount is not None and rider.position in mount.footprint_tiles():
            continue
        was_rider, was_mount = old.get(rider.id), old.get(str(rider.rides))
        if mount is not None and was_rider is not None and was_mount is not None \
                and was_rider.position == rider.position and was_mount.position != mount.position:
            dx, dy = mount.position[0] - was_mount.position[0], mount.position[1] - was_mount.position[1]
            to = (rider.position[0] + dx, rider.position[1] + dy)
            carried = replace(rider, position=to)
            fits = all(after.map.in_bounds(t) for t in carried.footprint_tiles())
            if to in mount.footprint_tiles() and fits:
                after = after.with_token(carried)
                events.append(TokenMoved(sentence=f"{rider.name} rides along to {to}.", token=rider.id,
                                         path=(rider.position, to), cost=0.0))
                continue
        after = after.with_token(replace(rider, rides=None))
        why = "its mount is gone" if mount is None else f"it is no longer on {mount.name}"
        events.append(Note(sentence=f"{rider.name} is no longer mounted: {why}.", token=rider.id,
                           data={"dismounted": rider.rides}))
    return after, events
