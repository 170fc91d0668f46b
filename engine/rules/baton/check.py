"""Baton's core check — the one roll behind every attack, maneuver, dash and terrain check.

The text never says what a skill check rolls. It speaks of "a difficulty equal to 7 + the
opponent's skill", "success levels", "the die result is even", "a positive/negative chance" and a
"critical success". One reading makes all of them coherent, and it is Vantage's default (assumed —
not in the source text; docs/rules/baton.md, "The core check"):

- a check is **2d6 + skill** against a difficulty; it succeeds when the total reaches it (a tie
  succeeds). 2d6 averages 7, so "7 + skill" is an even match between equal skills;
- **success levels**: 1 on a bare success, one more for every 2 points above the difficulty;
- **positive chance**: roll one more d6 and keep the two highest; a **negative chance**: one more
  d6, keep the two lowest. Chances cancel one for one; at most 3 net either way;
- **the die result** of the baton rule is the sum of the two kept dice: even keeps the
  initiative, odd loses it;
- a **critical success** is two kept sixes (a natural 12).

Every number is in :data:`CHECK`, a data table an encounter may override through
``combat["rules"]["check"]``.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from vantage.engine.dice import DiceSource, Roll, roll
from vantage.engine.explain import Breakdown
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.field_values import short_repr


@dataclass(frozen=True)
class CheckTable:
    """The numbers of the core check (assumed — not in the source text)."""

    dice: int = 2  # dice kept
    sides: int = 6
    base_difficulty: int = 7  # "difficulty 7 + skill"
    level_step: int = 2  # one more success level per this many points above the difficulty
    max_chance: int = 3  # net positive/negative chances beyond this are ignored

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> CheckTable:
        """The table of ``rules["check"]`` over the defaults; CommandRejected names a number out of
        :data:`TABLE_BOUNDS`, or a table whose odds would take too long to count."""
        given = rules.get("check") if isinstance(rules, Mapping) else None
        if not isinstance(given, Mapping):
            return cls()
        known = {k: _bounded(k, v) for k, v in given.items() if k in cls.__dataclass_fields__}
        table = cls(**known)
        combinations = table.sides ** (table.dice + table.max_chance)
        if combinations > MAX_COMBINATIONS:
            raise CommandRejected(
                f"combat.rules.check: counting the odds of {table.dice}d{table.sides} with up to "
                f"{table.max_chance} chances takes {table.sides}^{table.dice + table.max_chance} "
                f"combinations (at most {MAX_COMBINATIONS:,}); use fewer dice or sides")
        return table


#: The bounds of each number of the check table an encounter may override (assumed, like the table).
TABLE_BOUNDS: Mapping[str, tuple[int, int]] = {
    "dice": (1, 10), "sides": (2, 100), "base_difficulty": (-1000, 1000), "level_step": (1, 1000),
    "max_chance": (0, 10),
}
#: The odds of a check are counted over every combination of faces: at most this many.
MAX_COMBINATIONS = 100_000


def _bounded(key: str, value: Any) -> int:
    low, high = TABLE_BOUNDS[key]
    fits = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    if not fits:
        digits = isinstance(value, str) and value.isascii() and value.isdigit() and len(value) > 40
        shown = f"a number of {len(value):,} digits" if digits else short_repr(value)
        raise CommandRejected(f"combat.rules.check.{key}: {shown} is not a whole number {low}–{high}")
    return int(value)


CHECK = CheckTable()


@dataclass(frozen=True)
class Chances:
    """The positive and negative chances on one check, each with why ("higher ground")."""

    positive: tuple[str, ...] = ()
    negative: tuple[str, ...] = ()

    def plus(self, why: str) -> Chances:
        return Chances((*self.positive, why), self.negative)

    def minus(self, why: str, times: int = 1) -> Chances:
        return Chances(self.positive, (*self.negative, *([why] * times)))

    def net(self, table: CheckTable = CHECK) -> int:
        n = len(self.positive) - len(self.negative)
        return max(-table.max_chance, min(table.max_chance, n))

    def text(self) -> str:
        """``"positive chance: higher ground; negative chance: half cover"`` ("" when none)."""
        parts = []
        if self.positive:
            parts.append("positive chance: " + ", ".join(self.positive))
        if self.negative:
            parts.append("negative chance: " + ", ".join(self.negative))
        return "; ".join(parts)


def expression(chance: int, table: CheckTable = CHECK) -> str:
    """``"2d6"``, ``"3d6kh2"`` (one positive chance), ``"4d6kl2"`` (two negative chances)."""
    if chance == 0:
        return f"{table.dice}d{table.sides}"
    keep = "kh" if chance > 0 else "kl"
    return f"{table.dice + abs(chance)}d{table.sides}{keep}{table.dice}"


@dataclass(frozen=True)
class CheckResult:
    """One check made: the roll, the total and the difficulty with their breakdowns."""

    roll: Roll
    skill: Breakdown
    difficulty: Breakdown
    chances: Chances
    table: CheckTable = CHECK

    @cached_property
    def natural(self) -> int:
        """The sum of the kept dice — "the die result" of the baton rule."""
        return sum(self.roll.kept)

    @cached_property
    def total(self) -> int:
        return self.natural + self.skill.int_value

    @cached_property
    def success(self) -> bool:
        return self.total >= self.difficulty.int_value

    @cached_property
    def levels(self) -> int:
        """Success levels: 0 on a failure, 1 on a bare success, +1 per ``level_step`` above."""
        if not self.success:
            return 0
        return 1 + (self.total - self.difficulty.int_value) // self.table.level_step

    @cached_property
    def even(self) -> bool:
        return self.natural % 2 == 0

    @cached_property
    def critical(self) -> bool:
        """Every kept die on its highest face (two sixes)."""
        return all(f == self.table.sides for f in self.roll.kept)

    def explanation(self) -> str:
        """``"dice 8 + Fight with Longsword 2 = 10 against difficulty 7 + Dodge 1 = 8: success, 2
        success levels"``."""
        outcome = (
            f"success, {self.levels} success level{'s' if self.levels != 1 else ''}"
            if self.success
            else "failure"
        )
        chance = f" ({self.chances.text()})" if self.chances.text() else ""
        return (
            f"dice {self.natural}{_terms(self.skill)} = {self.total} against "
            f"{_sum_text(self.difficulty)}: {outcome}{chance}"
        )


