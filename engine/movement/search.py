"""The reachable set and paths: Dijkstra over (position, worst terrain class, diagonal parity).

The search builds the movement graph by chunk as it reaches positions (``prepare_at``), so a
search bounded by an allowance reads only the map round the token.

A path's allowance can depend on the path itself (Avorkarth: the worst terrain crossed lowers
the whole move), and with the alternating diagonal rule a step's cost depends on the diagonals
before it. So the search runs over *states* — position, worst class so far, parity of diagonals
so far — and keeps a state only while its cost fits the allowance *for its worst class*. The
reachable set is then exact: a tile is reachable when some state on it fits.

Tokens are applied per query on top of the static :class:`MovementGraph`: positions where the
footprint would overlap a blocking token are never entered; positions overlapping a passable one
(an ally) may be crossed but not ended on. Allies are tokens of the same side, party or enemy;
neutral tokens are nobody's ally, so they block like enemies (assumed — not in the source text).
"""

from __future__ import annotations

import dataclasses
import heapq
import math
from collections import deque
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from functools import cached_property

from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import are_enemies, within_reach
from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import Encounter, Side, Tile, Token
from vantage.engine.movement.events import enemies_with_reach, path_events
from vantage.engine.movement.graph import CLASSES, MovementGraph, movement_graph
from vantage.engine.movement.path import Path
from vantage.engine.movement.policy import DiagonalPolicy, MovementRules
from vantage.engine.movement.riding import linked_ids
from vantage.engine.movement.walls import DIRECTIONS, walls_reason
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.terrain import MovementClass

_EPS = 1e-9
_HARSH = MovementClass.HARSH.severity
#: The largest walled-off part of the map round a goal that ``why_not`` looks at before it
#: searches (a room behind closed doors; 0: it always searches).
WALLED_OFF_LIMIT = 4096


def _label(token: Token) -> str:
    return token.name or token.id


#: The allowance for each worst class, by (``allowance_for_worst``, base): that function gives the
#: allowance of a path from the base and its worst class alone (``MovementRules``), so it is asked
#: once per base; at most :data:`_ALLOWANCES_SIZE` kept (then it starts again).
_ALLOWANCES: dict[tuple[object, float], tuple[float, ...]] = {}
_ALLOWANCES_SIZE = 1024


def _allowances(for_worst: Callable[[float, MovementClass], Breakdown], base: float) -> tuple[float, ...]:
    key = (for_worst, base)
    found = _ALLOWANCES.get(key)
    if found is None:
        if len(_ALLOWANCES) >= _ALLOWANCES_SIZE:
            _ALLOWANCES.clear()
        found = _ALLOWANCES[key] = tuple(for_worst(base, c).value for c in CLASSES)
    return found


#: The step multiplier of each class under a rules object (by its id; the rules held, so that the id
#: is not reused while kept); at most :data:`_ALLOWANCES_SIZE` kept (then it starts again).
_MULTIPLIERS: dict[int, tuple[MovementRules, tuple[float, ...]]] = {}


def _multipliers(rules: MovementRules) -> tuple[float, ...]:
    """``rules.multiplier`` of each class of :data:`CLASSES`, worked out once per rules object
    (rules are frozen)."""
    found = _MULTIPLIERS.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_MULTIPLIERS) >= _ALLOWANCES_SIZE:
            _MULTIPLIERS.clear()
        found = _MULTIPLIERS[id(rules)] = (rules, tuple(rules.multiplier(c) for c in CLASSES))
    return found[1]


@dataclasses.dataclass(frozen=True, eq=False)
class _TokenMarks:
    """What the tokens make of the map for one token under ``rules`` (:class:`MoveQuery`): the
    positions its footprint may not enter (``blockers``) or may cross but not end on
    (``no_end``), its enemies with their reach, the enemies it starts locked by, and (when it is
    locked) the positions within their reach. A function of the tokens tuple, the token, the rules
    and the graph (all immutable), so kept by their identity (:func:`_token_marks_memo`): the
    policy's search and the move it sends read one state. Shared: never changed by its readers."""

    tokens: tuple[Token, ...]
    rules: MovementRules
    blockers: dict[int, Token]
    no_end: dict[int, Token]
    enemies: list[tuple[Token, int]]
    locked_by: tuple[Token, ...]
    threatened: dict[int, Token]

    @cached_property
    def blocker_set(self) -> frozenset[int]:
        return frozenset(self.blockers)

    @cached_property
    def no_end_set(self) -> frozenset[int]:
        return frozenset(self.no_end)

    @cached_property
    def threatened_set(self) -> frozenset[int]:
        return frozenset(self.threatened)


#: The most :class:`_TokenMarks` :func:`_token_marks_memo` keeps per graph (then it starts again).
_TOKEN_MARKS_SIZE = 256


@identity_cache(size=2)
def _token_marks_memo(graph: MovementGraph) -> dict[tuple[int, str, int], _TokenMarks]:
    """(id of the tokens tuple, token id, id of the rules) → its :class:`_TokenMarks` on ``graph``
    (the marks hold the tuple and the rules, so that an id is not reused while kept); held only
    for the last two graphs, as the searches are (:func:`_reachable_memo`)."""
    return {}


