"""``apply_answering``: a command and the table's answers to what it asks, in one call — the steps
(each command, the encounter after it, its events) that :func:`~vantage.engine.session.apply`
gives applying the command and then each answer, the ruleset resolving its own command once
(:mod:`vantage.engine.rules.answering`). The simulator plays every decision this way."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.dice import DiceSource
from vantage.engine.model import Encounter
from vantage.engine.movement.riding import keep_riders
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.gm_commands import GmRoll
from vantage.engine.rules import UnknownRuleset, get_ruleset
from vantage.engine.rules.answering import (
    ANSWERS_IN_A_ROW,
    AnsweredStep,
    Answerer,
    AnsweringStopped,
    answers_after,
)

# the package's door (its lazy export): applying.py loads when ``apply`` is first used
from vantage.engine.session import apply
from vantage.engine.session.gm import resolve_gm


def apply_answering(
    encounter: Encounter, command: Command, dice: DiceSource, answer: Answerer,
    limit: int = ANSWERS_IN_A_ROW,
) -> list[AnsweredStep]:
    """``apply(command)``, then each decision it waits for answered by ``answer(decision)`` (at
    most ``limit`` in a row): the steps — each command, the encounter after it, its events — that
    applying them one by one gives; the ruleset resolves its own command once, each answer handed
    to it where it asks. CommandRejected: the command is refused (nothing changed);
    AnsweringStopped: an answer was refused, or too many decisions came, after the steps it
    carries."""
    if isinstance(command, GmRoll):  # the one GM command that rolls dice
        return apply_one_by_one(encounter, command, dice, answer, limit)
    resolved = resolve_gm(encounter, command)
    if resolved is not None:  # a GM command, as ``apply`` resolves it
        return _answered(AnsweredStep(command, *_riders_after(encounter, *resolved)), dice, answer, limit)
    try:
        ruleset = get_ruleset(encounter.ruleset)
    except UnknownRuleset as exc:
        raise CommandRejected(str(exc)) from None
    one_go = getattr(ruleset, "apply_answering", None)
    if one_go is None:
        return apply_one_by_one(encounter, command, dice, answer, limit)
    try:
        steps = one_go(encounter, command, dice, answer, limit)
    except AnsweringStopped as stopped:
        stopped.steps = _riders_kept(encounter, stopped.steps)
        raise
    return _riders_kept(encounter, steps)


def apply_one_by_one(
    encounter: Encounter, command: Command, dice: DiceSource, answer: Answerer,
    limit: int = ANSWERS_IN_A_ROW,
) -> list[AnsweredStep]:
    """What :func:`apply_answering` gives, the plain way: ``apply`` the command, then each answer
    in turn (the waiting command replayed from its start at each)."""
    return _answered(AnsweredStep(command, *apply(encounter, command, dice)), dice, answer, limit)


def _riders_after(before: Encounter, after: Encounter, events: list[Event]) -> tuple[Encounter, list[Event]]:
    """What ``apply`` makes of a resolved command: every rider still on its mount (nothing to do
    when no token rides: ``keep_riders`` leaves such a state as it is)."""
    tokens = after.tokens
    if tokens is _RIDERLESS[0]:
        return after, events
    if all(t.rides is None for t in tokens):
        _RIDERLESS[0] = tokens
        return after, events
    after, riding = keep_riders(before, after)
    return after, [*events, *riding] if riding else events


#: The last tokens tuple found with no rider among them (:func:`_riders_after`).
_RIDERLESS: list[object] = [None]


def _riders_kept(encounter: Encounter, steps: Sequence[AnsweredStep]) -> list[AnsweredStep]:
    """The steps with every rider kept on its mount after each (as ``apply`` does)."""
    kept = []
    before = encounter
    for step in steps:
        after, events = _riders_after(before, step.encounter, step.events)
        kept.append(step if after is step.encounter and events is step.events
                    else AnsweredStep(step.command, after, events))
        before = after
    return kept


def _answered(first: AnsweredStep, dice: DiceSource, answer: Answerer, limit: int) -> list[AnsweredStep]:
    """``first``, then an answer to each decision waiting after it, applied one by one."""
    try:
        ruleset = get_ruleset(first.encounter.ruleset)
    except UnknownRuleset:  # a GM command on an encounter of no known ruleset: nothing waits
        return [first]
    return answers_after(first, ruleset.pending, lambda after, reply: apply(after, reply, dice),
                         answer, limit)
