"""What happens along a path: leaving an enemy's reach or full cover, terrain, terrain checks,
drops, bends.

Computed for one path at a time (when a path is asked for), never for the whole reachable set.
Step ``k`` moves the token from ``tiles[k - 1]`` to ``tiles[k]``.

- ``leaves_reach``: the token was within the enemy's melee reach (the *enemy's* reach, from
  ``rules.reach_of``) before the step and is not after it — an opportunity attack in Baton, the end
  of a lock in Avorkarth. A token with the ``disengaging`` condition is marked (Baton: "move out
  of an enemy's reach without triggering an opportunity attack, but ... their speed is halved").
- ``leaves_cover`` (rulesets with ``leaves_cover``, Baton): the token had full cover from the
  enemy before the step and has not after it ("when leaving full cover, the character exposes
  themselves, allowing enemies to immediately make a ranged attack against them"). Full cover is
  the shared line of sight's (:func:`vantage.engine.geometry.sight.full_cover`: no line of
  sight, or a full-cover object; tokens do not block). Only enemies within
  ``rules.cover_range_tiles`` of the footprint after the step count.
- ``enters_terrain``: the footprint steps onto non-open terrain of another kind than before.
- ``terrain_check`` (rulesets with ``terrain_check_base``, Baton): one per stretch of consecutive
  steps onto non-open terrain, difficulty 7 + 1 per 5 ft of that stretch; a burdened token's whole
  move is one stretch of exhausting terrain ("moving is equivalent to crossing exhausting
  difficult terrain").
- ``elevation_change`` / ``fall``: the ground under the footprint (its highest tile) changes; a
  drop of at least ``rules.fall_min_feet`` is a fall of severity 1 per 5 ft (Baton's Falling),
  except for a token above the ground (``elevation`` > 0: flying, climbing), which does not fall.
- ``breaks_charge`` (rulesets with ``charges``, Avorkarth): the step goes in another direction
  than the one before ("A charge cannot change direction").
"""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.geometry.reach import are_enemies
from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import Encounter, GameMap, Tile, Token
from vantage.engine.movement.conditions import BURDENED, DISENGAGING
from vantage.engine.movement.path import PathEvent
from vantage.engine.movement.policy import MovementRules
from vantage.engine.terrain import MovementClass, Setback, TerrainKind

FACING_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
_DIRECTION_INDEX = {
    (0, -1): 0, (1, -1): 1, (1, 0): 2, (1, 1): 3, (0, 1): 4, (-1, 1): 5, (-1, 0): 6, (-1, -1): 7,
}


_SEVERITY = {c: c.severity for c in MovementClass}
_KIND_ORDER = {"leaves_reach": 0, "leaves_cover": 1, "enters_terrain": 2, "terrain_check": 3,
               "elevation_change": 4, "fall": 5, "breaks_charge": 6}


def footprint_terrain(game_map: GameMap, tile: Tile, size: int) -> TerrainKind:
    """The worst terrain kind under a footprint of side ``size`` at ``tile`` (first of equals)."""
    x0, y0 = tile
    kinds, names, w = game_map.terrain_kinds, game_map.terrain, game_map.width
    if size == 1:
        return kinds[names[y0 * w + x0]]
    under = [kinds[names[(y0 + dy) * w + x0 + dx]] for dy in range(size) for dx in range(size)]
    return max(under, key=lambda k: _SEVERITY[k.movement])


def footprint_ground(game_map: GameMap, tile: Tile, size: int) -> float:
    """The highest ground (feet) under a footprint: a large creature stands on the ledge."""
    x0, y0 = tile
    return max(game_map.elevation_at((x0 + dx, y0 + dy)) for dy in range(size) for dx in range(size))


def enemies_with_reach(encounter: Encounter, token: Token, rules: MovementRules) -> list[tuple[Token, int]]:
    """The enemies of ``token`` and their melee reach (computed once per query)."""
    return [
        (other, rules.reach_of(other))
        for other in encounter.tokens
        if other.id != token.id and are_enemies(token, other)
    ]


def path_events(
    encounter: Encounter,
    token: Token,
    tiles: Sequence[Tile],
    rules: MovementRules,
    *,
    enemies: Sequence[tuple[Token, int]] | None = None,
) -> tuple[PathEvent, ...]:
    """Every event along ``tiles`` (start first) for ``token``, in step order. ``enemies``
    (from :func:`enemies_with_reach`) saves looking them up again."""
    if len(tiles) < 2:
        return ()
    if enemies is None:
        enemies = enemies_with_reach(encounter, token, rules)
    events: list[PathEvent] = []
    events += _reach_events(enemies, token, tiles)
    if rules.leaves_cover:
        events += _cover_events(encounter.map, enemies, token, tiles, rules.cover_range_tiles)
    events += _terrain_events(encounter.map, token, tiles, rules)
    events += _elevation_events(encounter.map, token, tiles, rules)
    if rules.charges:
        events += _direction_events(tiles)
    events.sort(key=lambda e: (e.step, _KIND_ORDER[e.kind]))
    return tuple(events)


