"""What a ruleset says about movement: diagonal cost, terrain cost, the whole-move allowance.

A ruleset hands the movement search a :class:`MovementRules` value; it never writes its own
pathfinder. The values are the ruleset's own: each ruleset package keeps its preset in its
``movement_rules.py`` (where its text is silent the choice is marked "assumed — not in the source
text" there and in ``docs/movement.md``) and declares the rules it moves by as
``RulesetBase.movement_rules``. This module holds only the machinery and the neutral defaults.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from vantage.engine.explain import Breakdown
from vantage.engine.model import Token
from vantage.engine.terrain import MovementClass


class DiagonalPolicy(StrEnum):
    """What a diagonal step costs: always 1, always 1.5, or 1 and 2 alternately (1, 2, 1, 2 …)."""

    ONE = "1"
    ONE_AND_HALF = "1.5"
    ALTERNATING = "1-2"


def _reach_one(token: Token) -> int:
    return 1


_ALL_ONE: Mapping[MovementClass, float] = MappingProxyType({c: 1.0 for c in MovementClass})

#: How far (tiles, footprint to footprint) an enemy may stand and still see a mover leave full
#: cover: 30 tiles, 150 ft on 5-ft tiles (assumed — not in the source text, which gives no range).
DEFAULT_COVER_RANGE_TILES = 30


@dataclass(frozen=True)
class MovementRules:
    """The movement parameters of a ruleset.

    ``step_multiplier``: cost factor for *entering* a footprint whose worst terrain is of that
    class (1 everywhere by default). Impassable terrain is never enterable whatever the factor.
    ``allowance_for_worst``: the path-dependent whole-move allowance (Avorkarth): given the base
    allowance and the worst class on the path, the allowance for that path. ``start_tile_counts``:
    whether the terrain the token starts on is part of the path for that purpose.
    ``terrain_check_base``: Baton's difficult-terrain check (7 + 1 per 5 ft crossed); ``None``
    for rulesets without one. ``locked_must_retreat``: Avorkarth's locking — a token that starts
    within an enemy's reach may only retreat, so its move must end out of every enemy's reach (and
    the path is marked ``retreat``). ``fall_min_feet``: a drop of at least this many feet in one
    step is a fall. ``charges``: the ruleset has straight-line charges, so a path marks each bend
    (``breaks_charge``). ``leaves_cover``: a path marks each step out of full cover from an enemy
    (Baton: "when leaving full cover, the character exposes themselves"), for enemies within
    ``cover_range_tiles`` of the step. ``speed_round_up_feet``: a speed in feet is rounded up to a
    multiple of this before it buys tiles (Power Tiers: 5; 0 rounds nothing), see
    :meth:`tiles_for_feet`.
    """

    diagonal: DiagonalPolicy = DiagonalPolicy.ONE
    step_multiplier: Mapping[MovementClass, float] = field(default_factory=lambda: _ALL_ONE, hash=False)
    allowance_for_worst: Callable[[float, MovementClass], Breakdown] | None = None
    enemies_block: bool = True
    allies_passable: bool = True
    end_on_ally: bool = False
    reach_of: Callable[[Token], int] = _reach_one
    start_tile_counts: bool = True
    terrain_check_base: int | None = None
    locked_must_retreat: bool = False
    fall_min_feet: float = 5.0
    charges: bool = False
    leaves_cover: bool = False
    cover_range_tiles: int = DEFAULT_COVER_RANGE_TILES
    speed_round_up_feet: float = 0.0
    name: str = ""

    def multiplier(self, movement_class: MovementClass) -> float:
        return float(self.step_multiplier.get(movement_class, 1.0))

    def tiles_for_feet(self, feet: float, feet_per_tile: float = 5) -> int:
        """The tiles a speed of ``feet`` buys under these rules (see :func:`feet_to_tiles`)."""
        return feet_to_tiles(feet, feet_per_tile, round_up_to=self.speed_round_up_feet)


def feet_to_tiles(feet: float, feet_per_tile: float = 5, *, round_up_to: float = 0) -> int:
    """Tiles a speed in feet buys: whole tiles, a remainder smaller than a tile is lost.

    ``round_up_to`` > 0 first rounds the feet *up* to a multiple of it (Power Tiers: "round up
    to the nearest number divisible by 5", so ``feet_to_tiles(16, round_up_to=5) == 4``);
    the default rounds nothing (``feet_to_tiles(16) == 3``; 3 ft on a 1-ft grid is 3 tiles).
    """
    if not feet_per_tile > 0:
        raise ValueError(f"feet per tile must be more than 0, got {feet_per_tile!r}")
    if round_up_to < 0:
        raise ValueError(f"the rounding step must be 0 (none) or more, got {round_up_to!r}")
    if feet <= 0:
        return 0
    if round_up_to:
        feet = math.ceil(feet / round_up_to - 1e-9) * round_up_to
    return int(math.floor(feet / feet_per_tile + 1e-9))
