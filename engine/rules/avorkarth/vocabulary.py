"""Avorkarth's own commands and events: staying a turn's actions and re-entering, and the resolve
check. They load with the ruleset's registry entry, so a command file of an Avorkarth encounter
can use them, and an encounter of another ruleset refuses them by name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.records import register

RULESET_ID = "avorkarth"
cmd = register(Command, owner=RULESET_ID)
ev = register(Event, owner=RULESET_ID)


@cmd
@dataclass(frozen=True)
class Stay(Command):
    """Stay the rest of this turn's actions, to re-enter before a later creature's turn."""

    kind: ClassVar[str] = "stay"
    token: str


@cmd
@dataclass(frozen=True)
class Resume(Command):
    """Re-enter a stayed turn now, before the current creature has acted."""

    kind: ClassVar[str] = "resume"
    token: str


@ev
@dataclass(frozen=True, kw_only=True)
class MoraleChecked(Event):
    """A resolve check at the start of a creature's turn: the outcome, its DC and the fear after."""

    kind: ClassVar[str] = "morale"
    sentence: str
    token: str
    outcome: str
    dc: int
    fear: int
    explanation: str
