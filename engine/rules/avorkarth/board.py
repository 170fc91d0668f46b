"""What Avorkarth reads off the board — the map and the tokens — memoised per encounter object.

An :class:`~vantage.engine.model.Encounter` is never changed in place (a command replaces it
whole, and a working copy that moves a token makes a new one), so a value read from its map and
tokens alone stays right for as long as that very object lives: the charge lane of a pair, who
locks a creature, where an attacker stands against a defender. The simulator and the attack menu
ask the same encounter for the same readings many times (each try of a command is a new working
copy of one encounter); here they are worked out once.

Only readings of the map and the tokens belong here: anything read from ``Encounter.combat``
(wounds, stances, the order) is read from the command's own working copy, which changes as the
command goes on. The memo holds the last :data:`ENCOUNTERS_KEPT` encounters (by identity, see
:mod:`vantage.engine.identity_cache`), each with the readings asked of it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from vantage.engine.geometry.charge import ChargeLane, charge_lane
from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import Encounter
from vantage.engine.rules.avorkarth.tactics import (
    CHARGE_MIN_DISTANCE,
    CHARGE_MIN_TILES,
    CHARGE_STOPPING_TERRAIN,
)

#: How many encounters keep their readings (the one being played, and the few just before it).
ENCOUNTERS_KEPT = 16

T = TypeVar("T")


@identity_cache(size=ENCOUNTERS_KEPT)
def _readings(encounter: Encounter) -> dict[Hashable, Any]:
    return {}


def read_once(encounter: Encounter, key: Hashable, read: Callable[[], T]) -> T:
    """``read()`` — a reading of ``encounter``'s map and tokens only, named by ``key`` — worked
    out once per encounter object."""
    memo = _readings(encounter)
    if key in memo:
        found: T = memo[key]
        return found
    value = memo[key] = read()
    return value


def avorkarth_charge_lane(encounter: Encounter, attacker_id: str, target_id: str) -> ChargeLane:
    """The charge lane from ``attacker_id`` to ``target_id`` under Avorkarth's charge rules
    (:mod:`.tactics`), once per encounter."""
    return read_once(encounter, ("charge lane", attacker_id, target_id), lambda: charge_lane(
        encounter, attacker_id, target_id, min_tiles=CHARGE_MIN_TILES,
        stopping_terrain=CHARGE_STOPPING_TERRAIN, min_distance=CHARGE_MIN_DISTANCE))
