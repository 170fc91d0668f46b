"""Baton's data tables for the silences of the text, and its rules options.

Each table is marked "assumed — not in the source text" here and in docs/rules/baton.md, naming
the gap it fills. An encounter overrides the rules options through ``combat["rules"]``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.baton.check import CheckTable

RULESET_ID = "baton"
RULESET_NAME = "Baton"

#: The damage ladder (assumed — the text names "the damage ladder" but never lists it): the rungs
#: a weapon's damage climbs by "+1 on the damage ladder"; past the top each rung adds 1d6.
DAMAGE_LADDER: tuple[str, ...] = ("1", "1d3", "1d6", "2d6", "3d6", "4d6")

#: Wound categories by severity (assumed — the text names mild, moderate and severe wounds but
#: gives no numbers): severity 1–2 mild, 3–5 moderate, 6 or more severe.
MODERATE_FROM = 3
SEVERE_FROM = 6
#: How much a wound of each category worsens at the end of a day (the text's numbers).
DAILY_CHANGE: Mapping[str, int] = MappingProxyType({"mild": 0, "moderate": 1, "severe": 2})

#: The checks that suffer the Protection Penalty (assumed — the text says "skill checks that
#: suffer a Protection Penalty" without listing them): the nimble ones.
PROTECTION_PENALISED: frozenset[str] = frozenset({"agility", "athletics", "stealth"})

#: Points of Protection, and of Health lost, per negative chance (the text's numbers).
POINTS_PER_CHANCE = 6

#: Confused: what 1d6 makes the character do (the text's table): the lowest and highest face, the
#: result's id, what the character does, and the sentence that says so.
CONFUSED_TABLE: tuple[tuple[int, int, str, str, str], ...] = (
    (1, 3, "move", "moves randomly", '"on a 1–3 they move randomly"'),
    (4, 5, "attack", "attacks a random character within reach",
     '"on a 4–5 they attack a random character within their reach"'),
    (6, 6, "nothing", "does nothing", '"on a 6 they do nothing"'),
)
CONFUSED_QUOTE: Mapping[str, str] = MappingProxyType({row[2]: row[4] for row in CONFUSED_TABLE})

#: The eight directions a disarmed weapon may fall in, by 1d8 (assumed — "a random direction").
DIRECTIONS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("north", (0, -1)),
    ("north-east", (1, -1)),
    ("east", (1, 0)),
    ("south-east", (1, 1)),
    ("south", (0, 1)),
    ("south-west", (-1, 1)),
    ("west", (-1, 0)),
    ("north-west", (-1, -1)),
)

#: Fire (the text's table of heat sources is missing — assumed): a burning character suffers a wound
#: of severity ``FIRE_BASE`` when it catches fire, and it worsens by ``FIRE_WORSENS`` each turn it
#: stays in contact with the fire (the ``burning`` condition, set and removed by the GM).
FIRE_BASE = 1
FIRE_WORSENS = 1

#: Weapon sizes; "The Physique bonus applied to medium and large weapons".
WEAPON_SIZES = ("light", "medium", "large")


@dataclass(frozen=True)
class RuleOption:
    default: Any
    types: tuple[type, ...]
    help: str


RULE_OPTIONS: Mapping[str, RuleOption] = MappingProxyType(
    {
        "ask_npc_defence": RuleOption(
            True,
            (bool,),
            "ask the GM how an NPC resists each attack, as a player is asked for a PC "
            "(off: the GM's standing choice, every NPC resists with its best defence, logged)",
        ),
        "opportunity_decisions": RuleOption(
            True,
            (bool,),
            "a move that leaves an enemy's reach, or full "
            "cover, asks that enemy whether it attacks (off: the move only notes it)",
        ),
        "lone_keeper_passes_over": RuleOption(
            True,
            (bool,),
            "a character who keeps the initiative with no "
            "ally left to receive it passes it to the other side "
            "(off: refused until the GM overrides)",
        ),
        "check": RuleOption(
            None, (dict,), "the core check's numbers: dice, sides, base_difficulty, level_step, max_chance"
        ),
    }
)


def rules_of(combat: Mapping[str, Any]) -> dict[str, Any]:
    """The rules options in force: ``combat["rules"]`` over the defaults; a wrong one is refused."""
    return rules_given(combat.get("rules"))


def rules_given(given: object) -> dict[str, Any]:
    """The rules options in force when ``combat["rules"]`` is ``given`` (:func:`rules_of`)."""
    if not given:  # none given: the defaults (valid, so not checked again)
        return dict(_DEFAULTS)
    if not isinstance(given, Mapping):
        raise CommandRejected("combat.rules: an object of rules options")
    out = {k: o.default for k, o in RULE_OPTIONS.items()}
    for key, value in given.items():
        option = RULE_OPTIONS.get(key)
        if option is None:
            raise CommandRejected(
                f"combat.rules.{key}: {RULESET_NAME} has no such rules option "
                f"(known: {', '.join(RULE_OPTIONS)})"
            )
        if value is not None and not isinstance(value, option.types):
            raise CommandRejected(f"combat.rules.{key}: {value!r} is not of the right kind ({option.help})")
        out[key] = value
    CheckTable.from_rules(out)  # its numbers are bounded: a table out of bounds is refused by name
    return out


#: Every rules option at its default.
_DEFAULTS: Mapping[str, Any] = MappingProxyType({k: o.default for k, o in RULE_OPTIONS.items()})


def category(severity: int) -> str:
    """``"mild"``, ``"moderate"`` or ``"severe"`` for a wound of ``severity``."""
    if severity >= SEVERE_FROM:
        return "severe"
    if severity >= MODERATE_FROM:
        return "moderate"
    return "mild"


def ladder_expression(rung: str, steps: int) -> str:
    """The damage ``rung`` moved up ``steps`` rungs ("1d6" + 1 → "2d6"; past the top +1d6 a rung)."""
    if rung not in DAMAGE_LADDER:
        return rung if steps == 0 else _past_top(rung, steps)
    index = DAMAGE_LADDER.index(rung) + steps
    if index < len(DAMAGE_LADDER):
        return DAMAGE_LADDER[max(0, index)]
    extra = index - (len(DAMAGE_LADDER) - 1)
    top = DAMAGE_LADDER[-1]
    return f"{int(top.split('d')[0]) + extra}d6"


def _past_top(expr: str, steps: int) -> str:
    if "d6" in expr and expr.split("d")[0].isdigit() and expr.endswith("d6"):
        return f"{int(expr.split('d')[0]) + steps}d6"
    return expr
