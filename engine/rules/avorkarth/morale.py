"""Avorkarth morale: the DC from presences, the roll on the chart, and fear points.

"MORALE CHECK DC 3 + Highest enemy Presence - Highest allied Presence", rolled with Resolve at
the start of a creature's first turn in a round. Fear points have no effect in the text; Vantage
tracks and shows them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from vantage.engine.dice import DiceSource, Roll
from vantage.engine.explain import Breakdown
from vantage.engine.rules.avorkarth.attack_roll import roll_on_chart
from vantage.engine.rules.avorkarth.chart import DiceRollsChart, Outcome

BASE_DC = 3


def morale_dc(
    enemy_presences: Sequence[tuple[str, int]], ally_presences: Sequence[tuple[str, int]]
) -> Breakdown:
    """3 + the highest enemy presence − the highest allied presence (the creature itself counts)."""
    enemy = max(enemy_presences, key=_value) if enemy_presences else None
    ally = max(ally_presences, key=_value) if ally_presences else None
    return _dc(enemy, ally)


def _value(presence: tuple[str, int]) -> int:
    return presence[1]


#: How many morale DCs and categories are kept, each by the names and numbers it is made of.
KEPT = 1024


@functools.lru_cache(maxsize=KEPT, typed=True)
def _dc(enemy: tuple[str, int] | None, ally: tuple[str, int] | None) -> Breakdown:
    """The DC from the highest enemy and allied presences (name, value), worked out once each."""
    b = Breakdown("Morale DC", BASE_DC, "base")
    if enemy is not None:
        name, value = enemy
        b = b.plus(f"highest enemy presence ({name})", value)
    if ally is not None:
        name, value = ally
        b = b.plus(f"highest allied presence ({name})", -value)
    return b


@functools.lru_cache(maxsize=KEPT, typed=True)
def _category(resolve: float, dc: float) -> Breakdown:
    return Breakdown("Morale category", resolve, "resolve").plus("DC", -dc)


@dataclass(frozen=True)
class MoraleResult:
    roll: Roll
    outcome: Outcome
    category: Breakdown
    fear_change: int
    resolve_penalty_next: int

    @property
    def effect(self) -> str:
        if self.fear_change < 0:
            return "loses 1 fear point"
        if self.fear_change > 0:
            return f"gains {self.fear_change} fear point{'s' if self.fear_change != 1 else ''}"
        if self.resolve_penalty_next:
            return "is shaken: −1 resolve for the next morale check"
        return "holds firm"


def morale_check(
    name: str, resolve: Breakdown, will: int, dc: Breakdown, dice: DiceSource, chart: DiceRollsChart,
    shift: int = 0,
) -> MoraleResult:
    """Roll resolve against the DC on the chart.

    Failure: 1 fear point per difference between the Will score and the DC ("the Resolve" the
    text compares Will with is read as the check's DC; at least 1 — assumed). Critical failure:
    twice that.
    """
    cat = _category(resolve.value, dc.value)
    r, outcome = roll_on_chart(int(cat.value), dice, chart, f"morale check, {name}", shift)
    gap = max(1, int(dc.value) - will)
    fear = {Outcome.CRITICAL_SUCCESS: -1, Outcome.FAIL: gap, Outcome.CRITICAL_FAIL: 2 * gap}.get(outcome, 0)
    penalty = 1 if outcome is Outcome.PARTIAL else 0
    return MoraleResult(r, outcome, cat, fear, penalty)
