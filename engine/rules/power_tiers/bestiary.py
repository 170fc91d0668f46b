"""Power Tiers' creatures a GM can give a token (``PowerTiers.templates()``).

The text's one example is a Neophyte with "a Dexterity of 5, a Stamina of 10" (speed 20 ft); it
names the tiers Neophyte, Acolyte, Adept and Master and weapons by weight (light, medium, heavy).
Every other number is assumed — not in the source text — chosen against that Neophyte. Each
template is a valid stat block (tests/engine/rules/power_tiers/test_bestiary.py).
"""

from __future__ import annotations

from typing import Any

from vantage.engine.rules.stat_schema import CreatureTemplate


def _weapon(name: str, damage: str, weight: str, skill: int, **extra: Any) -> dict[str, Any]:
    return {"name": name, "damage": damage, "weight": weight, "proficient": True, "skill": skill, **extra}


def _block(tier: str, dexterity: int, stamina: int, fortitude: int, health: int, defence: int,
           weapons: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"tier": tier, "dexterity": dexterity, "stamina": stamina, "fortitude": fortitude,
            "health": health,
            "defence": {"skill": defence, "magic": 0}, "weapons": weapons, **extra}


BESTIARY: tuple[CreatureTemplate, ...] = (
    CreatureTemplate(
        "neophyte", "Neophyte fighter",
        _block("neophyte", 5, 10, 8, 10, 2, [_weapon("Shortsword", "1d6", "light", 2)],
               armour={"name": "Leather", "value": 1, "durability": 10}, player=True),
        side="party", help="the text's example: Dexterity 5, Stamina 10, a Neophyte — speed 20 ft",
    ),
    CreatureTemplate(
        "acolyte-duellist", "Acolyte duellist",
        _block("acolyte", 9, 8, 12, 12, 4, [_weapon("Rapier", "1d8", "light", 4),
                                              _weapon("Dagger", "1d4", "light", 3)],
               armour={"name": "Padded coat", "value": 1, "durability": 8}, wrestle=1,
               unarmed={"skill": 1, "proficient": True, "damage": "1d4"}, player=True),
        side="party", help="quick (speed 20 ft) and light-armed; a dagger for when grabbed",
    ),
    CreatureTemplate(
        "adept-knight", "Adept knight",
        _block("adept", 4, 14, 18, 16, 5, [_weapon("Longsword", "1d10", "medium", 5),
                                             _weapon("Warhammer", "2d6", "heavy", 3, proficient=False)],
               armour={"name": "Plate", "value": 4, "durability": 30},
               armour_extra=[{"name": "Shield", "value": 1, "durability": 12}], wrestle=3, player=True),
        side="party", help="plate (4, Durability 30) and a shield (1, Durability 12); not proficient with "
                           "the warhammer (3 stamina points)",
    ),
    CreatureTemplate(
        "master-swordmaster", "Master swordmaster",
        _block("master", 10, 12, 24, 20, 8, [_weapon("Greatsword", "2d8", "heavy", 8, damage_bonus=2)],
               armour={"name": "Brigandine", "value": 3, "durability": 24}, wrestle=4,
               unarmed={"skill": 4, "proficient": True, "damage": "1d6"}),
        help="a Master: recovers 4 Fortitude a round and 4 Health a day",
    ),
    CreatureTemplate(
        "brigand", "Brigand",
        _block("neophyte", 5, 8, 6, 8, 1, [_weapon("Club", "1d6", "medium", 1),
                                            _weapon("Shortbow", "1d6", "medium", 1, ranged=True, reach=16)],
               armour={"name": "Hide", "value": 1, "durability": 6}),
        help="a Neophyte with a club and a shortbow (reach 16 tiles, 80 ft)",
    ),
    CreatureTemplate(
        "wrestler", "Pit wrestler",
        _block("acolyte", 6, 12, 12, 14, 2, [], wrestle=6,
               unarmed={"skill": 5, "proficient": True, "damage": "1d6"}),
        help="no weapons: grabs (unarmed 5) and holds (wrestle 6)",
    ),
    CreatureTemplate(
        "wolf", "Wolf",
        _block("neophyte", 8, 9, 6, 9, 2, [_weapon("Bite", "1d6", "light", 3)]),
        help="speed 20 ft; a bite it is proficient with (stun and heavy attacks too)",
    ),
)
