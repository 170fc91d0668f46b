"""The attack numbers Avorkarth keeps once worked out (per stat block and what else they read) come
out the same whatever was asked before: each is compared with the same reading on a fresh copy of
the stat block, for which nothing is kept."""

import itertools
from dataclasses import replace

from avk_fixtures import block

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Size
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.attack_roll import (
    Combatant,
    Situation,
    defender_dodge,
    hit_category,
    resolve_attack,
    strike_category,
)
from vantage.engine.rules.avorkarth.chart import Outcome
from vantage.engine.rules.avorkarth.ledger import WoundedState, WoundLedger, describe
from vantage.engine.rules.avorkarth.statblock import Weapon
from vantage.engine.terrain import MovementClass

SWORD = Weapon("Longsword", might=5)
BOW = Weapon("Bow", might=4, ranged=True, reach=20)
FIRE_AXE = Weapon("Fire axe", might=6, damage="fire")
HEAVY_SWORD = Weapon("Longsword", might=7)  # the same name, another might
ARMOUR = {"full": 2, "guarded": 2, "natural": 1}
CONDITIONS = (attr.WELL, attr.Condition(WoundedState.HURT), attr.Condition(WoundedState.CRIPPLED),
              attr.Condition(stamina=attr.StaminaState.TIRED))
SITUATIONS = (
    Situation(), Situation(arc="flank", flanking_allies=1), Situation(arc="back", charge=True),
    Situation(defender_terrain=MovementClass.DIFFICULT, lesser=True), Situation(lethal=False),
    Situation(defender_aware=False, outmaneuver_bonus=1), Situation(maneuver="trip", maneuver_penalty=-1),
    Situation(dual_wield_extra=1, extra_hit_terms=(("cover", -2),)),
)


def _reading(attacker_block, defender_block, case):
    cond, situation, weapon, half, hit = case
    a = Combatant("Bram", attacker_block, cond, Size.MEDIUM)
    d = Combatant("Ghoul", defender_block, cond, Size.LARGE, half_dodge=half)
    attack, dodge, category = hit_category(a, d, weapon, situation)
    strike = strike_category(a, d, weapon, situation, hit, situation.defender_aware is False)
    return str(attack), str(dodge), str(category), str(strike), str(defender_dodge(d, situation, Size.SMALL))


def test_hit_and_strike_numbers_do_not_depend_on_what_was_asked_before():
    """"For each additional ally within melee range of a creature, reduce its dodge by 1." — and every
    other term: the kept dodge, attack, might, armour and categories read all that they depend on."""
    attacker, defender = block(strength=7), block(armour=ARMOUR, agility=8)
    weapons = (SWORD, BOW, FIRE_AXE, HEAVY_SWORD)
    hits = (Outcome.SUCCESS, Outcome.PARTIAL, Outcome.CRITICAL_SUCCESS)
    cases = list(itertools.product(CONDITIONS, SITUATIONS, weapons, (None, "partial grapple"), hits))
    kept = [_reading(attacker, defender, case) for case in cases]
    fresh = [_reading(replace(attacker), replace(defender), case) for case in cases]
    assert kept == fresh
    assert len(set(kept)) > len(cases) // 4  # the cases do read differently


def test_a_resolution_reads_the_same_after_other_attacks():
    """"Success : The attack hits, with no additional bonuses." — the same attack, the same dice,
    the same resolution, whatever was rolled before it."""
    attacker, defender = block(strength=7), block(armour=ARMOUR)
    a, d = Combatant("Bram", attacker), Combatant("Ghoul", defender)

    def swing(x, y):
        res = resolve_attack(x, y, SWORD, Situation(arc="flank"), ScriptedDice([12, 12]))
        return [(str(s.hit_category), str(s.strike_category), str(s.damage), str(s.armour))
                for s in res.swings]

    before = swing(a, d)
    for situation in SITUATIONS:
        resolve_attack(a, d, BOW, situation, ScriptedDice([12, 12, 12, 12, 12, 12]))
    fresh = swing(Combatant("Bram", replace(attacker)), Combatant("Ghoul", replace(defender)))
    assert swing(a, d) == before == fresh


def test_wound_words_keep_whole_numbers_apart_from_others():
    """"1 lesser wound = 10 minor wounds" — the kept words of 10 are not those of 10.0."""
    assert describe(10) == "1 lesser wound"
    assert describe(10.0) == "1.0 lesser wound"  # type: ignore[arg-type]
    assert describe(10) == "1 lesser wound"
    assert WoundLedger(4, 12, 12).text() == WoundLedger(4, 12, 12).text()
    assert WoundLedger(4, 12, 12).text() != WoundLedger(4, 12, 30).text()
