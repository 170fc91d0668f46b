"""Weapons against their wielder: size, hands, mounts, skill and damage.

"The size of a weapon compared to your size determines whether for you the weapon is light,
one-handed, two-handed, or too large to use." "Only weapons which are Light for you may be used in
the off-hand, again excepting Shields." "If you use a one-handed melee weapon two-handed, you can
apply double your Strength bonus to damage. (Negative Strength Bonuses are not doubled)." "Thrown
weapons can only be thrown one-handed, and you receive your Strength bonus to damage." "If you have
a penalty for low Strength, apply it to damage rolls when you use a bow or a sling. You get no
Strength bonus to damage with a projectile weapon unless it's a composite shortbow or longbow made
for higher Strength users." Mounted: "the attacker must use the lower of the weapon Skill Rank or the
Ride (Animal) Skill Rank"; "Longbows and two-handed hacking Attacks may not be used by mounted
characters."
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from vantage.engine.dice import roll
from vantage.engine.explain import Breakdown
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.shattered_world.mounts import ridden_steed, rider_of
from vantage.engine.rules.shattered_world.schema import Weapon
from vantage.engine.rules.shattered_world.tables import (
    BOWS_AND_SLINGS,
    COMPOSITE_BOWS,
    HACKING,
    LONGBOWS,
    SIZE_LETTERS,
    THROWN_ROW,
    unarmed_dice,
)
from vantage.engine.rules.shattered_world.work import UP, Work

FIST = Weapon(-1, "fist", "Fist", None, "main")
KICK = Weapon(-2, "kick", "Kick", None, "main")
SIZE_WORDS = {-1: "light", 0: "one-handed", 1: "two-handed"}


def size_class(work: Work, token_id: str, weapon: Weapon) -> int:
    """Weapon size − wielder size: below 0 light, 0 one-handed, 1 two-handed, 2 or more too large."""
    return SIZE_LETTERS[weapon.size_letter].rank - work.token(token_id).size.rank


def find_weapon(work: Work, token_id: str, name: str | None) -> Weapon:
    """The weapon ``name`` (its id or name; "fist", "kick"), or the first one in hand when None."""
    if name is not None and name.lower() in ("fist", "kick"):
        return FIST if name.lower() == "fist" else KICK
    s = work.stats(token_id)
    if name is None:
        held = work.in_hand(token_id)
        return held[0] if held else FIST
    found = s.weapon(name)
    if found is None:
        names = ", ".join([w.name for w in s.weapons] + ["Fist", "Kick"])
        raise CommandRejected(f"{work.name(token_id)} has no weapon {name!r} (its weapons: {names})")
    lost = work.record(token_id).get("lost", {}).get(str(found.index))
    if lost:
        raise CommandRejected(f"{work.name(token_id)}'s {found.name} is {lost}")
    return found


def usable_why_not(work: Work, token_id: str, weapon: Weapon, thrown: bool = False) -> str:
    """Why the creature cannot wield ``weapon`` as it holds it ("" when it can)."""
    if weapon.natural or weapon.index < 0:
        return ""
    steps = size_class(work, token_id, weapon)
    if steps < 1 and weapon.hand != "off" and work.token(token_id).rides is None:
        return ""  # light or one-handed, not in the off hand, not mounted: nothing below refuses it
    name = work.name(token_id)
    if steps >= 2:
        return f"the {weapon.name} is too large for {name} to use"
    if weapon.hand == "off" and steps >= 0 and not weapon.shield:
        return (
            f"the {weapon.name} is not Light for {name}: only Light weapons (and Shields) may be used "
            "in the off-hand"
        )
    if steps == 1 and weapon.hand != "both" and not thrown and not weapon.shield:
        return f"the {weapon.name} is two-handed for {name}: it must be held in both hands"
    steed = ridden_steed(work, token_id)
    if steed is not None:
        if weapon.id in LONGBOWS:
            return f"{name} is mounted: Longbows may not be used by mounted characters"
        if weapon.id in HACKING and weapon.hand == "both":
            return f"{name} is mounted: two-handed hacking Attacks may not be used by mounted characters"
    return ""


def skill_of(work: Work, token_id: str, weapon: Weapon) -> Breakdown:
    """The rank an attack or parry with ``weapon`` rolls against: the weapon skill, or the Combat
    Skill when not proficient; the lower of it and Ride when mounted."""
    s = work.stats(token_id)
    if weapon.index < 0:
        unarmed = int(s.skills.get("unarmed", 0))
        base = (
            skill_breakdown(unarmed, "Unarmed")
            if unarmed
            else skill_breakdown(int(s.skills["combat"]), "Combat Skill (unarmed)")
        )
    elif weapon.skill is None:
        base = skill_breakdown(int(s.skills["combat"]), f"Combat Skill (not proficient with {weapon.name})")
    else:
        base = skill_breakdown(int(weapon.skill), f"{weapon.name} skill")
    if ridden_steed(work, token_id) is not None:
        ride = int(s.skills.get("ride", 0))
        if ride < base.value:
            base = base.replaced(f"mounted: the lower of it and Ride {ride}", ride)
    return base


@lru_cache(maxsize=256)
def skill_breakdown(rank: int, label: str) -> Breakdown:
    """The rank a roll is made against, and whose it is (a frozen value: the same few recur)."""
    return Breakdown("Skill", rank, label)


def steed_why_not(work: Work, token_id: str, weapon: Weapon) -> str:
    """ "Normal steeds may not Attack at the same time as the rider using hoof or claw attacks, but
    may bite normally." (a steed carrying a rider who fights, with a hoof or claw)."""
    if weapon.natural_kind not in ("hoof", "claw"):
        return ""
    rider = rider_of(work, token_id)
    if not rider:
        return ""
    if rider in work.participants and work.state(rider) == UP:
        return (
            f"{work.name(token_id)} carries {work.name(rider)}: a steed may not attack with hoof or claw "
            "at the same time as its rider, but may bite"
        )
    return ""


