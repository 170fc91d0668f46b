"""Whole numbers typed as text are measured before Python converts them (issue 33, item 5: ``gm_roll``
with a number of more than 4,300 digits ended in "ValueError: Exceeds the limit (4300 digits) for
integer string conversion" in every ruleset and in the GUI's dice box). One validator,
:func:`vantage.engine.protocol.field_values.whole_number_text`, is used wherever text becomes a whole
number: dice formulas, the dice of stat blocks, Tiled tile ids, ``vantage import --tiles``, the faces
typed at the table and the cells of the stat-block editor."""

from __future__ import annotations

import time

import pytest

from vantage.engine.dice import DiceError, SeededDice, parse
from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.field_values import MAX_NUMBER, NumberTextError, whole_number_text
from vantage.engine.protocol.gm_commands import GmRoll
from vantage.engine.rules import ruleset_ids
from vantage.engine.session import apply

HUGE = "9" * 5000


@pytest.mark.parametrize(("text", "value"), [
    ("0", 0), (" 12 ", 12), ("+7", 7), ("-3", -3), ("0000000000000000000000000000042", 42),
    (str(MAX_NUMBER), MAX_NUMBER), (str(-MAX_NUMBER), -MAX_NUMBER),
])
def test_whole_numbers_are_read(text: str, value: int) -> None:
    assert whole_number_text(text) == value


@pytest.mark.parametrize(("text", "reason"), [
    (HUGE, "a number of 5,000 digits is too large (at most 9,007,199,254,740,992)"),
    ("-" + "1" * 10**6, "a number of 1,000,000 digits is too large (at most 9,007,199,254,740,992)"),
    (str(MAX_NUMBER + 1), "9,007,199,254,740,993 is too large (at most 9,007,199,254,740,992)"),
    ("1_000", "'1_000' is not a whole number"),
    ("١٢", "'١٢' is not a whole number"),  # Arabic-Indic digits: int() reads them, a file should not
    ("1.5", "'1.5' is not a whole number"),
    ("", "'' is not a whole number"),
])
def test_anything_else_is_refused_in_words_before_it_is_converted(text: str, reason: str) -> None:
    started = time.monotonic()
    with pytest.raises(NumberTextError) as refused:
        whole_number_text(text)
    assert time.monotonic() - started < 0.5
    assert str(refused.value) == reason


def test_a_bound_of_its_own() -> None:
    assert whole_number_text("100", most=100) == 100
    with pytest.raises(NumberTextError, match="101 is too large \\(at most 100\\)"):
        whole_number_text("101", most=100)


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
@pytest.mark.parametrize(("formula", "column"), [
    (f"1d6+{HUGE}", 5), (f"{HUGE}d6", 1), (f"2d{HUGE}", 1), (f"4d6kh{HUGE}", 1),
])
def test_gm_roll_with_a_number_of_5000_digits_is_refused_at_its_column(
    ruleset_id: str, formula: str, column: int
) -> None:
    enc = Encounter(GameMap(4, 4), ruleset=ruleset_id, name="test")
    with pytest.raises(CommandRejected) as refused:
        apply(enc, GmRoll(formula), SeededDice(1))
    reason = refused.value.reason
    assert f"column {column}: a number of 5,000 digits is too large" in reason, reason
    assert len(reason) < 300  # the formula itself is shortened, not printed in full


@pytest.mark.parametrize("expression", [f"{HUGE}d6", f"1d{HUGE}", f"4d6kh{HUGE}", f"1d6+{HUGE}"])
def test_a_stat_block_die_of_5000_digits_is_a_dice_error(expression: str) -> None:
    """The dice of a stat block (a weapon's damage) go through ``dice.parse``; the issue's
    "5,000-digit die in a stat block" ended in ValueError there."""
    with pytest.raises(DiceError, match="a number of 5,000 digits is too large") as refused:
        parse(expression)
    assert len(str(refused.value)) < 300