class MoveQuery:
    """One token, its allowance and the rules, with the tokens around it turned into position
    sets for the token's footprint size. Built once per query; the searches read it."""

    def __init__(
        self,
        encounter: Encounter,
        token_id: str,
        allowance_tiles: float | Breakdown,
        rules: MovementRules,
        graph: MovementGraph | None,
    ) -> None:
        self.encounter = encounter
        self.token = token = encounter.token(token_id)
        self.rules = rules
        if graph is None:
            graph = movement_graph(encounter.map)
        elif graph.game_map is not encounter.map and graph.game_map != encounter.map:
            raise ValueError("the movement graph was built for another map")
        self.graph = graph
        self.size = n = token.footprint
        self.given_breakdown = isinstance(allowance_tiles, Breakdown)
        if isinstance(allowance_tiles, Breakdown):
            self.base_breakdown = allowance_tiles
            self.base = float(allowance_tiles.value)
        else:
            self.base = float(allowance_tiles)
            self.base_breakdown = Breakdown("Movement", self.base, "allowance")
        self.track_worst = rules.allowance_for_worst is not None
        if rules.allowance_for_worst is not None:
            self.allow = list(_allowances(rules.allowance_for_worst, self.base))
        else:
            self.allow = [self.base] * len(CLASSES)
        self.start = graph.index(token.position)
        on_map = graph.in_bounds(token.position, n)
        self.start_class = graph.class_at(token.position, n).severity if on_map else 0
        self.start_worst = self.start_class if self.track_worst and rules.start_tile_counts else 0
        self.turns: dict[int, int] = {}  # the last search's changes of direction per state
        tokens = encounter.tokens
        kept_marks = _token_marks_memo(graph)
        key = (id(tokens), token_id, id(rules))
        kept = kept_marks.get(key)
        if kept is not None and kept.tokens is tokens and kept.rules is rules:
            marks = kept
        else:
            marks = kept_marks[key] = self._token_marks(encounter, token, rules)
            if len(kept_marks) > _TOKEN_MARKS_SIZE:
                kept_marks.clear()
                kept_marks[key] = marks
        self.marks = marks
        self.blockers: dict[int, Token] = marks.blockers
        self.no_end: dict[int, Token] = marks.no_end
        self.enemies = marks.enemies
        # only where locked tokens must retreat does starting in an enemy's reach mean anything
        self.locked_by: tuple[Token, ...] = marks.locked_by
        self.threatened: dict[int, Token] = marks.threatened

    def _token_marks(self, encounter: Encounter, token: Token, rules: MovementRules) -> _TokenMarks:
        """What the tokens round ``token`` make of the map for it (module text)."""
        blockers: dict[int, Token] = {}
        no_end: dict[int, Token] = {}
        riding = linked_ids(encounter, token.id)  # a rider and its mount never block each other
        for other in encounter.tokens:
            if other.id in riding:
                continue
            ally = other.side == token.side and token.side is not Side.NEUTRAL
            passable = rules.allies_passable if ally else not rules.enemies_block
            if passable and ally and rules.end_on_ally:
                continue
            self._mark(no_end if passable else blockers, other, 0)
        enemies = enemies_with_reach(encounter, token, rules)
        locked_by: tuple[Token, ...] = ()
        if rules.locked_must_retreat:
            locked_by = tuple(e for e, reach in enemies if within_reach(e, token, reach))
        threatened: dict[int, Token] = {}
        if locked_by:
            for e in encounter.tokens:
                if e.id != token.id and are_enemies(token, e):
                    self._mark(threatened, e, rules.reach_of(e))
        return _TokenMarks(encounter.tokens, rules, blockers, no_end, enemies, locked_by, threatened)

    def _mark(self, marks: dict[int, Token], other: Token, reach: int) -> None:
        """``other`` on each position (not marked yet) where the mover's footprint comes within
        ``reach`` of it (0: overlaps), rows top to bottom, left to right."""
        n, m = self.size, other.footprint
        w, h = self.graph.width, self.graph.height
        ox, oy = other.position
        xs = range(max(0, ox - n + 1 - reach), min(w - n, ox + m - 1 + reach) + 1)
        for y in range(max(0, oy - n + 1 - reach), min(h - n, oy + m - 1 + reach) + 1):
            row = y * w
            for x in xs:
                if row + x not in marks:
                    marks[row + x] = other

    # -- costs -------------------------------------------------------------------------------
    def diagonal_cost(self, parity: int) -> tuple[float, int]:
        """Base cost of a diagonal step and the parity after it."""
        policy = self.rules.diagonal
        if policy is DiagonalPolicy.ALTERNATING:
            return (2.0 if parity else 1.0), parity ^ 1
        return (1.5 if policy is DiagonalPolicy.ONE_AND_HALF else 1.0), 0

    def allowance_for(self, worst: int) -> Breakdown:
        """The allowance of a path whose worst class is ``worst``, explained from the turn's
        allowance (its own breakdown, when one was given, becomes the base label)."""
        if self.rules.allowance_for_worst is None:
            return self.base_breakdown
        allowance = self.rules.allowance_for_worst(self.base, CLASSES[worst])
        if self.given_breakdown:
            turn = self.base_breakdown.explain().split(": ", 1)[-1]
            allowance = dataclasses.replace(allowance, base_label=f"({turn})")
        return allowance

    def endable(self, i: int) -> bool:
        return i == self.start or (i not in self.no_end and i not in self.threatened)

    # -- the search --------------------------------------------------------------------------
    def search(
        self, allow: Sequence[float], *, goal: int | None = None, blockers: Mapping[int, Token] | None = None,
        straight: bool = True, until: Callable[[int, float], float | None] | None = None,
    ) -> tuple[dict[int, float], dict[int, int], int | None]:
        """Dijkstra over states ``position << 4 | worst << 1 | parity`` within ``allow[worst]``
        (A* towards ``goal`` when one is given: every step costs at least the smallest terrain
        multiplier, so that times the king-move distance never overestimates).

        Among paths of equal cost it keeps the one with the fewest changes of direction (each
        state remembers its last step and its turns so far; an equal-cost way in with fewer
        turns replaces the stored predecessor; on equal turns, a way in that goes straight on
        beats one that turns there), so paths on open ground run straight. ``turns`` holds
        ``2 × turns + (1 when the last step turned)``. Towards a goal, A* then pops equal
        estimates cheapest first, so that every way into a state is seen before it is expanded;
        ``straight=False`` (a search for a reason, whose path nobody sees) skips that.

        ``until(position, cost)`` is told of each state popped (cheapest first) until it answers
        a cost: the search then stops before the first state dearer than that (``self.bound``;
        None: it ran to the end). Every state as cheap is popped by then, with its cost, turns and
        predecessor final (a cheaper state never changes after it is popped).

        Returns the cost and predecessor of every state found, and the first state popped at
        ``goal`` (None when not asked for or not found)."""
        graph, n = self.graph, self.size
        moves, _, cls, ready = graph.lazy_arrays(n)  # the graph is built by chunk as the search reaches it
        prepare_at = graph.prepare_at
        orthogonal, diagonal = graph.orthogonal_offsets, graph.diagonal_offsets
        mult = [self.rules.multiplier(c) for c in CLASSES]
        track = self.track_worst
        blocked = self.blockers if blockers is None else blockers
        alternating = self.rules.diagonal is DiagonalPolicy.ALTERNATING
        flat_diagonal = 1.5 if self.rules.diagonal is DiagonalPolicy.ONE_AND_HALF else 1.0
        # each step's cost by the class entered (the same products the loop would make) and each
        # worst class's allowance with the tolerance added once
        orthogonal_steps = [1.0 * x for x in mult]
        first_diagonal = [(1.0 if alternating else flat_diagonal) * x for x in mult]
        second_diagonal = [2.0 * x for x in mult]
        limit = [a + _EPS for a in allow]
        s0 = (self.start << 4) | (self.start_worst << 1)
        dist = {s0: 0.0}
        pred = {s0: -1}
        turns = {s0: 0}
        last = {s0: 0}  # the offset of the step into the state (0: none yet)
        self.turns = turns
        self.bound: float | None = None
        bound = math.inf
        # (estimate, tie-break, state, cost): with ``straight``, on equal estimates the cheaper first
        heap = [(0.0, 0.0, s0, 0.0)]
        tie = 1.0 if straight else 0.0
        pop, push = heapq.heappop, heapq.heappush
        found = None
        if goal == self.start:
            return dist, pred, s0
        if not graph.fits_at(self.token.position, n):
            return dist, pred, None  # the token stands where it does not fit: it cannot step
        width = graph.width
        k = 0.0
        gx = gy = 0
        if goal is not None:
            enterable = [m for c, m in zip(CLASSES, mult, strict=True) if c is not MovementClass.IMPASSABLE]
            k = max(0.0, min(enterable))
            gx, gy = goal % width, goal // width
        while heap:
            _, _, s, g = pop(heap)
            c = dist[s]
            i = s >> 4
            if g > c + _EPS:
                continue  # a stale entry: the state was reached more cheaply since
            if i == goal:
                found = s
                break
            if until is not None:
                if c > bound + _EPS:
                    break
                if self.bound is None:
                    self.bound = until(i, c)
                    if self.bound is not None:
                        bound = self.bound
            if not ready[i]:
                prepare_at(n, i)
            w = (s >> 1) & 7
            par = s & 1
            m = moves[i]
            t0, l0 = turns[s], last[s]
            if alternating:
                diagonal_steps, par2 = (second_diagonal, 0) if par else (first_diagonal, 1)
            else:
                diagonal_steps, par2 = first_diagonal, 0
            ways = ((orthogonal[m], orthogonal_steps, par), (diagonal[m], diagonal_steps, par2))
            for offsets, steps, parity in ways:
                for o in offsets:
                    j = i + o
                    if j in blocked:
                        continue
                    cj = cls[j]
                    w2 = cj if track and cj > w else w
                    nc = c + steps[cj]
                    if nc > limit[w2]:
                        continue
                    s2 = (j << 4) | (w2 << 1) | parity
                    old = dist.get(s2)
                    t2 = t0 & ~1 if o == l0 or not l0 else (t0 & ~1) + 3
                    if old is None or nc < old - _EPS:
                        dist[s2] = nc
                        pred[s2] = s
                        turns[s2] = t2
                        last[s2] = o
                        push(heap, (nc + k * max(abs(j % width - gx), abs(j // width - gy)) if k else nc,
                                    tie * nc, s2, nc))
                    elif nc <= old + _EPS and t2 < turns[s2]:
                        pred[s2] = s
                        turns[s2] = t2
                        last[s2] = o
        return dist, pred, found

    def reachable_states(self) -> ReachedStates:
        """:meth:`search` over the whole allowance (no goal), read into the cheapest state on each
        position (:class:`ReachedStates`). That search reads only the graph, the footprint size,
        the start, the allowances, the step multipliers, the diagonal rule and where blockers
        stand, so its result is kept per graph (:func:`_reachable_memo`) by those: the same token
        often asks again from the same place (a move planned, then checked; the first round of
        every fight played on one encounter). What is kept is never changed by its readers."""
        memo = _reachable_memo(self.graph)
        key = self._memo_key()
        found = memo.get(key)
        if found is None:
            if len(memo) >= _REACHABLE_MEMO_SIZE:
                memo.clear()  # a bound on memory; the searches give the same either way
            found = self._whole_met_before()
            if found is None:
                dist, pred, _ = self.search(self.allow)
                found = self._kept_whole(dist, pred)
            memo[key] = found
        return found

    def _whole_met_before(self) -> ReachedStates | None:
        """A whole search met before (:func:`_whole_searches`) whose blockers stood as this query's
        do on every position it looked at for one: it is this query's search, step by step (the
        search reads the blockers only there), whatever stands elsewhere — a token moved across
        the map does not make it search again."""
        kept = _whole_searches(self.graph).get(self._region_key())
        if not kept:
            return None
        blocked = self.blockers
        for blockers_there, found in kept:
            if len(blocked) >= len(blockers_there) and all(i in blocked for i in blockers_there) and \
                    self._blockers_looked_at(found, blocked) == blockers_there:
                return found
        return None

    def _blockers_looked_at(self, found: ReachedStates, blocked: Collection[int]) -> frozenset[int]:
        """The positions of ``blocked`` the whole search ``found`` looked at for a blocker: one
        step (as the graph allows it) from a position it reached — each reached state was popped
        and its steps tried."""
        graph = self.graph
        moves = graph.lazy_arrays(self.size)[0]  # built wherever the search reached
        orthogonal, diagonal = graph.orthogonal_offsets, graph.diagonal_offsets
        reached, offsets = found.positions, graph.offsets
        looked_at = set()
        for j in blocked:
            for o in offsets:
                i = j - o
                if i in reached and (o in orthogonal[moves[i]] or o in diagonal[moves[i]]):
                    looked_at.add(j)
                    break
        return frozenset(looked_at)

    def _kept_whole(self, dist: dict[int, float], pred: dict[int, int]) -> ReachedStates:
        """The whole search just made (:meth:`search`, to its end) read into :class:`ReachedStates`
        and kept for :meth:`_whole_met_before` with the blockers it looked at."""
        found = ReachedStates.of(dist, pred, self.turns, self.graph)
        kept = _whole_searches(self.graph)
        if len(kept) >= _REACHABLE_MEMO_SIZE:
            kept.clear()
        same_start = kept.setdefault(self._region_key(), [])
        same_start[:] = [(self._blockers_looked_at(found, self.blockers), found),
                         *same_start[:_WHOLE_SEARCHES_PER_START - 1]]
        return found

    def reachable_states_until(self, rank: Callable[[int], int], floor: int, below: int,
                               key: Hashable) -> ReachedStates:
        """:meth:`reachable_states`, or only its cheapest part when that is enough to find the
        end lowest by ``rank`` (a position's rank: a gap to an enemy; only ranks below ``below``
        count), then cheapest, then least: the search stops once it has popped an end ranked
        ``floor`` (no end ranks lower) and every state as cheap. ``key`` names ``rank`` (with
        ``floor`` and ``below``) for the memo: the same key, the same ranks. What a bounded search
        holds is every state as cheap as that end, with its cost, turns and predecessor, so the
        ends it holds rank and cost as the whole search's, and a path to each is the same."""
        memo = _reachable_memo(self.graph)
        whole = self._memo_key()
        found = memo.get(whole)
        if found is not None:
            return found
        bounded = (whole, self.marks.no_end_set, self.marks.threatened_set, key, floor, below)
        found = memo.get(bounded)
        if found is not None:
            return found
        seen: set[int] = set()
        endable, start = self.endable, self.start

        def until(i: int, cost: float) -> float | None:
            if i in seen:
                return None
            seen.add(i)
            if i == start or not endable(i):
                return None
            gap = rank(i)
            return cost if gap <= floor and gap < below else None

        if len(memo) >= _REACHABLE_MEMO_SIZE:
            memo.clear()
        found = self._whole_met_before()
        if found is not None:
            memo[whole] = found
            return found
        dist, pred, _ = self.search(self.allow, until=until)
        if self.bound is None:  # the whole search: kept as reachable_states keeps it
            found = memo[whole] = self._kept_whole(dist, pred)
        else:
            found = memo[bounded] = ReachedStates.of(dist, pred, self.turns, self.graph, self.bound)
        return found

    def _memo_key(self) -> tuple[object, ...]:
        return (*self._region_key(), self.marks.blocker_set)

    def _region_key(self) -> tuple[object, ...]:
        """What a whole search reads but where the blockers stand (:meth:`_whole_met_before`)."""
        rules = self.rules
        return (self.size, self.start, self.start_worst, tuple(self.allow), _multipliers(rules),
                self.track_worst, rules.diagonal)

    def tiles_of(self, state: int, pred: Mapping[int, int]) -> tuple[Tile, ...]:
        chain = []
        while state != -1:
            chain.append(self.graph.tile(state >> 4))
            state = pred[state]
        return tuple(reversed(chain))

    def make_path(self, state: int, cost: float, pred: Mapping[int, int],
                  tiles: tuple[Tile, ...] | None = None) -> Path:
        """The path ending in ``state``: its tiles from ``pred``, or ``tiles`` when they are known
        (a given path may cross a tile twice, which a chain of states cannot hold)."""
        tiles = tiles if tiles is not None else self.tiles_of(state, pred)
        events = path_events(self.encounter, self.token, tiles, self.rules, enemies=self.enemies)
        return Path(
            token=self.token.id, tiles=tiles, cost=cost, allowance=self.allowance_for((state >> 1) & 7),
            events=events, retreat=bool(self.locked_by) and len(tiles) > 1,
        )

    # -- reasons ---------------------------------------------------------------------------
    def why_not(self, goal: Tile, reached: Collection[int] = ()) -> str:
        """Why the token cannot end a move at ``goal`` ("" when it can). ``reached``: positions a
        search found the token can get to (a reachable set's), which spare :meth:`walled_off`
        a walk back to the token itself."""
        graph, n = self.graph, self.size
        if not graph.in_bounds(goal, n):
            return "outside the map" if n == 1 else "the token does not fit there: outside the map"
        g = graph.index(goal)
        if g == self.start:
            return ""
        if not graph.fits_at(goal, n):
            return self.no_fit_reason(goal)
        if g in self.blockers:
            return f"{self.side_word(self.blockers[g])} {_label(self.blockers[g])} blocks"
        if g in self.no_end:
            return f"{self.side_word(self.no_end[g])} {_label(self.no_end[g])} stands there"
        if g in self.threatened:
            return (f"locked: a retreat must end out of the reach of {_label(self.threatened[g])}")
        if self.track_worst and self.allow[self.start_worst] <= 0 and self.start_worst >= _HARSH:
            return f"{graph.game_map.terrain_at(self.token.position).name.lower()}: no movement"
        if not self.walled_off(g, reached):  # else neither search below gets there: skip their floods
            unlimited = [math.inf] * len(CLASSES)
            dist, pred, found = self.search(unlimited, goal=g, straight=False)
            if found is not None:
                return self.over_allowance_reason(found, dist[found], pred)
            dist, pred, found = self.search(unlimited, goal=g, blockers={}, straight=False)
            if found is not None:
                for tile in self.tiles_of(found, pred):
                    blocker = self.blockers.get(graph.index(tile))
                    if blocker is not None:
                        return f"{self.side_word(blocker)} {_label(blocker)} blocks"
        if self.connected_ignoring_walls(g):
            return self.door_in_the_way(g) or "wall in the way"
        return "no way through: impassable terrain or objects in the way"

    def walled_off(self, goal: int, reached: Collection[int] = ()) -> bool:
        """Is ``goal`` in a small part of the map (at most ``WALLED_OFF_LIMIT`` positions) that
        the token's position is not in, whatever the tokens and the allowance? Then no path gets
        there, and the two searches of :meth:`why_not` would flood all the map the token can get
        to before they gave up (seconds on a 400 × 400 map). Worked out backwards from ``goal``,
        over the steps that lead into each position; False as soon as the part grows past the
        limit or holds the token's position or one of ``reached`` (positions the token can get
        to: a goal just beyond the allowance meets them in a few steps)."""
        graph, n = self.graph, self.size
        if WALLED_OFF_LIMIT <= 0 or not graph.fits_at(self.token.position, n):
            return False  # (not fitting where it stands, the searches stop at once anyway)
        moves, _, _, ready = graph.lazy_arrays(n)
        w, h = graph.width, graph.height
        steps = [(d, dx, dy, dx + dy * w) for d, (dx, dy) in enumerate(DIRECTIONS)]
        seen = {goal}
        queue = deque([goal])
        while queue:
            j = queue.popleft()
            x, y = j % w, j // w
            for d, dx, dy, o in steps:
                if not (0 <= x - dx <= w - n and 0 <= y - dy <= h - n):
                    continue
                i = j - o
                if i in seen:
                    continue
                if not ready[i]:
                    graph.prepare_at(n, i)
                if moves[i] >> d & 1:
                    if i == self.start or i in reached or len(seen) >= WALLED_OFF_LIMIT:
                        return False
                    seen.add(i)
                    queue.append(i)
        return True

    def over_allowance_reason(self, state: int, cost: float, pred: Mapping[int, int],
                              tiles: tuple[Tile, ...] | None = None) -> str:
        worst = (state >> 1) & 7
        allowance = self.allow[worst]
        if self.track_worst and worst >= _HARSH and allowance <= 0:
            for tile in tiles if tiles is not None else self.tiles_of(state, pred):
                kind = self.graph.game_map.terrain_at(tile)
                if kind.movement.severity >= _HARSH:
                    return f"{kind.name.lower()}: no movement"
        text = f"needs {cost:g} tiles, has {allowance:g}"
        if self.track_worst and allowance < self.base:
            text += f" ({self.allowance_for(worst)})"
        return text

    def no_fit_reason(self, goal: Tile) -> str:
        graph, n = self.graph, self.size
        graph.prepare(1, goal[0], goal[1], goal[0] + n - 1, goal[1] + n - 1)  # its objects are read
        for dy in range(n):
            for dx in range(n):
                tile = (goal[0] + dx, goal[1] + dy)
                i = graph.index(tile)
                if i in graph.blocks.object_tiles:
                    return f"blocked by {graph.blocks.object_tiles[i]}"
                kind = graph.game_map.terrain_at(tile)
                if not kind.passable:
                    return f"{kind.name.lower()}: impassable"
        return "the token does not fit there: a wall runs through its footprint"

    def side_word(self, other: Token) -> str:
        if other.side == self.token.side and other.side is not Side.NEUTRAL:
            return "ally"
        return "enemy" if are_enemies(self.token, other) else "neutral"

    def door_in_the_way(self, goal: int) -> str:
        """When walls part the token from ``goal``: the closed door or window on the edge of
        where it can get to, nearest ``goal`` ("" when only plain walls stand there)."""
        graph, n = self.graph, self.size
        if not any(wall.kind.is_door or not wall.kind.blocks_sight for wall in graph.blocks.walls):
            return ""
        moves, fits, _, ready = graph.lazy_arrays(n)
        offsets = graph.offsets
        w, h = graph.width, graph.height
        seen = {self.start}
        queue = deque([self.start])
        edge: list[tuple[int, int]] = []
        while queue:
            i = queue.popleft()
            if not ready[i]:
                graph.prepare_at(n, i)
            m = moves[i]
            x, y = i % w, i // w
            for d, o in enumerate(offsets):
                j = i + o
                if m >> d & 1:
                    if j not in seen:
                        seen.add(j)
                        queue.append(j)
                    continue
                dx, dy = DIRECTIONS[d]
                if 0 <= x + dx <= w - n and 0 <= y + dy <= h - n and fits[j]:
                    edge.append((i, j))
        gx, gy = goal % w, goal // w
        best: tuple[int, str] | None = None
        for i, j in edge:
            if j in seen:
                continue
            walls = graph.walls_in_the_way(graph.tile(i), graph.tile(j), n)
            reason = walls_reason(walls)
            if walls and reason != "wall in the way":
                distance = max(abs(j % w - gx), abs(j // w - gy))
                if best is None or distance < best[0]:
                    best = (distance, reason)
        return "" if best is None else best[1]

    def connected_ignoring_walls(self, goal: int) -> bool:
        """Can the footprint get to ``goal`` over positions it fits, walls aside?"""
        graph, n = self.graph, self.size
        passable = graph.passable
        _, _, _, ready = graph.lazy_arrays(n)
        w, h = graph.width, graph.height

        def fits_ignoring_walls(j: int) -> bool:
            if not ready[j]:
                graph.prepare_at(n, j)  # the objects of the footprint's tiles are read
            return all(passable[j + dy * w + dx] for dy in range(n) for dx in range(n))

        seen = {self.start}
        queue = deque([self.start])
        while queue:
            i = queue.popleft()
            if i == goal:
                return True
            x, y = i % w, i // w
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    nx, ny = x + dx, y + dy
                    if 0 <= nx <= w - n and 0 <= ny <= h - n:
                        j = ny * w + nx
                        if j not in seen and fits_ignoring_walls(j):
                            seen.add(j)
                            queue.append(j)
        return False


#: The most whole-allowance searches :func:`_reachable_memo` keeps per graph (then it starts again).
_REACHABLE_MEMO_SIZE = 128


@dataclasses.dataclass(frozen=True)
class ReachedStates:
    """A whole-allowance search read for :class:`Reachable`: the predecessor of every state, the
    cheapest state on each position with its cost (on equal cost, the one with fewer changes of
    direction, then the lower state), and every position reached (ends or not)."""

    pred: Mapping[int, int]
    best: Mapping[int, tuple[float, int]]
    positions: frozenset[int]
    graph: MovementGraph

    @cached_property
    def tiles(self) -> Mapping[Tile, float]:
        """The tile of each position of ``best`` and its cost, in the order of ``best``."""
        w = self.graph.width  # graph.tile(i), written out: one per position reached
        return {(i % w, i // w): c for i, (c, _) in self.best.items()}

    @classmethod
    def of(
        cls, dist: Mapping[int, float], pred: Mapping[int, int], turns: Mapping[int, int],
        graph: MovementGraph, bound: float = math.inf,
    ) -> ReachedStates:
        best: dict[int, tuple[float, int]] = {}
        known = best.get
        limit = bound + _EPS
        for s, c in dist.items():
            if c > limit:
                continue  # (a bounded search: not popped, perhaps not its cost yet)
            i = s >> 4
            old = known(i)
            if old is None:
                best[i] = (c, s)
                continue
            was = old[0]
            if c < was - _EPS or (abs(c - was) <= _EPS and (turns[s], s) < (turns[old[1]], old[1])):
                best[i] = (c, s)
        return cls(pred, best, frozenset(best), graph)


@identity_cache(size=2)
def _reachable_memo(graph: MovementGraph) -> dict[tuple[object, ...], ReachedStates]:
    """The whole-allowance searches asked on ``graph`` (:meth:`MoveQuery.reachable_states`)."""
    return {}


#: The whole searches :func:`_whole_searches` keeps per start (the latest first).
_WHOLE_SEARCHES_PER_START = 8

#: What :func:`_whole_searches` holds per start: (the blockers it looked at, the search read).
WholeSearches = list[tuple[frozenset[int], ReachedStates]]


@identity_cache(size=2)
def _whole_searches(graph: MovementGraph) -> dict[tuple[object, ...], WholeSearches]:
    """The whole searches made on ``graph`` by what they read but the blockers
    (:meth:`MoveQuery._region_key`), each with where it looked for a blocker and what it found
    there (:meth:`MoveQuery._whole_met_before`); at most :data:`_REACHABLE_MEMO_SIZE` starts."""
    return {}


class Reachable:
    """Every position a token can end its move on, with the cost and a path to each.

    Built by :func:`reachable_tiles`; ``path_to`` reads the stored predecessors (no new search),
    and works out the events of that one path.
    """

    def __init__(self, query: MoveQuery, reached: ReachedStates | None = None) -> None:
        self._query = query
        self.token = query.token.id
        self.allowance = query.base
        self.allowance_breakdown = query.base_breakdown
        if reached is None:
            reached = query.reachable_states()
        self._states = reached
        self._pred = reached.pred
        # the positions it may not end on (not :meth:`MoveQuery.endable`) among those reached
        self._no_end = [
            i for i in (*query.no_end, *query.threatened) if i != query.start and i in reached.best
        ]
        self._best: Mapping[int, tuple[float, int]] = reached.best  # kept: read, never changed
        if self._no_end:
            best = dict(reached.best)
            for i in self._no_end:
                best.pop(i, None)
            self._best = best
        self._reached = reached.positions  # every position the search got to (ends or not)

    @cached_property
    def tiles(self) -> Mapping[Tile, float]:
        """Every position the token may end on (its own included, at cost 0) and the cost."""
        tiles = dict(self._states.tiles)
        tile = self._query.graph.tile
        for i in self._no_end:
            tiles.pop(tile(i), None)
        return tiles

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, tuple) and self.cost(tile) is not None

    def cost(self, tile: Tile) -> float | None:
        """The cost of the cheapest legal move ending at ``tile``, or None when there is none."""
        graph = self._query.graph
        if not graph.in_bounds(tile, self._query.size):
            return None
        found = self._best.get(graph.index(tile))
        return None if found is None else found[0]

    def path_to(self, tile: Tile) -> Path:
        """The cheapest legal path to ``tile``; raises :class:`CommandRejected` with the reason."""
        graph = self._query.graph
        found = self._best.get(graph.index(tile)) if graph.in_bounds(tile, self._query.size) else None
        if found is None:
            raise CommandRejected(self.why_not(tile))
        cost, state = found
        return self._query.make_path(state, cost, self._pred)

    def tiles_to(self, tile: Tile) -> tuple[Tile, ...]:
        """The tiles of :meth:`path_to` ``tile`` (start first), without working out the path's
        events (a ``move`` command holds only its tiles); CommandRejected with the reason."""
        graph = self._query.graph
        found = self._best.get(graph.index(tile)) if graph.in_bounds(tile, self._query.size) else None
        if found is None:
            raise CommandRejected(self.why_not(tile))
        return self._query.tiles_of(found[1], self._pred)

    def why_not(self, tile: Tile) -> str:
        """Why the token cannot end on ``tile``: "" when it can."""
        if self.cost(tile) is not None:
            return ""
        return self._query.why_not(tile, self._reached)


def reachable_tiles(
    encounter: Encounter,
    token_id: str,
    allowance_tiles: float | Breakdown,
    rules: MovementRules,
    *,
    graph: MovementGraph | None = None,
) -> Reachable:
    """Every tile ``token_id`` can end a move on with ``allowance_tiles`` under ``rules``."""
    return Reachable(MoveQuery(encounter, token_id, allowance_tiles, rules, graph))


def reachable_until(
    encounter: Encounter,
    token_id: str,
    allowance_tiles: float | Breakdown,
    rules: MovementRules,
    *,
    rank: Callable[[Tile], int],
    floor: int,
    below: int,
    key: Hashable,
    graph: MovementGraph | None = None,
) -> Reachable:
    """:func:`reachable_tiles`, or its cheapest part when that holds the tile lowest by ``rank``
    (only ranks below ``below`` count; none is lower than ``floor``), then cheapest, then least
    tile — the same tile, cost and path as the whole set gives (:meth:`MoveQuery.reachable_states_until`;
    ``key`` names the ranks). The part holds every tile as cheap as the first tile ranked
    ``floor`` the search met, and no other."""
    query = MoveQuery(encounter, token_id, allowance_tiles, rules, graph)
    tile = query.graph.tile
    reached = query.reachable_states_until(lambda i: rank(tile(i)), floor, below, key)
    return Reachable(query, reached)


def find_path(
    encounter: Encounter,
    token_id: str,
    goal: Tile,
    allowance_tiles: float | Breakdown,
    rules: MovementRules,
    *,
    graph: MovementGraph | None = None,
) -> Path:
    """The cheapest legal path to ``goal``; raises :class:`CommandRejected` with the reason."""
    query = MoveQuery(encounter, token_id, allowance_tiles, rules, graph)
    if not query.graph.in_bounds(goal, query.size):
        raise CommandRejected(query.why_not(goal))
    g = query.graph.index(goal)
    if not query.endable(g):
        raise CommandRejected(query.why_not(goal))
    dist, pred, found = query.search(query.allow, goal=g)
    if found is None:
        raise CommandRejected(query.why_not(goal) or "no legal path")
    return query.make_path(found, dist[found], pred)


def check_path(
    encounter: Encounter,
    token_id: str,
    tiles: Sequence[Tile],
    allowance_tiles: float | Breakdown,
    rules: MovementRules,
    *,
    graph: MovementGraph | None = None,
) -> Path:
    """Validate a given path (start first) step by step; raises :class:`CommandRejected` naming the
    first illegal step, or the cost when the whole path is over the allowance."""
    query = MoveQuery(encounter, token_id, allowance_tiles, rules, graph)
    graph, n = query.graph, query.size
    tiles = tuple(tuple(t) for t in tiles)  # type: ignore[misc]
    if not tiles or tiles[0] != query.token.position:
        raise CommandRejected(f"a path must start at the token's position {query.token.position}")
    cost, worst, parity = 0.0, query.start_worst, 0
    state = (query.start << 4) | (worst << 1)
    for k in range(1, len(tiles)):
        a, b = tiles[k - 1], tiles[k]
        reason = _step_reason(query, a, b)
        if reason:
            raise CommandRejected(f"step {k} from {a} to {b}: {reason}")
        j = graph.index(b)
        if a[0] != b[0] and a[1] != b[1]:
            step, parity = query.diagonal_cost(parity)
        else:
            step = 1.0
        entered = graph.class_at(b, n)
        cost += step * query.rules.multiplier(entered)
        if query.track_worst:
            worst = max(worst, entered.severity)
        state = (j << 4) | (worst << 1) | parity
    end = graph.index(tiles[-1])
    if len(tiles) > 1 and not query.endable(end):
        raise CommandRejected(query.why_not(tiles[-1]))
    if cost > query.allow[worst] + _EPS:
        raise CommandRejected(query.over_allowance_reason(state, cost, {}, tiles))
    return query.make_path(state, cost, {}, tiles)


def _step_reason(query: MoveQuery, a: Tile, b: Tile) -> str:
    graph, n = query.graph, query.size
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
        return "not a step to a neighbouring tile"
    if not graph.in_bounds(b, n):
        return "outside the map"
    if not graph.fits_at(b, n):
        return query.no_fit_reason(b)
    blocker = query.blockers.get(graph.index(b))
    if blocker is not None:
        return f"{query.side_word(blocker)} {_label(blocker)} blocks"
    if not graph.can_step(a, b, n):
        walls = graph.walls_in_the_way(a, b, n)
        if walls:
            return walls_reason(walls)
        d = DIRECTIONS.index((b[0] - a[0], b[1] - a[1]))
        for ty in range(a[1], a[1] + n):
            for tx in range(a[0], a[0] + n):
                label = graph.blocks.object_steps.get((graph.index((tx, ty)), d))
                if label is not None:
                    return f"blocked by {label}"
        return "wall in the way"
    return ""


__all__ = ["MoveQuery", "Reachable", "check_path", "find_path", "reachable_tiles", "reachable_until"]
