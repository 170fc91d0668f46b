"""Helpers for the Baton tests: tokens from the bestiary, a fight driven through ``apply`` with
scripted dice, and refusals checked to leave the encounter unchanged."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Condition, Encounter, GameMap, Side, Size, Token
from vantage.engine.protocol.commands import Answer, Command, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.baton.schema import TEMPLATES
from vantage.engine.session import apply

BY_ID = {t.id: t for t in TEMPLATES}


def creature(
    tid: str,
    template: str,
    position: tuple[int, int],
    side: str | None = None,
    conditions: Iterable[str] = (),
    **stats: Any,
) -> Token:
    t = BY_ID[template]
    block = {**dict(t.stats), **stats}
    return Token(
        tid,
        tid.capitalize(),
        position,
        Side(side or t.side),
        Size(t.size),
        stats=block,
        conditions=tuple(Condition(c) for c in conditions),
    )


class Fight:
    """An encounter played by Baton, one command at a time."""

    def __init__(
        self, *tokens: Token, width: int = 14, height: int = 10, game_map: GameMap | None = None
    ) -> None:
        self.enc = Encounter(game_map or GameMap(width, height), tokens=tokens, ruleset="baton", name="test")
        self.events: list[Event] = []

    def do(self, command: Command, *faces: int) -> list[str]:
        dice = ScriptedDice(faces)
        self.enc, events = apply(self.enc, command, dice)
        assert dice.remaining == 0, f"{dice.remaining} scripted faces left over"
        self.events = list(events)
        return [e.sentence for e in events]

    def answer(self, choice: str | None = None, *faces: int) -> list[str]:
        return self.do(Answer(choice=choice), *faces)

    def resisted(self, command: Command, *faces: int, resist: str | None = None) -> list[str]:
        """``command`` (an attack), then the defender's answer to "how does X resist?" — ``resist``,
        or the default (the best defence) when None — with the ``faces`` of the attack; the
        sentences after the one that records the answer ("The GM: Dodge 1.")."""
        self.do(command)
        (decision,) = ask_pending(self.enc)
        assert decision.prompt.endswith("resist?"), decision.prompt
        chosen = decision.check_choice(resist)
        label = next(c.label for c in decision.choices if c.value == chosen)
        sentences = self.answer(resist, *faces)
        assert sentences[0].endswith(f": {label}."), sentences[0]
        return sentences[1:]

    def start(self, first: str = "party", *faces: int, **options: Any) -> list[str]:
        return self.do(StartCombat(options={"first": first, **options}), *faces)

    def refused(self, command: Command, *faces: int) -> str:
        before = self.enc
        with pytest.raises(CommandRejected) as info:
            self.enc, _ = apply(self.enc, command, ScriptedDice(faces))
        assert self.enc is before
        return info.value.reason

    def token(self, tid: str) -> Token:
        return self.enc.token(tid)

    def record(self, tid: str) -> dict[str, Any]:
        return dict(self.enc.combat.get("creatures", {}).get(tid, {}))

    def has(self, tid: str, condition: str) -> bool:
        return self.enc.token(tid).has_condition(condition)

    def place(self, tid: str, position: tuple[int, int]) -> None:
        self.enc = self.enc.with_token(replace(self.enc.token(tid), position=position))

    def condition(self, tid: str, *names: str) -> None:
        t = self.enc.token(tid)
        self.enc = self.enc.with_token(replace(t, conditions=(*t.conditions, *(Condition(n) for n in names))))

    def set(self, tid: str, **fields: Any) -> None:
        """Write into the token's combat record (a state a test starts from)."""
        combat = dict(self.enc.combat)
        creatures = dict(combat.get("creatures", {}))
        creatures[tid] = {**creatures.get(tid, {"wounds": []}), **fields}
        combat["creatures"] = creatures
        self.enc = replace(self.enc, combat=combat)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]


def sentences_with(sentences: Sequence[str], part: str) -> list[str]:
    return [s for s in sentences if part in s]


@pytest.fixture
def fight():
    return Fight


@pytest.fixture
def make():
    return creature
