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

A charge lane reads even less: the map and, of the tokens, only where each stands, its size, id
and name, in their order, and only of those in the lane's window (the attacker, the target and
what stands near the way between them: :func:`.charge_window.lane_layout`) — not their facing,
conditions or stats. The simulator meets the same layout again and again (every fight of a run
opens the same way; a wound, a turn of facing or a move far away keeps the layout), so a lane
is also kept by its layout (the last :data:`LAYOUTS_KEPT` layouts
on each of the last :data:`LAYOUT_MAPS_KEPT` maps) and read from there: the same lane, field for
field, as the geometry would find again. A closed lane is kept with its reasons worked out (so
that it holds no more than them), or, when only whether it is open was asked, as that answer.
"""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from vantage.engine.geometry.charge_window import lane_layout
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
#: How many layouts (tokens' places, sizes, ids and names) keep their charge answers on a map, and
#: on how many maps (a simulated fight opens a door: the map with it open is another).
LAYOUTS_KEPT = 256
LAYOUT_MAPS_KEPT = 4

if TYPE_CHECKING:
    from vantage.engine.geometry.charge import ChargeLane

T = TypeVar("T")


@identity_cache(size=BOARDS_KEPT)
def _maps_under(tokens: tuple[Token, ...]) -> dict[int, tuple[GameMap, dict[Hashable, Any]]]:
    return {}


def _readings(encounter: Encounter) -> dict[Hashable, Any]:
    tokens, game_map = encounter.tokens, encounter.map
    last = _LAST[0]  # one read: another thread may put its own board meanwhile
    if last is not None and last[0] is tokens and last[1] is game_map:
        return last[2]  # the board read last (held: the ids stay their own)
    maps = _maps_under(tokens)
    entry = maps.get(id(game_map))
    if entry is None or entry[0] is not game_map:
        if len(maps) >= MAPS_KEPT:
            maps.clear()
        entry = maps[id(game_map)] = (game_map, {})  # the map held: its id stays its own
    _LAST[0] = (tokens, game_map, entry[1])
    return entry[1]


#: [(the tokens, the map, their readings) read last, or None]: most readings in a row are of one
#: board, found here without the memo's lookups
_LAST: list[tuple[tuple[Token, ...], GameMap, dict[Hashable, Any]] | None] = [None]


def read_once(encounter: Encounter, key: Hashable, read: Callable[[], T]) -> T:
    """``read()`` — a reading of ``encounter``'s map and tokens only, named by ``key`` — worked
    out once per map and tokens."""
    memo = _readings(encounter)
    if key in memo:
        found: T = memo[key]
        return found
    value = memo[key] = read()
    return value


class _LaneLayouts:
    """Charge lanes by map and layout: for each (attacker, target, layout) on a map the lane (a
    closed one with its reasons worked out), or ``None`` for a closed lane whose reasons were
    not asked; the :data:`LAYOUTS_KEPT` most recently used on each of the last
    :data:`LAYOUT_MAPS_KEPT` maps (held: an id is never another map's)."""

    def __init__(self, size: int, maps: int) -> None:
        self.size, self.maps = size, maps
        self.by_map: OrderedDict[int, tuple[GameMap, OrderedDict[Hashable, ChargeLane | None]]] = \
            OrderedDict()

    def find(self, encounter: Encounter, attacker_id: str,
             target_id: str) -> tuple[OrderedDict[Hashable, ChargeLane | None], Hashable]:
        """The answers on ``encounter``'s map, and the key of this lane's layout there (what a
        charge lane reads of the tokens, see the module text)."""
        game_map = encounter.map
        entry = self.by_map.get(id(game_map))
        if entry is None or entry[0] is not game_map:
            entry = self.by_map[id(game_map)] = (game_map, OrderedDict())
            _trim(self.by_map, self.maps)
        else:
            _touch(self.by_map, id(game_map))
        return entry[1], (attacker_id, target_id, lane_layout(encounter, attacker_id, target_id))

    def get(self, found: OrderedDict[Hashable, ChargeLane | None],
            key: Hashable) -> tuple[bool, ChargeLane | None]:
        """(whether anything is kept for ``key``, the lane kept or None)."""
        known = found.get(key, _UNKNOWN)
        if known is _UNKNOWN:
            return False, None
        _touch(found, key)
        return True, cast("ChargeLane | None", known)

    def keep(self, found: OrderedDict[Hashable, ChargeLane | None], key: Hashable,
             lane: ChargeLane | None) -> None:
        found[key] = lane
        _trim(found, self.size)


#: No lane nor answer kept for a layout.
_UNKNOWN = object()


# (a lookup, a move to the end and an eviction are each one step: a simulation run in the GUI's
# background thread and the GUI's own questions may meet here; a key another took away is gone)
def _touch(found: OrderedDict[Any, Any], key: Hashable) -> None:
    with contextlib.suppress(KeyError):
        found.move_to_end(key)


def _trim(found: OrderedDict[Any, Any], size: int) -> None:
    while len(found) > size:
        with contextlib.suppress(KeyError):
            found.popitem(last=False)


_LAYOUTS = _LaneLayouts(LAYOUTS_KEPT, LAYOUT_MAPS_KEPT)


def avorkarth_charge_lane(encounter: Encounter, attacker_id: str, target_id: str) -> ChargeLane:
    """The charge lane from ``attacker_id`` to ``target_id`` under Avorkarth's charge rules
    (:mod:`.tactics`), once per encounter, and once per layout (see the module text)."""
    return read_once(encounter, ("charge lane", attacker_id, target_id),
                     lambda: _lane_on_layout(encounter, attacker_id, target_id))


def _search(encounter: Encounter, attacker_id: str, target_id: str) -> ChargeLane:
    from vantage.engine.geometry.charge import charge_lane  # numpy, shapely: with the first charge

    return charge_lane(encounter, attacker_id, target_id, min_tiles=CHARGE_MIN_TILES,
                       stopping_terrain=CHARGE_STOPPING_TERRAIN, min_distance=CHARGE_MIN_DISTANCE)


def _lane_on_layout(encounter: Encounter, attacker_id: str, target_id: str) -> ChargeLane:
    """The lane kept for this layout, else the lane searched and kept (a closed one with its
    tiles and reasons worked out: kept, it holds no more than them)."""
    found, key = _LAYOUTS.find(encounter, attacker_id, target_id)
    _, known = _LAYOUTS.get(found, key)
    if known is not None:
        return known
    lane = _search(encounter, attacker_id, target_id)
    if not lane.valid:
        lane.reasons  # noqa: B018 (worked out now, so that the kept lane holds no search)
    _LAYOUTS.keep(found, key, lane)
    return lane


def charge_open(encounter: Encounter, attacker_id: str, target_id: str) -> bool:
    """Whether ``attacker_id`` may charge ``target_id`` on this board (a target nearer than
    :data:`.CHARGE_MIN_DISTANCE` is never charged: no lane is searched for it; a layout whose
    answer is known is not searched again, and a closed lane's reasons are not worked out)."""
    attacker, target = encounter.token(attacker_id), encounter.token(target_id)
    if footprint_distance(attacker, target) < CHARGE_MIN_DISTANCE:
        return False
    found, key = _LAYOUTS.find(encounter, attacker_id, target_id)
    kept, known = _LAYOUTS.get(found, key)
    if kept:
        return known is not None and known.valid
    lane = read_once(encounter, ("charge lane", attacker_id, target_id),
                     lambda: _search(encounter, attacker_id, target_id))
    _LAYOUTS.keep(found, key, lane if lane.valid else None)
    return lane.valid
