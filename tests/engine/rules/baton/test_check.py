"""The core check (assumed — not in the source text): 2d6 + skill against "7 + skill", success
levels, positive/negative chance, the even die, the critical success."""

from __future__ import annotations

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.explain import Breakdown
from vantage.engine.rules.baton.check import Chances, difficulty, expression, make_check, success_chance
from vantage.engine.rules.baton.tables import ladder_expression


def test_an_even_match_is_7_plus_skill_against_2d6_plus_skill():
    """The text: "a difficulty equal to 7 + the opponent's skill": 2d6 averages 7, a tie succeeds."""
    assert success_chance(7) == pytest.approx(21 / 36)
    assert success_chance(2) == 1.0 and success_chance(13) == 0.0


def test_chances_add_a_die_and_keep_two_and_cancel():
    """The text: "a positive chance" / "a negative chance" — one more d6, the two highest / lowest kept."""
    assert expression(1) == "3d6kh2" and expression(-2) == "4d6kl2" and expression(0) == "2d6"
    assert Chances(("higher ground",), ("half cover",)).net() == 0
    assert Chances(("a", "b", "c", "d")).net() == 3  # at most 3 either way
    assert success_chance(7, 1) > success_chance(7) > success_chance(7, -1)


def test_success_levels_the_even_die_and_the_critical():
    """The text: "5 feet per success level"; "the die result is even"; "a critical success"."""
    skill, against = Breakdown("Skill", 2, "Athletics"), difficulty(8)
    result = make_check(ScriptedDice([4, 6]), "dash", skill, against)  # 10 + 2 = 12 against 8
    assert result.success and result.levels == 3 and result.even and not result.critical
    assert (
        result.explanation() == "dice 10 + Athletics 2 = 12 against difficulty 8: success, 3 success levels"
    )
    tie = make_check(ScriptedDice([3, 3]), "dash", skill, against)
    assert tie.success and tie.levels == 1
    miss = make_check(ScriptedDice([1, 4]), "dash", skill, against)
    assert not miss.success and miss.levels == 0 and not miss.even
    assert make_check(ScriptedDice([6, 6]), "x", skill, against).critical


def test_the_difficulty_reads_as_arithmetic():
    result = make_check(
        ScriptedDice([2, 2]), "x", Breakdown("Skill", 1, "Dodge"), difficulty(7, ("Dodge", 2))
    )
    assert result.explanation() == "dice 4 + Dodge 1 = 5 against difficulty 7 + Dodge 2 = 9: failure"


def test_the_damage_ladder():
    """The text: "+1 on the damage ladder" (the ladder is assumed: 1, 1d3, 1d6, 2d6, 3d6, 4d6, then +1d6)."""
    assert ladder_expression("1d6", 1) == "2d6" and ladder_expression("1d3", 2) == "2d6"
    assert ladder_expression("4d6", 2) == "6d6" and ladder_expression("1d6", 0) == "1d6"
