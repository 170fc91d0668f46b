"""The tables of The Shattered World as data: the weapon and shield list and the missile ranges
exactly as printed in the text ("Common Weapons", "Missile Weapon Ranges"), and the tables the text
leaves out (ability bonuses, unarmed damage, fumbles, vision), each marked **assumed — not in the
source text** with a documented default (docs/rules/shattered-world.md, "Assumed")."""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.model import Size

#: The text's size letters (T, S, M, L) as the model's sizes.
SIZE_LETTERS: dict[str, Size] = {
    "T": Size.TINY,
    "S": Size.SMALL,
    "M": Size.MEDIUM,
    "L": Size.LARGE,
    "H": Size.HUGE,
}


@dataclass(frozen=True)
class WeaponRow:
    """One row of "Common Weapons" as printed: an empty cell is None ("N/A" armour is None too;
    ``armor_na`` says the text printed N/A). ``group`` is the heading the row stands under."""

    id: str
    name: str
    group: str
    cost: float | None
    weight: float | None
    size: str | None
    damage: str | None
    armor: int | None
    armor_na: bool = False

    @property
    def shield(self) -> bool:
        return self.group == "Shields"


def _row(
    group: str,
    name: str,
    cost: float | None,
    weight: float | None,
    size: str | None,
    damage: str | None,
    armor: int | str | None,
) -> WeaponRow:
    ident = name.lower().replace(" or ", "-or-").replace(" ", "-")
    return WeaponRow(
        ident,
        name,
        group,
        cost,
        weight,
        size,
        damage,
        armor if isinstance(armor, int) else None,
        armor == "N/A",
    )


#: "Common Weapons", cell by cell as printed (cost, weight, size, damage, armor).
WEAPON_TABLE: tuple[WeaponRow, ...] = (
    _row("Unarmed Combat", "Fist", 0, 0, "T", "special", 2),
    _row("Unarmed Combat", "Kick", 0, 0, "T", "special", "N/A"),
    _row("Miscellaneous Weapons", "Dagger", 2, 1, "T", "1d8", 6),
    _row("Miscellaneous Weapons", "Staff", 1, 4, "L", "1d8", 8),
    _row("Miscellaneous Weapons", "Sling", 1, 0.1, "T", None, "N/A"),
    _row("Miscellaneous Weapons", "Bullet", 0.1, 0.1, None, "1d8", "N/A"),
    _row("Miscellaneous Weapons", "Stone", None, 0.1, None, "1d6", "N/A"),
    _row("Axes and Hammers", "Hand Axe", 1, 5, "S", "1d8", 6),
    _row("Axes and Hammers", "Battle Axe", 5, 7, "M", "1d12", 8),
    _row("Axes and Hammers", "Great Axe", 12, 17, "L", "2d8", 10),
    _row("Axes and Hammers", "War Hammer", 8, 10, "M", "1d10", 8),
    _row("Axes and Hammers", "Great Hammer", 12, 16, "L", "2d8", 10),
    _row("Bows", "Shortbow", 30, 2, "M", None, "N/A"),
    _row("Bows", "Longbow", 75, 3, "L", None, "N/A"),
    _row("Bows", "Composite Shortbow", 75, 2, "M", None, "N/A"),
    _row("Bows", "Composite Longbow", 100, 3, "L", None, "N/A"),
    _row("Bows", "Flight Arrow", 0.2, 0.1, "T", "1d8", "N/A"),
    _row("Bows", "Sheaf Arrow", 0.4, 0.1, "T", "1d10", "N/A"),
    _row("Crossbows", "Light Crossbow", 35, 7, "M", None, "N/A"),
    _row("Crossbows", "Light Quarrel", 1, 0.1, "T", "1d8", "N/A"),
    _row("Crossbows", "Heavy Crossbow", 50, 14, "M", None, "N/A"),
    _row("Crossbows", "Heavy Quarrel", 2, 0.1, "T", "1d10", "N/A"),
    _row("Polearms", "Spear", 2, 5, "M", "1d10", 8),
    _row("Polearms", "Pike or Longspear", 5, 12, "L", "1d12", 10),
    _row("Polearms", "Halberd", 10, 15, "L", "1d12", 10),
    _row("Swords", "Shortsword", 10, 3, "S", "1d8", 8),
    _row("Swords", "Longsword", 15, 4, "M", "1d12", 10),
    _row("Swords", "Scimitar", 15, 4, "M", "1d10", 10),
    _row("Swords", "Greatsword", 50, 15, "L", "2d8", 12),
    _row("Shields", "Buckler", 1, 3, "S", "1d4", 8),
    _row("Shields", "Target", 6, 9, "M", "1d6", 12),
    _row("Shields", "Kite", 10, 15, "M", "1d6", 16),
)
WEAPONS: dict[str, WeaponRow] = {w.id: w for w in WEAPON_TABLE}


