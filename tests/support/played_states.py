"""Every state a simulated fight of a sample passes through (pauses for the table included), for
tests that compare a ruleset's short ways to an answer with the shared ones on played states."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter
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
