"""Slowing conditions: how a token's conditions change its movement allowance for a turn.

The table :data:`SLOWING_CONDITIONS` is data; each entry names its source. A ruleset (or the GM)
may pass its own table. Order of application: "no movement" wins outright; otherwise every
halving applies first (Avorkarth's partial grapple halves "before any other movement
calculations"), each rounding down, then the subtractions, then the caps ("1 Movement").
Several halvings stack and a halving rounds down (assumed — not in the source text).
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
    name: str
    effect: Effect
    amount: float = 0
    source: str = ""


def _table(*entries: SlowingCondition) -> Mapping[str, SlowingCondition]:
    return MappingProxyType({e.name: e for e in entries})


E = Effect

#: Condition name → its effect on movement. Names match :class:`vantage.engine.model.Condition` names.
SLOWING_CONDITIONS: Mapping[str, SlowingCondition] = _table(
    SlowingCondition("prone", E.HALVE, source="baton: \"A prone character's speed is halved\""),
    SlowingCondition("disengaging", E.HALVE, source="baton: move out of reach without an opportunity "
                     "attack, \"but in doing so their speed is halved\""),
    SlowingCondition("heavy-armour", E.HALVE, source="shattered-world: heavy armor \"reduced to 1/2 "
                     "normal movement rate\""),
    SlowingCondition("disabled", E.HALVE, source="shattered-world: Disabled \"Movement is 1/2 normal\""),
    SlowingCondition("crippled", E.HALVE, source="avorkarth: Cripple \"reducing movement by half\""),
    SlowingCondition("grappled", E.HALVE, source="avorkarth: Partial Grapple \"lowers their movement "
                     "by half before any other movement calculations\""),
    SlowingCondition("wounded", E.HALVE, source="avorkarth: Wounded \"Half Movement\""),
    SlowingCondition("hurt", E.MINUS, 1, source="avorkarth: Hurt \"-1 Movement\""),
    SlowingCondition("crippled-state", E.CAP, 1, source="avorkarth: Crippled wounded state \"1 Movement\""),
    SlowingCondition("hips-crippled", E.CAP, 1, source="avorkarth: critical wound Hips \"1 tile movement\""),
    SlowingCondition("fully-grappled", E.STOP, source="avorkarth: Full Grapple \"may no longer move\""),
    SlowingCondition("restrained", E.STOP, source="baton: restrained \"cannot take actions that require "
                     "a movement\""),
    SlowingCondition("paralyzed", E.STOP, source="baton: paralyzed \"cannot move\""),
    SlowingCondition("unconscious", E.STOP, source="avorkarth: unconscious \"cannot move\""),
    SlowingCondition("immobilised", E.STOP, source="avorkarth: Immobilised \"unable to move\""),
)

#: Baton's "burdened" does not change speed: "moving is equivalent to crossing exhausting
#: difficult terrain" — the path events turn the whole move into one terrain check instead.
BURDENED = "burdened"

#: Baton: a token moving with this condition leaves reach without an opportunity attack (its
#: speed is halved by the table above); the ``leaves_reach`` events say so.
DISENGAGING = "disengaging"


def movement_allowance(
    base_tiles: float,
    conditions: Iterable[str],
    *,
    table: Mapping[str, SlowingCondition] = SLOWING_CONDITIONS,
    base_label: str = "speed",
) -> Breakdown:
    """The tiles a token may move this turn, from its base and its conditions, with the reasons.

    Unknown condition names do nothing (they are not about movement).
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
