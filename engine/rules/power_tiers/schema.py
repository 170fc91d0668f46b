"""The Power Tiers stat block: the fields the rules read, with their kind, range, default and one
line of help (the token panel's form), and the full check, weapons included.

The ranges only catch typing mistakes (assumed — not in the source text, which gives none).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vantage.engine.dice import DiceError, parse
from vantage.engine.rules.power_tiers.tables import TIERS, WEIGHT_STAMINA
from vantage.engine.rules.stat_schema import FieldKind, Problems, StatField, StatSchema

SCORE_MAX = 100
POOL_MAX = 1000

STAT_SCHEMA = StatSchema((
    StatField("tier", FieldKind.CHOICE, "tier of power: its rank is the Power Ranking, the Fortitude "
              "recovered "
              "each round and the Health each day", "neophyte", choices=tuple(TIERS), required=True),
    StatField("dexterity", FieldKind.INT, "Dexterity: part of the Speed score", 5, 0, SCORE_MAX,
              required=True),
    StatField("stamina", FieldKind.INT, "Stamina: part of the Speed score, and the stamina points an attack "
              "with a weapon one is not proficient with costs", 10, 0, SCORE_MAX, required=True),
    StatField("fortitude", FieldKind.INT, "maximum Fortitude: takes damage before Health", 10, 0, POOL_MAX,
              required=True),
    StatField("health", FieldKind.INT, "maximum Health: at 0 the creature is dying for this many rounds", 10,
              1, POOL_MAX, required=True),
    StatField("defence.skill", FieldKind.INT, "combat skill added to defence rolls", 2, -50, SCORE_MAX),
    StatField("defence.magic", FieldKind.INT, "magical bonus to defence rolls", 0, -50, SCORE_MAX),
    StatField("wrestle", FieldKind.INT, "Wrestle skill: defends against a grab, breaks free of or "
              "reverses one",
              0, -50, SCORE_MAX),
    StatField("unarmed.skill", FieldKind.INT, "Unarmed combat skill: unarmed attacks and grabs", 0, -50,
              SCORE_MAX),
    StatField("unarmed.proficient", FieldKind.BOOL, "proficient unarmed (stun and heavy attacks unarmed)",
              True),
    StatField("unarmed.damage", FieldKind.TEXT, "unarmed damage dice (assumed 1d4: the text gives none)",
              "1d4"),
    StatField("armour.name", FieldKind.TEXT, "the armour worn", "None"),
    StatField("armour.value", FieldKind.INT, "armour value: the damage it stops", 0, 0, POOL_MAX),
    StatField("armour.durability", FieldKind.INT, "total Durability: what it stops comes off it; at 0 it is "
              "destroyed", 0, 0, POOL_MAX),
    StatField("armour_extra", FieldKind.LIST, "further armour worn (a helmet, a shield …): name, value, "
              "durability; \"the total armor value of any armor worn\" stops damage", []),
    StatField("player", FieldKind.BOOL, "a player's character (its player answers its choices)", False),
    StatField("weapons", FieldKind.LIST, "weapons: name, damage (dice), weight (light, medium, heavy), "
              "proficient, skill, magic, damage_bonus, ranged, reach (tiles)", []),
))

#: The fields of one weapon, checked with their place (``stats.weapons[1].weight``).
WEAPON_SCHEMA = StatSchema((
    StatField("name", FieldKind.TEXT, "the weapon's name", required=True),
    StatField("damage", FieldKind.TEXT, "damage dice as stated on the weapon (1d8)", required=True),
    StatField("weight", FieldKind.CHOICE, "light, medium or heavy", "medium", choices=tuple(WEIGHT_STAMINA)),
    StatField("proficient", FieldKind.BOOL, "proficient with it", True),
    StatField("skill", FieldKind.INT, "combat skill added to attack rolls with it", 0, -50, SCORE_MAX),
    StatField("magic", FieldKind.INT, "magical bonus to attack rolls with it", 0, -50, SCORE_MAX),
    StatField("damage_bonus", FieldKind.INT, "bonus (or penalty) to its damage", 0, -50, SCORE_MAX),
    StatField("ranged", FieldKind.BOOL, "a ranged weapon (no melee options)", False),
    StatField("reach", FieldKind.INT, "tiles it reaches (1: adjacent)", 1, 1, 1000),
))


#: One further piece of armour (``armour_extra[i]``).
ARMOUR_SCHEMA = StatSchema((
    StatField("name", FieldKind.TEXT, "the piece's name", required=True),
    StatField("value", FieldKind.INT, "what it stops", 0, 0, POOL_MAX, required=True),
    StatField("durability", FieldKind.INT, "its total Durability", 0, 0, POOL_MAX, required=True),
))


def _dice_problem(value: Any) -> str | None:
    if not isinstance(value, str):
        return None  # the schema says it is not text
    try:
        parse(value)
    except DiceError as bad:
        return str(bad)
    return None


def validate_stat_block(stats: object, place: str = "stats") -> Problems:
    """Every problem of a Power Tiers stat block, with its place."""
    problems = STAT_SCHEMA.validate(stats, place)
    if not isinstance(stats, Mapping):
        return problems
    unarmed = stats.get("unarmed")
    if isinstance(unarmed, Mapping):
        bad = _dice_problem(unarmed.get("damage"))
        if bad:
            problems.append((f"{place}.unarmed.damage", bad))
    armour = stats.get("armour")
    if isinstance(armour, Mapping) and isinstance(armour.get("value"), int) and armour.get("value", 0) > 0 \
            and armour.get("durability", 0) == 0:
        problems.append((f"{place}.armour.durability", "armour with a value needs a Durability above 0"))
    extra = stats.get("armour_extra", [])
    if isinstance(extra, Sequence) and not isinstance(extra, str):
        for i, piece in enumerate(extra):
            problems.extend(ARMOUR_SCHEMA.validate(piece, f"{place}.armour_extra[{i}]"))
    weapons = stats.get("weapons", [])
    if isinstance(weapons, Sequence) and not isinstance(weapons, str):
        names: set[str] = set()
        for i, weapon in enumerate(weapons):
            at = f"{place}.weapons[{i}]"
            problems.extend(WEAPON_SCHEMA.validate(weapon, at))
            if not isinstance(weapon, Mapping):
                continue
            bad = _dice_problem(weapon.get("damage"))
            if bad:
                problems.append((f"{at}.damage", bad))
            name = weapon.get("name")
            if isinstance(name, str):
                if name.casefold() in names:
                    problems.append((f"{at}.name", f"two weapons are called {name!r}"))
                names.add(name.casefold())
    return problems


def with_defaults(stats: Mapping[str, Any]) -> dict[str, Any]:
    """A valid stat block with every default filled in (weapons too)."""
    out = STAT_SCHEMA.defaults()
    for key, value in stats.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    weapon_defaults = WEAPON_SCHEMA.defaults()
    out["weapons"] = [{**weapon_defaults, **w} for w in out.get("weapons", [])]
    out["armour_extra"] = [dict(p) for p in out.get("armour_extra", [])]
    return out
