"""Commands: every change a GM or the GUI asks of an encounter, as small frozen records.

Each command is JSON as ``{"type": "<kind>", ...fields}``; see docs/commands.md. Tiles are
``[x, y]`` lists in JSON and ``(x, y)`` tuples here. Rulesets decide what a command means and
whether it is legal now; the GM's ruleset-independent commands (place, token and map edits, fog)
are in :mod:`vantage.engine.protocol.gm_commands`, registered in the same registry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from vantage.engine.protocol.legacy import upgrade_command
from vantage.engine.protocol.records import KindRegistry, Record, register

Tile = tuple[int, int]


class Command(Record):
    registry: ClassVar[dict[str, type[Record]]] = KindRegistry()
    owners: ClassVar[dict[str, str]] = {}
    #: every field is checked before the engine sees it (engine/protocol/field_values.py)
    checked_fields: ClassVar[bool] = True


cmd = register(Command)


Options = dict[str, Any]


@cmd
@dataclass(frozen=True)
class StartCombat(Command):
    """Roll the combat in for ``participants`` (all tokens with a stat block when empty).

    ``options`` are the ruleset's, validated by it. Well-known keys: ``first`` — the side (or
    token) that holds the initiative first, for rulesets that pass it; ``surprised`` — the tokens
    caught by surprise. Avorkarth reads ``ambushers`` and ``ambushed`` (docs/rules/avorkarth.md).
    """

    kind: ClassVar[str] = "start_combat"
    participants: tuple[str, ...] = ()
    options: Options = field(default_factory=dict)


@cmd
@dataclass(frozen=True)
class EndCombat(Command):
    """The fight is over: the turn order goes, what the creatures suffered stays (a ruleset may do
    more: Baton restores Protection)."""

    kind: ClassVar[str] = "end_combat"


@cmd
@dataclass(frozen=True)
class Move(Command):
    """Move ``token`` along ``path`` (start tile first, one step at a time). Well-known option:
    ``mode`` — one of the ruleset's move modes (Baton's ``disengage``, ``dash``; a ``step``)."""

    kind: ClassVar[str] = "move"
    token: str
    path: tuple[Tile, ...]
    options: Options = field(default_factory=dict)


@cmd
@dataclass(frozen=True)
class Face(Command):
    """Turn ``token`` to ``facing`` (N, NE, E, SE, S, SW, W, NW)."""

    kind: ClassVar[str] = "face"
    token: str
    facing: str


@cmd
@dataclass(frozen=True)
class Attack(Command):
    """``attacker`` attacks ``target`` with ``weapon`` (one of its weapons; the ruleset's default
    when null). ``options`` are the ruleset's kinds of attack, validated by it — Avorkarth's
    ``lethal``, ``charge``, ``dual_wield``, ``lesser``, ``secondary``, ``opportunity``."""

    kind: ClassVar[str] = "attack"
    attacker: str
    target: str
    weapon: str | None = None
    options: Options = field(default_factory=dict)


@cmd
@dataclass(frozen=True)
class Maneuver(Command):
    """A combat maneuver the ruleset knows (Avorkarth: shove, drag, cripple, trip, disarm, grapple,
    tackle). ``path`` is where a shove/drag takes the target (target's start first); ``options``
    are the ruleset's (Avorkarth: ``extra`` — X of a cripple; ``choice`` — ``"choke"`` or
    ``"pin"`` on a fully grappled target)."""

    kind: ClassVar[str] = "maneuver"
    attacker: str
    target: str
    maneuver: str
    weapon: str | None = None
    path: tuple[Tile, ...] = ()
    options: Options = field(default_factory=dict)


@cmd
@dataclass(frozen=True)
class Stance(Command):
    """Take one of the ruleset's stances (Avorkarth: ``"defensive"`` or ``"normal"``)."""

    kind: ClassVar[str] = "stance"
    token: str
    stance: str


@cmd
@dataclass(frozen=True)
class StandUp(Command):
    kind: ClassVar[str] = "stand_up"
    token: str


