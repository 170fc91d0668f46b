"""Avorkarth's bestiary: creatures a GM can give a token (``Avorkarth.templates()``).

The text names few creatures — "a heroic group of warriors battling a drake upon a snowed
mountain", "duels within a gladitorial arena", weapons of "sword, bow, fist, claw or maw" — and
gives none of them numbers. So the drake and the gladiator are drawn from those lines and the rest
are plain fighters and beasts; every score is assumed (not in the source text), chosen against the
ordinary fighter of the module's example block (abilities about 5, 6 Wounds). Each is a valid stat
block (tests/engine/rules/avorkarth/test_bestiary.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.rules.stat_schema import CreatureTemplate


def _abilities(strength: int, agility: int, dexterity: int, instinct: int, constitution: int, vitality: int,
               toughness: int, will: int, charisma: int, elegance: int) -> dict[str, int]:
    return {"strength": strength, "agility": agility, "dexterity": dexterity, "instinct": instinct,
            "constitution": constitution, "vitality": vitality, "toughness": toughness, "will": will,
            "charisma": charisma, "elegance": elegance}


def _block(abilities: dict[str, int], wounds: int, **fields: Any) -> Mapping[str, Any]:
    return {"abilities": abilities, "wounds": wounds, **fields}


BESTIARY: tuple[CreatureTemplate, ...] = (
    CreatureTemplate(
        "warrior", "Warrior",
        _block(_abilities(6, 5, 4, 5, 6, 5, 5, 5, 4, 3), 7,
               armour={"full": 3, "guarded": 2, "natural": 0}, armour_penalty=-1, movement=6,
               weapons=[{"name": "Longsword", "might": 5}, {"name": "Dagger", "might": 3}]),
        side="party", help="\"a heroic group of warriors\": mail and a longsword, a dagger in the belt",
    ),
    CreatureTemplate(
        "gladiator", "Gladiator",
        _block(_abilities(6, 7, 5, 6, 5, 5, 5, 5, 6, 4), 7,
               armour={"full": 1, "guarded": 2, "natural": 0}, shield_guarded=2, movement=6,
               weapons=[{"name": "Gladius", "might": 5}, {"name": "Trident", "might": 4, "reach": 2}]),
        help="\"duels within a gladitorial arena\": quick, a shield to parry with, a trident that reaches 2",
    ),
    CreatureTemplate(
        "bandit", "Bandit",
        _block(_abilities(5, 6, 5, 5, 5, 4, 4, 3, 3, 2), 5,
               armour={"full": 1, "guarded": 0, "natural": 0}, movement=6,
               weapons=[{"name": "Club", "might": 4}, {"name": "Sap", "might": 3, "lethal": False}]),
        help="leather and a club; the sap knocks out (non-lethal)",
    ),
    CreatureTemplate(
        "archer", "Archer",
        _block(_abilities(4, 6, 7, 6, 4, 4, 4, 4, 3, 3), 5,
               armour={"full": 1, "guarded": 0, "natural": 0}, movement=6,
               weapons=[{"name": "Shortbow", "might": 4, "ranged": True, "reach": 12, "hands": 2},
                        {"name": "Dagger", "might": 3}]),
        help="a shortbow to 12 tiles (two hands); a dagger when the enemy closes in",
    ),
    CreatureTemplate(
        "wolf", "Wolf",
        _block(_abilities(4, 7, 2, 7, 5, 4, 4, 3, 2, 2), 4,
               armour={"full": 0, "guarded": 0, "natural": 1}, movement=9,
               weapons=[{"name": "Maw", "might": 4}]),
        help="a beast of \"claw or maw\": fast (9 tiles a move), hunts in packs to flank",
    ),
    CreatureTemplate(
        "cave-bear", "Cave bear",
        _block(_abilities(9, 4, 2, 5, 8, 7, 7, 5, 3, 1), 12,
               armour={"full": 0, "guarded": 0, "natural": 3}, movement=6,
               weapons=[{"name": "Claws", "might": 7}, {"name": "Maw", "might": 6, "secondary": True}]),
        size="large", help="large (terrifying size +1): claws, and the maw as a secondary attack",
    ),
    CreatureTemplate(
        "drake", "Drake",
        _block(_abilities(10, 5, 3, 6, 9, 8, 8, 7, 6, 2), 20,
               armour={"full": 0, "guarded": 0, "natural": 5}, movement=8,
               resistances={"cold": 12, "fire": 6},
               weapons=[{"name": "Claws", "might": 8}, {"name": "Bite", "might": 9, "secondary": True}]),
        size="huge", help="\"a drake upon a snowed mountain\": huge (terrifying size +2), scaled, cold-proof",
    ),
)
