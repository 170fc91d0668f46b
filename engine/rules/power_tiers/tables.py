"""Power Tiers' data tables: the tier ladder and the rules options of ``combat["rules"]``, each with
its documented default (docs/rules/power-tiers.md). Where the text is silent the default is
marked *assumed — not in the source text* and names the gap."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from vantage.engine.dice import DiceError, parse
from vantage.engine.protocol.errors import CommandRejected

#: The tiers of power and their rank ("Power Ranking"): "if a character is a Neophyte, they will
#: recover 1 point ..., if they are an Acolyte ... 2 points per round, an Adept ... 3 points ...,
#: and so on"; "a Master will recover 4 points of Health per day". The text names no tier between
#: Adept and Master nor past Master: the ladder stops at Master 4 (assumed — not in the source
#: text: "the tier ladder past the named tiers").
TIERS: Mapping[str, int] = MappingProxyType({"neophyte": 1, "acolyte": 2, "adept": 3, "master": 4})

#: "1 for light, 2 for medium, and 3 for heavy weapons."
WEIGHT_STAMINA: Mapping[str, int] = MappingProxyType({"light": 1, "medium": 2, "heavy": 3})

#: The attack styles a proficient melee attack may take: "A standard attack, a stun attack, or a
#: heavy attack."
STYLES = ("standard", "stun", "heavy")


@dataclass(frozen=True)
class RuleOption:
    """One option of ``combat["rules"]``: its default, the type it must have, and what it means."""

    default: Any
    types: tuple[type, ...]
    help: str
    least: int = 0  # the smallest whole number it may be


RULE_OPTIONS: Mapping[str, RuleOption] = MappingProxyType({
    "actions_per_round": RuleOption(3, (int,), "\"During each round you have three actions to use.\""),
    "initiative_die": RuleOption("d20", (str,), "the initiative roll (assumed: the text has no turn order)"),
    "initiative_ability": RuleOption("dexterity", (str,),
                                     "the stat added to the initiative roll (assumed: the text has no "
                                     "turn order)"),
    "critical_margin": RuleOption(10, (int,), "\"beats the defender's roll by at least 10\""),
    "minimum_damage_after_armour": RuleOption(
        False, (bool,), "false: the minimum of 1 is on the damage total, armour may stop it all; true: a hit "
                        "always does at least 1 after armour (the other reading)"),
    "fortitude_halt_rounds": RuleOption(
        120, (int,), "\"until no damage has been taken for 10 minutes\": 10 minutes of 5-second rounds"),
    "wound_health_damage": RuleOption(5, (int,), "\"Taking 5 points of Health damage from one hit\""),
    "wound_heal_days": RuleOption(7, (int,), "\"One wound point will take one week to heal\"", least=1),
    "medicine_threshold": RuleOption(50, (int,), "\"rolling at least a 50 each day\""),
    "heavy_bonus": RuleOption(2, (int,), "\"an additional 2 damage on a successful hit\""),
    "two_action_cost": RuleOption(
        2, (int,), "actions that \"use both Primary and Secondary actions\" (heavy attack, a grabbed "
                   "creature's attack) — assumed: two of the three actions"),
    "defensive_stance_bonus": RuleOption(25, (int,), "\"gaining a bonus +25 to defense rolls that round\""),
    "stun_rounds": RuleOption(
        1, (int,), "rounds a creature is stunned when stun damage empties its Fortitude (assumed: the text "
                   "does not say what stun damage does)"),
})


def rules_of(combat: Mapping[str, Any]) -> dict[str, Any]:
    """The rules options in force: ``combat["rules"]`` over the defaults; CommandRejected names an
    unknown option or a value of the wrong type (``rules.stun_rounds: 'x' is not a whole number``)."""
    given = combat.get("rules") or {}
    if not isinstance(given, Mapping):
        raise CommandRejected("rules: the rules options are an object of named values")
    out = {name: option.default for name, option in RULE_OPTIONS.items()}
    for name, value in given.items():
        option = RULE_OPTIONS.get(name)
        if option is None:
            raise CommandRejected(f"rules.{name}: Power Tiers has no such rules option "
                                  f"(known: {', '.join(RULE_OPTIONS)})")
        wrong = isinstance(value, bool) and bool not in option.types
        if wrong or not isinstance(value, option.types):
            kind = {int: "a whole number", bool: "true or false", str: "text"}[option.types[0]]
            raise CommandRejected(f"rules.{name}: {value!r} is not {kind}")
        if isinstance(value, int) and not isinstance(value, bool) and value < option.least:
            raise CommandRejected(f"rules.{name}: {value} is below {option.least}")
        out[name] = value
    try:
        parse(str(out["initiative_die"]))
    except DiceError as bad:
        raise CommandRejected(f"rules.initiative_die: {bad}") from None
    return out


def tier_rank(tier: str) -> int:
    """The rank of a tier ("neophyte" → 1)."""
    return TIERS[tier]