@dataclass(frozen=True)
class RangeRow:
    """One row of "Missile Weapon Ranges" as printed: the weapon (and its missile), the short range
    and the maximum range in feet."""

    label: str
    short: int
    maximum: int


#: "Missile Weapon Ranges", as printed.
RANGE_TABLE: tuple[RangeRow, ...] = (
    RangeRow("Composite Longbow, Flight Arrow", 60, 210),
    RangeRow("Composite Longbow, Sheaf Arrow", 40, 170),
    RangeRow("Composite Shortbow", 50, 180),
    RangeRow("Longbow, Flight Arrow", 70, 210),
    RangeRow("Longbow, Sheaf Arrow", 50, 170),
    RangeRow("Shortbow", 50, 150),
    RangeRow("Heavy Crossbow", 80, 240),
    RangeRow("Light Crossbow", 60, 180),
    RangeRow("Dagger", 10, 50),
    RangeRow("Hammer", 10, 30),
    RangeRow("Hand Axe", 10, 30),
    RangeRow("Sling Bullet", 30, 90),
    RangeRow("Sling Stone", 30, 90),
    RangeRow("Spear", 10, 40),
)
RANGES: dict[str, RangeRow] = {r.label: r for r in RANGE_TABLE}

#: Which row of the range table a weapon (and its missile) reads. "Hammer" of the range table is
#: read as the War Hammer (**assumed**: the text's weapon list has no plain "Hammer").
RANGE_ROW_OF: dict[tuple[str, str | None], str] = {
    ("composite-longbow", "flight-arrow"): "Composite Longbow, Flight Arrow",
    ("composite-longbow", "sheaf-arrow"): "Composite Longbow, Sheaf Arrow",
    ("composite-shortbow", "flight-arrow"): "Composite Shortbow",
    ("composite-shortbow", "sheaf-arrow"): "Composite Shortbow",
    ("longbow", "flight-arrow"): "Longbow, Flight Arrow",
    ("longbow", "sheaf-arrow"): "Longbow, Sheaf Arrow",
    ("shortbow", "flight-arrow"): "Shortbow",
    ("shortbow", "sheaf-arrow"): "Shortbow",
    ("heavy-crossbow", "heavy-quarrel"): "Heavy Crossbow",
    ("light-crossbow", "light-quarrel"): "Light Crossbow",
    ("sling", "bullet"): "Sling Bullet",
    ("sling", "stone"): "Sling Stone",
}
#: Thrown weapons (the melee weapons with a row of their own in the range table).
THROWN_ROW: dict[str, str] = {
    "dagger": "Dagger",
    "war-hammer": "Hammer",
    "hand-axe": "Hand Axe",
    "spear": "Spear",
}
#: Projectile weapons and the missiles each shoots (the text's groups: Bows, Crossbows, the Sling).
AMMUNITION: dict[str, tuple[str, ...]] = {
    "shortbow": ("flight-arrow", "sheaf-arrow"),
    "longbow": ("flight-arrow", "sheaf-arrow"),
    "composite-shortbow": ("flight-arrow", "sheaf-arrow"),
    "composite-longbow": ("flight-arrow", "sheaf-arrow"),
    "light-crossbow": ("light-quarrel",),
    "heavy-crossbow": ("heavy-quarrel",),
    "sling": ("bullet", "stone"),
}
#: Missiles: rows of the weapon list that are shot, never wielded.
MISSILES = frozenset({"bullet", "stone", "flight-arrow", "sheaf-arrow", "light-quarrel", "heavy-quarrel"})
#: "If you have a penalty for low Strength, apply it to damage rolls when you use a bow or a sling."
BOWS_AND_SLINGS = frozenset({"shortbow", "longbow", "composite-shortbow", "composite-longbow", "sling"})
COMPOSITE_BOWS = frozenset({"composite-shortbow", "composite-longbow"})
#: "Longbows and two-handed hacking Attacks may not be used by mounted characters." The hacking
#: weapons are **assumed** to be the axes, hammers, swords and the halberd (not the staff, spear
#: or pike, which thrust or strike).
HACKING = frozenset(
    {
        "hand-axe",
        "battle-axe",
        "great-axe",
        "war-hammer",
        "great-hammer",
        "halberd",
        "shortsword",
        "longsword",
        "scimitar",
        "greatsword",
    }
)
LONGBOWS = frozenset({"longbow", "composite-longbow"})
#: "Mounted characters may only use Target or Kite Shields on the shield-side of the mount, but
#: Bucklers are small enough to switch back and forth."
SIDE_SHIELDS = frozenset({"target", "kite"})


