"""Attacking: the combat challenge, then damage.

- "Roll a d20, add bonuses ..., then subtract any relevant penalties." (:mod:`.contest`)
- "The attacker will roll the damage as stated on the weapon or spell used. They will then add
  any relevant bonuses, then subtract any relevant penalties for the total damage, (there is always
  a minimum of 1 damage on a successful hit.)" A critical hit: "Roll damage as usual, then double
  the total."
- "making an attack with a weapon that you are not proficient with will cost the character a
  number of stamina points equal to the weight of the weapon, 1 for light, 2 for medium, and 3 for
  heavy weapons."
- Melee options, "with a weapon, or unarmed, that you are proficient with": standard ("normal
  damage"), stun ("deals stun damage"), heavy ("Use both Primary and Secondary actions to deal an
  additional 2 damage on a successful hit").
- A grabber "cannot make any attacks while grabbing"; the grabbed "can make an attack with a
  light weapon or unarmed, but it will require them to use both Primary and Secondary actions".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.dice import roll
from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.protocol.commands import Attack
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import HitResolved, Note, StrikeResolved
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.line_of_fire import require_line_of_sight
from vantage.engine.rules.power_tiers import damage as dmg
from vantage.engine.rules.power_tiers.contest import (
    Contest,
    attack_bonus,
    contest,
    defence_bonus,
    weapon_of,
    with_weapon,
)
from vantage.engine.rules.power_tiers.tables import STYLES, WEIGHT_STAMINA
from vantage.engine.rules.power_tiers.vocabulary import RULESET_NAME
from vantage.engine.rules.power_tiers.work import PTWork

ATTACK_OPTIONS: Mapping[str, OptionSpec] = {
    "style": OptionSpec((str,), "standard", "standard, stun or heavy (proficient melee attacks only)"),
    "situational": OptionSpec((int,), 0, "situational bonus (or, negative, penalty) to the attack roll"),
    "defence_situational": OptionSpec((int,), 0, "situational bonus (or penalty) to the defence roll"),
    "damage_situational": OptionSpec((int,), 0, "situational bonus (or penalty) to the damage"),
}


def stamina_cost(weapon: Mapping[str, Any]) -> int:
    """Stamina points an attack with ``weapon`` costs: 0 when proficient, else its weight; unarmed
    counts as light (assumed — the text names the weights of weapons only)."""
    if weapon["proficient"]:
        return 0
    return WEIGHT_STAMINA[weapon["weight"] or "light"]


def check_target(work: PTWork, attacker: str, target: str, reach: int, what: str) -> None:
    """The target is another participant, not dead, within ``reach`` tiles."""
    work.stats(target)
    if target == attacker:
        raise CommandRejected(f"{work.name(attacker)} cannot {what} itself")
    if target not in work.order:
        raise CommandRejected(f"{work.name(target)} is not taking part in the combat")
    if work.dead(target):
        raise CommandRejected(f"{work.name(target)} is already dead")
    distance = footprint_distance(work.token(attacker), work.token(target))
    if distance > reach:
        tiles = f"{distance} tile{'s' if distance != 1 else ''}"
        raise CommandRejected(f"{work.name(target)} is out of reach: {tiles} away, the reach is {reach}")
    # assumed — not in the source text: no attack or maneuver without a line of sight
    require_line_of_sight(work.enc, attacker, target, (work.name(attacker), work.name(target)))


def attack_cost(work: PTWork, attacker: str, weapon: Mapping[str, Any], style: str) -> tuple[int, str]:
    """(actions, why) an attack costs, or CommandRejected when it may not be made."""
    name = work.name(attacker)
    record = work.record(attacker)
    if record.get("grabbing"):
        held = work.name(record["grabbing"])
        raise CommandRejected(f"{name} cannot make any attacks while grabbing {held} "
                              "(release first)")
    if style not in STYLES:
        raise CommandRejected(f"attack.options.style: {style!r} is not a {RULESET_NAME} attack "
                              f"(known: {', '.join(STYLES)})")
    if style != "standard":
        if weapon["ranged"]:
            raise CommandRejected(f"a {style} attack is a melee attack option: the {weapon['name']} "
                                  "is ranged")
        if not weapon["proficient"]:
            raise CommandRejected(f"a {style} attack needs a weapon one is proficient with: {name} is not "
                                  f"proficient with the {weapon['name']}")
    two = int(work.rules["two_action_cost"])
    if record.get("grabbed_by"):
        if not (weapon.get("unarmed") or weapon["weight"] == "light"):
            raise CommandRejected(f"{name} is grabbed: it can attack only with a light weapon or unarmed, "
                                  f"not the {weapon['name']} ({weapon['weight']})")
        if style == "heavy":
            raise CommandRejected(f"{name} is grabbed: its attack already takes both actions, "
                                  "no heavy attack")
        return two, "grabbed: both Primary and Secondary actions"
    if style == "heavy":
        return two, "a heavy attack uses both Primary and Secondary actions"
    return 1, ""


def damage_needs(work: PTWork, result: Contest, style: str) -> str:
    """What the damage roll is for, said before it is rolled at the table: a critical hit and what it
    does first — "If the Attacker beats the defender's roll by at least 10 ... that is considered a
    critical hit. Roll damage as usual, then double the total."."""
    what = "stun damage" if style == "stun" else "damage"
    if style == "heavy":
        what += f" + {int(work.rules['heavy_bonus'])} (heavy attack)"
    if result.critical:
        return (f"a critical hit ({result.attack} against {result.defence}, beaten by {result.margin}, "
                f"at least {int(work.rules['critical_margin'])}): roll {what} as usual, then the total "
                "is doubled")
    return f"a hit ({result.attack} against {result.defence}): roll {what}"


