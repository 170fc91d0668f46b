"""The Avorkarth stat block: what a token's ``stats`` hold, how to check it, and its typed form.

A stat block is plain JSON in ``Token.stats`` (see docs/rules/avorkarth.md for an example)::

    {"abilities": {"strength": 5, "agility": 6, "dexterity": 4, "instinct": 5, "constitution": 5,
                   "vitality": 4, "toughness": 4, "will": 4, "charisma": 3, "elegance": 2},
     "wounds": 6,
     "armour": {"full": 1, "guarded": 1, "natural": 0},
     "armour_penalty": 0, "shield_guarded": 1, "movement": 6, "player": true,
     "weapons": [{"name": "Longsword", "might": 5, "lethal": true, "reach": 1, "ranged": false}]}

Only ``abilities`` and ``wounds`` are required; everything else has a documented default.
:func:`validate_stat_block` returns every problem as ``(place, message)``; :func:`stat_block`
reads a valid block into frozen values the rules compute with.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, TypeVar

from vantage.engine.identity_cache import identity_cache
from vantage.engine.rules.stat_schema import FieldKind, StatField

ABILITIES: tuple[str, ...] = (
    "strength", "agility", "dexterity", "instinct", "constitution",
    "vitality", "toughness", "will", "charisma", "elegance",
)
ARMOUR_TYPES: tuple[str, ...] = ("full", "guarded", "natural")
RESISTANCES: tuple[str, ...] = (
    "acid", "poison", "necrotic", "fire", "cold", "shock", "holy", "infernal", "shadow", "spirit",
)
#: Assumed — not in the source text: movement in tiles when the stat block gives none.
DEFAULT_MOVEMENT = 6
#: The abilities of an ordinary fighter (the module text's example): where the demo encounter,
#: the sample maps and the tests start before they set their own values.
DEFAULT_ABILITIES: Mapping[str, int] = MappingProxyType({
    "strength": 5, "agility": 6, "dexterity": 4, "instinct": 5, "constitution": 5,
    "vitality": 4, "toughness": 4, "will": 4, "charisma": 3, "elegance": 2,
})
#: The range of each whole-number field, shared with the stat schema (:mod:`.schema`). The text
#: gives no range for any of them; these bounds only catch typing mistakes (assumed — not in the
#: source text): ability scores 0–30, Wounds 1–1000, an armour penalty from −20 to 0.
ABILITY_RANGE = (0, 30)
WOUNDS_RANGE = (1, 1000)
ARMOUR_RANGE = (0, 100)
ARMOUR_PENALTY_RANGE = (-20, 0)
MOVEMENT_RANGE = (0, 100)
RESISTANCE_RANGE = (0, 100)
MIGHT_RANGE = (0, 100)
REACH_RANGE = (1, 100)
DURABILITY_RANGE = (0, 1000)
HANDS_RANGE = (0, 2)
_WEAPON_KEYS = {
    "name", "might", "lethal", "reach", "ranged", "secondary", "unarmed", "durability", "hands", "damage",
}
_TOP_KEYS = {
    "abilities", "wounds", "armour", "armour_penalty", "shield_guarded", "movement", "player",
    "weapons", "resistances",
}

Problems = list[tuple[str, str]]


@dataclass(frozen=True)
class Weapon:
    """A weapon (or natural attack). ``might`` None means the wielder's Strength is the might."""

    name: str
    might: int | None = None
    lethal: bool = True
    reach: int = 1
    ranged: bool = False
    secondary: bool = False
    unarmed: bool = False
    durability: int | None = None
    hands: int = 1
    #: The damage type, one of :data:`RESISTANCES` ("Resistances function as an armour value to any
    #: damage of its type"); None: a plain blow that meets no resistance.
    damage: str | None = None


#: What a creature with no weapons fights with: its fists, non-lethal, Strength as might.
FISTS = Weapon("Fists", None, lethal=False, reach=1, unarmed=True)


