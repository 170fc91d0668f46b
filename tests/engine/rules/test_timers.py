"""Condition timers in a named unit (engine/rules/timers.py): rounds, the bearer's turns, its
side's turns; what they read as, and how they tick down and run out."""

from __future__ import annotations

import pytest

from vantage.engine.dice import NoDice
from vantage.engine.model import Condition, Encounter, GameMap, Side, Token
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.timers import TimerUnit, duration_text, tick, unit_named


def _work(*conditions: Condition) -> CombatWork:
    token = Token("ann", "Ann", (0, 0), Side.PARTY, conditions=conditions)
    return CombatWork(Encounter(GameMap(2, 2), tokens=(token,), ruleset="avorkarth"), NoDice())


def test_a_duration_reads_in_its_unit():
    """``duration_text``: "``"1 round"``, ``"3 turns"``, ``"2 side turns"``"."""
    assert duration_text(1) == "1 round"
    assert duration_text(3, TimerUnit.TURNS) == "3 turns"
    assert duration_text(2, TimerUnit.SIDE_TURNS) == "2 side turns"
    assert duration_text(1, TimerUnit.SIDE_TURNS) == "1 side turn"


def test_a_unit_is_found_by_its_name_and_an_unknown_one_lists_the_units():
    """``unit_named``: "The unit called ``text``; ValueError lists the units"."""
    assert [unit_named(u) for u in ("rounds", "turns", "side turns")] == list(TimerUnit)
    with pytest.raises(ValueError) as refused:
        unit_named("weeks")
    assert str(refused.value) == "'weeks' is not a timer unit (known: rounds, turns, side turns)"


def test_a_tick_counts_down_only_the_conditions_timed_in_that_unit():
    """``tick``: "One ``unit`` passes for ``tokens``: their conditions timed in it count down"."""
    work = _work(Condition("dazed", 3, unit="turns"), Condition("slowed", 2), Condition("prone"),
                 Condition("inspired", 2, unit="side turns"))
    tick(work, TimerUnit.TURNS, ["ann"])
    assert work.token("ann").conditions == (Condition("dazed", 2, unit="turns"), Condition("slowed", 2),
                                            Condition("prone"), Condition("inspired", 2, unit="side turns"))
    assert work.events == []


def test_a_timer_that_runs_out_ends_its_condition_with_an_event():
    """"those whose time is up end" — "with a 'no longer …' event"."""
    work = _work(Condition("slowed", 1), Condition("blinded", 2), Condition("shaken", 1))
    tick(work, TimerUnit.ROUNDS, ["ann"])
    assert work.token("ann").conditions == (Condition("blinded", 1),)
    assert [e.sentence for e in work.events] == ["Ann is no longer slowed (its time is up).",
                                                 "Ann is no longer shaken (its time is up)."]
    tick(work, TimerUnit.ROUNDS, ["ann"])
    assert work.token("ann").conditions == ()


def test_ticking_a_token_without_timed_conditions_changes_nothing():
    """Untimed conditions last until removed."""
    work = _work(Condition("prone"))
    before = work.token("ann")
    tick(work, TimerUnit.ROUNDS, ["ann"])
    tick(work, TimerUnit.SIDE_TURNS, ["ann"])
    assert work.token("ann") == before and work.events == []
