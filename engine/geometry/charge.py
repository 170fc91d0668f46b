"""Charge lanes: a straight, clear run from the attacker to a tile next to its target.

Avorkarth: "This can only be done if the creature has a clear line between themselves and their
target and is at least 3 tiles away. A charge cannot change direction."

How a lane is found (see docs/geometry.md):

- *End positions* are the positions of the attacker's footprint that touch the target's
  footprint (footprint distance 1) and lie on the map.
- The lane to an end position is the attacker's footprint sliding in one straight line from
  where it stands to there (:mod:`engine.geometry.sweep`): any angle, not only the eight grid
  directions, and never a change of direction.
- Its *length* is the number of tiles moved: the Chebyshev distance between the start and end
  positions. It must be at least ``min_tiles`` (Avorkarth: 3).
- It is *clear* when no lane tile (a tile whose centre the sweep covers, the end footprint
  included) holds terrain that stops movement (impassable, and harsh by default: "Harsh Terrain
  (Quicksand) : No Movement") or another token (the target included: a lane may not pass
  through it), and the swept region crosses no wall that blocks movement (open doors do not)
  and no object that blocks movement.
- The charge uses the *nearest* valid end position: fewest tiles moved, then shortest straight
  distance, then top-most, left-most. When none is valid the lane reported is the nearest end
  position overall, with every reason it fails.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import shapely

from engine.geometry.obstacles import Obstacles, obstacles_for
from engine.geometry.reach import footprint_distance
from engine.geometry.sweep import EPS, swept_region, swept_row_spans, swept_tile_array
from engine.model import Encounter, Tile, Token
from engine.terrain import MovementClass

DEFAULT_STOPPING = frozenset({MovementClass.IMPASSABLE, MovementClass.HARSH})
_LISTED_TILES = 6


@dataclass(frozen=True)
class ChargeLane:
    """A charge from ``attacker`` to ``target``: the lane, where it ends, and why it fails if it does.

    ``tiles`` are the tiles the attacker passes over, start footprint excluded, nearest first;
    ``end_tile`` the top-left tile of its footprint at the end; ``length`` the tiles moved.
    """

    attacker: str
    target: str
    valid: bool
    tiles: tuple[Tile, ...]
    end_tile: Tile | None
    length: int
    reasons: tuple[str, ...]

    @property
    def explanation(self) -> str:
        if self.valid:
            return (
                f"{self.attacker} can charge {self.target}: a straight lane of {self.length} tiles "
                f"ending at {self.end_tile}"
            )
        return f"{self.attacker} cannot charge {self.target}: " + "; ".join(self.reasons)


def charge_lane(
    encounter: Encounter,
    attacker_id: str,
    target_id: str,
    *,
    min_tiles: int = 3,
    obstacles: Obstacles | None = None,
    stopping_terrain: frozenset[MovementClass] = DEFAULT_STOPPING,
) -> ChargeLane:
    """The charge lane from ``attacker_id`` to ``target_id`` (see the module text)."""
    return _ChargePlanner(encounter, obstacles, min_tiles, stopping_terrain).lane(attacker_id, target_id)


def charge_lanes(
    encounter: Encounter,
    attacker_id: str,
    target_ids: Iterable[str] | None = None,
    *,
    min_tiles: int = 3,
    obstacles: Obstacles | None = None,
    stopping_terrain: frozenset[MovementClass] = DEFAULT_STOPPING,
) -> dict[str, ChargeLane]:
    """Charge lanes from one attacker to each target (default: every other token)."""
    if target_ids is None:
        target_ids = [t.id for t in encounter.tokens if t.id != attacker_id]
    planner = _ChargePlanner(encounter, obstacles, min_tiles, stopping_terrain)
    return {tid: planner.lane(attacker_id, tid) for tid in target_ids}


class _ChargePlanner:
    """Shared per-call state: the obstacles, which token stands where, which tiles stop movement."""

    def __init__(
        self,
        encounter: Encounter,
        obstacles: Obstacles | None,
        min_tiles: int,
        stopping_terrain: frozenset[MovementClass],
    ) -> None:
        self.encounter = encounter
        self.map = encounter.map
        self.obstacles = obstacles if obstacles is not None else obstacles_for(encounter.map)
        self.min_tiles = min_tiles
        self.stopping = stopping_terrain
        self.occupant: dict[Tile, Token] = {}
        for token in encounter.tokens:
            for tile in token.footprint_tiles():
                self.occupant.setdefault(tile, token)
        kinds = self.map.terrain_kinds
        self.stopping_ids = frozenset(k for k, kind in kinds.items() if kind.movement in stopping_terrain)
        self._blocked = self.obstacles.terrain_mask(self.stopping_ids)
        for token in encounter.tokens:
            (x, y), n = token.position, token.footprint
            self._blocked[max(y, 0) : y + n, max(x, 0) : x + n] = True
        self._row_counts: dict[str, np.ndarray] = {}

    def _counts_without(self, attacker: Token) -> np.ndarray:
        """Per-row running counts of blocked tiles, the attacker's own footprint left out."""
        counts = self._row_counts.get(attacker.id)
        if counts is None:
            blocked = self._blocked.copy()
            (x, y), n = attacker.position, attacker.footprint
            blocked[max(y, 0) : y + n, max(x, 0) : x + n] = False
            counts = np.zeros((blocked.shape[0], blocked.shape[1] + 1), dtype=np.int32)
            np.cumsum(blocked, axis=1, out=counts[:, 1:])
            self._row_counts[attacker.id] = counts
        return counts

    def _tile_clear(self, attacker: Token, ends: list[Tile]) -> np.ndarray:
        """For each end position: True when no lane tile holds stopping terrain or another token."""
        counts = self._counts_without(attacker)
        rows, first, last = swept_row_spans(attacker.position, np.array(ends), attacker.footprint)
        present = last >= first
        width = counts.shape[1] - 1
        first_c = np.clip(first, 0, width)
        last_c = np.clip(last + 1, 0, width)
        hits = np.where(present, counts[rows[None, :], last_c] - counts[rows[None, :], first_c], 0)
        return ~(hits > 0).any(axis=1)

    def lane(self, attacker_id: str, target_id: str) -> ChargeLane:
        attacker = self.encounter.token(attacker_id)
        target = self.encounter.token(target_id)
        if footprint_distance(attacker, target) <= 1:
            return ChargeLane(
                attacker.id, target.id, False, (), None, 0,
                (f"too short: {attacker.name} is already next to {target.name}, "
                 f"a charge needs at least {self.min_tiles} tiles",),
            )
        ends = self._end_positions(attacker, target)
        if not ends:
            return ChargeLane(
                attacker.id, target.id, False, (), None, 0,
                (f"no position next to {target.name} fits {attacker.name} on the map",),
            )
        long_enough = [e for e in ends if _moved(attacker.position, e) >= self.min_tiles]
        if long_enough:
            clear = self._tile_clear(attacker, long_enough)
            for end, tiles_clear in zip(long_enough, clear, strict=True):
                if tiles_clear and not self._region_problems(attacker, target, end, first_only=True):
                    return self._lane_to(attacker, target, end, ())
        nearest = ends[0]
        return self._lane_to(attacker, target, nearest, tuple(self._problems(attacker, target, nearest)))

    def _lane_to(self, attacker: Token, target: Token, end: Tile, reasons: tuple[str, ...]) -> ChargeLane:
        (ax, ay), n = attacker.position, attacker.footprint
        tiles = swept_tile_array(attacker.position, end, n)
        xs, ys = tiles[:, 0], tiles[:, 1]
        outside_start = (xs < ax) | (xs >= ax + n) | (ys < ay) | (ys >= ay + n)
        xs, ys = xs[outside_start], ys[outside_start]
        along = xs * (end[0] - ax) + ys * (end[1] - ay)
        order = np.lexsort((xs, ys, along))
        lane = tuple(zip(xs[order].tolist(), ys[order].tolist(), strict=True))
        moved = _moved(attacker.position, end)
        return ChargeLane(attacker.id, target.id, not reasons, lane, end, moved, reasons)

    def _end_positions(self, attacker: Token, target: Token) -> list[Tile]:
        """Footprint positions touching the target, on the map, nearest first."""
        n, m = attacker.footprint, target.footprint
        tx, ty = target.position
        ax, ay = attacker.position
        ring = []
        for y in range(ty - n, ty + m + 1):
            for x in range(tx - n, tx + m + 1):
                on_ring = x in (tx - n, tx + m) or y in (ty - n, ty + m)
                if on_ring and 0 <= x <= self.map.width - n and 0 <= y <= self.map.height - n:
                    ring.append((x, y))
        ring.sort(key=lambda p: (_moved((ax, ay), p), math.hypot(p[0] - ax, p[1] - ay), p[1], p[0]))
        return ring

    def _problems(self, attacker: Token, target: Token, end: Tile) -> list[str]:
        """Every reason the lane to ``end`` is no charge (empty: it is one)."""
        problems: list[str] = []
        moved = _moved(attacker.position, end)
        if moved < self.min_tiles:
            problems.append(
                f"too short: {moved} tile{'s' if moved != 1 else ''} to {end}, "
                f"a charge needs at least {self.min_tiles}"
            )
        tiles = swept_tile_array(attacker.position, end, attacker.footprint)
        flagged = tiles[self._blocked[tiles[:, 1], tiles[:, 0]]]
        stopping: dict[str, list[Tile]] = {}
        blockers: dict[str, Token] = {}
        terrain, width = self.map.terrain, self.map.width
        for x, y in flagged.tolist():
            kind = terrain[y * width + x]
            if kind in self.stopping_ids:
                stopping.setdefault(kind, []).append((x, y))
            occupant = self.occupant.get((x, y))
            if occupant is not None and occupant.id != attacker.id:
                blockers.setdefault(occupant.id, occupant)
        for kind, where in stopping.items():
            name = self.map.terrain_kinds[kind].name
            what = "impassable" if self.map.terrain_kinds[kind].movement is MovementClass.IMPASSABLE else (
                "movement-stopping"
            )
            problems.append(f"{what} terrain ({name}) at {_tile_list(where)}")
        for token in blockers.values():
            if token.id != target.id:  # the target is judged by its whole footprint below
                problems.append(f"blocked by token {token.name} ({token.id}) at {token.position}")
        problems.extend(self._region_problems(attacker, target, end))
        return problems

    def _region_problems(
        self, attacker: Token, target: Token, end: Tile, *, first_only: bool = False
    ) -> list[str]:
        """What the swept region crosses: the target's footprint, walls and objects."""
        region = swept_region(attacker.position, end, attacker.footprint)
        (tx, ty), m = target.position, target.footprint
        if region.intersects(shapely.box(tx + EPS, ty + EPS, tx + m - EPS, ty + m - EPS)):
            problems = [f"the lane cuts across {target.name} itself"]
            if first_only:
                return problems
        else:
            problems = []
        layer = self.obstacles.movement
        hits = layer.hits(region)
        problems += [f"blocked by {layer.labels[i]}" for i in (hits[:1] if first_only else hits)]
        return problems


def _moved(start: Tile, end: Tile) -> int:
    return max(abs(end[0] - start[0]), abs(end[1] - start[1]))


def _tile_list(tiles: list[Tile]) -> str:
    shown = ", ".join(str(t) for t in tiles[:_LISTED_TILES])
    more = len(tiles) - _LISTED_TILES
    return shown + (f" and {more} more" if more > 0 else "")