@dataclass(frozen=True)
class StatBlock:
    abilities: Mapping[str, int]
    wounds: int
    armour: Mapping[str, int]
    armour_penalty: int = 0
    shield_guarded: int = 0
    movement: int = DEFAULT_MOVEMENT
    player: bool = False
    weapons: tuple[Weapon, ...] = ()
    resistances: Mapping[str, int] | None = None

    def ability(self, name: str) -> int:
        return int(self.abilities[name])

    # The weapons sorted and found by name once per stat block: it is frozen, so what is read
    # of it is kept in the instance (not a field: equality, hashing and ``replace`` ignore it).
    @property
    def primary_weapons(self) -> tuple[Weapon, ...]:
        found: tuple[Weapon, ...] | None = self.__dict__.get("_primary_weapons")
        if found is None:
            found = tuple(w for w in self.weapons if not w.secondary) or (FISTS,)
            self.__dict__["_primary_weapons"] = found
        return found

    @property
    def secondary_weapons(self) -> tuple[Weapon, ...]:
        found: tuple[Weapon, ...] | None = self.__dict__.get("_secondary_weapons")
        if found is None:
            found = self.__dict__["_secondary_weapons"] = tuple(w for w in self.weapons if w.secondary)
        return found

    def weapon(self, name: str | None) -> Weapon:
        """The named weapon, or the first primary one when ``name`` is None; KeyError if unknown."""
        if name is None:
            return self.primary_weapons[0]
        named: dict[str, Weapon] = self.__dict__.setdefault("_weapons_named", {})
        found = named.get(name)
        if found is None:
            found = self._find_weapon(name)
            if found is None:
                raise KeyError(name)
            named[name] = found  # (a name not found is not kept: asked again, it is sought again)
        return found

    def _find_weapon(self, name: str) -> Weapon | None:
        for w in (*self.weapons, FISTS):
            if w.name.lower() == name.lower():
                return w
        return None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_field(problems: Problems, place: str, value: object, bounds: tuple[int, int]) -> None:
    """A whole number within ``bounds``, worded as the stat schema words it ("31 is above 30")."""
    low, high = bounds
    reason = StatField(place, FieldKind.INT, "", minimum=low, maximum=high).check(value)
    if reason:
        problems.append((place, reason))


def _flag(problems: Problems, place: str, value: object) -> None:
    reason = StatField(place, FieldKind.BOOL, "").check(value)
    if reason:
        problems.append((place, reason))


def validate_stat_block(stats: object, place: str = "stats") -> Problems:
    """Every problem with an Avorkarth stat block, as ``(place, message)``; empty when valid."""
    problems: Problems = []
    if not isinstance(stats, Mapping):
        return [(place, "an Avorkarth stat block must be an object with abilities and wounds")]
    for key in sorted(set(stats) - _TOP_KEYS):
        problems.append((f"{place}.{key}", f"unknown field (known: {', '.join(sorted(_TOP_KEYS))})"))
    abilities = stats.get("abilities")
    if not isinstance(abilities, Mapping):
        problems.append((f"{place}.abilities", f"missing: give all ten scores ({', '.join(ABILITIES)})"))
    else:
        for name in ABILITIES:
            if name not in abilities:
                problems.append((f"{place}.abilities.{name}", "missing"))
            else:
                _int_field(problems, f"{place}.abilities.{name}", abilities[name], ABILITY_RANGE)
        for name in sorted(set(abilities) - set(ABILITIES)):
            problems.append((f"{place}.abilities.{name}", "not an Avorkarth ability score"))
    if "wounds" not in stats:
        problems.append((f"{place}.wounds", "missing: how many wounds kill this creature"))
    else:
        _int_field(problems, f"{place}.wounds", stats["wounds"], WOUNDS_RANGE)
    armour = stats.get("armour", {})
    if not isinstance(armour, Mapping):
        problems.append((f"{place}.armour", "must be an object with full, guarded and natural"))
    else:
        for key, value in armour.items():
            if key not in ARMOUR_TYPES:
                problems.append((f"{place}.armour.{key}", "armour types are full, guarded and natural"))
            else:
                _int_field(problems, f"{place}.armour.{key}", value, ARMOUR_RANGE)
    if "armour_penalty" in stats:
        _int_field(problems, f"{place}.armour_penalty", stats["armour_penalty"], ARMOUR_PENALTY_RANGE)
    if "shield_guarded" in stats:
        _int_field(problems, f"{place}.shield_guarded", stats["shield_guarded"], ARMOUR_RANGE)
    if "movement" in stats:
        _int_field(problems, f"{place}.movement", stats["movement"], MOVEMENT_RANGE)
    if "player" in stats:
        _flag(problems, f"{place}.player", stats["player"])
    resistances = stats.get("resistances", {})
    if not isinstance(resistances, Mapping):
        problems.append((f"{place}.resistances", "must be an object like {\"fire\": 2}"))
    else:
        for key, value in resistances.items():
            if key not in RESISTANCES:
                known = ", ".join(RESISTANCES)
                problems.append((f"{place}.resistances.{key}", f"not a resistance ({known})"))
            else:
                _int_field(problems, f"{place}.resistances.{key}", value, RESISTANCE_RANGE)
    weapons = stats.get("weapons", [])
    if not isinstance(weapons, list):
        problems.append((f"{place}.weapons", "must be a list of weapons"))
    else:
        for i, weapon in enumerate(weapons):
            problems.extend(_validate_weapon(weapon, f"{place}.weapons[{i}]"))
    return problems


