"""The combat challenge: "Roll a d20, add bonuses (from skills and/or perks), then subtract any
relevant penalties" for the attack and for the defence. "If the attacker has a higher total number,
they win ... Ties go to the defender." "If the Attacker beats the defender's roll by at least 10
... that is considered a critical hit."

Both rolls go through the injected dice with their purpose; the defender's die is the defender's
(``work.rolls_by``), so a player rolls their own defence at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vantage.engine.dice import roll
from vantage.engine.explain import Breakdown
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.power_tiers.work import DEFENSIVE, PTWork

UNARMED = "unarmed"


@dataclass(frozen=True)
class Contest:
    """A resolved challenge: both totals, the margin, who won, and the line that explains it."""

    attack: int
    defence: int
    margin: int
    won: bool
    critical: bool
    explanation: str


def weapon_of(work: PTWork, token_id: str, name: str | None, *, melee_only: bool = False) -> dict[str, Any]:
    """The weapon called ``name`` ("unarmed" for the fists), or the first weapon (the first melee one
    with ``melee_only``; unarmed when there is none); CommandRejected lists the weapons."""
    s = work.stats(token_id)
    unarmed = {"name": "Unarmed", "damage": s["unarmed"]["damage"], "weight": None,
               "proficient": s["unarmed"]["proficient"], "skill": s["unarmed"]["skill"], "magic": 0,
               "damage_bonus": 0, "ranged": False, "reach": 1, "unarmed": True}
    weapons = [w for w in s["weapons"] if not (melee_only and w["ranged"])]
    if name is None:
        return dict(weapons[0]) if weapons else unarmed
    if name.casefold() == UNARMED:
        return unarmed
    for weapon in s["weapons"]:
        if weapon["name"].casefold() == name.casefold():
            return dict(weapon)
    known = ", ".join([w["name"] for w in s["weapons"]] + [UNARMED])
    raise CommandRejected(f"{work.name(token_id)} has no weapon called {name!r} (its weapons: {known})")


def attack_bonus(weapon: dict[str, Any], situational: int = 0, label: str = "", name: str = "Attack",
                 ) -> Breakdown:
    """Attack Bonuses: "Combat Skill, Magical Bonuses, Situational Bonuses"."""
    skill = f"combat skill ({label or weapon['name']})"
    return (Breakdown(name, int(weapon["skill"]), skill).plus("magic", int(weapon.get("magic", 0)))
            .plus("situational", situational))


def defence_bonus(work: PTWork, token_id: str, situational: int = 0) -> Breakdown:
    """Defense Bonuses: "Combat Skill, Magical Bonuses, Situational Bonuses"; a defensive stance
    gains "a bonus +25 to defense rolls that round"."""
    s = work.stats(token_id)
    out = (Breakdown("Defence", int(s["defence"]["skill"]), "combat skill")
           .plus("magic", int(s["defence"]["magic"])).plus("situational", situational))
    if work.has(token_id, DEFENSIVE):
        out = out.plus("defensive stance", int(work.rules["defensive_stance_bonus"]))
    return out


def skill_bonus(label: str, value: int, situational: int = 0) -> Breakdown:
    """A skill roll's bonus (Wrestle, Unarmed) for a grab's defence or a break-free."""
    return Breakdown(label, value, label.lower()).plus("situational", situational)


def signed(value: int) -> str:
    """``-6`` written with a minus sign: ``−6``."""
    return f"−{-value}" if value < 0 else str(value)


def with_weapon(weapon: dict[str, Any]) -> str:
    """``"with the Shortsword"``, or ``"unarmed"``."""
    return "unarmed" if weapon.get("unarmed") else f"with the {weapon['name']}"


def summed(face: int, bonus: Breakdown) -> str:
    """``d20 12 + combat skill (Longsword) 4 + magic 1 = 17``: the face and every bonus, as arithmetic."""
    parts = [f"d20 {face}"]
    if bonus.base or not bonus.terms:
        parts.append(f"{bonus.base_label} {int(bonus.base)}" if bonus.base >= 0
                     else f"{bonus.base_label} −{int(-bonus.base)}")
    text = " + ".join(parts)
    for term in bonus.terms:
        sign = "+" if term.amount >= 0 else "−"
        text += f" {sign} {term.label} {int(abs(term.amount))}"
    return f"{text} = {signed(face + int(bonus.value))}"


def contest(work: PTWork, attacker: str, defender: str, attack: Breakdown, defence: Breakdown,
            what: str, *, criticals: bool = True) -> Contest:
    """Both rolls of a challenge (``what``: "attack", "shove", "grab" …), logged."""
    a_name, d_name = work.name(attacker), work.name(defender)
    a_bonus, d_bonus = int(attack.value), int(defence.value)
    a_roll = roll("d20", work.dice, f"{a_name} {what} roll against {d_name}",
                  needs=f"d20 {a_bonus:+d} must beat {d_name}'s d20 {d_bonus:+d}")
    work.emit_roll(a_roll)
    with work.rolls_by(defender):
        d_roll = roll("d20", work.dice, f"{d_name} {defence.name.lower()} roll against {a_name}",
                      needs=f"d20 {d_bonus:+d} must reach {a_name}'s {a_roll.total + a_bonus}")
    work.emit_roll(d_roll)
    a_total, d_total = a_roll.total + int(attack.value), d_roll.total + int(defence.value)
    margin = a_total - d_total
    won = margin > 0
    critical = criticals and won and margin >= int(work.rules["critical_margin"])
    explanation = (f"{attack.name.lower()} {summed(a_roll.total, attack)} against "
                   f"{defence.name.lower()} {summed(d_roll.total, defence)}: "
                   f"{a_total} − {d_total} = {signed(margin)}")
    if margin == 0:
        explanation += " (a tie goes to the defender)"
    elif critical:
        explanation += f" (at least {work.rules['critical_margin']}: a critical hit)"
    return Contest(a_total, d_total, margin, won, critical, explanation)


def odds(attack: int, defence: int, critical_margin: int = 10) -> tuple[float, float]:
    """The chance that d20 + ``attack`` beats d20 + ``defence`` (ties lose), and of a critical."""
    wins = crits = 0
    for a in range(1, 21):
        for d in range(1, 21):
            margin = a + attack - d - defence
            wins += margin > 0
            crits += margin >= critical_margin and margin > 0
    return wins / 400, crits / 400
