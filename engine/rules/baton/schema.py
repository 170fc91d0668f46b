"""Baton's stat block: its schema (the form) and typed reading, and the bestiary.

```json
{"player": true, "physique": 2, "agility": 1, "speed": 30,
 "skills": {"dodge": 1, "shield": 0, "athletics": 1, "fight_unarmed": 0, "treat_wounds": 0},
 "armour": [{"name": "Gambeson", "protection": 2}],
 "weapons": [{"name": "Longsword", "skill": 2, "damage": "1d6", "size": "medium", "reach": 1}]}
```

A weapon's ``skill`` is its "Fight with [Weapon]" specialization; ``range`` (tiles) makes it a
ranged weapon; ``counter`` lets its wielder counterattack; ``kind`` is its damage kind
(``divine``, ``necrotic``, or none).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from vantage.engine.dice import DiceError, parse
from vantage.engine.fileformat.problems import show
from vantage.engine.protocol.field_values import whole_number_text
from vantage.engine.rules.baton.tables import DAMAGE_LADDER, WEAPON_SIZES
from vantage.engine.rules.stat_memo import memo_by_stats
from vantage.engine.rules.stat_schema import CreatureTemplate, FieldKind, StatField, StatSchema

SKILLS = ("dodge", "shield", "athletics", "fight_unarmed", "treat_wounds", "ride", "stealth")

SCHEMA = StatSchema(
    (
        StatField("player", FieldKind.BOOL, "a player character (its player answers its choices)", False),
        StatField("physique", FieldKind.INT, "Physique: Health is 6 + 2 × Physique", 1, 0, 10, required=True),
        StatField(
            "agility",
            FieldKind.INT,
            "Agility: checks to dash, cross difficult terrain, land a fall",
            1,
            0,
            10,
        ),
        StatField("speed", FieldKind.INT, "speed in feet for one movement", 30, 0, 120),
        StatField("skills.dodge", FieldKind.INT, "Dodge: resist melee physical attacks", 0, 0, 10),
        StatField(
            "skills.shield", FieldKind.INT, "Shield: resist any physical attack (needs a shield)", 0, 0, 10
        ),
        StatField("skills.athletics", FieldKind.INT, "Athletics: dash, difficult terrain", 0, 0, 10),
        StatField(
            "skills.fight_unarmed", FieldKind.INT, "Fight Unarmed: grapple, knock down, push", 0, 0, 10
        ),
        StatField("skills.treat_wounds", FieldKind.INT, "Treat Wounds: treating a wound", 0, 0, 10),
        StatField("skills.ride", FieldKind.INT, "Ride [Animal]: stay in the saddle", 0, 0, 10),
        StatField("skills.stealth", FieldKind.INT, "Stealth", 0, 0, 10),
        StatField(
            "armour", FieldKind.LIST, "armour layers: [{name, protection}]; Protection is their sum", []
        ),
        StatField(
            "weapons",
            FieldKind.LIST,
            "weapons: [{name, skill, damage, size, reach, range, counter, kind}]",
            [],
        ),
        StatField("undead", FieldKind.BOOL, "undead: divine damage is always critical against it", False),
        StatField(
            "defense",
            FieldKind.INT,
            "a mount's Defense: added to its rider's defence; all it resists with when attacked",
            0,
            0,
            10,
        ),
    )
)


@dataclass(frozen=True)
class Weapon:
    name: str
    skill: int
    damage: str
    size: str = "light"
    reach: int = 1
    range: int = 0  # tiles; 0 = a melee weapon
    counter: bool = False
    kind: str | None = None

    @cached_property
    def ranged(self) -> bool:
        return self.range > 0

    @cached_property
    def physique_bonus(self) -> bool:
        """ "The Physique bonus applied to medium and large weapons"."""
        return self.size in ("medium", "large")


UNARMED = Weapon("Unarmed", 0, "1", "light", 1)


def weapon_problems(value: object, place: str) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    if not isinstance(value, Sequence) or isinstance(value, str):
        return problems
    for i, w in enumerate(value):
        at = f"{place}.weapons[{i}]"
        if not isinstance(w, Mapping):
            problems.append((at, "a weapon is an object {name, skill, damage, …}"))
            continue
        if not isinstance(w.get("name"), str) or not w.get("name"):
            problems.append((f"{at}.name", "is missing"))
        skill = w.get("skill", 0)
        if isinstance(skill, bool) or not isinstance(skill, int) or not 0 <= skill <= 10:
            problems.append((f"{at}.skill", f"{skill!r} is not a whole number 0–10"))
        damage = w.get("damage", "1d6")
        if not isinstance(damage, str):
            problems.append((f"{at}.damage", f"{damage!r} is not a damage rung ({', '.join(DAMAGE_LADDER)})"))
        elif damage not in DAMAGE_LADDER:
            try:
                parse(damage) if "d" in damage else whole_number_text(damage)
            except (DiceError, ValueError):
                problems.append(
                    (f"{at}.damage", f"{damage!r} is not a damage rung ({', '.join(DAMAGE_LADDER)})")
                )
        if w.get("size", "light") not in WEAPON_SIZES:
            problems.append((f"{at}.size", f"{w.get('size')!r} is not one of {', '.join(WEAPON_SIZES)}"))
        for key in ("reach", "range"):
            v = w.get(key, 0)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                problems.append((f"{at}.{key}", f"{v!r} is not a whole number of tiles"))
    return problems


def armour_problems(value: object, place: str) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    if not isinstance(value, Sequence) or isinstance(value, str):
        return problems
    for i, layer in enumerate(value):
        at = f"{place}.armour[{i}]"
        if not isinstance(layer, Mapping):
            problems.append((at, "an armour layer is an object {name, protection}"))
            continue
        name = layer.get("name", "armour")
        if not isinstance(name, str):
            problems.append((f"{at}.name", f"{show(name)} is not a name (text)"))
        p = layer.get("protection")
        if isinstance(p, bool) or not isinstance(p, int) or p < 0:
            problems.append((f"{at}.protection", f"{show(p)} is not a whole number of Protection"))
    return problems


@dataclass(frozen=True)
class StatBlock:
    """A Baton stat block, read (defaults filled in)."""

    player: bool
    physique: int
    agility: int
    speed_feet: int
    skills: Mapping[str, int]
    armour: tuple[tuple[str, int], ...]
    weapons: tuple[Weapon, ...]
    undead: bool
    defense: int = 0

    @cached_property
    def health(self) -> int:
        """ "A character's maximum Health equals 6 + (2 × Physique)"."""
        return 6 + 2 * self.physique

    @cached_property
    def protection(self) -> int:
        """ "the sum of the Protection granted by each layer of armor they have on"."""
        return sum(p for _, p in self.armour)

    def skill(self, name: str) -> int:
        if name == "physique":
            return self.physique
        if name == "agility":
            return self.agility
        return int(self.skills.get(name, 0))

    def weapon(self, name: str | None) -> Weapon | None:
        if name is None:
            return self.weapons[0] if self.weapons else None
        wanted = name.lower()
        for w in self.weapons:  # a loop: no generator per call
            if w.name.lower() == wanted:
                return w
        return None

    @cached_property
    def melee_reach(self) -> int:
        reaches = [w.reach for w in self.weapons if not w.ranged]
        return max(reaches) if reaches else 1


@memo_by_stats()
def read_stats(stats: Mapping[str, Any]) -> StatBlock:
    merged = {**SCHEMA.defaults(), **stats}
    skills = {**SCHEMA.defaults().get("skills", {}), **dict(stats.get("skills") or {})}
    armour = tuple((str(a.get("name", "armour")), int(a.get("protection", 0))) for a in merged["armour"])
    weapons = tuple(
        Weapon(
            str(w["name"]),
            int(w.get("skill", 0)),
            str(w.get("damage", "1d6")),
            str(w.get("size", "light")),
            int(w.get("reach", 1)),
            int(w.get("range", 0)),
            bool(w.get("counter", False)),
            w.get("kind") if isinstance(w.get("kind"), str) else None,
        )
        for w in merged["weapons"]
    )
    return StatBlock(
        bool(merged["player"]),
        int(merged["physique"]),
        int(merged["agility"]),
        int(merged["speed"]),
        skills,
        armour,
        weapons,
        bool(merged["undead"]),
        int(merged["defense"]),
    )


def stats(
    physique: int,
    *,
    player: bool = False,
    agility: int = 1,
    speed: int = 30,
    armour: Sequence[tuple[str, int]] = (),
    weapons: Sequence[Mapping[str, Any]] = (),
    undead: bool = False,
    defense: int = 0,
    **skills: int,
) -> dict[str, Any]:
    """A stat block as JSON: ``stats(2, dodge=1, weapons=[weapon("Longsword", 2, "1d6", "medium")])``."""
    return {
        "player": player,
        "physique": physique,
        "agility": agility,
        "speed": speed,
        "skills": {**{s: 0 for s in SKILLS}, **skills},
        "armour": [{"name": n, "protection": p} for n, p in armour],
        "weapons": [dict(w) for w in weapons],
        "undead": undead,
        **({"defense": defense} if defense else {}),
    }


def weapon(
    name: str,
    skill: int,
    damage: str = "1d6",
    size: str = "light",
    *,
    reach: int = 1,
    range: int = 0,
    counter: bool = False,
    kind: str | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "skill": skill, "damage": damage, "size": size, "reach": reach}
    if range:
        out["range"] = range
    if counter:
        out["counter"] = True
    if kind:
        out["kind"] = kind
    return out


#: A mount (the text gives no mount's numbers: these are Vantage's). "the mount can also be targeted
#: by attacks (in which case it uses only its own Defense)".
WARHORSE = CreatureTemplate(
    "warhorse",
    "Warhorse",
    stats(3, agility=2, speed=60, defense=2, weapons=[weapon("Hooves", 1, "1d6")]),
    "large",
    "party",
    "a mount: Defense 2 (added to its rider's defence), speed 60 ft (its rider's while mounted)",
)

#: The bestiary (the text has no monster list: these are Vantage's, built from its examples —
#: a mage, a bard, a rogue, undead for divine damage, beasts for poison).
TEMPLATES: tuple[CreatureTemplate, ...] = (
    CreatureTemplate(
        "sellsword",
        "Sellsword",
        stats(
            2,
            player=True,
            agility=1,
            dodge=1,
            shield=2,
            athletics=1,
            fight_unarmed=1,
            armour=[("Gambeson", 2), ("Mail shirt", 4)],
            weapons=[weapon("Longsword", 2, "1d6", "medium"), weapon("Dagger", 1, "1d3")],
        ),
        "medium",
        "party",
        "a fighter with a shield: Protection 6 (one negative chance on nimble checks)",
    ),
    CreatureTemplate(
        "rogue",
        "Rogue",
        stats(
            1,
            player=True,
            agility=3,
            dodge=2,
            athletics=2,
            stealth=3,
            armour=[("Leather jerkin", 2)],
            weapons=[
                weapon("Short sword", 2, "1d6"),
                weapon("Dagger", 2, "1d3"),
                weapon("Shortbow", 2, "1d6", range=16),
            ],
        ),
        "medium",
        "party",
        "light armour, two light weapons, a bow: sneak attacks",
    ),
    CreatureTemplate(
        "bard",
        "Bard",
        stats(
            1,
            player=True,
            agility=2,
            dodge=1,
            athletics=1,
            treat_wounds=2,
            armour=[("Padded coat", 1)],
            weapons=[weapon("Rapier", 1, "1d6", counter=True)],
        ),
        "medium",
        "party",
        "creates opportunities; a rapier that ripostes (a counterattack)",
    ),
    CreatureTemplate(
        "cultist",
        "Cultist",
        stats(1, agility=1, dodge=1, weapons=[weapon("Sickle", 1, "1d6")], armour=[("Robes", 1)]),
        "medium",
        "enemy",
        "a zealot with a sickle",
    ),
    CreatureTemplate(
        "skeleton",
        "Skeleton",
        stats(
            1,
            agility=1,
            dodge=0,
            shield=1,
            undead=True,
            armour=[("Old mail", 3)],
            weapons=[weapon("Rusty spear", 1, "1d6", "medium", reach=2)],
        ),
        "medium",
        "enemy",
        "undead: divine damage is always critical against it; reach 2",
    ),
    CreatureTemplate(
        "ogre",
        "Ogre",
        stats(
            5,
            agility=0,
            dodge=0,
            fight_unarmed=2,
            speed=40,
            armour=[("Hide", 2)],
            weapons=[weapon("Great club", 2, "2d6", "large", reach=2)],
        ),
        "large",
        "enemy",
        "large: grapples smaller creatures and carries them along; Health 16",
    ),
    CreatureTemplate(
        "giant-spider",
        "Giant spider",
        stats(2, agility=3, dodge=2, athletics=3, speed=40, weapons=[weapon("Venomous bite", 2, "1d3")]),
        "large",
        "enemy",
        "its bite carries an inoculant poison (the GM applies it with a poison command)",
    ),
    CreatureTemplate(
        "crossbowman",
        "Crossbowman",
        stats(
            1,
            agility=1,
            dodge=1,
            armour=[("Brigandine", 3)],
            weapons=[weapon("Crossbow", 2, "1d6", "medium", range=20), weapon("Dagger", 1, "1d3")],
        ),
        "medium",
        "enemy",
        "shoots whoever leaves full cover",
    ),
    CreatureTemplate(
        "outrider",
        "Outrider",
        stats(
            2,
            player=True,
            agility=1,
            dodge=1,
            ride=2,
            armour=[("Leather coat", 2)],
            weapons=[weapon("Lance", 2, "1d6", "large", reach=2)],
        ),
        "medium",
        "party",
        "a rider (seat it on a warhorse): higher ground, the horse's Defense and speed",
    ),
    WARHORSE,
)