@dataclass(frozen=True)
class Damage:
    total: int
    text: str
    track: str


def strength_term(work: Work, token_id: str, weapon: Weapon, thrown: bool) -> tuple[int, str]:
    """The Strength bonus this weapon adds to damage, and why."""
    bonus = work.stats(token_id).bonus("strength")
    if weapon.natural or weapon.index < 0:
        return 0, ""
    if weapon.projectile:
        if weapon.id in COMPOSITE_BOWS and bonus > 0:
            got = min(bonus, weapon.composite_bonus)
            return got, f"Strength bonus {bonus} (composite bow for +{weapon.composite_bonus})" if got else ""
        if weapon.id in BOWS_AND_SLINGS and bonus < 0:
            return bonus, "low Strength penalty"
        return 0, ""
    if thrown:
        return bonus, "Strength bonus"
    if size_class(work, token_id, weapon) == 0 and weapon.hand == "both" and bonus > 0:
        return 2 * bonus, f"double Strength bonus {bonus} (one-handed weapon used two-handed)"
    return bonus, "Strength bonus"


def roll_damage(
    work: Work, token_id: str, target: str, weapon: Weapon, multiplier: int, thrown: bool, needs: str = ""
) -> Damage:
    """Weapon dice + Strength bonus where allowed, times the Critical multiplier (``needs``: what the
    roll is for, told to the table before it rolls: "a hit: roll damage")."""
    name, target_name = work.name(token_id), work.name(target)
    purpose = f"{name} damage to {target_name} ({weapon.name})"
    parts: list[str] = []
    if weapon.index < 0:
        s = work.stats(token_id)
        rows = (1 if weapon is KICK else 0) + (1 if weapon is FIST and s.mailed_fists else 0)
        dice, extra = unarmed_dice(s.bonus("strength"), rows)
        r = roll(dice, work.dice, purpose, needs)
        work.emit_roll(r)
        total = r.total
        parts.append(
            f"{weapon.name} {dice} {r.total} (Strength bonus {s.bonus('strength')}"
            + (", one row more for a Kick" if weapon is KICK else "")
            + (", one row more for a mailed fist" if weapon is FIST and s.mailed_fists else "")
            + ")"
        )
        if extra:
            more = roll(f"{extra}d6", work.dice, f"{purpose}, +1d6 for each +1 over +8")
            work.emit_roll(more)
            total += more.total
            parts.append(f"+ {extra}d6 {more.total}")
        track = "unarmed"
    else:
        dice = weapon.dice or "1d4"
        r = roll(dice, work.dice, purpose, needs)
        work.emit_roll(r)
        total = r.total
        parts.append(f"{weapon.name} {dice} {r.total}")
        bonus, why = strength_term(work, token_id, weapon, thrown)
        if bonus:
            total += bonus
            parts.append(f"{'+' if bonus > 0 else '−'} {why} {abs(bonus)}")
        track = "wounds"
    total = max(0, total)
    text = " ".join(parts)
    if multiplier > 1:
        text = (f"({text})" if len(parts) > 1 else text) + f" × {multiplier} (Critical)"
        total *= multiplier
    return Damage(total, f"{text} = {total}", track)


def thrown_row(weapon: Weapon) -> str | None:
    return THROWN_ROW.get(weapon.id)