def _reach_events(
    all_enemies: Sequence[tuple[Token, int]], token: Token, tiles: Sequence[Tile]
) -> list[PathEvent]:
    n = token.footprint
    xs = [t[0] for t in tiles]
    ys = [t[1] for t in tiles]
    x_lo, x_hi, y_lo, y_hi = min(xs), max(xs) + n - 1, min(ys), max(ys) + n - 1
    enemies = []
    for other, reach in all_enemies:
        m = other.footprint
        ox, oy = other.position
        # skip enemies whose reach cannot touch the path's bounding box
        if ox - reach > x_hi or ox + m - 1 + reach < x_lo or oy - reach > y_hi or oy + m - 1 + reach < y_lo:
            continue
        enemies.append((other, reach))
    if not enemies:
        return []
    disengaging = token.has_condition(DISENGAGING)
    events = []
    for other, reach in enemies:
        # within_reach(other, token moved to the tile, reach): the footprints' Chebyshev gap
        (ox, oy), m = other.position, other.footprint
        inside = [
            max(0, x - (ox + m - 1), ox - (x + n - 1), y - (oy + m - 1), oy - (y + n - 1)) <= reach
            for x, y in tiles
        ]
        for k in range(1, len(tiles)):
            if inside[k - 1] and not inside[k]:
                note = " (disengaging: no opportunity attack)" if disengaging else ""
                events.append(PathEvent(
                    "leaves_reach", k, tiles[k], f"leaves the reach of {other.name or other.id}{note}",
                    {"enemy": other.id, "reach": reach, "disengaging": disengaging},
                ))
    return events


def _cover_events(
    game_map: GameMap, all_enemies: Sequence[tuple[Token, int]], token: Token, tiles: Sequence[Tile],
    cover_range: int,
) -> list[PathEvent]:
    """Steps from full cover from an enemy to none, for the enemies within ``cover_range`` of
    the footprint after the step. They depend only on the map, the mover's size, the tiles and
    the enemies' ids, names, places and sizes: kept per map (:func:`_cover_events_memo`), as the
    same path is asked when a move is planned, when it is checked and when it is run again."""
    memo = _cover_events_memo(game_map)
    key = (token.footprint, tuple(tiles), cover_range,
           tuple((other.id, other.name, other.position, other.footprint) for other, _ in all_enemies))
    events = memo.get(key)
    if events is None:
        if len(memo) >= _COVER_EVENTS_MEMO_SIZE:
            memo.clear()  # a bound on memory; the events are the same either way
        events = memo[key] = tuple(_work_out_cover_events(game_map, all_enemies, token, tiles, cover_range))
    return list(events)


#: The most paths :func:`_cover_events_memo` keeps per map (then it starts again).
_COVER_EVENTS_MEMO_SIZE = 4096


@identity_cache(size=4)
def _cover_events_memo(game_map: GameMap) -> dict[tuple[object, ...], tuple[PathEvent, ...]]:
    """The cover events of the paths asked on ``game_map`` (:func:`_cover_events`)."""
    return {}


def _work_out_cover_events(
    game_map: GameMap, all_enemies: Sequence[tuple[Token, int]], token: Token, tiles: Sequence[Tile],
    cover_range: int,
) -> list[PathEvent]:
    """:func:`_cover_events` worked out: the cover of every enemy against every tile in one go."""
    import numpy as np  # only rulesets whose paths leave cover (Baton) come here

    from vantage.engine.geometry.sight import full_cover  # shapely, loaded as numpy is

    n = token.footprint
    xs = np.array([t[0] for t in tiles])
    ys = np.array([t[1] for t in tiles])
    x_lo, x_hi, y_lo, y_hi = int(xs.min()), int(xs.max()) + n - 1, int(ys.min()), int(ys.max()) + n - 1
    enemies = []
    for other, _ in all_enemies:  # only those within the range of the path's bounding box
        (ox, oy), m = other.position, other.size.footprint
        if max(ox - x_hi, x_lo - (ox + m - 1), oy - y_hi, y_lo - (oy + m - 1)) <= cover_range:
            enemies.append(other)
    if not enemies:
        return []
    boxes = np.array([(*e.position, e.size.footprint) for e in enemies])
    ex, ey, size = boxes[:, 0:1], boxes[:, 1:2], boxes[:, 2:3]
    # footprint distance (Chebyshev gap) from each enemy to the mover on each tile
    gap = np.maximum(
        np.maximum(0, np.maximum(xs - (ex + size - 1), ex - (xs + n - 1))),
        np.maximum(0, np.maximum(ys - (ey + size - 1), ey - (ys + n - 1))),
    )
    full = full_cover(game_map, enemies, token, tiles)
    exposed = full[:, :-1] & ~full[:, 1:] & (gap[:, 1:] <= cover_range)  # enemy × (step - 1)
    events = []
    for e, step in zip(*np.nonzero(exposed), strict=True):
        other, k = enemies[int(e)], int(step) + 1
        events.append(PathEvent(
            "leaves_cover", k, tiles[k],
            f"leaves full cover: in the line of sight of {other.name or other.id}", {"enemy": other.id},
        ))
    return events