def _validate_weapon(weapon: object, place: str) -> Problems:
    problems: Problems = []
    if not isinstance(weapon, Mapping):
        return [(place, "a weapon must be an object with at least a name")]
    name = weapon.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append((f"{place}.name", "missing: every weapon needs a name"))
    for key in sorted(set(weapon) - _WEAPON_KEYS):
        known = ", ".join(sorted(_WEAPON_KEYS))
        problems.append((f"{place}.{key}", f"unknown weapon field (known: {known})"))
    if weapon.get("might") is not None:
        _int_field(problems, f"{place}.might", weapon["might"], MIGHT_RANGE)
    if "reach" in weapon:
        _int_field(problems, f"{place}.reach", weapon["reach"], REACH_RANGE)
    if weapon.get("durability") is not None:
        _int_field(problems, f"{place}.durability", weapon["durability"], DURABILITY_RANGE)
    if "hands" in weapon:
        _int_field(problems, f"{place}.hands", weapon["hands"], HANDS_RANGE)
    for flag in ("lethal", "ranged", "secondary", "unarmed"):
        if flag in weapon:
            _flag(problems, f"{place}.{flag}", weapon[flag])
    if weapon.get("damage") is not None:
        reason = damage_type_problem(weapon["damage"])
        if reason:
            problems.append((f"{place}.damage", reason))
    return problems


def damage_type_problem(value: object) -> str:
    """Why ``value`` is not a damage type ("" when it is one of the ten resistances)."""
    if value in RESISTANCES:
        return ""
    return f"{value!r} is not a damage type (the resistances: {', '.join(RESISTANCES)}; null: none)"


def stat_block(stats: Mapping[str, Any]) -> StatBlock:
    """The typed form of a stat block; ValueError naming every problem if it is not valid."""
    problems = validate_stat_block(stats)
    if problems:
        raise ValueError("; ".join(f"{p}: {m}" for p, m in problems))
    armour = {key: int(stats.get("armour", {}).get(key, 0)) for key in ARMOUR_TYPES}
    weapons = tuple(
        Weapon(
            name=str(w["name"]),
            might=w.get("might"),
            lethal=bool(w.get("lethal", not w.get("unarmed", False))),
            reach=int(w.get("reach", 1)),
            ranged=bool(w.get("ranged", False)),
            secondary=bool(w.get("secondary", False)),
            unarmed=bool(w.get("unarmed", False)),
            durability=w.get("durability"),
            hands=int(w.get("hands", 1)),
            damage=w.get("damage"),
        )
        for w in stats.get("weapons", [])
    )
    return StatBlock(
        abilities={k: int(stats["abilities"][k]) for k in ABILITIES},
        wounds=int(stats["wounds"]),
        armour=armour,
        armour_penalty=int(stats.get("armour_penalty", 0)),
        shield_guarded=int(stats.get("shield_guarded", 0)),
        movement=int(stats.get("movement", DEFAULT_MOVEMENT)),
        player=bool(stats.get("player", False)),
        weapons=weapons,
        resistances=dict(stats["resistances"]) if "resistances" in stats else None,
    )


def stats_dict(wounds: int, *, abilities: Mapping[str, int] | None = None, **fields: Any) -> dict[str, Any]:
    """A stat block as the plain JSON a token's ``stats`` hold: :data:`DEFAULT_ABILITIES` with
    ``abilities`` over them, ``wounds``, then the other fields (``armour``, ``weapons``,
    ``movement``, ``player`` …) in the order given."""
    return {"abilities": {**DEFAULT_ABILITIES, **(abilities or {})}, "wounds": wounds, **fields}


@identity_cache(size=4096)
def parsed(stats: Mapping[str, Any]) -> tuple[StatBlock | None, Problems]:
    """Validate and read a stat block once per stats object (tokens share it between states).

    Stat blocks are never changed in place (tokens are frozen and replaced whole), so the result
    is memoised by the object's identity.
    """
    problems = validate_stat_block(stats)
    return (None if problems else stat_block(stats)), problems


T = TypeVar("T")


_MISSING = object()


#: The attribute of a stat block object that holds the values worked out from it (not a field:
#: equality, hashing, ``replace`` and the file never see it).
_DERIVED = "_derived_values"


def from_block(block: StatBlock, key: Hashable, work_out: Callable[[], T]) -> T:
    """``work_out()`` — a value of ``block`` and the hashable values named in ``key`` only — worked
    out once per stat block object (a stat block is frozen and never changed in place), kept on
    the object itself (it lives as long as the block does)."""
    memo: dict[Hashable, Any] | None = block.__dict__.get(_DERIVED)
    if memo is None:
        memo = {}
        object.__setattr__(block, _DERIVED, memo)
    found = memo.get(key, _MISSING)  # one lookup: the keys hash dataclasses and enums
    if found is _MISSING:
        found = memo[key] = work_out()
    value: T = found
    return value
