"""Condition timers with a named unit: a condition lasts some rounds, some of its bearer's turns,
or some turns of its bearer's side (a baton-style ruleset hands the initiative to sides).

``Condition.rounds_left`` counts the unit named by ``Condition.unit``. A ruleset's turn machine
calls :func:`tick` at the matching moment — round end for ``ROUNDS``, the end of the bearer's turn
for ``TURNS``, the end of a turn of the bearer's side for ``SIDE_TURNS`` — and the timer runs out
with a "no longer …" event.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from enum import StrEnum
from typing import Protocol

from vantage.engine.model import Token


class TimedTokens(Protocol):
    """What ticking needs of a command's working copy (a ``CombatWork``)."""

    def token(self, token_id: str) -> Token: ...

    def set_token(self, token: Token) -> None: ...

    def remove_condition(self, token_id: str, name: str, why: str = "") -> None: ...


class TimerUnit(StrEnum):
    ROUNDS = "rounds"
    TURNS = "turns"  # the bearer's own turns
    SIDE_TURNS = "side turns"  # turns of the bearer's side


_SINGULAR = {TimerUnit.ROUNDS: "round", TimerUnit.TURNS: "turn", TimerUnit.SIDE_TURNS: "side turn"}


def duration_text(count: int, unit: TimerUnit = TimerUnit.ROUNDS) -> str:
    """``"1 round"``, ``"3 turns"``, ``"2 side turns"``."""
    word = _SINGULAR[unit]
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def tick(work: TimedTokens, unit: TimerUnit, tokens: Iterable[str]) -> None:
    """One ``unit`` passes for ``tokens``: their conditions timed in it count down, and those whose
    time is up end."""
    unit_value = unit.value  # read once: a member's value is a property
    for tid in tokens:
        token = work.token(tid)
        for cond in token.conditions:
            if cond.rounds_left is None or cond.unit != unit_value:
                continue
            if cond.rounds_left <= 1:
                work.remove_condition(tid, cond.name, "its time is up")
            else:
                token = work.token(tid)
                conds = tuple(
                    replace(c, rounds_left=c.rounds_left - 1)
                    if c.name == cond.name and c.rounds_left is not None else c
                    for c in token.conditions
                )
                work.set_token(replace(token, conditions=conds))


def turn_ended(work: TimedTokens, token_id: str, tokens: Iterable[str]) -> None:
    """``token_id``'s turn ended: its timers in turns tick, and so do the timers in side turns of
    every token of ``tokens`` on its side (itself included)."""
    tick(work, TimerUnit.TURNS, [token_id])
    side = work.token(token_id).side
    # a token without conditions has no timer to tick
    timed = [t for t in tokens if (token := work.token(t)).conditions and token.side == side]
    tick(work, TimerUnit.SIDE_TURNS, timed)


def unit_named(text: str) -> TimerUnit:
    """The unit called ``text``; ValueError lists the units."""
    try:
        return TimerUnit(text)
    except ValueError:
        known = ", ".join(u.value for u in TimerUnit)
        raise ValueError(f"{text!r} is not a timer unit (known: {known})") from None
