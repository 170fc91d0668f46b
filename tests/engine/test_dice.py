"""Dice expressions, injected sources and recorded rolls (engine/dice.py)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.dice import DiceError, DiceScriptExhausted, ScriptedDice, SeededDice, parse, roll


def test_plain_d20_records_purpose_and_face():
    r = roll("d20", ScriptedDice([14]), "hit roll, Bram vs Ghoul")
    assert (r.expr, r.faces, r.kept, r.total) == ("1d20", (14,), (14,), 14)
    assert r.purpose == "hit roll, Bram vs Ghoul"
    assert "Bram vs Ghoul" in r.text


def test_sum_and_modifier():
    assert roll("2d8+3", ScriptedDice([2, 7]), "damage").total == 12
    assert roll("3d20", ScriptedDice([1, 10, 20]), "sum").total == 31
    assert roll("d6-1", ScriptedDice([1]), "low").total == 0


def test_keep_highest_and_lowest():
    r = roll("4d6kh3", ScriptedDice([1, 6, 3, 5]), "stat")
    assert r.faces == (1, 6, 3, 5) and r.kept == (6, 3, 5)
    assert r.total == 14
    low = roll("2d20kl1", ScriptedDice([17, 4]), "disadvantage")
    assert low.kept == (4,) and low.total == 4


def test_script_that_runs_out_is_an_error_not_a_random_roll():
    dice = ScriptedDice([5])
    roll("d20", dice, "first")
    with pytest.raises(DiceScriptExhausted, match="ran out"):
        roll("d20", dice, "second")


def test_scripted_face_must_fit_the_die():
    with pytest.raises(DiceError, match="d6 cannot show"):
        roll("d6", ScriptedDice([9]), "wrong script")


@pytest.mark.parametrize("bad", ["", "20", "d1", "0d6", "2d6kh3", "d20+", "x2d6", "2d6kq1"])
def test_bad_expressions_say_why(bad):
    with pytest.raises(DiceError):
        parse(bad)


def test_seeded_dice_repeat_with_the_same_seed():
    first = SeededDice(7)
    second = SeededDice(7)
    assert [first.face(20) for _ in range(50)] == [second.face(20) for _ in range(50)]


@settings(max_examples=50)
@given(st.integers(0, 10_000), st.lists(st.integers(1, 1000), min_size=1, max_size=40))
def test_seeded_dice_show_what_the_seeded_generator_would(seed, sides):
    """The same seed gives the same faces, in the same order, as ``random.Random(seed).randint``
    (the fast path must not change a replayed fight)."""
    dice, plain = SeededDice(seed), random.Random(seed)
    assert [dice.face(s) for s in sides] == [plain.randint(1, s) for s in sides]


def test_seeded_dice_refuse_a_die_without_sides():
    with pytest.raises(ValueError):
        SeededDice(1).face(0)


def test_roll_round_trips_through_dict():
    r = roll("3d6kl2+1", ScriptedDice([4, 2, 6]), "x")
    assert type(r).from_dict(r.to_dict()) == r


@settings(max_examples=100)
@given(st.integers(1, 6), st.integers(2, 20), st.integers(-5, 5), st.integers(0, 10_000))
def test_total_is_kept_sum_plus_modifier_and_in_range(count, sides, mod, seed):
    expr = f"{count}d{sides}{mod:+d}"
    r = roll(expr, SeededDice(seed), "property")
    assert len(r.faces) == count
    assert all(1 <= f <= sides for f in r.faces)
    assert r.total == sum(r.kept) + mod
    assert count + mod <= r.total <= count * sides + mod


def test_no_dice_refuse_every_roll_with_a_dice_error():
    from vantage.engine.dice import DiceError, NoDice, RollAttempted, roll

    with pytest.raises(RollAttempted, match="a d20 was rolled") as refused:
        roll("1d20", NoDice(), "a query that must not roll")
    assert isinstance(refused.value, DiceError)
