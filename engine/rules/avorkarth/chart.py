"""The Dice Rolls chart — assumed, not in the source text.

The text sends every hit, strike, maneuver and morale roll to a "Dice Rolls chart" it never prints:
two values are compared, "rolling categories" shift the roll, and one of five outcomes comes out.
Vantage's default: roll a d20, add ``faces_per_category`` (2) for each category the roller is
ahead (attack − dodge, might − armour, resolve − DC, plus every category the rules add or take
away), and read the band:

    total ≤ 2 critical fail · 3–8 fail · 9–11 partial success · 12–19 success · ≥ 20 critical success

At equal values that is 10 % critical fail, 30 % fail, 15 % partial, 40 % success, 5 % critical.
The table is data: an encounter can replace it through ``combat["rules"]["chart"]``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from vantage.engine.protocol.field_values import short_repr


class Outcome(StrEnum):
    CRITICAL_FAIL = "critical fail"
    FAIL = "fail"
    PARTIAL = "partial success"
    SUCCESS = "success"
    CRITICAL_SUCCESS = "critical success"

    @property
    def rank(self) -> int:
        """0 for a critical fail … 4 for a critical success."""
        return _RANKS[self]

    @property
    def succeeded(self) -> bool:
        """Partial success or better."""
        return self.rank >= 2

    def shifted(self, steps: int) -> Outcome:
        return _ORDER[max(0, min(4, self.rank + steps))]


_ORDER = (Outcome.CRITICAL_FAIL, Outcome.FAIL, Outcome.PARTIAL, Outcome.SUCCESS, Outcome.CRITICAL_SUCCESS)
_RANKS = {o: i for i, o in enumerate(_ORDER)}


@dataclass(frozen=True)
class DiceRollsChart:
    """Assumed — not in the source text: d20 + 2 per category, read on five bands."""

    die: int = 20
    faces_per_category: int = 2
    critical_fail_max: int = 2
    fail_max: int = 8
    partial_max: int = 11
    success_max: int = 19

    @property
    def expression(self) -> str:
        return f"d{self.die}"

    def total(self, natural: int, category: int) -> int:
        return natural + category * self.faces_per_category

    def outcome(self, natural: int, category: int) -> Outcome:
        total = self.total(natural, category)
        if total <= self.critical_fail_max:
            return Outcome.CRITICAL_FAIL
        if total <= self.fail_max:
            return Outcome.FAIL
        if total <= self.partial_max:
            return Outcome.PARTIAL
        if total <= self.success_max:
            return Outcome.SUCCESS
        return Outcome.CRITICAL_SUCCESS

    def to_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DiceRollsChart:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown Dice Rolls chart fields: {', '.join(sorted(unknown))}")
        chart = cls(**{k: _bounded(k, v) for k, v in data.items()})
        bands = (chart.critical_fail_max, chart.fail_max, chart.partial_max, chart.success_max)
        if list(bands) != sorted(bands) or chart.die < 2:
            raise ValueError("Dice Rolls chart bands must rise: critical fail ≤ fail ≤ partial ≤ success")
        return chart


#: The bounds of the chart's numbers (checked before any arithmetic: the odds are counted over every
#: face of the die, so a die of 10^12 never finished).
CHART_BOUNDS: Mapping[str, tuple[int, int]] = {"die": (2, 1000)}
#: The bounds of every other number of the chart (its bands and the faces a category is worth).
BAND_BOUND = 100_000


def _bounded(key: str, value: Any) -> int:
    low, high = CHART_BOUNDS.get(key, (-BAND_BOUND, BAND_BOUND))
    whole = (isinstance(value, int) and not isinstance(value, bool)) or (
        isinstance(value, float) and value.is_integer())  # NaN and infinities are not
    if not (whole and low <= value <= high):
        raise ValueError(f"{key}: {short_repr(value)} is not a whole number {low:,}–{high:,}")
    return int(value)


DEFAULT_CHART = DiceRollsChart()


def outcome_chances(chart: DiceRollsChart, category: int, shift: int = 0) -> dict[str, float]:
    """The chance of each outcome of one roll on the chart at ``category`` (``shift`` added to the
    result, as a head wound does)."""
    return dict(_outcome_chances(chart, category, shift))


#: How many (chart, category, shift) the odds are kept for (a fight sees a few dozen).
CHANCES_KEPT = 1024


@functools.lru_cache(maxsize=CHANCES_KEPT)
def _outcome_chances(chart: DiceRollsChart, category: int, shift: int) -> tuple[tuple[str, float], ...]:
    """:func:`outcome_chances`, counted once per chart, category and shift (a chart is frozen)."""
    out = {o.value: 0.0 for o in Outcome}
    for face in range(1, chart.die + 1):
        out[chart.outcome(face + shift, category).value] += 1 / chart.die
    return tuple(out.items())
