"""Dice: expressions, injected sources and recorded rolls.

Rules never call a global random generator. They receive a :class:`DiceSource` — a
:class:`SeededDice` for play, a :class:`ScriptedDice` in tests (running out of scripted faces is
an error, never a silent random roll) — and every roll comes back as a :class:`Roll` that records
what it was for and every face shown, so the log can explain it and replay never re-rolls.

Expressions: ``d20``, ``1d10``, ``2d8+3``, ``3d20`` (a sum), ``4d6kh3`` (keep the highest 3),
``2d20kl1`` (keep the lowest 1), ``d6-1``. Whitespace is ignored; ``D`` works as ``d``.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from vantage.engine.protocol.field_values import NumberTextError, short_repr, whole_number_text


class DiceError(ValueError):
    """A dice expression that cannot be read, or a scripted face that cannot be on that die."""


class DiceScriptExhausted(DiceError):
    """A scripted dice source was asked for more faces than its script holds."""


class RollAttempted(DiceError):
    """Something tried to roll on :class:`NoDice`."""


class DiceSource(Protocol):
    """Anything that can show one face of an n-sided die (1..sides)."""

    def face(self, sides: int) -> int: ...


class SeededDice:
    """Pseudo-random dice with their own generator: the same seed gives the same fight."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        # ``randint(1, sides)`` is ``1 + _randbelow(sides)`` for a whole number of sides (CPython's
        # ``randrange``): the same faces from the same seed, without its checks on every roll
        self._below = getattr(self._random, "_randbelow", None)

    def face(self, sides: int) -> int:
        below = self._below
        if below is not None and type(sides) is int and sides > 0:
            return 1 + int(below(sides))
        return self._random.randint(1, sides)


class ScriptedDice:
    """Dice that show the given faces in order; asking for one more raises DiceScriptExhausted.

    A face larger than the die being rolled is an error too (a script written for a d20 must not
    pass silently as a d6). ``used`` counts the faces handed out so far.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self.used = 0

    @property
    def remaining(self) -> int:
        return len(self._faces) - self.used

    def face(self, sides: int) -> int:
        if self.used >= len(self._faces):
            raise DiceScriptExhausted(
                f"the dice script ran out after {len(self._faces)} faces (a d{sides} was asked for)"
            )
        value = self._faces[self.used]
        if not 1 <= value <= sides:
            raise DiceError(f"scripted face #{self.used + 1} is {value}, which a d{sides} cannot show")
        self.used += 1
        return value


class NoDice:
    """Dice that must not roll: queries use them (a roll there is a bug), and legality runs a
    command on them and stops at its first roll (``RollAttempted``: every check before it passed)."""

    def face(self, sides: int) -> int:
        raise RollAttempted(f"a d{sides} was rolled where no roll may be made")


@dataclass(frozen=True)
class DiceExpression:
    """``count`` dice of ``sides`` sides, keeping the highest/lowest ``keep``, plus ``modifier``."""

    count: int
    sides: int
    modifier: int = 0
    keep: int | None = None
    keep_highest: bool = True

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.keep is not None:
            text += f"{'kh' if self.keep_highest else 'kl'}{self.keep}"
        if self.modifier:
            text += f"{self.modifier:+d}"
        return text


_EXPRESSION = re.compile(r"^(\d*)d(\d+)(?:(kh|kl)(\d+))?([+-]\d+)?$")


@functools.lru_cache(maxsize=256)
def parse(expression: str) -> DiceExpression:
    """Read a dice expression; DiceError says what is wrong with a bad one."""
    text = expression.replace(" ", "").lower()
    match = _EXPRESSION.match(text)
    if match is None:
        raise DiceError(f"{short_repr(expression)} is not a dice expression (examples: d20, 2d8+3, 4d6kh3)")
    try:
        count = whole_number_text(match.group(1)) if match.group(1) else 1
        sides = whole_number_text(match.group(2))
        keep = whole_number_text(match.group(4)) if match.group(4) else None
        modifier = whole_number_text(match.group(5)) if match.group(5) else 0
    except NumberTextError as bad:
        raise DiceError(f"{short_repr(expression)}: {bad}") from None
    if count < 1 or count > 1000:
        raise DiceError(f"{short_repr(expression)}: the number of dice must be 1..1000")
    if sides < 2:
        raise DiceError(f"{short_repr(expression)}: a die needs at least 2 sides")
    if keep is not None and not 1 <= keep <= count:
        raise DiceError(f"{short_repr(expression)}: can keep 1..{count} dice, not {keep}")
    return DiceExpression(count, sides, modifier, keep, match.group(3) != "kl")


@dataclass(frozen=True)
class Roll:
    """One recorded roll: the expression, every face shown, the faces kept, the total and why."""

    expr: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    purpose: str

    @property
    def natural(self) -> int:
        """The sum of the kept faces without the modifier."""
        return sum(self.kept)

    @property
    def text(self) -> str:
        shown = ", ".join(str(f) for f in self.faces)
        kept = "" if self.kept == self.faces else f" kept {', '.join(str(f) for f in self.kept)}"
        return f"{self.purpose}: {self.expr} [{shown}]{kept} = {self.total}"

    def to_dict(self) -> dict[str, object]:
        return {
            "expr": self.expr, "faces": list(self.faces), "kept": list(self.kept),
            "total": self.total, "purpose": self.purpose,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Roll:
        return cls(
            str(data["expr"]), tuple(data["faces"]), tuple(data["kept"]),  # type: ignore[arg-type]
            int(data["total"]), str(data["purpose"]),  # type: ignore[call-overload]
        )


def roll(expression: str | DiceExpression, dice: DiceSource, purpose: str, needs: str = "") -> Roll:
    """Roll ``expression`` with ``dice`` and record it with its ``purpose``. Dice with a
    ``faces_for(expression, purpose, needs)`` method (the table's) answer the whole roll at once;
    ``needs`` tells the table what the roll needs ("12+ hits"), when the rules know it."""
    expr = parse(expression) if isinstance(expression, str) else expression
    faces_for = getattr(dice, "faces_for", None)  # dice rolled at the table answer a whole roll
    if faces_for is not None:
        faces = tuple(faces_for(expr, purpose, needs) if needs else faces_for(expr, purpose))
    else:
        faces = tuple(dice.face(expr.sides) for _ in range(expr.count))
    if expr.keep is None:
        kept = faces
    else:
        ordered = sorted(range(len(faces)), key=lambda i: faces[i], reverse=expr.keep_highest)
        chosen = sorted(ordered[: expr.keep])
        kept = tuple(faces[i] for i in chosen)
    return Roll(str(expr), faces, kept, sum(kept) + expr.modifier, purpose)
