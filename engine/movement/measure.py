"""The ruler: the distance between two tiles by a diagonal rule, in tiles and feet.

The distance is counted as a move would count it on an empty map: the longer of the two offsets
is made of straight steps and diagonal steps, each diagonal costing what the rule says (1;
1.5; or 1 and 2 alternately, the first diagonal 1). Walls and terrain are not counted: a ruler
measures, it does not find a path.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from vantage.engine.model import Tile
from vantage.engine.movement.policy import DiagonalPolicy

#: How each rule reads in a label (the feet in brackets are for 5-ft tiles).
RULE_WORDS = {
    DiagonalPolicy.ONE: "diagonals count 1 (5/5/5)",
    DiagonalPolicy.ONE_AND_HALF: "diagonals count 1½",
    DiagonalPolicy.ALTERNATING: "diagonals count 1, 2, 1 … (5/10/5)",
}


#: The same, short, for a label on the map.
RULE_SHORT = {
    DiagonalPolicy.ONE: "diagonals 5/5/5",
    DiagonalPolicy.ONE_AND_HALF: "diagonals 1½",
    DiagonalPolicy.ALTERNATING: "diagonals 5/10/5",
}


@dataclass(frozen=True)
class Measurement:
    """A ruler's reading: ``tiles`` by the rule, ``feet`` = tiles × feet per tile, and the
    arithmetic in ``explanation``."""

    start: Tile
    end: Tile
    straight: int
    diagonal: int
    tiles: float
    feet: float
    rule: DiagonalPolicy
    explanation: str

    @property
    def label(self) -> str:
        return f"{self.tiles:g} tiles · {self.feet:g} ft"


def diagonal_steps_cost(diagonals: int, rule: DiagonalPolicy) -> float:
    """What ``diagonals`` diagonal steps in a row cost by ``rule``."""
    if rule is DiagonalPolicy.ONE_AND_HALF:
        return 1.5 * diagonals
    if rule is DiagonalPolicy.ALTERNATING:
        return diagonals + diagonals // 2
    return float(diagonals)


def measure(start: Tile, end: Tile, rule: DiagonalPolicy, feet_per_tile: float = 5.0) -> Measurement:
    """The distance from tile ``start`` to tile ``end`` by ``rule``."""
    dx, dy = abs(end[0] - start[0]), abs(end[1] - start[1])
    diagonal, straight = min(dx, dy), max(dx, dy) - min(dx, dy)
    diagonal_cost = diagonal_steps_cost(diagonal, rule)
    tiles = straight + diagonal_cost
    feet = tiles * feet_per_tile
    if rule is DiagonalPolicy.ALTERNATING and diagonal > 1:
        costs = [1 + i % 2 for i in range(diagonal)]
        terms = " + ".join(str(c) for c in costs) if diagonal <= 6 else "1 + 2 + … alternately"
        diagonals = f"{diagonal} diagonal ({terms})"
    else:
        diagonals = f"{diagonal} diagonal × {_per_diagonal(rule):g}"
    explanation = (f"{straight} straight + {diagonals} = {tiles:g} tiles; "
                   f"{tiles:g} tiles × {feet_per_tile:g} ft = {feet:g} ft")
    return Measurement(start, end, straight, diagonal, tiles, feet, rule, explanation)


def _per_diagonal(rule: DiagonalPolicy) -> float:
    return 1.5 if rule is DiagonalPolicy.ONE_AND_HALF else 1.0


def euclidean_feet(start: tuple[float, float], end: tuple[float, float], feet_per_tile: float) -> float:
    """The straight-line length between two points in tile units, in feet (a template's size)."""
    return math.hypot(end[0] - start[0], end[1] - start[1]) * feet_per_tile
