"""The dice box's formulas (``vantage.engine.session.dice_formula``):
"formula := term (("+" | "-") term)*", rolled to arithmetic that reads as a sum."""

from __future__ import annotations

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.session.dice_formula import FormulaError, parse_formula, roll_formula


@pytest.mark.parametrize(("text", "faces", "arithmetic", "total"), [
    ("2d6+3", [4, 2], "4 + 2 + 3 = 9", 9),
    ("d20", [14], "14", 14),
    ("D20 - 1d4", [14, 3], "14 − 3 = 11", 11),
    ("4d6kh3", [1, 6, 5, 4], "6 + 5 + 4 (dropped 1) = 15", 15),
    ("2d20kl1+1", [17, 3], "3 (dropped 17) + 1 = 4", 4),
    ("2d6-2d4", [1, 2, 3, 4], "1 + 2 − (3 + 4) = -4", -4),
    ("1d8 + 1d6 + 0", [8, 6], "8 + 6 + 0 = 14", 14),
])
def test_a_formula_rolls_to_arithmetic(text, faces, arithmetic, total):
    """"A rolled formula reads as arithmetic: 2d6+3 → "4 + 2 + 3 = 9"; dropped dice are named"."""
    dice = ScriptedDice(faces)
    rolled = roll_formula(parse_formula(text), dice)
    assert (rolled.arithmetic, rolled.total, rolled.faces) == (arithmetic, total, tuple(faces))
    assert dice.remaining == 0


@pytest.mark.parametrize(("text", "column", "problem"), [
    ("2d6+", 5, "a term (like 2d6 or 3) is needed here, not nothing"),
    ("2x6", 2, "'x' cannot follow a term"),
    ("0d6", 1, "the number of dice must be 1–100, not 0"),
    ("101d6", 1, "the number of dice must be 1–100, not 101"),
    ("2d6+d1", 5, "a die has 2–1000 sides, not 1"),
    ("4d6kh", 6, "say how many dice kh keeps"),
    ("4d6kh5", 1, "4d6 can keep 1–4 dice, not 5"),
    ("", 1, "type a dice formula"),
    ("   ", 1, "type a dice formula"),
    ("10001", 1, "a number may be at most 10000"),
    ("2d6 3", 4, "a space inside a term"),
    ("+2d6", 1, "a term (like 2d6 or 3) is needed here, not '+'"),
    ("60d6+60d6", 6, "at most 100 dice in all"),
])
def test_a_bad_formula_names_the_column_and_the_problem(text, column, problem):
    """"A formula that cannot be read raises FormulaError with the column (1-based) of the first
    thing wrong"."""
    with pytest.raises(FormulaError) as bad:
        parse_formula(text)
    assert bad.value.column == column and problem in bad.value.problem


def test_the_limits_themselves_are_allowed():
    """"count is 1–100 …, sides 2–1000, … a number 0–10000": the edges are inside."""
    assert parse_formula("100d1000+10000").terms[0].dice is not None
    assert parse_formula("d2").text == "d2"
