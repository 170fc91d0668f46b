"""What Avorkarth reads off the board — the map and the tokens — memoised per board.

A map and a tuple of tokens are never changed in place (a command that moves a token or gives it
a condition makes a new tuple), so a value read from them alone stays right for as long as those
very objects live: the charge lane of a pair, who locks a creature, where an attacker stands
against a defender. The simulator and the attack menu ask the same board for the same readings
many times (each try of a command is a new working copy of one encounter, and a command that
changes only the combat data keeps the tokens it had); here they are worked out once.

Only readings of the map and the tokens belong here: anything read from ``Encounter.combat``
(wounds, stances, the order) is read from the command's own working copy, which changes as the
command goes on; a rules option a reading depends on is part of its key. The memo holds the last
:data:`BOARDS_KEPT` token tuples (by identity, see :mod:`vantage.engine.identity_cache`), each
with the readings asked of it on at most :data:`MAPS_KEPT` maps.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import Encounter, GameMap, Token
from vantage.engine.rules.avorkarth.tactics import (
    CHARGE_MIN_DISTANCE,
    CHARGE_MIN_TILES,
    CHARGE_STOPPING_TERRAIN,
)

#: How many token tuples keep their readings (the board being played, and the few just before it).
BOARDS_KEPT = 16
#: How many maps one token tuple keeps readings on (more only while the GM edits the map).
MAPS_KEPT = 2

if TYPE_CHECKING:
    from vantage.engine.geometry.charge import ChargeLane

T = TypeVar("T")


@identity_cache(size=BOARDS_KEPT)
def _maps_under(tokens: tuple[Token, ...]) -> dict[int, tuple[GameMap, dict[Hashable, Any]]]:
    return {}


def _readings(encounter: Encounter) -> dict[Hashable, Any]:
    maps = _maps_under(encounter.tokens)
    entry = maps.get(id(encounter.map))
    if entry is None or entry[0] is not encounter.map:
        if len(maps) >= MAPS_KEPT:
            maps.clear()
        entry = maps[id(encounter.map)] = (encounter.map, {})  # the map held: its id stays its own
    return entry[1]


def read_once(encounter: Encounter, key: Hashable, read: Callable[[], T]) -> T:
    """``read()`` — a reading of ``encounter``'s map and tokens only, named by ``key`` — worked
    out once per map and tokens."""
    memo = _readings(encounter)
    if key in memo:
        found: T = memo[key]
        return found
    value = memo[key] = read()
    return value


def avorkarth_charge_lane(encounter: Encounter, attacker_id: str, target_id: str) -> ChargeLane:
    """The charge lane from ``attacker_id`` to ``target_id`` under Avorkarth's charge rules
    (:mod:`.tactics`), once per encounter."""
    from vantage.engine.geometry.charge import charge_lane  # numpy, shapely: with the first charge

    return read_once(encounter, ("charge lane", attacker_id, target_id), lambda: charge_lane(
        encounter, attacker_id, target_id, min_tiles=CHARGE_MIN_TILES,
        stopping_terrain=CHARGE_STOPPING_TERRAIN, min_distance=CHARGE_MIN_DISTANCE))


def charge_open(encounter: Encounter, attacker_id: str, target_id: str) -> bool:
    """Whether ``attacker_id`` may charge ``target_id`` on this board (a target nearer than
    :data:`.CHARGE_MIN_DISTANCE` is never charged: no lane is searched for it)."""
    attacker, target = encounter.token(attacker_id), encounter.token(target_id)
    if footprint_distance(attacker, target) < CHARGE_MIN_DISTANCE:
        return False
    return avorkarth_charge_lane(encounter, attacker_id, target_id).valid
