"""Events: what happened, as small frozen records, each with a sentence for the log.

Every event has ``sentence`` (a GM's account of it) and turns into JSON as
``{"type": "<kind>", "sentence": ..., ...fields}``; see docs/commands.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from vantage.engine.protocol.records import Record, register

Tile = tuple[int, int]


class Event(Record):
    registry: ClassVar[dict[str, type[Record]]] = {}
    sentence: str


ev = register(Event)


@ev
@dataclass(frozen=True, kw_only=True)
class CombatStarted(Event):
    kind: ClassVar[str] = "combat_started"
    sentence: str
    order: tuple[tuple[str, int], ...]
    ambush: bool = False


@ev
@dataclass(frozen=True, kw_only=True)
class RoundBegan(Event):
    kind: ClassVar[str] = "round_began"
    sentence: str
    round: int
    order: tuple[tuple[str, int], ...] = ()


@ev
@dataclass(frozen=True, kw_only=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    sentence: str
    round: int


@ev
@dataclass(frozen=True, kw_only=True)
class TurnBegan(Event):
    kind: ClassVar[str] = "turn_began"
    sentence: str
    token: str
    round: int
    actions: int


@ev
@dataclass(frozen=True, kw_only=True)
class TurnEnded(Event):
    kind: ClassVar[str] = "turn_ended"
    sentence: str
    token: str
    stayed: bool = False


@ev
@dataclass(frozen=True, kw_only=True)
class RollMade(Event):
    """One die roll: expression, every face, the kept faces, the total, and its purpose."""

    kind: ClassVar[str] = "roll"
    sentence: str
    purpose: str
    expr: str
    faces: tuple[int, ...]
    kept: tuple[int, ...]
    total: int
    outcome: str | None = None


@ev
@dataclass(frozen=True, kw_only=True)
class HitResolved(Event):
    kind: ClassVar[str] = "hit"
    sentence: str
    attacker: str
    target: str
    outcome: str
    category: int
    explanation: str


@ev
@dataclass(frozen=True, kw_only=True)
class StrikeResolved(Event):
    kind: ClassVar[str] = "strike"
    sentence: str
    attacker: str
    target: str
    outcome: str
    category: int
    damage: int
    explanation: str


@ev
@dataclass(frozen=True, kw_only=True)
class WoundsTaken(Event):
    """``minor`` minor wounds (50 = 1 wound) on the lethal or only the non-lethal track."""

    kind: ClassVar[str] = "wounds"
    sentence: str
    token: str
    minor: int
    lethal: bool
    ledger: str


@ev
@dataclass(frozen=True, kw_only=True)
class ConditionChanged(Event):
    kind: ClassVar[str] = "condition"
    sentence: str
    token: str
    condition: str
    gained: bool
    rounds: int | None = None


@ev
@dataclass(frozen=True, kw_only=True)
class TokenMoved(Event):
    kind: ClassVar[str] = "moved"
    sentence: str
    token: str
    path: tuple[Tile, ...]
    cost: float = 0.0


@ev
@dataclass(frozen=True, kw_only=True)
class TokenFaced(Event):
    kind: ClassVar[str] = "faced"
    sentence: str
    token: str
    facing: str


@ev
@dataclass(frozen=True, kw_only=True)
class TokenDied(Event):
    kind: ClassVar[str] = "died"
    sentence: str
    token: str


@ev
@dataclass(frozen=True, kw_only=True)
class TokenUnconscious(Event):
    kind: ClassVar[str] = "unconscious"
    sentence: str
    token: str


@ev
@dataclass(frozen=True, kw_only=True)
class MoraleChecked(Event):
    kind: ClassVar[str] = "morale"
    sentence: str
    token: str
    outcome: str
    dc: int
    fear: int
    explanation: str


@ev
@dataclass(frozen=True, kw_only=True)
class ManeuverResolved(Event):
    kind: ClassVar[str] = "maneuver"
    sentence: str
    attacker: str
    target: str
    maneuver: str
    outcome: str


@ev
@dataclass(frozen=True, kw_only=True)
class Note(Event):
    """Anything else worth a line in the log (a weapon dropped, stamina falling, a grapple …)."""

    kind: ClassVar[str] = "note"
    sentence: str
    token: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


def event_from_dict(data: object) -> Event:
    return Event.from_dict(data)  # type: ignore[arg-type]