@cmd
@dataclass(frozen=True)
class PickUp(Command):
    """Pick up a dropped weapon lying on or next to ``token``."""

    kind: ClassVar[str] = "pick_up"
    token: str
    weapon: str


@cmd
@dataclass(frozen=True)
class EndTurn(Command):
    kind: ClassVar[str] = "end_turn"
    token: str


@cmd
@dataclass(frozen=True)
class PassInitiative(Command):
    """Baton-style turn order: ``token`` hands the initiative to ``to`` (a token of the side that
    receives it). Rulesets with an initiative list refuse it."""

    kind: ClassVar[str] = "pass_initiative"
    token: str
    to: str


@cmd
@dataclass(frozen=True)
class ApplyDamage(Command):
    """GM override: ``token`` takes ``amount`` damage on ``track`` (the ruleset's first track when
    null), of ``kind`` (fire, stun, non-lethal … as the ruleset knows them), in the ruleset's own
    units (Avorkarth: minor wounds, 50 to a wound, 10 to a lesser wound)."""

    kind: ClassVar[str] = "apply_damage"
    token: str
    amount: int
    track: str | None = None
    damage_kind: str | None = None


@cmd
@dataclass(frozen=True)
class Heal(Command):
    """GM override: remove ``amount`` damage from ``track`` (the ruleset's first when null)."""

    kind: ClassVar[str] = "heal"
    token: str
    amount: int
    track: str | None = None


@cmd
@dataclass(frozen=True)
class Rest(Command):
    """GM: ``tokens`` (all when empty) rest: ``rest`` names one of the ruleset's kinds of rest
    (Avorkarth: ``"natural"`` healing, by the week), ``duration`` in that kind's unit."""

    kind: ClassVar[str] = "rest"
    rest: str
    duration: int
    tokens: tuple[str, ...] = ()


@cmd
@dataclass(frozen=True)
class PassTime(Command):
    """GM: ``minutes`` of game time pass between fights; ``nights`` of them are nights slept (a
    night's rest each), and ``resting`` says the characters rest through the whole span rather than
    travel or work. Each ruleset applies its recovery (its ``pass_time`` hook); the clock moves on."""

    kind: ClassVar[str] = "pass_time"
    minutes: int
    nights: int = 0
    resting: bool = False


@cmd
@dataclass(frozen=True)
class SetCondition(Command):
    """GM: give (``on``) or remove a condition, optionally for ``rounds`` of ``unit`` ("rounds",
    "turns" — the bearer's own — or "side turns")."""

    kind: ClassVar[str] = "set_condition"
    token: str
    condition: str
    on: bool = True
    rounds: int | None = None
    unit: str = "rounds"


@cmd
@dataclass(frozen=True)
class Answer(Command):
    """The table answers the decision the engine waits for: ``choice`` (one of its choices' values;
    null: the default), or the ``faces`` of a roll made at the table (empty: let Vantage roll it)."""

    kind: ClassVar[str] = "answer"
    choice: str | None = None
    faces: tuple[int, ...] = ()


@cmd
@dataclass(frozen=True)
class CancelPending(Command):
    """GM override: withdraw the action that waits for the table; it is not carried out."""

    kind: ClassVar[str] = "cancel_pending"


@cmd
@dataclass(frozen=True)
class SetTableDice(Command):
    """GM: whose dice are rolled at the table (the GM types the faces): ``everyone``, or the
    tokens of the ``sides`` listed ("party", "enemy", "neutral") but those in ``vantage``, and the
    ``tokens`` listed (all empty and not everyone: Vantage rolls every die)."""

    kind: ClassVar[str] = "table_dice"
    tokens: tuple[str, ...] = ()
    everyone: bool = False
    sides: tuple[str, ...] = ()
    vantage: tuple[str, ...] = ()


def command_from_dict(data: object) -> Command:
    """A command from its JSON (shared and loaded plug-in kinds; commands written by Vantage 0.x
    are upgraded first). To parse a command of an encounter, use
    ``vantage.engine.rules.read_command``: it loads the encounter's ruleset vocabulary first and
    refuses another ruleset's commands by name."""
    return Command.from_dict(upgrade_command(data))  # type: ignore[arg-type]
