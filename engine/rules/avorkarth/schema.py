"""The Avorkarth stat block as a form: every field :mod:`.statblock` reads, with its kind, range,
default and one line of help (for the token panel's form and the Ruleset dialog).

The ranges are the validator's own (:func:`~.statblock.validate_stat_block`, which stays the full
check — weapons and unknown keys included); the text gives none, so they only catch typing mistakes
(assumed — not in the source text). Defaults are the ordinary fighter of the module text's example
block; ``resistances`` have no default: left out, each is derived from its ability.
"""

from __future__ import annotations

from vantage.engine.rules.avorkarth.attributes import resistance_source
from vantage.engine.rules.avorkarth.statblock import (
    ABILITY_RANGE,
    ARMOUR_PENALTY_RANGE,
    ARMOUR_RANGE,
    DEFAULT_ABILITIES,
    DEFAULT_MOVEMENT,
    MOVEMENT_RANGE,
    RESISTANCE_RANGE,
    RESISTANCES,
    WOUNDS_RANGE,
)
from vantage.engine.rules.stat_schema import FieldKind, StatField, StatSchema

#: What each ability score does in the rules, for the form's help line.
ABILITY_HELP = {
    "strength": "Might when the weapon has none, overwhelm, grapple and escape checks; presence",
    "agility": "Swiftness (actions, extra turns); melee attack and dodge with Instinct",
    "dexterity": "Ranged attack with Instinct; melee attack when better than Agility",
    "instinct": "Initiative; half of every attack and of dodge",
    "constitution": "Stamina (rounds before tiring); presence",
    "vitality": "Poison, necrotic and cold resistances (acid, holy, infernal, shadow, spirit when better)",
    "toughness": "Fire and shock resistances (acid, holy, infernal, shadow, spirit when better)",
    "will": "Resolve for the morale check; fear gained on a failure",
    "charisma": "Presence",
    "elegance": "Presence towards allies only (\"Defend the fair\")",
}


def _int(path: str, help: str, default: int | None, bounds: tuple[int, int], *, required: bool = False,
         label: str = "") -> StatField:
    low, high = bounds
    return StatField(path, FieldKind.INT, help, default, low, high, required=required, label=label)


def _fields() -> tuple[StatField, ...]:
    abilities = tuple(_int(f"abilities.{name}", ABILITY_HELP[name], DEFAULT_ABILITIES[name], ABILITY_RANGE,
                           required=True) for name in DEFAULT_ABILITIES)
    resistances = tuple(
        _int(f"resistances.{kind}", f"{kind.capitalize()} resistance, when it is not the "
             f"{resistance_source(kind)} score (left out: derived)", None, RESISTANCE_RANGE)
        for kind in RESISTANCES
    )
    return (
        *abilities,
        _int("wounds", "Wounds: this many full wounds kill; one fewer non-lethal wounds knock out", 6,
             WOUNDS_RANGE, required=True),
        _int("armour.full", "Full armour: against every attack while aware of the combat", 0, ARMOUR_RANGE,
             label="Full armour"),
        _int("armour.guarded", "Guarded armour: against attacks from the front and the flanks", 0,
             ARMOUR_RANGE, label="Guarded armour"),
        _int("armour.natural", "Natural armour: always, even when immobilised", 0, ARMOUR_RANGE,
             label="Natural armour"),
        _int("armour_penalty", "Armour penalty (0 or less), added to dodge", 0, ARMOUR_PENALTY_RANGE),
        _int("shield_guarded", "The shield's guarded value: added to armour when the blow is parried", 0,
             ARMOUR_RANGE),
        _int("movement", "Tiles per move action (assumed: the text gives no movement)", DEFAULT_MOVEMENT,
             MOVEMENT_RANGE),
        StatField("player", FieldKind.BOOL, "A player character: players win initiative ties", False),
        StatField("weapons", FieldKind.LIST, "Weapons: name, might, lethal, reach, ranged, secondary, "
                  "unarmed, durability, hands, damage (the type a resistance counts against: fire, cold …); "
                  "no weapons: Fists, non-lethal, Strength as might"),
        *resistances,
    )


STAT_SCHEMA = StatSchema(_fields())
