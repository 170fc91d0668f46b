"""The Dice Rolls chart — an assumed data table (engine/rules/avorkarth/chart.py)."""

import pytest

from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART, DiceRollsChart, Outcome


def test_default_bands_at_equal_values():
    """Assumed — not in the source text: d20, ≤2 crit fail, 3–8 fail, 9–11 partial, 12–19 success, 20 crit."""
    got = [DEFAULT_CHART.outcome(n, 0) for n in (1, 2, 3, 8, 9, 11, 12, 19, 20)]
    assert got == [Outcome.CRITICAL_FAIL, Outcome.CRITICAL_FAIL, Outcome.FAIL, Outcome.FAIL, Outcome.PARTIAL,
                   Outcome.PARTIAL, Outcome.SUCCESS, Outcome.SUCCESS, Outcome.CRITICAL_SUCCESS]


def test_each_category_shifts_two_faces():
    """"Back attacks increase the attack's rolling category by 3" — three categories = 6 faces."""
    assert DEFAULT_CHART.outcome(14, 3) is Outcome.CRITICAL_SUCCESS
    assert DEFAULT_CHART.outcome(14, 0) is Outcome.SUCCESS
    assert DEFAULT_CHART.outcome(4, -1) is Outcome.CRITICAL_FAIL


def test_chart_is_overridable_data():
    chart = DiceRollsChart.from_dict({"faces_per_category": 1, "success_max": 18})
    assert chart.outcome(19, 0) is Outcome.CRITICAL_SUCCESS
    assert DiceRollsChart.from_dict(DEFAULT_CHART.to_dict()) == DEFAULT_CHART
    with pytest.raises(ValueError, match="unknown"):
        DiceRollsChart.from_dict({"bands": 3})
    with pytest.raises(ValueError, match="rise"):
        DiceRollsChart.from_dict({"fail_max": 1})


def test_outcome_shift_is_clamped():
    assert Outcome.SUCCESS.shifted(1) is Outcome.CRITICAL_SUCCESS
    assert Outcome.SUCCESS.shifted(5) is Outcome.CRITICAL_SUCCESS
    assert Outcome.FAIL.shifted(-3) is Outcome.CRITICAL_FAIL
