"""Baton's own commands (registered with the owner ``baton``; docs/commands.md, docs/rules/baton.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vantage.engine.protocol.commands import Command, PassTime
from vantage.engine.protocol.records import register

RULESET_ID = "baton"
#: ``pass_time`` is shared by every ruleset now (the campaign clock); kept here for old imports.
__all__ = ["PassTime"]


@register(Command, owner=RULESET_ID)
@dataclass(frozen=True)
class TakeAction(Command):
    """``token`` takes one of the text's actions that is not an attack or a maneuver: ``action`` is
    an id of ``baton.actions.ACTIONS`` (create_opportunity, retrieve_backpack, magic_ring, shout,
    draw_stow, drop_pick_up, pouch_item, potion, power_item, miracle). A create-opportunity action
    is a check: ``skill`` (a skill of the stat block) against ``difficulty`` (the GM's, 7 when null);
    ``text`` is the GM's description."""

    kind: ClassVar[str] = "baton_action"
    token: str
    action: str
    skill: str | None = None
    difficulty: int | None = None
    text: str = ""


@register(Command, owner=RULESET_ID)
@dataclass(frozen=True)
class TreatWound(Command):
    """``healer`` treats ``token``'s wound number ``wound`` (0 = the first; null: the most severe)
    with ``supply`` (``bandages`` for cutting and piercing wounds, ``splint`` for blunt ones)."""

    kind: ClassVar[str] = "treat_wound"
    token: str
    healer: str
    supply: str
    wound: int | None = None


@register(Command, owner=RULESET_ID)
@dataclass(frozen=True)
class Poison(Command):
    """GM: ``token`` comes into contact with a poison of ``poison`` type (hallucinogen, caustic,
    inoculant, neurotoxin, delayed) and ``potency``: a Physique check against 7 + potency."""

    kind: ClassVar[str] = "poison"
    token: str
    poison: str
    potency: int


@register(Command, owner=RULESET_ID)
@dataclass(frozen=True)
class HoldBreath(Command):
    """GM: ``token`` goes ``minutes`` without breathing (underwater, in an airless place)."""

    kind: ClassVar[str] = "hold_breath"
    token: str
    minutes: int


@register(Command, owner=RULESET_ID)
@dataclass(frozen=True)
class SetAsideConfusion(Command):
    """GM override: the confused ``token``, holding the initiative, is freed of its confusion roll
    for this turn (the GM plays the turn out by hand)."""

    kind: ClassVar[str] = "set_aside_confusion"
    token: str
