"""Slowing conditions: how a token's conditions change its movement allowance for a turn.

A table maps a condition name to its effect; each row names its source. The shared table
:data:`SLOWING_CONDITIONS` holds only the conditions whose very name says the creature cannot move,
whatever the ruleset (unconscious, paralyzed, restrained, immobilised): it is what
:func:`movement_allowance` uses when a ruleset passes no table of its own. What one rule text says
about its own conditions lives in that ruleset's table, in its own package (``slowing.py`` or
``movement_rules.py``), built with :func:`slowing_table` over the shared rows — a Baton prone
creature moves at half speed, an Avorkarth prone one not at all, and a Baton grapple does not
halve speed as Avorkarth's partial grapple does.

Order of application: "no movement" wins outright; otherwise every halving applies first
(Avorkarth's partial grapple halves "before any other movement calculations"), each rounding down,
then the subtractions, then the caps ("1 Movement"). Several halvings stack and a halving rounds
down (assumed — not in the source text).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from vantage.engine.explain import Breakdown


class Effect(StrEnum):
    HALVE = "halve"
    MINUS = "minus"
    CAP = "cap"  # at most ``amount`` tiles
    STOP = "stop"  # no movement


@dataclass(frozen=True)
class SlowingCondition:
    """One row of a slowing table: the condition, what it does to movement, and where it says so."""

    name: str
    effect: Effect
    amount: float = 0
    source: str = ""


def slowing_table(*entries: SlowingCondition) -> Mapping[str, SlowingCondition]:
    """A read-only table of ``entries`` by condition name (a later row of the same name wins)."""
    return MappingProxyType({e.name: e for e in entries})


E = Effect

#: The shared rows: conditions that stop movement by what the word means, in every ruleset.
SLOWING_CONDITIONS: Mapping[str, SlowingCondition] = slowing_table(
    SlowingCondition("unconscious", E.STOP, source="every ruleset: an unconscious creature does not move "
                     "(avorkarth: \"cannot move\"; shattered-world: \"may not move around\")"),
    SlowingCondition("paralyzed", E.STOP, source="every ruleset: a paralyzed creature does not move "
                     "(baton: \"cannot move\")"),
    SlowingCondition("restrained", E.STOP, source="every ruleset: a restrained creature does not move "
                     "(baton: \"cannot take actions that require a movement\")"),
    SlowingCondition("immobilised", E.STOP, source="every ruleset: an immobilised creature does not move "
                     "(avorkarth: \"unable to move\")"),
)

#: Baton's "burdened" does not change speed: "moving is equivalent to crossing exhausting
#: difficult terrain" — the path events turn the whole move into one terrain check instead.
BURDENED = "burdened"

#: Baton: a token moving with this condition leaves reach without an opportunity attack (its
#: speed is halved by Baton's own table); the ``leaves_reach`` events say so.
DISENGAGING = "disengaging"


def movement_allowance(
    base_tiles: float,
    conditions: Iterable[str],
    *,
    table: Mapping[str, SlowingCondition] = SLOWING_CONDITIONS,
    base_label: str = "speed",
) -> Breakdown:
    """The tiles a token may move this turn, from its base and its conditions, with the reasons.

    Condition names the table does not know do nothing (they are not about movement).
    """
    known = [table[name] for name in dict.fromkeys(conditions) if name in table]
    allowance = Breakdown("Movement", float(base_tiles), base_label, minimum=0)
    stop = next((c for c in known if c.effect is Effect.STOP), None)
    if stop is not None:
        return allowance.replaced(f"{stop.name}: no movement", 0)
    value = float(base_tiles)
    for c in known:
        if c.effect is Effect.HALVE:
            halved = math.floor(value / 2)
            allowance = allowance.plus(f"{c.name}: half", halved - value)
            value = halved
    for c in known:
        if c.effect is Effect.MINUS:
            allowance = allowance.plus(c.name, -c.amount)
            value -= c.amount
    for c in known:
        if c.effect is Effect.CAP and max(value, 0) > c.amount:
            allowance = allowance.plus(f"{c.name}: at most {c.amount:g}", c.amount - value)
            value = c.amount
    return allowance
