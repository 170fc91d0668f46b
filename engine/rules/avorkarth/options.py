"""Avorkarth's options on the shared commands: its kinds of attack, a cripple's X and a grapple's
choice, and the ambush at the start of combat. Docs: docs/rules/avorkarth.md ("Command options")."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from vantage.engine.identity_cache import identity_cache
from vantage.engine.protocol.commands import Attack, Maneuver, Move, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.command_options import OptionSpec, read_options

NAME = "Avorkarth"

ATTACK_OPTIONS = {
    "lethal": OptionSpec((bool,), None, "false: a non-lethal attack (null: the weapon's own kind)"),
    "charge": OptionSpec((bool,), False, "run the straight lane first (at least 3 tiles)"),
    "dual_wield": OptionSpec((bool,), False, "attack once with every primary weapon held"),
    "lesser": OptionSpec((bool,), False, "spend the move action on a lesser attack (−1)"),
    "secondary": OptionSpec((bool,), False, "the secondary attack with a swift action"),
    "opportunity": OptionSpec((bool,), False, "an attack of opportunity (an immediate action)"),
    "damage": OptionSpec((str,), None, "the damage type of this attack (null: the weapon's own)"),
}
MANEUVER_OPTIONS = {
    "extra": OptionSpec((int,), 0, "X of a cripple: −1−X to hit, 1+X rounds"),
    "choice": OptionSpec((str,), None, "on a fully grappled target: \"choke\" or \"pin\""),
}
START_OPTIONS = {
    "ambushers": OptionSpec((list, tuple), (), "the tokens that ambush (an ambush round)"),
    "ambushed": OptionSpec((list, tuple), (), "who they ambush (empty: every enemy of theirs)"),
    "surprised": OptionSpec((list, tuple), (), "the well-known name of ambushed"),
}


@dataclass(frozen=True)
class AttackKind:
    """The kind of an Avorkarth attack, read from ``Attack.options``."""

    lethal: bool | None = None
    charge: bool = False
    dual_wield: bool = False
    lesser: bool = False
    secondary: bool = False
    opportunity: bool = False
    damage: str | None = None


#: How many attack commands keep their kind (a menu's few dozen, tried again and again).
KINDS_KEPT = 512


@identity_cache(size=KINDS_KEPT)
def attack_kind(cmd: Attack) -> AttackKind:
    """The kind of attack ``cmd`` asks for, read once per command object (a command is frozen),
    and once per options given (:func:`_kind_given`: the menu makes new commands of a few kinds)."""
    given = tuple((name, type(value), value) for name, value in cmd.options.items())
    try:
        hash(given)
    except TypeError:  # a value that cannot be a key (a list): read as it is
        return _read_kind(given)
    return _kind_given(given)


def _read_kind(given: tuple[tuple[str, type, Any], ...]) -> AttackKind:
    """The kind of attack of the options ``given`` as (name, type, value) in their order."""
    options = {name: value for name, _, value in given}
    return AttackKind(**read_options("attack", options, ATTACK_OPTIONS, NAME))


#: :func:`_read_kind` once per options given (a refusal is not kept: it is raised each time); the
#: type is part of the key, so that ``1`` and ``true`` are not taken for one another.
_kind_given = functools.lru_cache(maxsize=KINDS_KEPT)(_read_kind)


@dataclass(frozen=True)
class ManeuverDetail:
    extra: int = 0
    choice: str | None = None


def maneuver_detail(cmd: Maneuver) -> ManeuverDetail:
    return ManeuverDetail(**read_options("maneuver", cmd.options, MANEUVER_OPTIONS, NAME))


def ambush_of(cmd: StartCombat) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(ambushers, ambushed) of a ``start_combat``."""
    given = read_options("start_combat", cmd.options, START_OPTIONS, NAME)
    ambushed = tuple(given["ambushed"]) or tuple(given["surprised"])
    for name in ("ambushers", "ambushed", "surprised"):
        if not all(isinstance(t, str) for t in given[name]):
            raise CommandRejected(f"start_combat.options.{name}: a list of token ids")
    return tuple(given["ambushers"]), ambushed


def check_move(cmd: Move) -> None:
    """Avorkarth has one way to move: any ``mode`` is refused."""
    read_options("move", cmd.options, {}, NAME)
