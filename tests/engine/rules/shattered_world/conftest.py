"""Helpers of the Shattered World tests, as the ``sw`` fixture: tokens with stat blocks, an open
map, commands resolved with scripted dice and the table's answers given in order."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.engine.protocol.commands import Answer, Command, StartCombat
from vantage.engine.rules.asking import ask_pending
from vantage.engine.session import apply

BASE: dict[str, Any] = {
    "hit_points": 15,
    "abilities": {"strength": 11, "dexterity": 11, "endurance": 11, "will": 11},
    "skills": {"combat": 8, "dodge": 10, "ride": 0, "unarmed": 0},
    "armor": 0,
    "armor_type": "none",
    "speed": 50,
    "attacks": 1,
    "vision": "normal",
    "weapons": [{"weapon": "longsword", "skill": 12, "hand": "main"}],
}


def stats(**over: Any) -> dict[str, Any]:
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in BASE.items()}
    for key, value in over.items():
        if key in ("abilities", "skills"):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def fighter(
    tid: str, position: tuple[int, int], side: str = "party", size: str = "medium", **over: Any
) -> Token:
    return Token(tid, tid.capitalize(), position, Side(side), Size(size), stats=stats(**over))


def encounter(*tokens: Token, width: int = 30, height: int = 20, **combat: Any) -> Encounter:
    return Encounter(
        GameMap(width, height), tokens=tokens, ruleset="shattered-world", name="test", combat=combat
    )


class Table:
    """Commands in, with one script of dice faces and the answers to each decision in order."""

    def __init__(self, enc: Encounter, faces: list[int] | None = None) -> None:
        self.enc = enc
        self.dice = ScriptedDice(faces or [])
        self.events: list[Any] = []
        self.asked: list[Any] = []

    def faces(self, *more: int) -> Table:
        self.dice = ScriptedDice([*self.dice._faces[self.dice.used :], *more])  # noqa: SLF001
        return self

    def do(self, command: Command, *answers: str | None) -> list[Any]:
        queue = list(answers)
        self.enc, events = apply(self.enc, command, self.dice)
        out = list(events)
        while ask_pending(self.enc):
            self.asked.append(ask_pending(self.enc)[0])
            if not queue:
                raise AssertionError(f"unanswered: {ask_pending(self.enc)[0].prompt}")
            self.enc, events = apply(self.enc, Answer(choice=queue.pop(0)), self.dice)
            out.extend(events)
        assert not queue, f"answers left over: {queue}"
        out = [e for e in out if e.kind != "waiting"]
        self.events.extend(out)
        return out

    def sentences(self, events: list[Any] | None = None) -> list[str]:
        return [e.sentence for e in (self.events if events is None else events)]

    def record(self, tid: str) -> dict[str, Any]:
        return dict(self.enc.combat["creatures"][tid])


def start(enc: Encounter, initiative: list[int], **options: Any) -> Table:
    """Combat begun with ``initiative`` faces, one per participant in token order."""
    table = Table(enc, list(initiative))
    table.do(StartCombat(options=options))
    return table


@pytest.fixture
def sw() -> SimpleNamespace:
    return SimpleNamespace(stats=stats, fighter=fighter, encounter=encounter, Table=Table, start=start)
