"""What happens along a path: leaving an enemy's reach, terrain, terrain checks, drops, bends.

Computed for one path at a time (when a path is asked for), never for the whole reachable set.
Step ``k`` moves the token from ``tiles[k - 1]`` to ``tiles[k]``.

- ``leaves_reach``: the token was within the enemy's melee reach (the *enemy's* reach, from
  ``rules.reach_of``) before the step and is not after it — an opportunity attack in Baton, the end
  of a lock in Avorkarth. A token with the ``disengaging`` condition is marked (Baton: "move out
  of an enemy's reach without triggering an opportunity attack, but ... their speed is halved").
- ``enters_terrain``: the footprint steps onto non-open terrain of another kind than before.
- ``terrain_check`` (rulesets with ``terrain_check_base``, Baton): one per stretch of consecutive
  steps onto non-open terrain, difficulty 7 + 1 per 5 ft of that stretch; a burdened token's whole
  move is one stretch of exhausting terrain ("moving is equivalent to crossing exhausting
  difficult terrain").
- ``elevation_change`` / ``fall``: the ground under the footprint (its highest tile) changes; a
  drop of at least ``rules.fall_min_feet`` is a fall of severity 1 per 5 ft (Baton's Falling),
  except for a token above the ground (``elevation`` > 0: flying, climbing), which does not fall.
- ``breaks_charge``: the step goes in another direction than the one before ("A charge cannot
  change direction").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from vantage.engine.geometry.reach import are_enemies, within_reach
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
_KIND_ORDER = {"leaves_reach": 0, "enters_terrain": 1, "terrain_check": 2, "elevation_change": 3,
               "fall": 4, "breaks_charge": 5}


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
    events += _terrain_events(encounter.map, token, tiles, rules)
    events += _elevation_events(encounter.map, token, tiles, rules)
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
    placed = [dataclasses.replace(token, position=t) for t in tiles]
    disengaging = token.has_condition(DISENGAGING)
    events = []
    for other, reach in enemies:
        inside = [within_reach(other, p, reach) for p in placed]
        for k in range(1, len(tiles)):
            if inside[k - 1] and not inside[k]:
                note = " (disengaging: no opportunity attack)" if disengaging else ""
                events.append(PathEvent(
                    "leaves_reach", k, tiles[k], f"leaves the reach of {other.name or other.id}{note}",
                    {"enemy": other.id, "reach": reach, "disengaging": disengaging},
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
