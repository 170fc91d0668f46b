"""A small Power Tiers table for the tests: tokens built from a plain stat block (the schema's
defaults under the given values), an open map, and ``apply`` with scripted dice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.events import Event
from vantage.engine.rules.power_tiers.schema import STAT_SCHEMA
from vantage.engine.session import apply

SWORD = {"name": "Sword", "damage": "1d6", "weight": "medium", "proficient": True, "skill": 0}


def block(**stats: Any) -> dict[str, Any]:
    """A stat block: the schema's defaults (Neophyte, Dexterity 5, Stamina 10, Fortitude 10,
    Health 10, defence 2), a proficient sword without bonuses, no armour — ``stats`` over them."""
    out = {**STAT_SCHEMA.defaults(), "weapons": [dict(SWORD)], "defence": {"skill": 0, "magic": 0}}
    out.update(stats)
    return out


def token(tid: str, position: tuple[int, int], side: str = "party", **stats: Any) -> Token:
    return Token(tid, tid.capitalize(), position, Side(side), stats=block(**stats))


@dataclass
class Table:
    """An encounter played by Power Tiers, and the events of the last command."""

    encounter: Encounter
    events: list[Event] = field(default_factory=list)

    def go(self, command: Command, *faces: int) -> list[Event]:
        dice = ScriptedDice(faces)
        self.encounter, self.events = apply(self.encounter, command, dice)
        assert dice.remaining == 0, f"{dice.remaining} scripted faces left unused"
        return self.events

    @property
    def sentences(self) -> list[str]:
        return [e.sentence for e in self.events]

    def record(self, tid: str) -> dict[str, Any]:
        return dict(self.encounter.combat["creatures"][tid])

    def conditions(self, tid: str) -> set[str]:
        return {c.name for c in self.encounter.token(tid).conditions}


def table(*tokens: Token, width: int = 12, height: int = 10, rules: dict[str, Any] | None = None) -> Table:
    combat: dict[str, Any] = {"rules": rules} if rules else {}
    return Table(Encounter(GameMap(width, height), tokens=tokens, ruleset="power-tiers", name="Power "
                                                                                              "Tiers test",
                           combat=combat))


@pytest.fixture
def pt():
    """The helpers: ``pt.table``, ``pt.token``, ``pt.block``."""

    class Helpers:
        pass

    helpers = Helpers()
    helpers.table = table  # type: ignore[attr-defined]
    helpers.token = token  # type: ignore[attr-defined]
    helpers.block = block  # type: ignore[attr-defined]
    return helpers
