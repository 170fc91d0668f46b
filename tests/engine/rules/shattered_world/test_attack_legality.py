"""An Attack's legality from its checks alone (``ShatteredWorld.legality``, ``attack_options``)
answers as the shared one does — the command run until its first roll or question — in every
state of a played fight: its turn, the passes ("All characters and/or monsters make at most one
Attack, in descending order"), two weapons ("Attack twice or Parry twice (once with each)"),
reach, the fallen and a decision waiting for the table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack
from vantage.engine.protocol.events import Event
from vantage.engine.rules.ruleset_base import RulesetBase
from vantage.engine.rules.shattered_world.ruleset import SHATTERED_WORLD
from vantage.engine.simulate.policy import FightPlayer

SAMPLE = Path(__file__).resolve().parents[4] / "maps" / "05-shattered-world-ford.json"


class Recorder(FightPlayer):
    """Plays the sample fight and keeps every state it passes through (pauses included)."""

    def __init__(self, encounter: Encounter, seed: int) -> None:
        super().__init__(encounter, SeededDice(seed))
        self.states: list[Encounter] = []

    def note(self, events: Sequence[Event]) -> None:
        self.states.append(self.enc)
        super().note(events)


def played_states(seed: int, every: int) -> list[Encounter]:
    player = Recorder(load_encounter(SAMPLE), seed)
    player.play(6)
    return player.states[::every]


def attacks(enc: Encounter) -> list[Attack]:
    fighters = [t.id for t in enc.tokens if t.stats]
    out = []
    for a in fighters:
        for t in fighters:
            for name in ("Longsword", "Kite", "Spear", "Target", "Hand Axe", "Buckler", "Longbow", "Bite",
                         "fist", "kick", None):
                out.append(Attack(a, t, name))
            out.append(Attack(a, t, "Spear", {"throw": True}))
    return out


def test_an_attacks_checks_answer_as_the_command_run_to_its_first_roll() -> None:
    compared = refused = waiting = 0
    for enc in played_states(seed=3, every=4):
        waiting += bool(SHATTERED_WORLD.pending(enc))
        for command in attacks(enc):
            fast = SHATTERED_WORLD.legality(enc, command)
            run = RulesetBase.legality(SHATTERED_WORLD, enc, command)
            assert fast == run, (command, enc.combat.get("round"))
            compared += 1
            refused += not run[0]
    assert compared > 1000 and 0 < refused < compared and waiting > 0


def test_attack_options_give_each_attack_the_legality_of_the_command_run() -> None:
    seen = 0
    for enc in played_states(seed=5, every=6):
        fighters = [t.id for t in enc.tokens if t.stats]
        for a in fighters:
            for t in fighters:
                options = SHATTERED_WORLD.attack_options(enc, a, t)
                assert isinstance(options, list)
                for option in options:
                    run = RulesetBase.legality(SHATTERED_WORLD, enc, option.command)
                    assert (option.legal, option.reason) == run, option.label
                    seen += 1
    assert seen > 200
