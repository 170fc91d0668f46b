"""Events: what happened, as small frozen records, each with a sentence for the log.

Every event has ``sentence`` (a GM's account of it) and turns into JSON as
``{"type": "<kind>", "sentence": ..., ...fields}``; see docs/commands.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from vantage.engine.protocol.records import KindRegistry, Record, register

Tile = tuple[int, int]


class Event(Record):
    registry: ClassVar[dict[str, type[Record]]] = KindRegistry()
    owners: ClassVar[dict[str, str]] = {}
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
    """``token``'s turn begins: ``label`` says which entry ("turn", "extra turn", "attack pass 2",
    "re-entered"), ``budget`` what it may spend (slot name → how many: {"actions": 10})."""

    kind: ClassVar[str] = "turn_began"
    sentence: str
    token: str
    round: int
    label: str = "turn"
    budget: dict[str, int] = field(default_factory=dict)


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
    """An attack roll resolved: ``outcome`` in the ruleset's words, ``margin`` how far above (or,
    negative, below) what it needed, ``detail`` what the margin is in that ruleset (Avorkarth:
    "hit category on the Dice Rolls chart")."""

    kind: ClassVar[str] = "hit"
    sentence: str
    attacker: str
    target: str
    outcome: str
    margin: int
    explanation: str
    detail: str = ""


@ev
@dataclass(frozen=True, kw_only=True)
class StrikeResolved(Event):
    """A damage roll resolved (Avorkarth's strike): ``damage`` in the ruleset's units, ``margin``
    and ``detail`` as for :class:`HitResolved`."""

    kind: ClassVar[str] = "strike"
    sentence: str
    attacker: str
    target: str
    outcome: str
    margin: int
    damage: int
    explanation: str
    detail: str = ""


@ev
@dataclass(frozen=True, kw_only=True)
class DamageTaken(Event):
    """``token`` takes ``amount`` damage on ``track`` (the ruleset's units: Avorkarth's minor
    wounds on "lethal" or "non-lethal", hit points, Fortitude, Protection …) of ``damage_kind``;
    ``text`` is what is left, as the ruleset writes it ("1 lesser wound of 2 wounds", "7/12 HP");
    ``amount_text`` the amount as the ruleset writes it when its number alone does not read
    ("1 wound, 2 minor wounds" for Avorkarth's 52 minor wounds; "": the number and the track)."""

    kind: ClassVar[str] = "damage_taken"
    sentence: str
    token: str
    amount: int
    track: str
    damage_kind: str | None = None
    text: str = ""
    amount_text: str = ""


@ev
@dataclass(frozen=True, kw_only=True)
class DecisionAwaited(Event):
    """The engine waits for the table: ``decision`` (the pending query's answer, as JSON) says who
    decides, the prompt and the choices; the command resumes when the answer comes."""

    kind: ClassVar[str] = "waiting"
    sentence: str
    who: str | None
    decision: dict[str, Any] = field(default_factory=dict)


@ev
@dataclass(frozen=True, kw_only=True)
class DecisionWithdrawn(Event):
    """The GM withdrew the action that waited for the table; it was not carried out."""

    kind: ClassVar[str] = "withdrawn"
    sentence: str
    command: dict[str, Any] = field(default_factory=dict)


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
