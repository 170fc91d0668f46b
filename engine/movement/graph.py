"""The movement graph of a map: which positions a footprint fits and which steps it may take.

Built once per map (:func:`movement_graph` caches by map identity), never per query. Tokens are
not part of it: they move every turn, so the search applies them on top.

Positions are tile indices ``y * width + x`` of a footprint's top-left tile. A footprint of side
``n`` *fits* at a position when all its tiles are on the map and passable (not impassable
terrain, not covered by a blocking object) and no wall runs between two of its tiles. It may
step in one of the eight directions when each of its tiles may make that one-tile step (see
:mod:`vantage.engine.movement.walls`) and it fits where it lands. The terrain class of a footprint is
the worst class among its tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import GameMap, Tile, Wall
from vantage.engine.movement.walls import DIAGONAL, DIRECTIONS, ORTHOGONAL, StepBlocks
from vantage.engine.terrain import MovementClass

IMPASSABLE = MovementClass.IMPASSABLE.severity
CLASSES: tuple[MovementClass, ...] = tuple(MovementClass)


class MovementGraph:
    """Static movement structure of one map; sizes are footprint sides 1…4, built on demand."""

    def __init__(self, game_map: GameMap) -> None:
        self.game_map = game_map
        self.width = w = game_map.width
        self.height = h = game_map.height
        kinds = game_map.terrain_kinds
        severity = {kid: kind.movement.severity for kid, kind in kinds.items()}
        self.tile_class = bytes(severity[k] for k in game_map.terrain)
        self.blocks = StepBlocks(game_map)
        self.passable = bytearray(
            1 if c != IMPASSABLE and i not in self.blocks.object_tiles else 0
            for i, c in enumerate(self.tile_class)
        )
        self.step_mask = self._step_masks(w, h)
        self._fits: dict[int, bytearray] = {}
        self._classes: dict[int, bytes] = {}
        self._moves: dict[int, list[int]] = {}
        self.offsets = [dx + dy * w for dx, dy in DIRECTIONS]
        masks = range(256)
        self.orthogonal_offsets = [tuple(self.offsets[d] for d in ORTHOGONAL if m >> d & 1) for m in masks]
        self.diagonal_offsets = [tuple(self.offsets[d] for d in DIAGONAL if m >> d & 1) for m in masks]
        self.moves(1)

    # -- one-tile steps --------------------------------------------------------------------
    def _step_masks(self, w: int, h: int) -> list[int]:
        """Bit d of ``masks[i]`` is set when a one-tile token may step from i in direction d.

        First every step onto a passable tile on the map, row by row; then the few steps near
        walls and objects are struck out."""
        blocks, passable = self.blocks, self.passable
        masks = [0] * (w * h)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            bit = 1 << d
            x0, x1 = max(0, -dx), w - max(0, dx)
            for y in range(max(0, -dy), h - max(0, dy)):
                row = y * w
                source = passable[row + x0 + dx + dy * w: row + x1 + dx + dy * w]
                masks[row + x0: row + x1] = [
                    m | bit if ok else m for m, ok in zip(masks[row + x0: row + x1], source, strict=True)
                ]
        for i, d in (*blocks.wall_orthogonal, *blocks.wall_diagonal, *blocks.object_steps):
            masks[i] &= ~(1 << d)
        # a diagonal step is also blocked when both ways round its corner cross a wall
        orth_open = blocks.orthogonal_open
        near = {
            (i % w + dx) + (i // w + dy) * w
            for i, _ in blocks.wall_orthogonal
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            if 0 <= i % w + dx < w and 0 <= i // w + dy < h
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
        return masks

    # -- per footprint size ----------------------------------------------------------------
    def fits(self, size: int) -> bytearray:
        """1 at every position where a footprint of side ``size`` fits, else 0."""
        if size not in self._fits:
            self._build(size)
        return self._fits[size]

    def footprint_class(self, size: int) -> bytes:
        """The worst terrain severity under a footprint of side ``size`` at each position."""
        if size not in self._classes:
            self._build(size)
        return self._classes[size]

    def moves(self, size: int) -> list[int]:
        """Per position: bit d set when a footprint of side ``size`` may step in direction d
        (``DIRECTIONS`` order). ``orthogonal_offsets[mask]`` / ``diagonal_offsets[mask]`` turn a
        mask into the index offsets of the positions it reaches."""
        if size not in self._moves:
            self._build(size)
        return self._moves[size]

    def neighbours(self, size: int, position: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The positions one orthogonal step and one diagonal step from ``position``."""
        m = self.moves(size)[position]
        return (
            tuple(position + o for o in self.orthogonal_offsets[m]),
            tuple(position + o for o in self.diagonal_offsets[m]),
        )

    def _block_reduce(
        self, values: Sequence[int], size: int, combine: str, height: int | None = None
    ) -> list[int]:
        """For each top-left position, AND (``"and"``) or MAX (``"max"``) over a block ``size``
        wide and ``height`` (default ``size``) high. Positions whose block would leave the map
        hold meaningless values: callers only read positions where the footprint is on the map."""
        w, n = self.width, len(values)
        height = size if height is None else height
        rows = list(values)
        for k in range(1, size):
            shifted = values[k:]
            if combine == "and":
                rows[: n - k] = [a & b for a, b in zip(rows, shifted, strict=False)]
            else:
                rows[: n - k] = [a if a > b else b for a, b in zip(rows, shifted, strict=False)]
        out = list(rows)
        for k in range(1, height):
            shifted = rows[k * w:]
            if combine == "and":
                out[: n - k * w] = [a & b for a, b in zip(out, shifted, strict=False)]
            else:
                out[: n - k * w] = [a if a > b else b for a, b in zip(out, shifted, strict=False)]
        return out

    def _build(self, size: int) -> None:
        w, h = self.width, self.height
        masks = self.step_mask
        step_and = self._block_reduce(masks, size, "and")
        fit = bytearray(w * h)
        if size == 1:
            fit[:] = self.passable
        else:
            # all tiles passable, and no wall between two tiles of the footprint: every tile but
            # the last column may step east, every tile but the last row may step south
            passable_block = self._block_reduce(self.passable, size, "and")
            east = self._block_reduce([m >> 2 & 1 for m in masks], size - 1, "and", height=size)
            south = self._block_reduce([m >> 4 & 1 for m in masks], size, "and", height=size - 1)
            for y in range(h - size + 1):
                row = y * w
                for x in range(w - size + 1):
                    i = row + x
                    if passable_block[i] and east[i] and south[i]:
                        fit[i] = 1
        classes = bytes(self._block_reduce(self.tile_class, size, "max")) if size > 1 else self.tile_class
        moves = [m if ok else 0 for m, ok in zip(step_and if size > 1 else masks, fit, strict=True)]
        if size > 1:  # a large footprint must also fit where it lands
            for d, o in enumerate(self.offsets):
                bit = 1 << d
                moves = [m & ~bit if m & bit and not fit[i + o] else m for i, m in enumerate(moves)]
        self._fits[size] = fit
        self._classes[size] = classes
        self._moves[size] = moves

    # -- tiles ----------------------------------------------------------------------------
    def index(self, tile: Tile) -> int:
        return tile[1] * self.width + tile[0]

    def tile(self, index: int) -> Tile:
        return (index % self.width, index // self.width)

    def in_bounds(self, tile: Tile, size: int = 1) -> bool:
        x, y = tile
        return 0 <= x <= self.width - size and 0 <= y <= self.height - size

    def fits_at(self, tile: Tile, size: int = 1) -> bool:
        return self.in_bounds(tile, size) and bool(self.fits(size)[self.index(tile)])

    def can_step(self, a: Tile, b: Tile, size: int = 1) -> bool:
        """May a footprint of side ``size`` step from ``a`` to the neighbouring ``b``?"""
        direction = (b[0] - a[0], b[1] - a[1])
        if direction not in DIRECTIONS or not (self.in_bounds(a, size) and self.in_bounds(b, size)):
            return False
        return bool(self.moves(size)[self.index(a)] >> DIRECTIONS.index(direction) & 1)

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
        return CLASSES[self.footprint_class(size)[self.index(tile)]]

    def as_networkx(self, size: int = 1, diagonal_cost: float = 1.0) -> nx.DiGraph:
        """The static graph as networkx: nodes are tiles, edges carry ``weight`` (terrain-free)."""
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
    """The movement graph of ``game_map``, built on first use and cached by map identity (a map
    is immutable, so a changed map is a new object and gets a new graph)."""
    return MovementGraph(game_map)
