"""Power Tiers' own commands. They load with the ruleset's registry entry, so a command file of a
Power Tiers encounter can use them, and an encounter of another ruleset refuses them by name.

The shared vocabulary covers the rest: ``start_combat``, ``move``, ``attack`` (its ``style``
option: standard, stun, heavy), ``maneuver`` (shove, grab, break-free, reverse), ``stance``
(defensive), ``end_turn``, ``apply_damage``, ``heal``, ``rest`` (day, bed-rest).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.records import register

RULESET_ID = "power-tiers"
RULESET_NAME = "Power Tiers"
cmd = register(Command, owner=RULESET_ID)


@cmd
@dataclass(frozen=True)
class UseAction(Command):
    """Spend one of the round's three actions on something the map does not model: "performing
    certain skills like using Athletics to climb". ``what`` says what, for the log."""

    kind: ClassVar[str] = "use_action"
    token: str
    what: str


@cmd
@dataclass(frozen=True)
class Release(Command):
    """The grabber lets go of the creature it holds."""

    kind: ClassVar[str] = "release"
    token: str


@cmd
@dataclass(frozen=True)
class RecoverDay(Command):
    """GM: one day of recovery for ``token``: Health back by its tier, +1 when ``medicine`` (the
    Medicine roll of the one aiding it that day, as rolled at the table) is at least 50, +1 when
    it ``rested`` the entire day; its wound recovery counts the day."""

    kind: ClassVar[str] = "recover_day"
    token: str
    rested: bool = False
    medicine: int | None = None


@cmd
@dataclass(frozen=True)
class RepairArmour(Command):
    """GM: the armour of ``token`` is repaired (its Durability restored in full)."""

    kind: ClassVar[str] = "repair_armour"
    token: str