def damage_total(work: PTWork, attacker: str, target: str, weapon: Mapping[str, Any], style: str,
                 situational: int, critical: bool, needs: str = "") -> tuple[int, str]:
    """The damage total of a hit and the arithmetic that gives it (``needs``: what the roll is for,
    told to the table before it rolls)."""
    r = roll(str(weapon["damage"]), work.dice, f"{work.name(attacker)} damage ({weapon['name']}) to "
                                               f"{work.name(target)}", needs=needs)
    work.emit_roll(r)
    total = Breakdown("Damage", r.total, f"{weapon['damage']} rolled").plus("weapon bonus",
                                                                             int(weapon["damage_bonus"]))
    total = total.plus("situational", situational)
    if style == "heavy":
        total = total.plus("heavy attack", int(work.rules["heavy_bonus"]))
    raw = int(total.unclamped)
    value = max(1, raw)
    text = f"{weapon['damage']} rolled {r.total}"
    for term in total.terms:
        text += f", {term.label} {'+' if term.amount >= 0 else '−'}{int(abs(term.amount))}"
    if total.terms:
        text += f" = {raw}" if raw >= 0 else f" = −{-raw}"
    if raw < 1:
        text += "; a hit always does at least 1 → 1"
    if critical:
        text += f"; critical hit: {value} × 2 = {value * 2}"
        value *= 2
    return value, text


def attack(work: PTWork, cmd: Attack) -> None:
    """One attack: checks and costs first (refused before any roll), then the challenge and damage."""
    options = read_options("attack", cmd.options, ATTACK_OPTIONS, RULESET_NAME)
    style = str(options["style"])
    a, t = cmd.attacker, cmd.target
    work.require_started("attacks")
    work.stats(a)
    weapon = weapon_of(work, a, cmd.weapon)
    work.require_turn(a)
    work.require_able(a, "attack")
    check_target(work, a, t, int(weapon["reach"]), "attack")
    actions, why = attack_cost(work, a, weapon, style)
    cost = stamina_cost(weapon)
    name, target_name = work.name(a), work.name(t)
    if cost:
        left = work.stats(a)["stamina"] - int(work.record(a)["stamina_spent"])
        if left < cost:
            raise CommandRejected(f"{name} is not proficient with the {weapon['name']}: an attack "
                                  f"costs {cost} "
                                  f"stamina points and {left} are left")
    work.spend(a, actions, f"make a {style} attack" + (f" ({why})" if why else ""))
    if cost:
        record = work.creature(a)
        record["stamina_spent"] += cost
        left = work.stats(a)["stamina"] - record["stamina_spent"]
        weight = weapon["weight"] or "light"
        points = f"{cost} stamina point{'s' if cost != 1 else ''}"
        work.emit(Note(sentence=f"{name} is not proficient with the {weapon['name']} ({weight}): "
                                f"the attack costs {points}, {left} left.",
                       token=a, data={"stamina_spent": cost}))
    result = contest(work, a, t, attack_bonus(weapon, int(options["situational"])),
                     defence_bonus(work, t, int(options["defence_situational"])), "attack")
    kind = {"standard": "", "stun": " stun", "heavy": " heavy"}[style]
    if result.won:
        crit = " — a critical hit" if result.critical else ""
        sentence = (f"{name}'s{kind} attack {with_weapon(weapon)} beats {target_name}'s defence, "
                    f"{result.attack} against {result.defence}{crit}.")
    else:
        tie = ": a tie goes to the defender" if result.margin == 0 else ""
        sentence = (f"{target_name} fends off {name}'s{kind} attack {with_weapon(weapon)}, "
                    f"{result.defence} against {result.attack}{tie}.")
    outcome = "critical hit" if result.critical else "hit" if result.won else "miss"
    work.emit(HitResolved(sentence=sentence, attacker=a, target=t, outcome=outcome, margin=result.margin,
                          explanation=result.explanation, detail="attack total − defence total"))
    if not result.won:
        return
    total, text = damage_total(work, a, t, weapon, style, int(options["damage_situational"]), result.critical,
                               damage_needs(work, result, style))
    stun = style == "stun"
    work.emit(StrikeResolved(
        sentence=f"{name} deals {total}{' stun' if stun else ''} damage ({text}).", attacker=a, target=t,
        outcome=outcome, margin=result.margin, damage=total, explanation=text, detail="damage total"))
    deal(work, t, total, dmg.STUN if stun else None)


def deal(work: PTWork, target: str, total: int, kind: str | None) -> None:
    """A hit's damage total on the target: "Reduce the damage total by the total armor value", then
    Fortitude and Health. With the rules option ``minimum_damage_after_armour`` the armour stops no
    more than the total less 1, and loses only what it stopped."""
    keep = 1 if work.rules["minimum_damage_after_armour"] else 0
    left = total - dmg.armour_stops(work, target, total, keep)
    if left <= 0:
        work.emit(Note(sentence=f"{work.name(target)}'s armour stops all of it.", token=target))
        return
    dmg.take_damage(work, target, left, kind)
