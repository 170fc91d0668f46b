"""Reach, adjacency and locking between token footprints.

Distance between two tokens is the Chebyshev *gap* between their footprints in tiles: 0 when
they overlap, 1 when they touch (sides or corners), 2 with one tile between them, and so on —
the number of king steps from a tile of one to a tile of the other. A melee ``reach`` of 1 means
"adjacent", which is Avorkarth's "within a tile's distance".

Elevation: when a ruleset gives a vertical threshold, a height difference (see
:mod:`vantage.engine.geometry.elevation`) larger than the threshold adds ``ceil(excess / feet_per_tile)``
tiles to the distance, where ``excess`` is the part of the difference above the threshold.

Sides: only party and enemy tokens are enemies of each other; neutral tokens are nobody's enemy,
so they never lock and are never locked (assumed — not in the source text).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from vantage.engine.geometry.elevation import height_of
from vantage.engine.model import Encounter, GameMap, Side, Token

ReachOf = Callable[[Token], int]


def reach_one(token: Token) -> int:
    return 1


def _gap(a0: int, a_len: int, b0: int, b_len: int) -> int:
    """Tiles between two intervals of tiles on one axis: 0 overlap, 1 touching, …"""
    return max(0, b0 - (a0 + a_len - 1), a0 - (b0 + b_len - 1))


def footprint_distance(a: Token, b: Token) -> int:
    """Chebyshev gap in tiles between the footprints: 0 overlap, 1 adjacent (incl. diagonal) —
    the larger :func:`_gap` of the two axes, written out (the rules ask it thousands of times)."""
    (ax, ay), na = a.position, a.size.footprint
    (bx, by), nb = b.position, b.size.footprint
    return max(0, bx - (ax + na - 1), ax - (bx + nb - 1), by - (ay + na - 1), ay - (by + nb - 1))


def vertical_extra_tiles(game_map: GameMap, a: Token, b: Token, vertical_threshold_ft: float) -> int:
    """Tiles added to the distance by the height difference above the threshold (0 if within it)."""
    difference = abs(height_of(game_map, a) - height_of(game_map, b))
    excess = difference - vertical_threshold_ft
    if excess <= 0:
        return 0
    return math.ceil(excess / game_map.feet_per_tile)


def reach_distance(
    a: Token, b: Token, *, game_map: GameMap | None = None, vertical_threshold_ft: float | None = None
) -> int:
    """The footprint distance plus the vertical extra when a map and a threshold are given."""
    distance = footprint_distance(a, b)
    if game_map is not None and vertical_threshold_ft is not None:
        distance += vertical_extra_tiles(game_map, a, b, vertical_threshold_ft)
    return distance


def within_reach(
    attacker: Token,
    target: Token,
    reach: int,
    *,
    game_map: GameMap | None = None,
    vertical_threshold_ft: float | None = None,
) -> bool:
    """True when ``target`` is no more than ``reach`` tiles from ``attacker`` (0 overlap counts)."""
    if game_map is None or vertical_threshold_ft is None:  # no height to add: the footprints' gap
        return footprint_distance(attacker, target) <= reach
    distance = reach_distance(
        attacker, target, game_map=game_map, vertical_threshold_ft=vertical_threshold_ft
    )
    return distance <= reach


def are_enemies(a: Token, b: Token) -> bool:
    """Party and enemy are enemies of each other; neutrals are nobody's enemy."""
    s, t = a.side, b.side
    return (s == Side.PARTY and t == Side.ENEMY) or (s == Side.ENEMY and t == Side.PARTY)


def locked_pairs(
    encounter: Encounter,
    reach_of: ReachOf = reach_one,
    *,
    vertical_threshold_ft: float | None = None,
) -> frozenset[frozenset[str]]:
    """Every pair of enemies each within the other's melee reach (Avorkarth: reach 1).

    Only the tokens near each one are compared (a grid of cells indexes the footprints; the
    height difference only adds to a distance), so it grows with the tokens, not their pairs."""
    game_map = encounter.map
    tokens = [t for t in encounter.tokens if t.side is not Side.NEUTRAL]
    reaches = [reach_of(t) for t in tokens]
    cell = max(8, max(reaches, default=0) + 1)
    cells: dict[tuple[int, int], list[int]] = {}
    for k, t in enumerate(tokens):
        (x, y), n = t.position, t.footprint
        for cy in range(y // cell, (y + n - 1) // cell + 1):
            for cx in range(x // cell, (x + n - 1) // cell + 1):
                cells.setdefault((cx, cy), []).append(k)
    pairs: set[frozenset[str]] = set()
    for i, a in enumerate(tokens):
        reach_a = reaches[i]
        if reach_a < 0:
            continue
        (x, y), n = a.position, a.footprint
        near = {
            k
            for cy in range((y - reach_a) // cell, (y + n - 1 + reach_a) // cell + 1)
            for cx in range((x - reach_a) // cell, (x + n - 1 + reach_a) // cell + 1)
            for k in cells.get((cx, cy), ())
            if k > i
        }
        for k in sorted(near):
            b = tokens[k]
            if not are_enemies(a, b):
                continue
            distance = reach_distance(a, b, game_map=game_map, vertical_threshold_ft=vertical_threshold_ft)
            if distance <= reach_a and distance <= reaches[k]:
                pairs.add(frozenset((a.id, b.id)))
    return frozenset(pairs)


def enemies_in_reach(
    encounter: Encounter,
    token_id: str,
    reach_of: ReachOf = reach_one,
    *,
    vertical_threshold_ft: float | None = None,
) -> tuple[str, ...]:
    """Ids of the enemies of ``token_id`` within its reach, nearest first (ties in map order)."""
    me = encounter.token(token_id)
    reach = reach_of(me)
    found: list[tuple[int, int, str]] = []
    for order, other in enumerate(encounter.tokens):
        if other.id == me.id or not are_enemies(me, other):
            continue
        distance = reach_distance(
            me, other, game_map=encounter.map, vertical_threshold_ft=vertical_threshold_ft
        )
        if distance <= reach:
            found.append((distance, order, other.id))
    return tuple(token_id for _, _, token_id in sorted(found))
