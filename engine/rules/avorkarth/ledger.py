"""The Avorkarth wound ledger: wounds, lesser and minor wounds, and the parallel non-lethal track.

Everything is counted in *minor wounds*: 10 minor = 1 lesser, 5 lesser = 1 wound, so a wound is 50
minor. Conversion ("when a character takes 5 lesser wounds, they convert them into a full wound")
is then just how a total is read. Lethal damage also counts on the non-lethal track ("whenever a
creature takes a wound, they also take an equivalent non-lethal wound"); non-lethal damage counts
only there. Death comes at the Wounds statistic, unconsciousness at the non-lethal limit
(Wounds − 1).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from enum import StrEnum

MINOR_PER_LESSER = 10
LESSER_PER_WOUND = 5
MINOR_PER_WOUND = MINOR_PER_LESSER * LESSER_PER_WOUND
#: How many amounts and ledgers keep their words (a fight sees a few hundred).
WORDS_KEPT = 4096


def split(minor: int) -> tuple[int, int, int]:
    """A total in minor wounds as (wounds, lesser, minor) after conversion."""
    wounds, rest = divmod(minor, MINOR_PER_WOUND)
    lesser, small = divmod(rest, MINOR_PER_LESSER)
    return wounds, lesser, small


def in_minor(wounds: int = 0, lesser: int = 0, minor: int = 0) -> int:
    return wounds * MINOR_PER_WOUND + lesser * MINOR_PER_LESSER + minor


@functools.lru_cache(maxsize=WORDS_KEPT, typed=True)
def describe(minor: int) -> str:
    """``"1 wound, 2 lesser wounds, 3 minor wounds"`` (0 parts left out; ``"no wounds"`` for 0)."""
    parts = []
    for count, kind in zip(split(minor), ("wound", "lesser wound", "minor wound"), strict=True):
        if count:
            parts.append(f"{count} {kind}{'s' if count != 1 else ''}")
    return ", ".join(parts) if parts else "no wounds"


@functools.lru_cache(maxsize=WORDS_KEPT, typed=True)
def describe_short(minor: int) -> str:
    """``"3 wounds, 4 lesser, 2 minor"``: a distance in the ledger's three categories, 0 parts left
    out (``"nothing"`` for 0)."""
    parts = []
    for count, kind in zip(split(minor), ("wound", "lesser", "minor"), strict=True):
        if count:
            parts.append(f"{count} {kind}{'s' if count != 1 and kind == 'wound' else ''}")
    return ", ".join(parts) if parts else "nothing"


class WoundedState(StrEnum):
    """Optional rule: how crippled a creature is by the lethal wounds it carries."""

    WELL = "well"
    HURT = "hurt"
    WOUNDED = "wounded"
    CRIPPLED = "crippled"


@dataclass(frozen=True)
class WoundLedger:
    """Damage taken, in minor wounds, on the lethal and the non-lethal track."""

    wounds_stat: int
    lethal: int = 0
    nonlethal: int = 0

    @property
    def nonlethal_limit(self) -> int:
        """Non-lethal wounds = Wounds − 1 (in full wounds)."""
        return self.wounds_stat - 1

    @property
    def dead(self) -> bool:
        return self.lethal >= self.wounds_stat * MINOR_PER_WOUND

    @property
    def unconscious(self) -> bool:
        """Non-lethal damage equal to the non-lethal wounds (and at least some damage)."""
        return self.nonlethal > 0 and self.nonlethal >= self.nonlethal_limit * MINOR_PER_WOUND

    @property
    def full_wounds(self) -> int:
        return self.lethal // MINOR_PER_WOUND

    @property
    def to_death(self) -> int:
        """Minor wounds still to take before death ("Should the character receive this many
        wounds, they perish")."""
        return max(0, self.wounds_stat * MINOR_PER_WOUND - self.lethal)

    @property
    def to_unconscious(self) -> int:
        """Non-lethal minor wounds still to take before unconsciousness ("If a character receives
        non-lethal damage equal to their total non-lethal wounds, they fall unconscious"); with a
        non-lethal limit of 0 the first wound does it."""
        if self.unconscious:
            return 0
        return max(1, self.nonlethal_limit * MINOR_PER_WOUND - self.nonlethal)

    def take(self, minor: int, *, lethal: bool = True) -> WoundLedger:
        """The ledger after ``minor`` minor wounds of lethal (both tracks) or non-lethal damage."""
        if minor <= 0:
            return self
        if lethal:  # made directly: dataclasses.replace costs more than the sums
            return WoundLedger(self.wounds_stat, self.lethal + minor, self.nonlethal + minor)
        return WoundLedger(self.wounds_stat, self.lethal, self.nonlethal + minor)

    def heal(self, minor: int, *, lethal: bool = True) -> WoundLedger:
        """GM healing: remove ``minor`` from the lethal track (and as much non-lethal) or non-lethal only."""
        if minor <= 0:
            return self
        if lethal:
            new_lethal = max(0, self.lethal - minor)
            return replace(self, lethal=new_lethal, nonlethal=max(new_lethal, self.nonlethal - minor))
        return replace(self, nonlethal=max(self.lethal, self.nonlethal - minor))

    def regain_weeks(self, weeks: int) -> WoundLedger:
        """Natural healing over ``weeks``: 1 minor wound a week; full wounds never return this way.

        "Minor wounds are removed at a pace of 1 per week … lesser wounds being removed whenever
        all minor wounds are removed. This next lesser wound is then converted into nine minor
        wounds" — which is taking one minor from the total each week. Non-lethal damage that is
        not lethal is gone after a week (assumed — not in the source text).
        """
        if weeks <= 0:
            return self
        floor = self.full_wounds * MINOR_PER_WOUND
        lethal = max(floor, self.lethal - weeks)
        return replace(self, lethal=lethal, nonlethal=lethal)

    def wounded_state(self) -> WoundedState:
        """Well (full), Hurt (3/4 of wounds left), Wounded (1/2), Crippled (1/10)."""
        remaining = (self.wounds_stat - self.full_wounds) / self.wounds_stat
        if remaining <= 0.1:
            return WoundedState.CRIPPLED
        if remaining <= 0.5:
            return WoundedState.WOUNDED
        if remaining <= 0.75:
            return WoundedState.HURT
        return WoundedState.WELL

    def categories(self) -> str:
        """The lethal track as a GM keeps it on paper: ``"0 of 4 wounds, 2 of 5 lesser, 8 of 10
        minor"`` — full wounds against the Wounds statistic, the lesser wounds towards the next
        wound (5 make one) and the minor wounds towards the next lesser (10 make one)."""
        wounds, lesser, minor = split(self.lethal)
        return (f"{wounds} of {self.wounds_stat} wound{'s' if self.wounds_stat != 1 else ''}, "
                f"{lesser} of {LESSER_PER_WOUND} lesser, {minor} of {MINOR_PER_LESSER} minor")

    def death_words(self) -> str:
        """``"3 wounds, 4 lesser, 2 minor from death"`` (``"dead"``)."""
        return "dead" if self.dead else f"{describe_short(self.to_death)} from death"

    def unconscious_words(self) -> str:
        """``"2 wounds, 4 lesser, 2 minor from unconsciousness"`` (``"unconscious"``)."""
        if self.unconscious:
            return "unconscious"
        return f"{describe_short(self.to_unconscious)} from unconsciousness"

    def text(self) -> str:
        """The whole ledger as the table reads it: the categories, then how far from death and
        from unconsciousness (``"0 of 4 wounds, 0 of 5 lesser, 8 of 10 minor — 3 wounds, 4 lesser,
        2 minor from death; 2 wounds, 4 lesser, 2 minor from unconsciousness"``), worked out once
        per ledger."""
        return _text(self.wounds_stat, self.lethal, self.nonlethal)


@functools.lru_cache(maxsize=WORDS_KEPT, typed=True)
def _text(wounds_stat: int, lethal: int, nonlethal: int) -> str:
    ledger = WoundLedger(wounds_stat, lethal, nonlethal)
    if ledger.dead:
        return f"{ledger.categories()} — dead"
    return f"{ledger.categories()} — {ledger.death_words()}; {ledger.unconscious_words()}"
