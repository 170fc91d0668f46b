"""The benchmark battlefield: a large, busy encounter built deterministically from a seed.

``make_benchmark_encounter()`` gives a 200 × 200 map with about 30 % non-open terrain in
rectangular patches (some of it impassable), 300 straight wall segments on tile edges (walls,
closed and open doors, windows) and 100 tokens of mixed sides and sizes standing on free,
passable tiles. Every benchmark uses it so that their figures compare.

The big-map benchmark (``benchmarks/big_map.py``) asks for a larger one of the same make:
``make_benchmark_encounter(side=400, walls=1200, tokens=400)`` — the same terrain share and the
same wall density per tile.
"""

from __future__ import annotations

import random
from typing import TypeVar

from vantage.engine.model import Encounter, Facing, GameMap, Side, Size, Token, Wall, WallKind

T = TypeVar("T")

SIDE_TILES = 200
NON_OPEN_SHARE = 0.30
WALL_SEGMENTS = 300
TOKENS = 100

#: non-open terrains and their weights; "chasm" and "deep-water" are impassable, "solid" also
#: blocks sight.
_PATCH_KINDS = (
    ("sand", 4), ("rocky", 4), ("undergrowth", 4), ("shallow-water", 2),
    ("brush", 4), ("marsh", 2), ("rubble", 3), ("thorns", 1),
    ("quicksand", 1), ("deep-water", 1), ("chasm", 1), ("solid", 1),
)
_WALL_KINDS = ((WallKind.WALL, 80), (WallKind.DOOR_CLOSED, 8), (WallKind.DOOR_OPEN, 6), (WallKind.WINDOW, 6))
_SIZES = ((Size.SMALL, 15), (Size.MEDIUM, 60), (Size.LARGE, 15), (Size.HUGE, 7), (Size.GARGANTUAN, 3))
_SIDES = ((Side.PARTY, 30), (Side.ENEMY, 60), (Side.NEUTRAL, 10))


def _pick(rng: random.Random, weighted: tuple[tuple[T, int], ...]) -> T:
    values, weights = zip(*weighted, strict=True)
    return rng.choices(values, weights)[0]


def _terrain(rng: random.Random, side: int) -> list[str]:
    terrain = ["open"] * (side * side)
    non_open = 0
    target = int(NON_OPEN_SHARE * side * side)
    while non_open < target:
        kind = _pick(rng, _PATCH_KINDS)
        w, h = rng.randint(2, 12), rng.randint(2, 12)
        x0, y0 = rng.randrange(side - w), rng.randrange(side - h)
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                i = y * side + x
                if terrain[i] == "open":
                    non_open += 1
                terrain[i] = kind
    return terrain


def _walls(rng: random.Random, side: int, count: int = WALL_SEGMENTS) -> list[Wall]:
    walls = []
    for _ in range(count):
        length = rng.randint(1, 6)
        kind = _pick(rng, _WALL_KINDS)
        if kind is not WallKind.WALL:
            length = 1
        if rng.random() < 0.5:  # horizontal, along the top edge of row y
            x, y = rng.randrange(side - length), rng.randrange(1, side)
            walls.append(Wall((float(x), float(y)), (float(x + length), float(y)), kind))
        else:
            x, y = rng.randrange(1, side), rng.randrange(side - length)
            walls.append(Wall((float(x), float(y)), (float(x), float(y + length)), kind))
    return walls


def _tokens(rng: random.Random, game_map: GameMap, count: int = TOKENS) -> list[Token]:
    taken: set[tuple[int, int]] = set()
    tokens: list[Token] = []
    side_tiles = game_map.width
    while len(tokens) < count:
        size = _pick(rng, _SIZES)
        n = size.footprint
        pos = (rng.randrange(side_tiles - n + 1), rng.randrange(side_tiles - n + 1))
        footprint = [(pos[0] + dx, pos[1] + dy) for dy in range(n) for dx in range(n)]
        if any(t in taken or not game_map.terrain_at(t).passable for t in footprint):
            continue
        taken.update(footprint)
        i = len(tokens)
        side = _pick(rng, _SIDES)
        facing = Facing(rng.randrange(8))
        tokens.append(Token(f"t{i}", f"{side.value} {i}", pos, side=side, size=size, facing=facing))
    return tokens


def make_benchmark_encounter(
    seed: int = 1, *, side: int = SIDE_TILES, walls: int = WALL_SEGMENTS, tokens: int = TOKENS
) -> Encounter:
    """The ``side`` × ``side`` benchmark encounter (200 × 200, 300 walls, 100 tokens unless told);
    the same arguments always give the same encounter."""
    rng = random.Random(seed)
    game_map = GameMap(
        side,
        side,
        terrain=tuple(_terrain(rng, side)),
        walls=tuple(_walls(rng, side, walls)),
    )
    return Encounter(game_map, tuple(_tokens(rng, game_map, tokens)), name=f"benchmark (seed {seed})",
                     ruleset="avorkarth")
