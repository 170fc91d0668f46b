"""Charge lanes: a straight, clear run from the attacker to a tile next to its target.

Avorkarth: "This can only be done if the creature has a clear line between themselves and their
target and is at least 3 tiles away. A charge cannot change direction." The shortest lane is the
ruleset's (``min_tiles``, no default; Avorkarth's is ``CHARGE_MIN_TILES`` in its ``tactics``).

How a lane is found (see docs/geometry.md):

- *End positions* are the positions of the attacker's footprint that touch the target's
  footprint (footprint distance 1) and lie on the map.
- The lane to an end position is the attacker's footprint sliding in one straight line from
  where it stands to there (:mod:`vantage.engine.geometry.sweep`): any angle, not only the eight grid
  directions, and never a change of direction.
- Its *length* is the number of tiles moved: the Chebyshev distance between the start and end
  positions. It must be at least ``min_tiles``.
- ``min_distance`` (0: none) is the shortest footprint distance from the attacker to the target a
  charge may start from (Avorkarth: "is at least 3 tiles away" — the target's distance, 3).
- It is *clear* when no lane tile (a tile whose centre the sweep covers, the end footprint
  included, the start footprint not) holds terrain of a ``stopping_terrain`` class or another
  token, and the swept region
  crosses no wall that blocks movement (open doors do not), no object that blocks movement and
  no part of the target's own footprint (a charge may not skim past the target to its far side).
- The charge uses the *nearest* valid end position: fewest tiles moved, then shortest straight
  distance, then top-most, left-most. When none is valid the lane reported is the nearest end
  position overall, with every reason it fails.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import cast

import numpy as np
import shapely

from vantage.engine.geometry.charge_window import in_window, lane_window
from vantage.engine.geometry.obstacles import Obstacles, obstacles_for
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.geometry.sweep import EPS, lane_row_spans, lane_spans, swept_outlines, tiles_from_spans
from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import Encounter, GameMap, Tile, Token
from vantage.engine.terrain import MovementClass

#: The terrain classes that stop a charge unless the ruleset names its own: only what nobody can
#: enter. A ruleset adds its own (Avorkarth: harsh terrain, "Harsh Terrain (Quicksand) : No
#: Movement" — ``avorkarth/tactics.py``'s ``CHARGE_STOPPING_TERRAIN``, also in its ``Tactics``).
DEFAULT_STOPPING = frozenset({MovementClass.IMPASSABLE})
_LISTED_TILES = 6
#: at most this many candidate ends are checked one by one (:meth:`_ChargePlanner._lanes_one_by_one`),
#: more as a batch of arrays
_ONE_BY_ONE = 64
#: a lane's tiles and the reasons it is no charge
_TilesAndReasons = tuple[tuple[Tile, ...], tuple[str, ...]]


@dataclass(frozen=True, eq=False)
class ChargeLane:
    """A charge from ``attacker`` to ``target``: the lane, where it ends, and why it fails if it does.

    ``tiles`` are the tiles the attacker passes over, start footprint excluded, nearest first;
    ``end_tile`` the top-left tile of its footprint at the end; ``length`` the tiles moved;
    ``reasons`` every reason it is no charge (empty: it is one).

    A lane that fails knows that it fails, where it ends and its length at once; its tiles and
    reasons are worked out when first read (for every failed lane of its batch together), since
    most callers only ask whether a charge is open.
    """

    attacker: str
    target: str
    valid: bool
    end_tile: Tile | None
    length: int
    _details: _LaneDetails = field(repr=False)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return self._details.of(self.target)[0]

    @property
    def reasons(self) -> tuple[str, ...]:
        return self._details.of(self.target)[1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChargeLane):
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())

    def __repr__(self) -> str:
        return (f"ChargeLane(attacker={self.attacker!r}, target={self.target!r}, valid={self.valid!r}, "
                f"tiles={self.tiles!r}, end_tile={self.end_tile!r}, length={self.length!r}, "
                f"reasons={self.reasons!r})")

    def _compared(self) -> tuple[object, ...]:
        return (self.attacker, self.target, self.valid, self.tiles, self.end_tile, self.length, self.reasons)

    @property
    def explanation(self) -> str:
        if self.valid:
            return (
                f"{self.attacker} can charge {self.target}: a straight lane of {self.length} tiles "
                f"ending at {self.end_tile}"
            )
        return f"{self.attacker} cannot charge {self.target}: " + "; ".join(self.reasons)


class _LaneDetails:
    """The tiles and reasons of lanes, by target: given, or worked out on first use by ``work``
    (once, for all the targets it covers)."""

    __slots__ = ("_known", "_work")

    def __init__(self, known: dict[str, _TilesAndReasons] | None = None,
                 work: Callable[[], dict[str, _TilesAndReasons]] | None = None) -> None:
        self._known = known
        self._work = work

    @classmethod
    def given(cls, target: str, tiles: tuple[Tile, ...], reasons: tuple[str, ...]) -> _LaneDetails:
        return cls({target: (tiles, reasons)})

    def of(self, target: str) -> _TilesAndReasons:
        if self._known is None:
            assert self._work is not None
            self._known, self._work = self._work(), None
        return self._known[target]


def charge_lane(
    encounter: Encounter,
    attacker_id: str,
    target_id: str,
    *,
    min_tiles: int,
    obstacles: Obstacles | None = None,
    stopping_terrain: frozenset[MovementClass] = DEFAULT_STOPPING,
    min_distance: int = 0,
) -> ChargeLane:
    """The charge lane from ``attacker_id`` to ``target_id``, at least ``min_tiles`` long, from at
    least ``min_distance`` tiles away (see the module text)."""
    lanes = charge_lanes(
        encounter, attacker_id, [target_id],
        min_tiles=min_tiles, obstacles=obstacles, stopping_terrain=stopping_terrain,
        min_distance=min_distance,
    )
    return lanes[target_id]


def charge_lanes(
    encounter: Encounter,
    attacker_id: str,
    target_ids: Iterable[str] | None = None,
    *,
    min_tiles: int,
    obstacles: Obstacles | None = None,
    stopping_terrain: frozenset[MovementClass] = DEFAULT_STOPPING,
    min_distance: int = 0,
) -> dict[str, ChargeLane]:
    """Charge lanes, at least ``min_tiles`` long and from at least ``min_distance`` tiles away, from
    one attacker to each target (default: every other token).

    A lane reads only the map and each token's id, name, position and footprint, so the lanes are
    kept per map (:func:`_lanes_memo`) by those: fights played on one encounter ask the same
    lanes again, from the same places, round after round (only with the map's own obstacles)."""
    if obstacles is not None:
        return _charge_lanes(encounter, attacker_id, target_ids, min_tiles=min_tiles, obstacles=obstacles,
                             stopping_terrain=stopping_terrain, min_distance=min_distance)
    wanted = None if target_ids is None else tuple(target_ids)
    memo = _lanes_memo(encounter.map)
    key = (attacker_id, wanted, tuple([(t.id, t.name, t.position, t.footprint) for t in encounter.tokens]),
           min_tiles, stopping_terrain, min_distance)
    found = memo.get(key)
    if found is None:
        if len(memo) >= _LANES_MEMO_SIZE:
            memo.clear()  # a bound on memory; the lanes are the same either way
        found = memo[key] = _charge_lanes(encounter, attacker_id, wanted, min_tiles=min_tiles,
                                          stopping_terrain=stopping_terrain, min_distance=min_distance)
    return dict(found)


#: The most :func:`charge_lanes` answers kept per map (then it starts again).
_LANES_MEMO_SIZE = 1024


@identity_cache(size=2)
def _lanes_memo(game_map: GameMap) -> dict[tuple[object, ...], dict[str, ChargeLane]]:
    """The charge lanes asked on ``game_map`` (:func:`charge_lanes`), by attacker, targets, tokens
    and rules; what is kept is never changed (a lane is frozen; callers get a copy of the dict)."""
    return {}


def _charge_lanes(
    encounter: Encounter,
    attacker_id: str,
    target_ids: Iterable[str] | None,
    *,
    min_tiles: int,
    obstacles: Obstacles | None = None,
    stopping_terrain: frozenset[MovementClass],
    min_distance: int,
) -> dict[str, ChargeLane]:
    """:func:`charge_lanes` worked out."""
    attacker = encounter.token(attacker_id)
    if target_ids is None:
        targets = [t for t in encounter.tokens if t.id != attacker_id]
    else:
        by_id = {t.id: t for t in encounter.tokens}
        targets = [by_id[tid] if tid in by_id else encounter.token(tid) for tid in target_ids]
    obstacles = obstacles if obstacles is not None else obstacles_for(encounter.map)
    planner = _ChargePlanner(
        encounter, attacker, targets, obstacles, min_tiles, stopping_terrain, min_distance
    )
    return planner.lanes(targets)


class _ChargePlanner:
    """Lanes from one attacker: a grid of blocked tiles around it and its targets, as per-row
    running counts so that a row span of a lane is checked in one subtraction."""

    def __init__(
        self,
        encounter: Encounter,
        attacker: Token,
        targets: list[Token],
        obstacles: Obstacles,
        min_tiles: int,
        stopping_terrain: frozenset[MovementClass],
        min_distance: int = 0,
    ) -> None:
        self.tokens = encounter.tokens  # not the encounter: kept lanes hold no fight's log
        self.map = encounter.map
        self.attacker = attacker
        self.obstacles = obstacles
        self.min_tiles = min_tiles
        self.min_distance = min_distance
        kinds = self.map.terrain_kinds
        self.stopping_ids = frozenset(k for k, kind in kinds.items() if kind.movement in stopping_terrain)
        # the window holds every lane: the attacker and each target with a footprint's margin
        self._window = lane_window(self.map, attacker, targets)
        self.origin = (self._window[0], self._window[1])
        self._grid_built = False

    def _build_grid(self) -> None:
        """The window's blocked tiles (``blocked``), its stopping terrain alone (``stopping``), the
        token on each tile (``occupant``, an index into ``others``) and the per-row running counts
        of blocked tiles (``counts``): built once, by the batch check and the reasons."""
        if self._grid_built:
            return
        self._grid_built = True
        attacker, obstacles = self.attacker, self.obstacles
        n = attacker.footprint
        (ax, ay) = attacker.position
        x0, y0, x1, y1 = around = self._window
        table = np.array([t in self.stopping_ids for t in obstacles.terrain_ids], dtype=bool)
        blocked = table[obstacles.terrain_codes[y0:y1, x0:x1]]
        stopping = blocked.copy()  # the terrain alone, for the reasons
        self.others: list[Token] = []
        self.occupant = np.full(blocked.shape, -1, dtype=np.int32)  # index into ``others``
        for token in self.tokens:
            if token.id == attacker.id:
                continue
            (tx, ty), m = token.position, token.footprint
            if in_window(token, around):
                window = (slice(max(ty - y0, 0), ty + m - y0), slice(max(tx - x0, 0), tx + m - x0))
                self.occupant[window] = len(self.others)
                self.others.append(token)
                blocked[window] = True
        # the attacker's own footprint is where it stands: what lies under it is no obstacle
        under = (slice(max(ay - y0, 0), ay + n - y0), slice(max(ax - x0, 0), ax + n - x0))
        blocked[under] = False
        stopping[under] = False
        self.blocked = blocked
        self.stopping = stopping
        self.counts = np.zeros((blocked.shape[0], blocked.shape[1] + 1), dtype=np.int32)
        np.cumsum(blocked, axis=1, out=self.counts[:, 1:])

    def lanes(self, targets: list[Token]) -> dict[str, ChargeLane]:
        """The lane to each target; the candidate lanes of all targets are checked together."""
        attacker = self.attacker
        result: dict[str, ChargeLane] = {}
        nearest_of: dict[str, Tile] = {}
        candidates: list[Tile] = []
        owners: list[int] = []
        for i, target in enumerate(targets):
            distance = footprint_distance(attacker, target)
            if distance < self.min_distance:
                result[target.id] = _refused(
                    attacker, target,
                    (f"too close: {target.name} is {distance} tile{'s' if distance != 1 else ''} away, "
                     f"a charge needs at least {self.min_distance}",),
                )
                continue
            if distance <= 1:
                result[target.id] = _refused(
                    attacker, target,
                    (f"too short: {attacker.name} is already next to {target.name}, "
                     f"a charge needs at least {self.min_tiles} tiles",),
                )
                continue
            ends = self._end_positions(target)
            if not ends:
                result[target.id] = _refused(
                    attacker, target,
                    (f"no position next to {target.name} fits {attacker.name} on the map",),
                )
                continue
            nearest_of[target.id] = ends[0][1]
            for moved, end in ends:
                if moved >= self.min_tiles:
                    candidates.append(end)
                    owners.append(i)
        chosen: dict[str, np.ndarray] = {}
        if candidates and len(candidates) <= _ONE_BY_ONE and self._attacker_on_map():
            self._lanes_one_by_one(targets, candidates, owners, result)
        elif candidates:
            self._build_grid()
            rows, first, last = lane_row_spans(attacker.position, np.array(candidates), attacker.footprint)
            clear = np.nonzero(self._tiles_clear(rows, first, last))[0]
            if len(clear):
                clear_targets = [targets[owners[k]] for k in clear]
                ok = self._regions_clear(clear_targets, np.array([candidates[k] for k in clear]))
                for k in clear[ok].tolist():  # in order: the first good one per target is the nearest
                    target = targets[owners[k]]
                    if target.id not in chosen:
                        chosen[target.id] = tiles_from_spans(rows[k], first[k], last[k])
                        result[target.id] = self._lane(target, candidates[k], chosen[target.id], ())
        failed = [t for t in targets if t.id not in result]
        if failed:  # no charge: the lane to the nearest end, its tiles and reasons worked out if read
            nearest = [nearest_of[t.id] for t in failed]
            details = _LaneDetails(work=lambda: self._failed_details(failed, nearest))
            for target, end in zip(failed, nearest, strict=True):
                result[target.id] = ChargeLane(attacker.id, target.id, False, end,
                                               _moved(attacker.position, end), details)
        return {t.id: result[t.id] for t in targets}

    def _attacker_on_map(self) -> bool:
        (ax, ay), n = self.attacker.position, self.attacker.footprint
        return ax >= 0 and ay >= 0 and ax + n <= self.map.width and ay + n <= self.map.height

    def _lanes_one_by_one(
        self, targets: list[Token], candidates: list[Tile], owners: list[int], result: dict[str, ChargeLane]
    ) -> None:
        """What the batch check in :meth:`lanes` finds, for a few candidates (a lane to one target)
        without the window's arrays: each candidate's row spans (:func:`lane_spans`, the same
        numbers) checked against the map's stopping rows and the other tokens, nearest first; the
        region of a target's nearest clear one looked at alone (good: the target's lane, its
        farther candidates not looked at), then those of the others clear together, the first
        good one per target taken."""
        attacker = self.attacker
        start, n = attacker.position, attacker.footprint
        ax, ay = start
        terrain_rows = _stopping_rows(self.obstacles, self.stopping_ids)
        around = self._window
        tokens_on_row: dict[int, list[tuple[int, int]]] = {}
        for token in self.tokens:
            if token.id == attacker.id:
                continue
            (tx, ty), m = token.position, token.footprint
            if in_window(token, around):
                for y in range(ty, ty + m):
                    tokens_on_row.setdefault(y, []).append((tx, tx + m - 1))
        spans_of: dict[int, list[tuple[int, int, int]]] = {}
        tried: set[int] = set()  # the targets whose nearest clear lane's region was looked at alone
        clear = []
        for k, end in enumerate(candidates):
            owner = owners[k]
            if targets[owner].id in result:  # a nearer lane to this target is good
                continue
            spans = spans_of[k] = lane_spans(start, end, n)
            for y, lo, hi in spans:
                if ay <= y < ay + n:  # what lies under the attacker's own footprint is no obstacle
                    parts: tuple[tuple[int, int], ...] = ((lo, min(hi, ax - 1)), (max(lo, ax + n), hi))
                else:
                    parts = ((lo, hi),)
                row, on_row = terrain_rows[y], tokens_on_row.get(y, ())
                if any(a <= b and (row.find(1, a, b + 1) >= 0
                                   or any(t0 <= b and a <= t1 for t0, t1 in on_row)) for a, b in parts):
                    break
            else:
                if owner not in tried:  # most often the nearest clear lane is good: no more looked at
                    tried.add(owner)
                    if self._regions_clear([targets[owner]], np.array([end]))[0]:
                        result[targets[owner].id] = self._lane_of_spans(targets[owner], end, spans)
                        continue
                clear.append(k)
        if not clear:
            return
        ends = np.array([candidates[k] for k in clear])
        ok = self._regions_clear([targets[owners[k]] for k in clear], ends)
        for k, good in zip(clear, ok.tolist(), strict=True):
            target = targets[owners[k]]
            if good and target.id not in result:
                result[target.id] = self._lane_of_spans(target, candidates[k], spans_of[k])

    def _lane_of_spans(self, target: Token, end: Tile, spans: list[tuple[int, int, int]]) -> ChargeLane:
        """:meth:`_lane` (no reasons) of a lane given as row spans."""
        (ax, ay), n = self.attacker.position, self.attacker.footprint
        ex, ey = end[0] - ax, end[1] - ay
        span = self.map.width + self.map.height + 2
        tiles = [(x, y) for y, lo, hi in spans for x in range(lo, hi + 1)
                 if x < ax or x >= ax + n or y < ay or y >= ay + n]
        tiles.sort(key=lambda t: ((t[0] * ex + t[1] * ey) * span + t[1]) * span + t[0])
        return ChargeLane(self.attacker.id, target.id, True, end, _moved(self.attacker.position, end),
                          _LaneDetails.given(target.id, tuple(tiles), ()))

    def _failed_details(
        self, targets: list[Token], ends: list[Tile]
    ) -> dict[str, _TilesAndReasons]:
        """The tiles of the lane to each target's nearest end and every reason it fails, all lanes
        at once: the same tiles, order and reasons as :meth:`_lane` and :meth:`_problems` give one
        by one."""
        self._build_grid()
        attacker = self.attacker
        (ax, ay), n = attacker.position, attacker.footprint
        end_at = np.array(ends)
        rows, first, last = lane_row_spans(attacker.position, end_at, n)
        lengths = np.maximum(last - first + 1, 0)
        per_lane = lengths.sum(axis=1)
        lengths = lengths.ravel()
        offsets = np.arange(int(per_lane.sum())) - np.repeat(np.cumsum(lengths) - lengths, lengths)
        xs = np.repeat(first.ravel(), lengths) + offsets  # every lane's tiles, row by row, lane by lane
        ys = np.repeat(rows.ravel(), lengths)
        owner = np.repeat(np.arange(len(ends)), per_lane)
        x0, y0 = self.origin
        cells = (ys - y0, xs - x0)
        terrain_of = self._stopping_terrain(owner, xs, ys, self.stopping[cells], len(ends))
        occupant = self.occupant[cells]
        met = occupant >= 0
        pairs = np.unique(owner[met] * (len(self.others) + 1) + occupant[met]).tolist()
        # the lane as tiles outside the start footprint, nearest first (see ``_lane``)
        outside = (xs < ax) | (xs >= ax + n) | (ys < ay) | (ys >= ay + n)
        span = self.map.width + self.map.height + 2
        ex, ey = end_at[owner, 0] - ax, end_at[owner, 1] - ay
        key = ((xs * ex + ys * ey) * span + ys) * span + xs
        order = np.lexsort((key, owner))
        order = order[outside[order]]
        lane_x, lane_y = xs[order].tolist(), ys[order].tolist()
        bounds = [0, *np.cumsum(np.bincount(owner[order], minlength=len(ends))).tolist()]
        met_of: list[list[int]] = [[] for _ in ends]
        for pair in pairs:
            i, token = divmod(pair, len(self.others) + 1)
            met_of[i].append(token)
        details = {}
        region_reasons = self._region_problems(targets, ends)
        for i, (target, end, more) in enumerate(zip(targets, ends, region_reasons, strict=True)):
            reasons = (*self._problems(target, end, terrain_of[i], met_of[i]), *more)
            b0, b1 = bounds[i], bounds[i + 1]
            details[target.id] = (tuple(zip(lane_x[b0:b1], lane_y[b0:b1], strict=True)), reasons)
        return details

    def _stopping_terrain(
        self, owner: np.ndarray, xs: np.ndarray, ys: np.ndarray, on: np.ndarray, count: int
    ) -> list[list[tuple[str, list[Tile], int]]]:
        """For each lane: the stopping terrain kinds on it, in the order the lane's tiles (row by
        row) first meet them, each with its first tiles and how many tiles it has."""
        found: list[list[tuple[str, list[Tile], int]]] = [[] for _ in range(count)]
        at = np.nonzero(on)[0]
        if not len(at):
            return found
        codes = self.obstacles.terrain_codes[ys[at], xs[at]]
        group = owner[at] * len(self.obstacles.terrain_ids) + codes
        order = np.argsort(group, kind="stable")  # by lane and kind, row order kept within
        starts = np.flatnonzero(np.r_[True, group[order][1:] != group[order][:-1]])
        sizes = np.diff(np.r_[starts, len(order)])
        groups = []
        for begin, size in zip(starts.tolist(), sizes.tolist(), strict=True):
            shown = order[begin : begin + min(size, _LISTED_TILES)]
            first_seen = int(shown[0])  # the group's first tile in the lane's order
            tiles = list(zip(xs[at[shown]].tolist(), ys[at[shown]].tolist(), strict=True))
            groups.append((first_seen, int(group[shown[0]]), tiles, size))
        for _, key, tiles, size in sorted(groups):
            lane, code = divmod(key, len(self.obstacles.terrain_ids))
            found[lane].append((self.obstacles.terrain_ids[code], tiles, size))
        return found

    def _tiles_clear(self, rows: np.ndarray, first: np.ndarray, last: np.ndarray) -> np.ndarray:
        """For each lane (row of ``first``/``last``): no stopping terrain, no other token on it."""
        x0, y0 = self.origin
        height, stride = self.counts.shape
        counts = self.counts.ravel()
        at_row = rows - y0  # flat indexes into ``counts``; the arrays are large, so in place
        np.clip(at_row, 0, height - 1, out=at_row)
        at_row *= stride
        lo = first - x0
        np.clip(lo, 0, stride - 1, out=lo)
        lo += at_row
        hi = last + (1 - x0)
        np.clip(hi, 0, stride - 1, out=hi)
        hi += at_row
        hits = counts.take(hi)
        hits -= counts.take(lo)
        hits *= last >= first  # rows off the lane count nothing
        return cast(np.ndarray, ~hits.any(axis=1))

    def _regions_clear(self, targets: list[Token], ends: np.ndarray) -> np.ndarray:
        """For each end k: its swept region crosses no movement blocker and not ``targets[k]``."""
        regions = swept_outlines(self.attacker.position, ends, self.attacker.footprint)
        boxes = np.array([(*t.position, t.footprint) for t in targets], dtype=float)
        x, y, m = boxes[:, 0], boxes[:, 1], boxes[:, 2]
        ok = ~shapely.intersects(regions, shapely.box(x + EPS, y + EPS, x + m - EPS, y + m - EPS))
        ok[self._blocked_regions(regions, ends)[0]] = False
        return ok

    def _blocked_regions(self, regions: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(region, blocker) index pairs of the swept regions (to ``ends``) and the movement
        blockers they intersect: boxes from the STRtree; walls wholly on one side of the lane's
        centre line and farther from it than half the footprint's diagonal dropped (the region
        lies within that of the line); then the exact test on the (prepared) blocker's side."""
        layer = self.obstacles.movement
        if layer.tree is None:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
        region_idx, hit_idx = layer.tree.query(regions)
        if not len(region_idx):  # no blocker's box meets a region: nothing to test
            return region_idx, hit_idx
        # the unit normal of each lane's centre line, and how far along it the wall's ends lie
        (ax, ay), n = self.attacker.position, self.attacker.footprint
        dx, dy = (ends[:, 0] - ax).astype(float), (ends[:, 1] - ay).astype(float)
        length = np.hypot(dx, dy)
        length[length == 0] = np.inf  # a lane that does not move: no line, nothing dropped
        nx, ny = (-dy / length)[region_idx], (dx / length)[region_idx]
        cx, cy = ax + n / 2, ay + n / 2
        walls = layer.segments[hit_idx]
        d1 = (walls[:, 0] - cx) * nx + (walls[:, 1] - cy) * ny
        d2 = (walls[:, 2] - cx) * nx + (walls[:, 3] - cy) * ny
        reach = 0.7072 * n  # just over half the footprint's diagonal
        far = ((d1 > reach) & (d2 > reach)) | ((d1 < -reach) & (d2 < -reach))
        region_idx, hit_idx = region_idx[~far], hit_idx[~far]
        exact = shapely.intersects(layer.geometries[hit_idx], regions[region_idx])
        return region_idx[exact], hit_idx[exact]

    def _lane(self, target: Token, end: Tile, tiles: np.ndarray, reasons: tuple[str, ...]) -> ChargeLane:
        """The lane as tiles outside the start footprint, nearest first."""
        attacker = self.attacker
        (ax, ay), n = attacker.position, attacker.footprint
        xs, ys = tiles[:, 0], tiles[:, 1]
        outside_start = (xs < ax) | (xs >= ax + n) | (ys < ay) | (ys >= ay + n)
        xs, ys = xs[outside_start], ys[outside_start]
        # nearest first: by the projection on the direction of travel, then row, then column
        span = self.map.width + self.map.height + 2
        key = ((xs * (end[0] - ax) + ys * (end[1] - ay)) * span + ys) * span + xs
        order = np.argsort(key, kind="stable")
        lane = tuple(zip(xs[order].tolist(), ys[order].tolist(), strict=True))
        moved = _moved(attacker.position, end)
        return ChargeLane(attacker.id, target.id, not reasons, end, moved,
                          _LaneDetails.given(target.id, lane, reasons))

    def _end_positions(self, target: Token) -> list[tuple[int, Tile]]:
        """Footprint positions touching the target, on the map, nearest first, with the tiles moved
        to each (nearest: fewest tiles moved, then shortest straight distance, top-most, left-most)."""
        attacker = self.attacker
        n, m = attacker.footprint, target.footprint
        tx, ty = target.position
        ax, ay = attacker.position
        x_max, y_max = self.map.width - n, self.map.height - n
        whole_row = range(max(tx - n, 0), min(tx + m, x_max) + 1)
        ends_of_row = [x for x in (tx - n, tx + m) if 0 <= x <= x_max]
        ring = []
        for y in range(max(ty - n, 0), min(ty + m, y_max) + 1):
            dy = y - ay
            for x in whole_row if y in (ty - n, ty + m) else ends_of_row:
                dx = x - ax
                ring.append((max(abs(dx), abs(dy)), math.hypot(dx, dy), y, x))
        ring.sort()
        return [(moved, (x, y)) for moved, _, y, x in ring]

    def _problems(
        self, target: Token, end: Tile, terrain: list[tuple[str, list[Tile], int]], on_lane: list[int]
    ) -> list[str]:
        """Every reason the lane to ``end`` is no charge (empty: it is one), given the stopping
        ``terrain`` on it (see :meth:`_stopping_terrain`) and the tokens it meets (indexes into
        ``others``, ascending)."""
        attacker = self.attacker
        problems: list[str] = []
        moved = _moved(attacker.position, end)
        if moved < self.min_tiles:
            problems.append(
                f"too short: {moved} tile{'s' if moved != 1 else ''} to {end}, "
                f"a charge needs at least {self.min_tiles}"
            )
        for kind, where, count in terrain:
            terrain_kind = self.map.terrain_kinds[kind]
            what = "impassable" if terrain_kind.movement is MovementClass.IMPASSABLE else "movement-stopping"
            problems.append(f"{what} terrain ({terrain_kind.name}) at {_tile_list(where, count)}")
        for token in (self.others[i] for i in on_lane):
            if token.id != target.id:  # the target is judged by its whole footprint below
                problems.append(f"blocked by token {token.name} ({token.id}) at {token.position}")
        return problems

    def _region_problems(self, targets: list[Token], ends: list[Tile]) -> list[list[str]]:
        """For each target and end: the target, walls and objects its swept region crosses."""
        regions = swept_outlines(self.attacker.position, np.array(ends), self.attacker.footprint)
        boxes = np.array([(*t.position, t.footprint) for t in targets], dtype=float)
        x, y, m = boxes[:, 0], boxes[:, 1], boxes[:, 2]
        skims = shapely.intersects(regions, shapely.box(x + EPS, y + EPS, x + m - EPS, y + m - EPS))
        found: list[list[str]] = [
            [f"the lane cuts across {t.name} itself"] if skim else []
            for t, skim in zip(targets, skims, strict=True)
        ]
        region_idx, hit_idx = self._blocked_regions(regions, np.array(ends))
        labels = self.obstacles.movement.labels
        for r, h in sorted(zip(region_idx.tolist(), hit_idx.tolist(), strict=True)):
            found[r].append(f"blocked by {labels[h]}")
        return found


@identity_cache(size=4)
def _stopping_rows_by_kinds(obstacles: Obstacles) -> dict[frozenset[str], list[bytes]]:
    """The rows of :func:`_stopping_rows` asked for on ``obstacles``, by stopping terrain kinds."""
    return {}


def _stopping_rows(obstacles: Obstacles, stopping_ids: frozenset[str]) -> list[bytes]:
    """Each map row as bytes, 1 where its tile's terrain is one of ``stopping_ids`` (0 elsewhere)."""
    memo = _stopping_rows_by_kinds(obstacles)
    rows = memo.get(stopping_ids)
    if rows is None:
        table = np.array([t in stopping_ids for t in obstacles.terrain_ids], dtype=np.uint8)
        rows = memo[stopping_ids] = [row.tobytes() for row in table[obstacles.terrain_codes]]
    return rows


def _refused(attacker: Token, target: Token, reasons: tuple[str, ...]) -> ChargeLane:
    """No lane at all: no tiles, no end, for ``reasons``."""
    return ChargeLane(attacker.id, target.id, False, None, 0, _LaneDetails.given(target.id, (), reasons))


def _moved(start: Tile, end: Tile) -> int:
    return max(abs(end[0] - start[0]), abs(end[1] - start[1]))


def _tile_list(tiles: list[Tile], count: int) -> str:
    """The first few of ``count`` tiles (``tiles`` holds at least those), and how many more."""
    shown = ", ".join(str(t) for t in tiles[:_LISTED_TILES])
    more = count - _LISTED_TILES
    return shown + (f" and {more} more" if more > 0 else "")
