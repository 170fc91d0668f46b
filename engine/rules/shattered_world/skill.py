"""The skill roll. **Assumed — not in the source text** (the text refers to "Skill rolls" and
"difficulty" dice but never spells them out): a roll under, ``(1 + difficulty)d20`` summed, succeeds
when the total is at most the skill rank (or ability score); each Stunt or other penalty "adds 1d20
of difficulty". A natural 1 on the first die of a successful roll opens a Critical roll; a 20 on the
first die of a failed roll is a Fumble.

Criticals: "Successful Critical rolls result in double damage, and double Criticals (1 on 1d20
three times) result in triple damage, and so on as long as the player keeps rolling 1's". Under the
plain reading (rules option ``critical_roll: "one"``) a Critical roll succeeds on a 1 of 1d20, and
each further 1 adds one to the multiplier; the other reading (``"skill"``) lets the first Critical
roll succeed like the skill roll (1d20 at most the rank), the further ones on 1s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from vantage.engine.dice import DiceSource, Roll, roll
from vantage.engine.explain import Breakdown

CRITICAL_FACE = 1
FUMBLE_FACE = 20


@dataclass(frozen=True)
class SkillRoll:
    """One skill roll: the dice, the target and the outcome."""

    roll: Roll
    target: int
    success: bool
    natural_one: bool
    fumble: bool

    @property
    def outcome(self) -> str:
        if self.fumble:
            return "fumble"
        if self.success:
            return "success, a natural 1: a Critical roll" if self.natural_one else "success"
        return "failure"


def difficulty_text(difficulty: Breakdown) -> str:
    """``"1d20"`` or ``"3d20 (+1d20 a Stunt: an off-hand weapon; +1d20 night)"``."""
    dice = 1 + difficulty.int_value
    if not difficulty.terms:
        return f"{dice}d20"
    parts = "; ".join(f"+{int(t.amount)}d20 {t.label}" for t in difficulty.terms)
    return f"{dice}d20 ({parts})"


@lru_cache(maxsize=512)
def skill_needs(target: int, difficulty: int) -> str:
    """What a skill roll needs, for the table: the roll is under, so the sum of the dice must be at
    most ``target`` ("12 or less succeeds", "a total of 12 or less succeeds" for several d20s)."""
    count = 1 + max(0, difficulty)
    if target >= 20 * count:
        return "any face succeeds" if count == 1 else "any total succeeds"
    if target < count:
        least = "1" if count == 1 else f"{count}, one on each die"
        return f"nothing succeeds: the least is {least}, more than {target}"
    return f"{target} or less succeeds" if count == 1 else f"a total of {target} or less succeeds"


def skill_roll(dice: DiceSource, target: int, difficulty: int, purpose: str) -> SkillRoll:
    """Roll ``(1 + difficulty)d20`` against ``target``."""
    r = roll(_d20s(difficulty), dice, purpose, needs=skill_needs(target, difficulty))
    success = r.total <= target
    first = r.faces[0]
    return SkillRoll(
        r, target, success, success and first == CRITICAL_FACE, (not success) and first == FUMBLE_FACE
    )


@lru_cache(maxsize=64)
def _d20s(difficulty: int) -> str:
    """The dice of a roll with ``difficulty`` dice of difficulty: ``"3d20"``."""
    return f"{1 + difficulty}d20"


@lru_cache(maxsize=512)
def chance(target: int, difficulty: int) -> float:
    """The chance that ``(1 + difficulty)d20`` totals at most ``target``."""
    dice = 1 + max(0, difficulty)
    ways = [1.0]
    for _ in range(dice):
        nxt = [0.0] * (len(ways) + 20)
        for total, w in enumerate(ways):
            if w:
                for face in range(1, 21):
                    nxt[total + face] += w
        ways = nxt
    return sum(ways[: max(0, min(target, len(ways) - 1)) + 1]) / 20**dice


def damage_word(multiplier: int) -> str:
    """The damage of one more successful Critical roll: "double", "triple", "quadruple", "×5"."""
    return {1: "double", 2: "triple", 3: "quadruple"}.get(multiplier, f"×{multiplier + 1}")


def critical_needs(skill: int, reading: str, multiplier: int) -> str:
    """What the next Critical roll needs, for the table: a 1 ("as long as the player keeps rolling
    1's"), or — the first roll under the ``"skill"`` reading — at most the skill, like the skill roll."""
    word = damage_word(multiplier)
    if reading == "skill" and multiplier == 1:
        if skill < 1:
            return f"nothing is a Critical: the least face is 1, more than {skill}"
        return f"{min(20, skill)} or less is a Critical ({word} damage)"
    return f"1 is a Critical ({word} damage)"


def critical_multiplier(dice: DiceSource, purpose: str, skill: int, reading: str, emit: object) -> int:
    """Roll Critical rolls while they succeed; the damage multiplier (1: no critical). ``emit``
    is called with each roll and its outcome for the log."""
    multiplier = 1
    while True:
        needs = critical_needs(skill, reading, multiplier)
        r = roll("1d20", dice, f"{purpose}, Critical roll", needs=needs)
        first_by_skill = reading == "skill" and multiplier == 1
        success = r.total <= skill if first_by_skill else r.total == CRITICAL_FACE
        word = damage_word(multiplier)
        emit(r, f"a Critical: {word} damage" if success else "no further Critical")  # type: ignore[operator]
        if not success:
            return multiplier
        multiplier += 1
