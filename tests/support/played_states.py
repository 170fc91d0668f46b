"""Every state a simulated fight of a sample passes through (pauses for the table included), and a
command resolved in one go on one, for tests that compare a ruleset's short ways to an answer with
the shared ones on played states."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Answer, Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.simulate.policy import FightPlayer


class Recorder(FightPlayer):
    """Plays a fight and keeps every state it passes through."""

    def __init__(self, encounter: Encounter, seed: int) -> None:
        super().__init__(encounter, SeededDice(seed))
        self.states: list[Encounter] = []

    def note(self, events: Sequence[Event]) -> None:
        self.states.append(self.enc)
        super().note(events)


def played_states(sample: Path, seed: int, rounds: int, every: int) -> list[Encounter]:
    """Every ``every``-th state of ``rounds`` rounds of the fight of ``sample`` seeded ``seed``."""
    player = Recorder(load_encounter(sample), seed)
    player.play(rounds)
    return player.states[::every]


def resolved_in_one_go(resolve: Callable[..., Sequence[Any]], enc: Encounter, command: Command) -> object:
    """``command`` resolved in one go (``resolve``: an ``apply_answering``) with seeded dice, each
    question answered with its default: the steps (command, state, events) or the refusal."""
    try:
        steps = resolve(enc, command, SeededDice(7), lambda decision: Answer(choice=decision.default))
    except CommandRejected as refused:
        return (type(refused).__name__, refused.reason)
    return [(step.command, step.encounter, step.events) for step in steps]
