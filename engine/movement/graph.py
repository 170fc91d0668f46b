"""The movement graph of a map: which positions a footprint fits and which steps it may take.

Built per map (:func:`movement_graph` caches by map identity) and **by region**: the graph is cut
into square chunks of ``CHUNK`` tiles, and a chunk's steps are worked out the first time a
search reaches it (``prepare_at``), then kept. A token's reachable set within its allowance
touches only the chunks round it, so the first press on a token on a 400 × 400 map builds a few
chunks, not the map. The answers are the whole-map build's: each chunk reads every wall and
object that can touch its tiles (see :meth:`StepBlocks.add_region`). The whole-map accessors
(``fits``, ``moves``, ``footprint_class``) build every chunk first. Tokens are not part of it:
they move every turn, so the search applies them on top.

Positions are tile indices ``y * width + x`` of a footprint's top-left tile. A footprint of side
``n`` *fits* at a position when all its tiles are on the map and passable (not impassable
terrain, not covered by a blocking object) and no wall runs between two of its tiles. It may
step in one of the eight directions when each of its tiles may make that one-tile step (see
:mod:`vantage.engine.movement.walls`) and it fits where it lands. The terrain class of a footprint is
the worst class among its tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import and_
from typing import TYPE_CHECKING

from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import GameMap, Tile, Wall
from vantage.engine.movement.walls import DIAGONAL, DIRECTIONS, ORTHOGONAL, StepBlocks
from vantage.engine.terrain import MovementClass

if TYPE_CHECKING:
    import networkx as nx

IMPASSABLE = MovementClass.IMPASSABLE.severity
CLASSES: tuple[MovementClass, ...] = tuple(MovementClass)
#: The side of a chunk in tiles: a region of the graph built at once (tests pass smaller ones).
CHUNK = 16
#: The largest footprint side (gargantuan); a chunk must be wider than it.
LARGEST_FOOTPRINT = 4
_PASSABLE_TABLE = bytes(0 if c == IMPASSABLE else 1 for c in range(256))


def _rect_reduce(values: Sequence[int], w: int, x0: int, x1: int, y0: int, y1: int,
                 width: int, height: int, worst: bool = False) -> list[list[int]]:
    """Per row of the positions ``x0 ≤ x < x1``, ``y0 ≤ y < y1`` of a map ``w`` wide: the AND
    (``worst``: the largest value) over the block ``width`` × ``height`` from each position.
    Every block must lie on the map."""
    rows = []
    for y in range(y0, y1 + height - 1):
        base = y * w
        acc = list(values[base + x0: base + x1])
        for k in range(1, width):
            shifted = values[base + x0 + k: base + x1 + k]
            if worst:
                acc = [p if p > q else q for p, q in zip(acc, shifted, strict=True)]
            else:
                acc = list(map(and_, acc, shifted))
        rows.append(acc)
    out = []
    for r in range(y1 - y0):
        acc = rows[r]
        for k in range(1, height):
            if worst:
                acc = [p if p > q else q for p, q in zip(acc, rows[r + k], strict=True)]
            else:
                acc = list(map(and_, acc, rows[r + k]))
        out.append(acc)
    return out


def _shifted(values: bytearray, a: int, b: int, offset: int) -> bytes | bytearray:
    """``values[a + offset : b + offset]``, with 0 where that runs off either end."""
    lo, hi, n = a + offset, b + offset, len(values)
    if lo >= 0 and hi <= n:
        return values[lo:hi]
    out = bytearray(b - a)
    start, end = max(lo, 0), min(hi, n)
    if start < end:
        out[start - lo: end - lo] = values[start:end]
    return out


class MovementGraph:
    """Static movement structure of one map; sizes are footprint sides 1…4, built by region."""

    def __init__(self, game_map: GameMap, *, chunk: int = CHUNK, whole_map_after: int | None = None) -> None:
        if chunk <= LARGEST_FOOTPRINT:
            raise ValueError(f"a chunk must be wider than the largest footprint ({LARGEST_FOOTPRINT}), "
                             f"not {chunk}")
        self.chunk = chunk
        self.game_map = game_map
        self.width = w = game_map.width
        self.height = h = game_map.height
        kinds = game_map.terrain_kinds
        self._severity = {kid: kind.movement.severity for kid, kind in kinds.items()}
        self.blocks = StepBlocks(game_map, by_region=True)
        # per tile, filled chunk by chunk (``_read_walls``) like everything else:
        #: the terrain severity of each tile
        self.tile_class = bytearray(w * h)
        #: 1 where a tile is passable: not impassable terrain, not under a blocking object
        self.passable = bytearray(w * h)
        #: bit d of ``step_mask[i]``: a one-tile token may step from i in direction d (built chunks)
        self.step_mask = [0] * (w * h)
        self.offsets = [dx + dy * w for dx, dy in DIRECTIONS]
        masks = range(256)
        self.orthogonal_offsets = [tuple(self.offsets[d] for d in ORTHOGONAL if m >> d & 1) for m in masks]
        self.diagonal_offsets = [tuple(self.offsets[d] for d in DIAGONAL if m >> d & 1) for m in masks]
        self.chunks_x = -(-w // chunk)
        self.chunks_y = -(-h // chunk)
        self.chunk_count = self.chunks_x * self.chunks_y
        #: once more chunks than this are built for a size, the rest is built in one go (a search
        #: that floods the map); a quarter of the map unless told
        self.whole_map_after = self.chunk_count // 4 if whole_map_after is None else whole_map_after
        chunks = self.chunk_count
        self._walls_done = bytearray(chunks)  # walls and objects read for the chunk's tiles
        self._masks_done = bytearray(chunks)  # step masks of the chunk's tiles
        self._wall_steps: dict[int, list[tuple[int, int]]] = {}  # chunk → its orthogonal wall steps
        self._struck: dict[int, list[tuple[int, int]]] = {}  # chunk → every step its walls/objects strike
        self._fits: dict[int, bytearray] = {}
        self._classes: dict[int, bytearray] = {1: self.tile_class}
        self._moves: dict[int, list[int]] = {}
        self._done: dict[int, bytearray] = {}  # size → chunks built for that footprint size
        self._ready: dict[int, bytearray] = {}  # size → 1 at every position of a built chunk
        self._built: dict[int, int] = dict.fromkeys(range(1, LARGEST_FOOTPRINT + 1), 0)  # size → chunks built

    # -- chunks ----------------------------------------------------------------------------
    def _chunk_rect(self, c: int) -> tuple[int, int, int, int]:
        cx, cy = c % self.chunks_x, c // self.chunks_x
        x0, y0 = cx * self.chunk, cy * self.chunk
        return x0, y0, min(x0 + self.chunk, self.width), min(y0 + self.chunk, self.height)

    def _chunk_of(self, x: int, y: int) -> int:
        return (y // self.chunk) * self.chunks_x + x // self.chunk

    def _around(self, c: int) -> list[int]:
        """The chunk ``c`` and its (up to eight) neighbours."""
        cx, cy = c % self.chunks_x, c // self.chunks_x
        return [
            y * self.chunks_x + x
            for y in range(max(0, cy - 1), min(self.chunks_y, cy + 2))
            for x in range(max(0, cx - 1), min(self.chunks_x, cx + 2))
        ]

    def _read_rect(
        self, x0: int, y0: int, x1: int, y1: int
    ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The terrain of the tiles ``x0 ≤ x < x1``, ``y0 ≤ y < y1``, and what walls and objects
        forbid there (objects make tiles impassable). Returns the rectangle's orthogonal wall
        steps and every step its walls and objects strike."""
        w, terrain, severity = self.width, self.game_map.terrain, self._severity
        for y in range(y0, y1):
            a, b = y * w + x0, y * w + x1
            row = bytes(map(severity.__getitem__, terrain[a:b]))
            self.tile_class[a:b] = row
            self.passable[a:b] = row.translate(_PASSABLE_TABLE)
        orthogonal, diagonal, steps, tiles = self.blocks.add_region(x0, y0, x1, y1)
        for i in tiles:
            self.passable[i] = 0
        return orthogonal, orthogonal + diagonal + steps

    def _read_walls(self, c: int) -> None:
        """Read the chunk's terrain, walls and objects (once)."""
        if self._walls_done[c]:
            return
        self._wall_steps[c], self._struck[c] = self._read_rect(*self._chunk_rect(c))
        self._walls_done[c] = 1

    def _read_all(self) -> None:
        """Read the terrain, walls and objects of every chunk not read yet, in one go."""
        if all(self._walls_done):
            return
        orthogonal, struck = self._read_rect(0, 0, self.width, self.height)  # the read ones again: the same
        w = self.width
        for c in range(self.chunk_count):
            self._wall_steps.setdefault(c, [])
            self._struck.setdefault(c, [])
        if not all(self._walls_done):
            for step in orthogonal:
                c = self._chunk_of(step[0] % w, step[0] // w)
                if not self._walls_done[c]:
                    self._wall_steps[c].append(step)
            for step in struck:
                c = self._chunk_of(step[0] % w, step[0] // w)
                if not self._walls_done[c]:
                    self._struck[c].append(step)
        self._walls_done[:] = b"\x01" * self.chunk_count

    def _masks_in(self, x0: int, y0: int, x1: int, y1: int, struck: list[tuple[int, int]],
                  wall_steps: list[tuple[int, int]]) -> None:
        """Bit d of ``step_mask[i]`` for the tiles of the rectangle: first every step onto a
        passable tile on the map, row by row; then the few steps near walls and objects
        (``struck``: theirs in the rectangle) are struck out, and the diagonals whose both ways
        round cross a wall (``wall_steps``: the orthogonal wall steps in and round it)."""
        w, h = self.width, self.height
        passable, masks = self.passable, self.step_mask
        for y in range(y0, y1):
            masks[y * w + x0: y * w + x1] = [0] * (x1 - x0)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            bit = 1 << d
            xa, xb = max(x0, -dx), min(x1, w - dx)
            o = dx + dy * w
            for y in range(max(y0, -dy), min(y1, h - dy)):
                a, b = y * w + xa, y * w + xb
                masks[a:b] = [
                    m | bit if ok else m for m, ok in zip(masks[a:b], passable[a + o:b + o], strict=True)
                ]
        for i, d in struck:
            masks[i] &= ~(1 << d)
        orth_open = self.blocks.orthogonal_open
        near = {
            (t % w + dx) + (t // w + dy) * w
            for t, _ in wall_steps
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if x0 <= t % w + dx < x1 and y0 <= t // w + dy < y1
        }
        for i in near:
            for d in DIAGONAL:
                if not masks[i] >> d & 1:
                    continue
                dx, dy = DIRECTIONS[d]
                ddx = 2 if dx > 0 else 6  # E or W
                ddy = 4 if dy > 0 else 0  # S or N
                round_x = orth_open(i, ddx) and orth_open(i + dx, ddy)
                round_y = orth_open(i, ddy) and orth_open(i + dy * w, ddx)
                if not (round_x or round_y):
                    masks[i] &= ~(1 << d)

    def _build_masks(self, c: int) -> None:
        """The step masks of the chunk's tiles (the neighbours' terrain and walls count at its
        border, so they are read first)."""
        if self._masks_done[c]:
            return
        around = self._around(c)
        for k in around:
            self._read_walls(k)
        walls_round = [s for k in around for s in self._wall_steps[k]]
        self._masks_in(*self._chunk_rect(c), self._struck[c], walls_round)
        self._masks_done[c] = 1

    def _arrays(self, size: int) -> None:
        if size not in self._done:
            if not 1 <= size <= LARGEST_FOOTPRINT:
                raise ValueError(f"a footprint is 1 to {LARGEST_FOOTPRINT} tiles wide, not {size}")
            n = self.width * self.height
            self._done[size] = bytearray(self.chunk_count)
            self._ready[size] = bytearray(n)
            self._moves[size] = [0] * n
            if size == 1:
                self._fits[1] = self.passable
            else:
                self._fits[size] = bytearray(n)
                self._classes[size] = bytearray(n)

    def _footprints_in(self, size: int, x0: int, y0: int, x1: int, y1: int) -> None:
        """Fit, class and steps of a footprint of side ``size`` > 1 at the positions of the
        rectangle, and its fit and class one position round it (where its steps land). The step
        masks of every tile those footprints cover must be built."""
        w, h, n = self.width, self.height, size
        rx0, rx1 = max(0, x0 - 1), min(w - n, x1) + 1  # the ring, clipped to the positions a footprint has
        ry0, ry1 = max(0, y0 - 1), min(h - n, y1) + 1
        if rx0 >= rx1 or ry0 >= ry1:
            return
        masks = self.step_mask
        every = _rect_reduce(masks, w, rx0, rx1, ry0, ry1, n, n)
        east = _rect_reduce(masks, w, rx0, rx1, ry0, ry1, n - 1, n)
        south = _rect_reduce(masks, w, rx0, rx1, ry0, ry1, n, n - 1)
        free = _rect_reduce(self.passable, w, rx0, rx1, ry0, ry1, n, n)
        worst = _rect_reduce(self.tile_class, w, rx0, rx1, ry0, ry1, n, n, worst=True)
        fit, classes, moves = self._fits[size], self._classes[size], self._moves[size]
        for r, y in enumerate(range(ry0, ry1)):
            a, b = y * w + rx0, y * w + rx1
            fit[a:b] = bytes(
                1 if p and e >> 2 & 1 and s >> 4 & 1 else 0
                for p, e, s in zip(free[r], east[r], south[r], strict=True)
            )
            classes[a:b] = bytes(worst[r])
        xa, xb = max(rx0, x0), min(rx1, x1)
        for y in range(max(ry0, y0), min(ry1, y1)):
            a, b = y * w + xa, y * w + xb
            row = [m if ok else 0 for m, ok in zip(every[y - ry0][xa - rx0: xb - rx0], fit[a:b], strict=True)]
            for d, o in enumerate(self.offsets):  # a large footprint must also fit where it lands
                bit = 1 << d
                landing = _shifted(fit, a, b, o)
                row = [m & ~bit if m & bit and not ok else m for m, ok in zip(row, landing, strict=True)]
            moves[a:b] = row

    def _build_chunk(self, size: int, c: int) -> None:
        """Fit, class and steps of a footprint of side ``size`` at the chunk's positions (and fit
        and class one position round it, where its steps land). Once ``whole_map_after`` chunks
        are built for a size (a search flooding the map), the rest is built in one go."""
        self._arrays(size)
        if self._done[size][c]:
            return
        if self._built[size] > self.whole_map_after:
            self.prepare_all(size)
            return
        w = self.width
        x0, y0, x1, y1 = self._chunk_rect(c)
        if size == 1:
            self._build_masks(c)
            for k in self._around(c):
                self._read_walls(k)  # whether the tiles round it are passable
            moves, masks, passable = self._moves[1], self.step_mask, self.passable
            for y in range(y0, y1):
                a, b = y * w + x0, y * w + x1
                moves[a:b] = [m if ok else 0 for m, ok in zip(masks[a:b], passable[a:b], strict=True)]
        else:
            for k in self._around(c):
                self._build_masks(k)
            self._footprints_in(size, x0, y0, x1, y1)
        ready = self._ready[size]
        for y in range(y0, y1):
            ready[y * w + x0: y * w + x1] = b"\x01" * (x1 - x0)
        self._done[size][c] = 1
        self._built[size] += 1

    def prepare_at(self, size: int, position: int) -> None:
        """Build the chunk holding ``position`` for footprints of side ``size``: after it, the
        position's steps, and the fit and class of the positions one step from it, are final."""
        self._build_chunk(size, self._chunk_of(position % self.width, position // self.width))

    def prepare(self, size: int, x0: int, y0: int, x1: int, y1: int) -> None:
        """Build the chunks meeting the tiles ``x0 ≤ x ≤ x1``, ``y0 ≤ y ≤ y1`` (clipped to the map)."""
        k = self.chunk
        cx0, cx1 = max(0, x0) // k, min(self.width - 1, x1) // k
        cy0, cy1 = max(0, y0) // k, min(self.height - 1, y1) // k
        for cy in range(cy0, cy1 + 1):
            for cx in range(cx0, cx1 + 1):
                self._build_chunk(size, cy * self.chunks_x + cx)

    def prepare_all(self, size: int) -> None:
        """Build the whole map for footprints of side ``size`` in one go (row by row over the
        map; the chunks built before get the same values again)."""
        self._arrays(size)
        if self._built[size] == self.chunk_count:
            return
        w, h = self.width, self.height
        if size == 1:
            self._read_all()
            if not all(self._masks_done):
                self._masks_in(0, 0, w, h, [s for k in range(self.chunk_count) for s in self._struck[k]],
                               [s for k in range(self.chunk_count) for s in self._wall_steps[k]])
                self._masks_done[:] = b"\x01" * self.chunk_count
            masks, passable = self.step_mask, self.passable
            self._moves[1][:] = [m if ok else 0 for m, ok in zip(masks, passable, strict=True)]
        else:
            self.prepare_all(1)
            self._footprints_in(size, 0, 0, w, h)
        self._ready[size][:] = b"\x01" * (w * h)
        self._done[size][:] = b"\x01" * self.chunk_count
        self._built[size] = self.chunk_count

    def built_chunks(self, size: int) -> int:
        """How many chunks are built for footprints of side ``size`` (of ``chunk_count``)."""
        return self._built.get(size, 0)

    def lazy_arrays(self, size: int) -> tuple[list[int], bytearray, bytearray, bytearray]:
        """``(moves, fits, classes, ready)`` for footprints of side ``size``, built only where
        ``ready`` is 1: a search calls :meth:`prepare_at` on a position whose ``ready`` is 0
        before it reads the position's steps or the fit and class of its neighbours."""
        self._arrays(size)
        return self._moves[size], self._fits[size], self._classes[size], self._ready[size]

    # -- per footprint size: the whole map -------------------------------------------------
    def fits(self, size: int) -> bytearray:
        """1 at every position where a footprint of side ``size`` fits, else 0 (builds the map)."""
        self.prepare_all(size)
        return self._fits[size]

    def footprint_class(self, size: int) -> bytearray:
        """The worst terrain severity under a footprint of side ``size`` at each position (builds
        the map)."""
        self.prepare_all(size)
        return self._classes[size]

    def moves(self, size: int) -> list[int]:
        """Per position: bit d set when a footprint of side ``size`` may step in direction d
        (``DIRECTIONS`` order). ``orthogonal_offsets[mask]`` / ``diagonal_offsets[mask]`` turn a
        mask into the index offsets of the positions it reaches (builds the map)."""
        self.prepare_all(size)
        return self._moves[size]

    def neighbours(self, size: int, position: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The positions one orthogonal step and one diagonal step from ``position``."""
        self.prepare_at(size, position)
        m = self._moves[size][position]
        return (
            tuple(position + o for o in self.orthogonal_offsets[m]),
            tuple(position + o for o in self.diagonal_offsets[m]),
        )

    # -- tiles ----------------------------------------------------------------------------
    def index(self, tile: Tile) -> int:
        return tile[1] * self.width + tile[0]

    def tile(self, index: int) -> Tile:
        return (index % self.width, index // self.width)

    def in_bounds(self, tile: Tile, size: int = 1) -> bool:
        x, y = tile
        return 0 <= x <= self.width - size and 0 <= y <= self.height - size

    def fits_at(self, tile: Tile, size: int = 1) -> bool:
        if not self.in_bounds(tile, size):
            return False
        i = self.index(tile)
        self.prepare_at(size, i)
        return bool(self._fits[size][i])

    def can_step(self, a: Tile, b: Tile, size: int = 1) -> bool:
        """May a footprint of side ``size`` step from ``a`` to the neighbouring ``b``?"""
        direction = (b[0] - a[0], b[1] - a[1])
        if direction not in DIRECTIONS or not (self.in_bounds(a, size) and self.in_bounds(b, size)):
            return False
        i = self.index(a)
        self.prepare_at(size, i)
        return bool(self._moves[size][i] >> DIRECTIONS.index(direction) & 1)

    def walls_in_the_way(self, a: Tile, b: Tile, size: int = 1) -> tuple[Wall, ...]:
        """The walls, doors and windows that stop a footprint of side ``size`` stepping from
        ``a`` to the neighbouring ``b``: those across the step of any of its tiles, or, for a
        diagonal blocked only because both ways round its corner are, those across the ways
        round. Empty when no wall stops it (it may still be blocked by objects or the map)."""
        direction = (b[0] - a[0], b[1] - a[1])
        if direction not in DIRECTIONS:
            return ()
        d = DIRECTIONS.index(direction)
        dx, dy = direction
        blocks, w = self.blocks, self.width
        self.prepare(1, a[0] - 1, a[1] - 1, a[0] + size, a[1] + size)
        found: list[Wall] = []
        for ty in range(a[1], a[1] + size):
            for tx in range(a[0], a[0] + size):
                i = ty * w + tx
                if not (0 <= tx < w and 0 <= ty < self.height) or self.step_mask[i] >> d & 1:
                    continue
                across = blocks.walls_across((tx, ty), d)
                if not across and d % 2:
                    ddx, ddy = (2 if dx > 0 else 6), (4 if dy > 0 else 0)
                    ways = (((tx, ty), ddx), ((tx + dx, ty), ddy), ((tx, ty), ddy), ((tx, ty + dy), ddx))
                    across = tuple(
                        wall for tile, e in ways if 0 <= tile[0] < w and 0 <= tile[1] < self.height
                        for wall in blocks.walls_across(tile, e)
                    )
                found.extend(wall for wall in across if wall not in found)
        return tuple(found)

    def class_at(self, tile: Tile, size: int = 1) -> MovementClass:
        """The worst movement class under a footprint of side ``size`` at ``tile``."""
        i = self.index(tile)
        self.prepare_at(size, i)
        return CLASSES[self._classes[size][i]]

    def as_networkx(self, size: int = 1, diagonal_cost: float = 1.0) -> nx.DiGraph:
        """The static graph as networkx: nodes are tiles, edges carry ``weight`` (terrain-free).

        For tests and tools: the searches do not use it (networkx is imported here only)."""
        import networkx as nx

        graph: nx.DiGraph[Tile] = nx.DiGraph()
        fit = self.fits(size)
        graph.add_nodes_from(self.tile(i) for i in range(len(fit)) if fit[i])
        for i in range(len(fit)):
            a = self.tile(i)
            orthogonal, diagonal = self.neighbours(size, i)
            graph.add_edges_from((a, self.tile(j), {"weight": 1.0}) for j in orthogonal)
            graph.add_edges_from((a, self.tile(j), {"weight": diagonal_cost}) for j in diagonal)
        return graph


@identity_cache(size=8)
def movement_graph(game_map: GameMap) -> MovementGraph:
    """The movement graph of ``game_map``, made on first use and cached by map identity (a map
    is immutable, so a changed map — terrain painted, a wall drawn, a door opened — is a new
    object and gets a new graph). Making it reads the terrain and indexes the walls; its chunks
    are built as searches reach them."""
    return MovementGraph(game_map)
