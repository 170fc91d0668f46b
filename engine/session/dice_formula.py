"""Free dice formulas, as the GM types them in the dice box: ``2d6+3``, ``d20``, ``4d6kh3``,
``1d8 + 1d6 - 1``.

Grammar (spaces are allowed between terms and signs, not inside a term; ``D`` works as ``d``)::

    formula := term (("+" | "-") term)*
    term    := dice | number
    dice    := [count] "d" sides [("kh" | "kl") keep]

``count`` is 1–100 (1 when left out), ``sides`` 2–1000, ``keep`` 1..count (``kh``: keep the highest,
``kl``: the lowest), a ``number`` 0–10000; at most 20 terms and 100 dice in all. A formula that
cannot be read raises :class:`FormulaError` with the column (1-based) of the first thing wrong.

A rolled formula reads as arithmetic: ``2d6+3`` → "4 + 2 + 3 = 9"; dropped dice are named after
their term ("6 + 5 + 4 (dropped 1)").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from vantage.engine.dice import DiceError, DiceExpression, DiceSource, roll
from vantage.engine.protocol.field_values import NumberTextError, short_repr, whole_number_text

MAX_COUNT = 100
MAX_SIDES = 1000
MAX_NUMBER = 10000
MAX_TERMS = 20
MAX_DICE = 100

_DICE = re.compile(r"(\d*)d(\d+)(?:(kh|kl)(\d*))?")
_NUMBER = re.compile(r"\d+")


class FormulaError(DiceError):
    """A formula that cannot be read: ``column`` (1-based) is where the problem is."""

    def __init__(self, text: str, column: int, problem: str) -> None:
        super().__init__(f"{short_repr(text, 80)}, column {column}: {problem}")
        self.text = text
        self.column = column
        self.problem = problem


@dataclass(frozen=True)
class Term:
    """One term: ``sign`` (+1 or −1) and either ``dice`` or a ``number``."""

    sign: int
    dice: DiceExpression | None = None
    number: int = 0


@dataclass(frozen=True)
class DiceFormula:
    """A formula read: its ``text`` without whitespace and its terms in order."""

    text: str
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class FormulaRoll:
    """A formula rolled: every face shown (in the terms' order), the total and the arithmetic."""

    formula: DiceFormula
    faces: tuple[int, ...]
    total: int
    arithmetic: str


def parse_formula(text: str) -> DiceFormula:
    """Read ``text``; :class:`FormulaError` names the column and the problem of a bad one."""
    compact: list[str] = []
    columns: list[int] = []  # the 1-based column in ``text`` of each character kept
    for index, char in enumerate(text):
        if not char.isspace():
            compact.append(char.lower())
            columns.append(index + 1)
    src = "".join(compact)

    def column(at: int) -> int:
        return columns[at] if at < len(columns) else len(text) + 1

    split = re.search(r"[\dd]\s+\d", text.lower())
    if split is not None:
        raise FormulaError(text, split.start() + 2, "a space inside a term (write 2d6+3, not 2d6 3)")
    if not src:
        raise FormulaError(text, 1, "type a dice formula (examples: d20, 2d6+3, 4d6kh3)")
    terms: list[Term] = []
    at, sign, dice_count = 0, 1, 0
    while True:
        match = _DICE.match(src, at)
        if match is not None:
            term = _dice_term(text, match, sign, column)
            assert term.dice is not None
            dice_count += term.dice.count
            if dice_count > MAX_DICE:
                raise FormulaError(text, column(at), f"at most {MAX_DICE} dice in all")
        else:
            match = _NUMBER.match(src, at)
            if match is None:
                what = f"{src[at]!r}" if at < len(src) else "nothing"
                raise FormulaError(text, column(at), f"a term (like 2d6 or 3) is needed here, not {what}")
            number = _whole(text, match.group(), column(at))
            if number > MAX_NUMBER:
                raise FormulaError(text, column(at), f"a number may be at most {MAX_NUMBER}")
            term = Term(sign, number=number)
        terms.append(term)
        if len(terms) > MAX_TERMS:
            raise FormulaError(text, column(at), f"at most {MAX_TERMS} terms")
        at = match.end()
        if at == len(src):
            return DiceFormula(src, tuple(terms))
        if src[at] not in "+-":
            raise FormulaError(text, column(at), f"{src[at]!r} cannot follow a term (use + or −)")
        sign = 1 if src[at] == "+" else -1
        at += 1


def _dice_term(text: str, match: re.Match[str], sign: int, column: Callable[[int], int]) -> Term:
    at = match.start()
    col = column(at)
    count = _whole(text, match.group(1), col) if match.group(1) else 1
    sides = _whole(text, match.group(2), col)
    if not 1 <= count <= MAX_COUNT:
        raise FormulaError(text, col, f"the number of dice must be 1–{MAX_COUNT}, not {count}")
    if not 2 <= sides <= MAX_SIDES:
        raise FormulaError(text, col, f"a die has 2–{MAX_SIDES} sides, not {sides}")
    keep: int | None = None
    if match.group(3):
        if not match.group(4):
            raise FormulaError(text, column(match.end()),
                               f"say how many dice {match.group(3)} keeps (like 4d6kh3)")
        keep = _whole(text, match.group(4), col)
        if not 1 <= keep <= count:
            raise FormulaError(text, col, f"{count}d{sides} can keep 1–{count} dice, not {keep}")
    return Term(sign, DiceExpression(count, sides, 0, keep, match.group(3) != "kl"))


def _whole(text: str, digits: str, column: int) -> int:
    """``digits`` as a number, measured before it is converted (FormulaError at ``column``)."""
    try:
        return whole_number_text(digits)
    except NumberTextError as bad:
        raise FormulaError(text, column, str(bad)) from None


def roll_formula(formula: DiceFormula, dice: DiceSource, purpose: str = "GM roll") -> FormulaRoll:
    """Roll every dice term of ``formula`` with ``dice`` (in order) and add the terms up."""
    faces: list[int] = []
    parts: list[str] = []
    total = 0
    for term in formula.terms:
        if term.dice is None:
            values, note = [term.number], ""
        else:
            rolled = roll(term.dice, dice, purpose)
            faces.extend(rolled.faces)
            values = list(rolled.kept)
            dropped = list(rolled.faces)
            for kept in rolled.kept:
                dropped.remove(kept)
            note = f" (dropped {', '.join(str(d) for d in dropped)})" if dropped else ""
        total += term.sign * sum(values)
        shown = " + ".join(str(v) for v in values)
        if term.sign < 0:
            shown = shown if len(values) == 1 else f"({shown})"
            parts.append(f"− {shown}" if parts else f"−{shown}")
        else:
            parts.append(f"+ {shown}" if parts else shown)
        parts[-1] += note
    arithmetic = " ".join(parts)
    if len(faces) + sum(1 for t in formula.terms if t.dice is None) > 1:
        arithmetic += f" = {total}"
    return FormulaRoll(formula, tuple(faces), total, arithmetic)
