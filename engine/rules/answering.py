"""A command and the table's answers to what it asks, as one call (the simulator's way of playing
a decision: its player answers at once).

Applied one by one, a command that asks pauses (``combat["pending"]``) and runs again from its
start with each answer (:mod:`.decisions`). :meth:`RulesetBase.apply_answering
<vantage.engine.rules.ruleset_base.RulesetBase.apply_answering>` resolves it once instead, handing
each answer to it where it asks, and gives the same steps — each command (the command, then each
answer), the encounter after it and its events — as applying them one by one would, with the same
dice: only the work before each question is not done again. :func:`answering_one_by_one` is that
one-by-one way, for what the one-go resolution does not cover.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from vantage.engine.dice import DiceSource
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Answer, Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.rules.decisions import Decision

#: At most this many decisions answered in a row for one command.
ANSWERS_IN_A_ROW = 32

#: Who answers a decision: the :class:`Answer` the table sends to it.
Answerer = Callable[[Decision], Answer]


@dataclass(frozen=True)
class AnsweredStep:
    """One command applied (the first step's is the command itself, each later one an answer),
    the encounter after it, and its events."""

    command: Command
    encounter: Encounter
    events: list[Event]


class AppliesAndWaits(Protocol):
    """What answering one by one asks of a ruleset: ``apply`` and ``pending``."""

    def apply(self, encounter: Encounter, command: Command,
              dice: DiceSource) -> tuple[Encounter, list[Event]]: ...

    def pending(self, encounter: Encounter) -> tuple[Decision, ...]: ...


class AnsweringStopped(Exception):  # noqa: N818 - says why it stopped, not only an error
    """The answers stopped after ``steps``: ``refused`` (an :class:`Answer` the engine refused,
    ``reason`` says why), or None when more than the allowed decisions came in a row."""

    def __init__(self, steps: Sequence[AnsweredStep], reason: str, refused: Command | None = None) -> None:
        super().__init__(reason)
        self.steps = list(steps)
        self.reason = reason
        self.refused = refused


def answering_one_by_one(
    ruleset: AppliesAndWaits, encounter: Encounter, command: Command, dice: DiceSource, answer: Answerer,
    limit: int = ANSWERS_IN_A_ROW,
) -> list[AnsweredStep]:
    """``command``, then an answer to each decision waiting after it, applied one by one by
    ``ruleset`` (what ``RulesetBase.apply_answering`` gives in one go)."""
    first = AnsweredStep(command, *ruleset.apply(encounter, command, dice))
    return answers_after(first, ruleset.pending, lambda after, reply: ruleset.apply(after, reply, dice),
                         answer, limit)


def answers_after(
    first: AnsweredStep, pending: Callable[[Encounter], Sequence[Decision]],
    apply_one: Callable[[Encounter, Command], tuple[Encounter, list[Event]]], answer: Answerer,
    limit: int = ANSWERS_IN_A_ROW,
) -> list[AnsweredStep]:
    """``first``, then an answer to each decision ``pending`` finds waiting after it, each applied
    by ``apply_one``. AnsweringStopped: an answer was refused, or more than ``limit`` decisions
    came in a row."""
    steps = [first]
    after = first.encounter
    while True:
        waiting = pending(after)
        if not waiting:
            return steps
        if len(steps) > limit:
            raise AnsweringStopped(steps, f"the engine kept asking: {limit} decisions in a row")
        reply = answer(waiting[0])
        try:
            after, events = apply_one(after, reply)
        except CommandRejected as refused:
            raise AnsweringStopped(steps, refused.reason, reply) from None
        steps.append(AnsweredStep(reply, after, events))