def _terms(b: Breakdown) -> str:
    parts = []
    if b.base or b.base_label:
        parts.append(f" + {b.base_label} {int(b.base)}" if b.base_label else f" + {int(b.base)}")
    for t in b.terms:
        sign = "+" if t.amount >= 0 else "−"
        parts.append(f" {sign} {t.label} {abs(int(t.amount))}")
    return "".join(parts)


def _sum_text(b: Breakdown) -> str:
    """``"difficulty 7 + Dodge 1 = 8"`` (``"difficulty 8"`` with no terms)."""
    head = f"{b.name.lower()} {int(b.base)}"
    if not b.terms:
        return head
    rest = "".join(f" {'+' if t.amount >= 0 else '−'} {t.label} {abs(int(t.amount))}" for t in b.terms)
    return f"{head}{rest} = {b.int_value}"


def difficulty(base: int, *terms: tuple[str, int]) -> Breakdown:
    """A difficulty as arithmetic: ``difficulty(7, ("Dodge", 2))`` reads "difficulty 7 + Dodge 2 = 9"."""
    out = Breakdown("Difficulty", base)
    for label, amount in terms:
        out = out.plus(label, amount)
    return out


def make_check(
    dice: DiceSource,
    purpose: str,
    skill: Breakdown,
    against: Breakdown,
    chances: Chances = Chances(),
    table: CheckTable = CHECK,
) -> CheckResult:
    """Roll one check (2d6, or more dice kept two for the chances) through ``dice``."""
    needed = against.int_value - skill.int_value
    r = roll(expression(chances.net(table), table), dice, purpose, needs=f"{needed}+ succeeds")
    return CheckResult(r, skill, against, chances, table)


@functools.lru_cache(maxsize=512)
def success_chance(needed: int, chance: int = 0, table: CheckTable = CHECK) -> float:
    """The probability that the kept dice reach ``needed`` (difficulty − skill)."""
    count = table.dice + abs(chance)
    hits = 0
    total = 0
    for faces in itertools.product(range(1, table.sides + 1), repeat=count):
        ordered = sorted(faces, reverse=chance >= 0)
        total += 1
        if sum(ordered[: table.dice]) >= needed:
            hits += 1
    return hits / total


def odds(
    skill: Breakdown, against: Breakdown, chances: Chances = Chances(), table: CheckTable = CHECK
) -> float:
    """The chance that a check of ``skill`` against ``against`` succeeds (no roll made)."""
    return success_chance(against.int_value - skill.int_value, chances.net(table), table)