def _terrain_events(
    game_map: GameMap, token: Token, tiles: Sequence[Tile], rules: MovementRules
) -> list[PathEvent]:
    n = token.footprint
    kinds = [footprint_terrain(game_map, t, n) for t in tiles]
    events = []
    for k in range(1, len(tiles)):
        kind = kinds[k]
        if kind.movement is not MovementClass.OPEN and kind.id != kinds[k - 1].id:
            setbacks = sorted(s.value for s in kind.setbacks)
            events.append(PathEvent(
                "enters_terrain", k, tiles[k], f"enters {kind.name.lower()} ({kind.movement.value} terrain)",
                {"terrain": kind.id, "class": kind.movement.value, "setbacks": tuple(setbacks)},
            ))
    if rules.terrain_check_base is None:
        return events
    burdened = token.has_condition(BURDENED)
    stretch: list[int] = []
    for k in range(1, len(tiles) + 1):
        rough = k < len(tiles) and (burdened or kinds[k].movement is not MovementClass.OPEN)
        if rough:
            stretch.append(k)
            continue
        if stretch:
            events.append(_terrain_check(game_map, tiles, kinds, stretch, rules.terrain_check_base, burdened))
            stretch = []
    return events


def _terrain_check(
    game_map: GameMap, tiles: Sequence[Tile], kinds: Sequence[TerrainKind], stretch: Sequence[int],
    base: int, burdened: bool,
) -> PathEvent:
    feet = len(stretch) * game_map.feet_per_tile
    difficulty = base + int(feet // 5)
    setbacks: set[Setback] = set()
    for k in stretch:
        if kinds[k].movement is not MovementClass.OPEN:
            setbacks |= kinds[k].setbacks
    if burdened:
        setbacks.add(Setback.EXHAUSTING)
    names = ", ".join(sorted(s.value for s in setbacks)) or "none"
    first = stretch[0]
    why = "burdened: the whole move counts as exhausting terrain; " if burdened else ""
    return PathEvent(
        "terrain_check", first, tiles[first],
        f"{why}Athletics or Agility check, difficulty {base} + {int(feet // 5)} for {feet:g} ft "
        f"= {difficulty} (setbacks: {names})",
        {"difficulty": difficulty, "feet": feet, "setbacks": tuple(sorted(s.value for s in setbacks)),
         "steps": tuple(stretch)},
    )


def _elevation_events(
    game_map: GameMap, token: Token, tiles: Sequence[Tile], rules: MovementRules
) -> list[PathEvent]:
    n = token.footprint
    ground = [footprint_ground(game_map, t, n) for t in tiles]
    flying = token.elevation > 0
    events = []
    for k in range(1, len(tiles)):
        before, after = ground[k - 1], ground[k]
        if before == after:
            continue
        events.append(PathEvent(
            "elevation_change", k, tiles[k], f"{'climbs' if after > before else 'drops'} from "
            f"{before:g} ft to {after:g} ft", {"from_ft": before, "to_ft": after},
        ))
        drop = before - after
        if drop >= rules.fall_min_feet and drop > 0 and not flying:
            severity = int(drop // 5)
            events.append(PathEvent(
                "fall", k, tiles[k], f"falls {drop:g} ft: a wound of severity {severity}",
                {"feet": drop, "severity": severity},
            ))
    return events


def _direction_events(tiles: Sequence[Tile]) -> list[PathEvent]:
    events = []
    previous = None
    for k in range(1, len(tiles)):
        d = _DIRECTION_INDEX[(tiles[k][0] - tiles[k - 1][0], tiles[k][1] - tiles[k - 1][1])]
        if previous is not None and d != previous:
            events.append(PathEvent(
                "breaks_charge", k, tiles[k],
                f"turns from {FACING_NAMES[previous]} to {FACING_NAMES[d]}: not a charge lane",
                {"step": k, "from_direction": FACING_NAMES[previous], "to_direction": FACING_NAMES[d]},
            ))
        previous = d
    return events
