"""Commands: every change a GM or the GUI asks of an encounter, as small frozen records.

Each command is JSON as ``{"type": "<kind>", ...fields}``; see docs/commands.md. Tiles are
``[x, y]`` lists in JSON and ``(x, y)`` tuples here. Rulesets decide what a command means and
whether it is legal now; the GM's ruleset-independent commands (place, token and map edits, fog)
are in :mod:`vantage.engine.protocol.gm_commands`, registered in the same registry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vantage.engine.protocol.records import Record, register

Tile = tuple[int, int]


class Command(Record):
    registry: ClassVar[dict[str, type[Record]]] = {}


cmd = register(Command)


@cmd
@dataclass(frozen=True)
class StartCombat(Command):
    """Roll the combat in: initiative list for ``participants`` (all tokens when empty).
    ``ambushers`` ambush everyone else in ``ambushed`` (empty: no ambush round)."""

    kind: ClassVar[str] = "start_combat"
    participants: tuple[str, ...] = ()
    ambushers: tuple[str, ...] = ()
    ambushed: tuple[str, ...] = ()


@cmd
@dataclass(frozen=True)
class Move(Command):
    """Move ``token`` along ``path`` (start tile first, one step at a time)."""

    kind: ClassVar[str] = "move"
    token: str
    path: tuple[Tile, ...]


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
    """``attacker`` attacks ``target``.

    ``weapon`` names one of the attacker's weapons (the first primary weapon when null);
    ``lethal`` false makes it a non-lethal attack (null: the weapon's own kind); ``charge`` runs
    the straight lane first; ``dual_wield`` attacks once with every primary weapon held;
    ``lesser`` spends the move action on a lesser attack; ``secondary`` adds the secondary
    attack ``weapon`` with a swift action; ``opportunity`` is an attack of opportunity (an
    immediate action, outside one's turn).
    """

    kind: ClassVar[str] = "attack"
    attacker: str
    target: str
    weapon: str | None = None
    lethal: bool | None = None
    charge: bool = False
    dual_wield: bool = False
    lesser: bool = False
    secondary: bool = False
    opportunity: bool = False


@cmd
@dataclass(frozen=True)
class Maneuver(Command):
    """A combat maneuver: ``maneuver`` is shove, drag, cripple, trip, disarm, grapple or tackle.

    ``path`` is where a shove/drag takes the target (target's start first); ``extra`` is X of a
    cripple (−1−X to hit, 1+X rounds); ``choice`` on a grapple against a fully grappled target
    is ``"choke"`` or ``"pin"``.
    """

    kind: ClassVar[str] = "maneuver"
    attacker: str
    target: str
    maneuver: str
    weapon: str | None = None
    path: tuple[Tile, ...] = ()
    extra: int = 0
    choice: str | None = None


@cmd
@dataclass(frozen=True)
class Stance(Command):
    """Enter (``"defensive"``) or leave (``"normal"``) the defensive stance."""

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


@cmd
@dataclass(frozen=True)
class EndTurn(Command):
    kind: ClassVar[str] = "end_turn"
    token: str


@cmd
@dataclass(frozen=True)
class PassInitiative(Command):
    """Baton-style turn order: ``token`` hands the initiative to ``to`` (a side's choice).
    Rulesets with an initiative list refuse it."""

    kind: ClassVar[str] = "pass_initiative"
    token: str
    to: str


@cmd
@dataclass(frozen=True)
class ApplyDamage(Command):
    """GM override: ``token`` takes this damage (lethal: both tracks; else non-lethal only)."""

    kind: ClassVar[str] = "apply_damage"
    token: str
    wounds: int = 0
    lesser: int = 0
    minor: int = 0
    lethal: bool = True


@cmd
@dataclass(frozen=True)
class Heal(Command):
    """GM override: remove this damage; healing also stops bleeding out."""

    kind: ClassVar[str] = "heal"
    token: str
    wounds: int = 0
    lesser: int = 0
    minor: int = 0
    lethal: bool = True


@cmd
@dataclass(frozen=True)
class RegainWounds(Command):
    """GM: ``weeks`` of natural healing for ``tokens`` (all when empty)."""

    kind: ClassVar[str] = "regain_wounds"
    weeks: int
    tokens: tuple[str, ...] = ()


@cmd
@dataclass(frozen=True)
class SetCondition(Command):
    """GM: give (``on``) or remove a condition, optionally for ``rounds`` rounds."""

    kind: ClassVar[str] = "set_condition"
    token: str
    condition: str
    on: bool = True
    rounds: int | None = None


def command_from_dict(data: object) -> Command:
    return Command.from_dict(data)  # type: ignore[arg-type]
