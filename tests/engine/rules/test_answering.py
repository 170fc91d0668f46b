"""A command and the table's answers in one call (``apply_answering``) against the plain way, the
command applied and then each answer in turn. The rule it keeps (``decisions``): "then the command
runs once more from the start with every answer and the same faces, so its result is exactly as if
nobody had waited" — so resolving it once, each answer handed over where it is asked, must give
the same commands, states, events and dice."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import encounter_to_dict, load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Answer, Command
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.answering import AnsweredStep, AnsweringStopped
from vantage.engine.rules.decisions import PENDING
from vantage.engine.session.answering import apply_answering, apply_one_by_one
from vantage.engine.simulate import policy
from vantage.engine.simulate.fight import play_fight

MAPS = Path(__file__).resolve().parents[3] / "maps"


def steps_text(steps: list[AnsweredStep]) -> str:
    return json.dumps([[s.command.to_dict(), encounter_to_dict(s.encounter), [e.to_dict() for e in s.events]]
                       for s in steps], sort_keys=True, default=str)


def paused_commands(sample: str) -> list[tuple[Encounter, Command, SeededDice]]:
    """The commands of a short simulated fight of ``sample`` that waited for the table, each with
    the state and the dice it was applied with."""
    found = []
    applied = policy.apply_answering

    def noting(enc: Encounter, command: Command, dice: Any, answer: Any) -> list[AnsweredStep]:
        before = copy.deepcopy(dice)
        steps = applied(enc, command, dice, answer)
        if len(steps) > 1:
            found.append((enc, command, before))
        return steps

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(policy, "apply_answering", noting)
        play_fight(load_encounter(MAPS / sample), seed=3, max_rounds=4)
    return found


@pytest.mark.parametrize("sample", sorted(p.name for p in MAPS.glob("0*.json")))
def test_answering_in_one_go_gives_the_steps_of_answering_one_by_one(sample: str) -> None:
    compared = []
    applied = policy.apply_answering

    def both(enc: Encounter, command: Command, dice: Any, answer: Any) -> list[AnsweredStep]:
        plain_dice = copy.deepcopy(dice)
        try:
            plain = steps_text(apply_one_by_one(enc, command, plain_dice, answer))
        except Exception as refused:  # noqa: BLE001 - the one go must refuse it alike
            with pytest.raises(type(refused)):
                applied(enc, command, dice, answer)
            return []  # never reached: the one go raised as well
        steps = applied(enc, command, dice, answer)
        assert steps_text(steps) == plain, f"{command.kind} answered in one go differs"
        assert dice._random.getstate() == plain_dice._random.getstate(), "not the same dice drawn"
        compared.append(len(steps))
        return steps

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(policy, "apply_answering", both)
        play_fight(load_encounter(MAPS / sample), seed=3, max_rounds=4)
    assert compared
    if "shattered" in sample or "baton" in sample:  # their samples' reactions are asked
        assert max(compared) > 1


@pytest.fixture(scope="module")
def waiting_command() -> tuple[Encounter, Command, SeededDice]:
    return paused_commands("05-shattered-world-ford.json")[0]


def test_a_refused_answer_stops_after_the_pause_as_one_by_one(waiting_command: Any) -> None:
    enc, command, dice = waiting_command
    wrong = Answer(choice="no-such-answer")
    stops = []
    for way in (apply_answering, apply_one_by_one):
        with pytest.raises(AnsweringStopped) as stopped:
            way(enc, command, copy.deepcopy(dice), lambda decision: wrong)
        assert stopped.value.refused == wrong and "not an answer" in stopped.value.reason
        assert len(stopped.value.steps) == 1 and PENDING in stopped.value.steps[0].encounter.combat
        stops.append(steps_text(stopped.value.steps))
    assert stops[0] == stops[1]


def test_more_decisions_than_allowed_stop_after_the_pause(waiting_command: Any) -> None:
    enc, command, dice = waiting_command
    for way in (apply_answering, apply_one_by_one):
        with pytest.raises(AnsweringStopped) as stopped:
            way(enc, command, copy.deepcopy(dice), policy.FightPlayer.answer_to, 0)
        assert stopped.value.refused is None and "kept asking" in stopped.value.reason
        assert [s.command for s in stopped.value.steps] == [command]


def test_a_ruleset_that_resolves_commands_its_own_way_is_answered_one_by_one(
        waiting_command: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # a ruleset overriding ``run`` (or ``apply``, ``_answer``) is not resolved in one go: every
    # answer goes through its own code, and the steps are still those of the one-by-one way
    enc, command, dice = waiting_command
    ruleset = type(get_ruleset(enc.ruleset))
    runs = []
    base_run = ruleset.run

    def own_run(self: Any, *args: Any, **kwargs: Any) -> Any:
        runs.append(args[1].kind)
        return base_run(self, *args, **kwargs)

    monkeypatch.setattr(ruleset, "run", own_run)
    answered = apply_answering(enc, command, copy.deepcopy(dice), policy.FightPlayer.answer_to)
    assert len(runs) == len(answered) > 1  # the command, then once more at each answer
    assert steps_text(answered) == steps_text(
        apply_one_by_one(enc, command, copy.deepcopy(dice), policy.FightPlayer.answer_to))
