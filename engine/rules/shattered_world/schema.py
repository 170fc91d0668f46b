"""The Shattered World stat block: its fields (the GUI's form), the weapons list checked against
the weapon table, and the parsed :class:`Creature` the rules read."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from vantage.engine.rules.shattered_world.tables import (
    AMMUNITION,
    ARMOR_TYPES,
    HEAVY_ARMOR,
    MISSILES,
    SIZE_LETTERS,
    VISION,
    WEAPONS,
    ability_bonus,
)
from vantage.engine.rules.stat_memo import memo_by_stats
from vantage.engine.rules.stat_schema import FieldKind, Problems, StatField, StatSchema

ABILITIES = ("strength", "dexterity", "endurance", "will")
HANDS = ("main", "off", "both")

STAT_SCHEMA = StatSchema(
    (
        StatField(
            "hit_points",
            FieldKind.INT,
            'Hit Points ("1/5th or less ... is Disabled"; 0: dying)',
            12,
            1,
            200,
            required=True,
        ),
        StatField(
            "abilities.strength",
            FieldKind.INT,
            "Strength: its bonus adds to melee and thrown damage",
            11,
            1,
            60,
        ),
        StatField(
            "abilities.dexterity",
            FieldKind.INT,
            "Dexterity: its bonus adds to initiative; surprise checks",
            11,
            1,
            60,
        ),
        StatField(
            "abilities.endurance",
            FieldKind.INT,
            "Endurance: rolls to stabilise, chances, a night's rest",
            11,
            1,
            60,
        ),
        StatField(
            "abilities.will", FieldKind.INT, "Will: the roll to remain conscious at 0 Hit Points", 11, 1, 60
        ),
        StatField(
            "skills.combat", FieldKind.INT, "Combat Skill: non-proficient attacks roll against it", 8, 0, 60
        ),
        StatField(
            "skills.dodge", FieldKind.INT, "Dodge skill rank (assumed: the Dodge roll's target)", 8, 0, 60
        ),
        StatField(
            "skills.ride",
            FieldKind.INT,
            "Ride (Animal): a mounted attacker uses the lower of it and the weapon skill",
            0,
            0,
            60,
        ),
        StatField(
            "skills.unarmed",
            FieldKind.INT,
            "the skill of fist and kick attacks and fist parries (0: the Combat Skill)",
            0,
            0,
            60,
        ),
        StatField("armor", FieldKind.INT, "Armor rating: points of damage absorbed", 0, 0, 30),
        StatField(
            "armor_type",
            FieldKind.CHOICE,
            "chainmail or heavier halves movement",
            "none",
            choices=ARMOR_TYPES,
        ),
        StatField("restrictive_clothing", FieldKind.BOOL, "restrictive clothing halves movement", False),
        StatField(
            "encumbered", FieldKind.BOOL, "a heavy load: half movement and +1d20 on Dodge rolls", False
        ),
        StatField("speed", FieldKind.INT, "normal per-round movement in feet (Humans 50)", 50, 0, 300),
        StatField("attacks", FieldKind.INT, "Attacks a Round (second and third passes)", 1, 1, 3),
        StatField(
            "vision",
            FieldKind.CHOICE,
            "normal; night (no penalty in Night, Saurans); darkvision",
            "normal",
            choices=tuple(VISION),
        ),
        StatField("mailed_fists", FieldKind.BOOL, "metal-armoured fists: one row more fist damage", False),
        StatField(
            "weapons",
            FieldKind.LIST,
            "weapons in hand: {weapon, skill, hand, ammo} or natural "
            "attacks {name, damage, size, skill, kind}",
            [],
        ),
        StatField("player", FieldKind.BOOL, "a player's character (its player answers its reactions)", False),
    )
)

_WEAPON_KEYS = {
    "weapon",
    "name",
    "skill",
    "hand",
    "ammo",
    "damage",
    "size",
    "kind",
    "composite_bonus",
    "routine",
}
NATURAL_KINDS = ("bite", "claw", "hoof", "horn", "sting", "tail")


@dataclass(frozen=True)
class Weapon:
    """One weapon a creature holds (or a natural attack): the table row it is (None: natural),
    its display name, the skill rank (None: not proficient — the Combat Skill), the hand it is in,
    its missile, and for natural attacks their damage, size and kind."""

    index: int
    id: str
    name: str
    skill: int | None
    hand: str
    ammo: str | None = None
    damage: str | None = None
    size: str | None = None
    natural_kind: str | None = None
    composite_bonus: int = 0
    routine: bool = False

    @cached_property
    def natural(self) -> bool:
        return self.natural_kind is not None

    @cached_property
    def shield(self) -> bool:
        row = WEAPONS.get(self.id)
        return row is not None and row.shield

    @cached_property
    def projectile(self) -> bool:
        return self.id in AMMUNITION

    @cached_property
    def armor(self) -> int | None:
        row = WEAPONS.get(self.id)
        return row.armor if row is not None else None

    @cached_property
    def size_letter(self) -> str:
        if self.size is not None:
            return self.size
        row = WEAPONS.get(self.id)
        return row.size if row is not None and row.size else "T"

    @cached_property
    def dice(self) -> str | None:
        """The damage dice: the weapon's (a projectile's come from its missile)."""
        if self.damage is not None:
            return self.damage
        row = WEAPONS.get(self.ammo or self.id) if self.projectile else WEAPONS.get(self.id)
        return row.damage if row is not None else None


@dataclass(frozen=True)
class Creature:
    """A parsed stat block."""

    hit_points: int
    abilities: Mapping[str, int]
    skills: Mapping[str, int]
    armor: int
    armor_type: str
    restrictive_clothing: bool
    encumbered: bool
    speed: int
    attacks: int
    vision: str
    mailed_fists: bool
    weapons: tuple[Weapon, ...]
    player: bool

    def bonus(self, ability: str) -> int:
        return ability_bonus(int(self.abilities[ability]))

    @property
    def heavy_armor(self) -> bool:
        return self.armor_type in HEAVY_ARMOR

    def weapon(self, name: str) -> Weapon | None:
        return self._weapons_by_key.get(name.lower())

    @cached_property
    def _weapons_by_key(self) -> Mapping[str, Weapon]:
        """Each weapon by its id and its name in lower case, the first one listed for a key."""
        by_key: dict[str, Weapon] = {}
        for w in self.weapons:
            by_key.setdefault(w.id, w)
            by_key.setdefault(w.name.lower(), w)
        return by_key

    @cached_property
    def hand_weapons(self) -> tuple[Weapon, ...]:
        """The weapons held in a hand (not natural attacks), all of them in hand."""
        return tuple(w for w in self.weapons if not w.natural)

    @cached_property
    def two_weapons(self) -> bool:
        """One weapon in each hand (a shield counts), all of them in hand."""
        return holds_two(self.hand_weapons)


def holds_two(weapons: Iterable[Weapon]) -> bool:
    """ "Characters using two weapons" (a shield counts): ``weapons`` fill the main and the off hand."""
    return {"main", "off"} <= {w.hand for w in weapons}


def _weapon_problems(value: object, place: str) -> Problems:
    problems: Problems = []
    if not isinstance(value, list | tuple):
        return problems  # the schema says it
    for i, entry in enumerate(value):
        at = f"{place}.weapons[{i}]"
        if not isinstance(entry, Mapping):
            problems.append((at, 'a weapon is an object such as {"weapon": "longsword", "skill": 12}'))
            continue
        unknown = sorted(set(entry) - _WEAPON_KEYS)
        if unknown:
            problems.append(
                (f"{at}.{unknown[0]}", f"is not a weapon field (known: {', '.join(sorted(_WEAPON_KEYS))})")
            )
        ident = entry.get("weapon")
        natural = entry.get("kind") is not None
        if natural:
            if entry.get("kind") not in NATURAL_KINDS:
                problems.append(
                    (f"{at}.kind", f"{entry.get('kind')!r} is not one of {', '.join(NATURAL_KINDS)}")
                )
            if not isinstance(entry.get("name"), str) or not entry.get("name"):
                problems.append((f"{at}.name", 'a natural attack needs a name ("Bite")'))
            damage = entry.get("damage")
            if not isinstance(damage, str):
                problems.append((f"{at}.damage", 'a natural attack needs its damage dice ("1d6")'))
            if entry.get("size", "S") not in SIZE_LETTERS:
                problems.append((f"{at}.size", f"{entry.get('size')!r} is not one of T, S, M, L, H"))
        elif not isinstance(ident, str) or ident not in WEAPONS or ident in MISSILES:
            known = ", ".join(w for w in WEAPONS if w not in MISSILES)
            problems.append((f"{at}.weapon", f"{ident!r} is not a weapon of the table (known: {known})"))
        elif ident in AMMUNITION:
            ammo = entry.get("ammo", AMMUNITION[ident][0])
            if ammo not in AMMUNITION[ident]:
                problems.append(
                    (
                        f"{at}.ammo",
                        f"a {WEAPONS[ident].name} shoots {', '.join(AMMUNITION[ident])}, not {ammo!r}",
                    )
                )
        skill = entry.get("skill")
        if skill is not None and (
            isinstance(skill, bool) or not isinstance(skill, int) or not 0 <= skill <= 60
        ):
            problems.append((f"{at}.skill", f"{skill!r} is not a skill rank 0–60 (null: not proficient)"))
        if entry.get("hand", "main") not in HANDS:
            problems.append((f"{at}.hand", f"{entry.get('hand')!r} is not one of {', '.join(HANDS)}"))
    hands = [e.get("hand", "main") for e in value if isinstance(e, Mapping) and e.get("kind") is None]
    if hands.count("both") and len(hands) > 1:
        problems.append((f"{place}.weapons", "a weapon held in both hands leaves no hand for another"))
    elif hands.count("main") > 1 or hands.count("off") > 1:
        problems.append((f"{place}.weapons", "one weapon in the main hand and one in the off hand at most"))
    return problems


@memo_by_stats()
def validate(stats: object, place: str = "stats") -> Problems:
    problems = STAT_SCHEMA.validate(stats, place)
    if isinstance(stats, Mapping):
        problems.extend(_weapon_problems(stats.get("weapons", []), place))
    return problems


@memo_by_stats()
def checked(stats: object) -> Creature | tuple[str, str]:
    """The :class:`Creature` of a valid stat block, else its first problem (place, message): what a
    command reads of a stat block, in one look-up of the memo (its own: a frozen value or a tuple,
    kept while the block is unchanged, as :func:`validate`'s and :func:`parse`'s)."""
    problems = validate(stats)
    if problems:
        return problems[0]
    return parse(stats)


@memo_by_stats()
def parse(stats: Mapping[str, Any]) -> Creature:
    """A :class:`Creature` from a stat block that :func:`validate` passed."""
    d = STAT_SCHEMA.defaults()
    abilities = {**d["abilities"], **dict(stats.get("abilities", {}))}
    skills = {**d["skills"], **dict(stats.get("skills", {}))}
    weapons = []
    for i, e in enumerate(stats.get("weapons", [])):
        kind = e.get("kind")
        ident = "natural" if kind is not None else str(e["weapon"])
        name = str(e.get("name") or WEAPONS[ident].name) if kind is None else str(e["name"])
        ammo = e.get("ammo", AMMUNITION[ident][0]) if ident in AMMUNITION else None
        weapons.append(
            Weapon(
                i,
                ident,
                name,
                e.get("skill"),
                str(e.get("hand", "main")),
                ammo,
                e.get("damage"),
                e.get("size", "S") if kind else None,
                kind,
                int(e.get("composite_bonus", 0)),
                bool(e.get("routine", False)),
            )
        )
    get = {**d, **stats}
    return Creature(
        int(get["hit_points"]),
        abilities,
        skills,
        int(get["armor"]),
        str(get["armor_type"]),
        bool(get["restrictive_clothing"]),
        bool(get["encumbered"]),
        int(get["speed"]),
        int(get["attacks"]),
        str(get["vision"]),
        bool(get["mailed_fists"]),
        tuple(weapons),
        bool(get["player"]),
    )