def ability_bonus(score: int) -> int:
    """**Assumed — not in the source text**: the Ability Bonus of a score, (score − 10) ÷ 3 rounded
    down, so 13 gives +1 (the text: "a character with 13 Endurance can afford to fail the first
    roll, but not the second", i.e. 1 + bonus 1 = 2 chances), 10–12 give 0 and 9 gives −1."""
    return (score - 10) // 3


#: **Assumed — not in the source text** (the table of "Unarmed Combat" is missing): fist damage by
#: Strength bonus, one row per band; a kick or a mailed fist reads one row further down.
UNARMED_ROWS: tuple[tuple[int, str], ...] = (
    (-99, "1d2"),  # bonus −1 or lower
    (0, "1d3"),
    (1, "1d4"),  # +1, +2
    (3, "1d6"),  # +3, +4
    (5, "1d8"),  # +5, +6
    (7, "1d10"),  # +7, +8
)


def unarmed_dice(strength_bonus: int, rows_down: int) -> tuple[str, int]:
    """(the fist/kick dice of the row, extra d6s): "Each +1 over +8 is +1d6"; a row past the last
    one (a kick at +7 or +8) counts as one more +1d6."""
    extra = max(0, strength_bonus - 8)
    index = max(i for i, (low, _) in enumerate(UNARMED_ROWS) if min(strength_bonus, 8) >= low)
    index += rows_down
    last = len(UNARMED_ROWS) - 1
    if index > last:
        extra += index - last
        index = last
    return UNARMED_ROWS[index][1], extra


#: **Assumed — not in the source text** (the "Weapon Fumbles" tables are empty): what a fumbled
#: attack or parry does, by 1d6. "drop": the weapon falls at the wielder's feet (picked up with
#: ``pick_up``); "none": only the failure.
ATTACK_FUMBLES: tuple[tuple[int, int, str, str], ...] = (
    (1, 4, "none", "the attack goes wide"),
    (5, 6, "drop", "the weapon slips from the hand"),
)
PARRY_FUMBLES: tuple[tuple[int, int, str, str], ...] = (
    (1, 4, "none", "the parry comes too late"),
    (5, 6, "drop", "the weapon is knocked from the hand"),
)

#: The four levels of lighting, "Daylight", "Lamplight", "Night", "Dark".
LIGHT_LEVELS = ("daylight", "lamplight", "night", "dark")
#: Difficulty dice for each kind of vision in each light: "Most characters suffer a Skill roll
#: penalty (+1d20) in Night or Dark conditions"; "Saurans have no penalty in Night but still have a
#: one die penalty in Dark conditions". "darkvision" (no penalty at all) is **assumed** for
#: creatures that see without light.
VISION: dict[str, dict[str, int]] = {
    "normal": {"daylight": 0, "lamplight": 0, "night": 1, "dark": 1},
    "night": {"daylight": 0, "lamplight": 0, "night": 0, "dark": 1},
    "darkvision": {"daylight": 0, "lamplight": 0, "night": 0, "dark": 0},
}

#: Armour types: "any character wearing heavy armor (chainmail or heavier) ... will be reduced to
#: 1/2 normal movement rate".
ARMOR_TYPES = ("none", "leather", "chainmail", "plate")
HEAVY_ARMOR = frozenset({"chainmail", "plate"})
