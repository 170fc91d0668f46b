"""Hit → strike → wound against the Dice Rolls chart (engine/rules/avorkarth/attack.py).

Default stat blocks: attack 5 ((Agility 6 + Instinct 5)/2), dodge 5, Strength 5, no armour; the
Longsword has might 5. Scripted d20 faces: 12 = success at category 0, 20 = critical, 5 = fail.
"""

from dataclasses import replace

import pytest
from avk_fixtures import block

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Size
from vantage.engine.rules.avorkarth.attack_roll import (
    Combatant,
    Situation,
    defender_dodge,
    overwhelm,
    resolve_attack,
)
from vantage.engine.rules.avorkarth.chart import Outcome
from vantage.engine.rules.avorkarth.statblock import FISTS, Weapon
from vantage.engine.terrain import MovementClass

SWORD = Weapon("Longsword", might=5)
BOW = Weapon("Bow", might=5, ranged=True, reach=20)
ARMOURED = {"full": 2, "guarded": 2, "natural": 1}
PLATE = {"full": 3, "guarded": 2, "natural": 0}  # 5 from the front: might 5 strikes at category 0


def fighters(defender_armour=None, **over):
    a = Combatant("Bram", block())
    d = Combatant("Ghoul", block(armour=defender_armour or PLATE, **over))
    return a, d


def test_success_then_success_is_one_lesser_wound():
    """"Success : The attack hits" then striking "Success : The creature takes 1 lesser wound." """
    a, d = fighters()
    res = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([12, 12]))
    assert [s.hit for s in res.swings] == [Outcome.SUCCESS]
    assert res.swings[0].strike is Outcome.SUCCESS and res.damage == 10
    assert res.rolls[0].purpose == "hit roll, Bram (Longsword) vs Ghoul"


def test_fail_cannot_be_rolled_for_striking():
    """"Fail : The opponent dodges the attack. The attack doesn't hit and can't be rolled for Striking." """
    a, d = fighters()
    res = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([5]))
    assert res.swings[0].strike is None and res.damage == 0


def test_critical_hit_and_strike_chain_another_hit():
    """"Critical Success : The attacker's striking value is one category higher. If the attacker's
    strike is also a critical, then the attacker may roll an additional hit." """
    a, d = fighters()
    res = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([20, 18, 20, 16]))
    assert res.swings[0].strike_category.value == 1  # critical hit: +1 category → 18 + 2 = 20
    assert [(s.hit, s.strike) for s in res.swings] == [
        (Outcome.CRITICAL_SUCCESS, Outcome.CRITICAL_SUCCESS), (Outcome.CRITICAL_SUCCESS, Outcome.SUCCESS),
    ]
    assert res.damage == 50 + 10


def test_partial_hit_lowers_strike_and_shield_counts():
    """"Partial Success : … The attacker's striking value is one category lower and the opponent can
    use their shield guarded values to their armour." """
    a = Combatant("Bram", block())
    d = Combatant("Ghoul", replace(block(armour=PLATE), shield_guarded=2))
    res = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([10, 16]))
    swing = res.swings[0]
    assert swing.hit is Outcome.PARTIAL
    assert swing.strike_category.value == -3  # might 5 − armour 5 − shield 2 − 1 (parried)
    assert swing.strike is Outcome.PARTIAL  # 16 − 6 = 10
    assert res.damage == 1


def test_melee_critical_fail_gives_the_opponent_plus_one():
    """"Critical Fail : MELEE : The opponent outmaneuvers the attacker and gains +1 to their next
    attack roll" """
    a, d = fighters()
    res = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([1]))
    assert res.defender_outmaneuvers and not res.weapon_dropped


def test_ranged_critical_fail_drops_the_weapon():
    """"RANGED : Fumble and drop your weapon." """
    a, d = fighters()
    res = resolve_attack(a, d, BOW, Situation(), ScriptedDice([2]))
    assert res.weapon_dropped and not res.defender_outmaneuvers


def test_strike_critical_fail_costs_durability_or_hurts_the_unarmed():
    """"Critical Fail : The damage is negated and the weapon takes a durability damage point. If
    unarmed, the attacker instead takes 1 minor wound." """
    a, d = fighters(defender_armour={"full": 5, "guarded": 0, "natural": 0})
    res = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([12, 1]))
    assert res.swings[0].strike is Outcome.CRITICAL_FAIL and res.durability_loss == 1 and res.damage == 0
    res = resolve_attack(a, d, FISTS, Situation(), ScriptedDice([12, 1]))
    assert res.attacker_minor == 1 and res.durability_loss == 0


@pytest.mark.parametrize(("arc", "shift"), [("front", 0), ("flank", 1), ("back", 3)])
def test_directional_dodge(arc, shift):
    """"Flank : Flank attacks increase the attack's rolling category by 1. Back : … by 3." """
    a, d = fighters()
    res = resolve_attack(a, d, SWORD, Situation(arc=arc), ScriptedDice([5, 12]))
    assert res.swings[0].hit_category.value == shift


def test_guarded_armour_not_from_the_back_natural_always():
    """"Guarded armour bonuses are only applied to frontal and flank attacks." """
    a, d = fighters(defender_armour=ARMOURED)
    front = resolve_attack(a, d, SWORD, Situation(arc="front"), ScriptedDice([12, 12]))
    back = resolve_attack(a, d, SWORD, Situation(arc="back"), ScriptedDice([12, 12]))
    assert front.swings[0].strike_category.value == 5 - 5
    assert back.swings[0].strike_category.value == 5 - 3


def test_immobilised_is_an_extreme_critical_ignoring_full_and_guarded():
    """"Should a character be unable to move, any attack against them is considered as an extreme
    critical and deals additional damage equal to 3 categories higher and also ignores any Full or
    Guarded armour values (but not Natural)." """
    a, d = fighters(defender_armour=ARMOURED)
    res = resolve_attack(a, d, SWORD, Situation(defender_immobilised=True), ScriptedDice([1]))
    swing = res.swings[0]
    assert swing.hit_roll is None and swing.hit is Outcome.CRITICAL_SUCCESS
    assert swing.strike_category.value == 5 - 1 + 3
    assert swing.strike is Outcome.SUCCESS  # 1 + 2 × 7 = 15
    assert res.damage == 10


def test_flanking_terrain_and_charge():
    """"For each additional ally within melee range of a creature, reduce its dodge by 1";
    "Difficult Terrain … - 3 Dodge"; charging: "gaining +1 to their attack"."""
    a, d = fighters()
    sit = Situation(flanking_allies=2, defender_terrain=MovementClass.DIFFICULT, charge=True)
    res = resolve_attack(a, d, SWORD, sit, ScriptedDice([5, 12]))
    assert res.attack.value == 6 and res.dodge.value == 0
    assert res.swings[0].hit_category.value == 6
    assert defender_dodge(d, Situation(defender_terrain=MovementClass.TAME)).value == 4
    assert defender_dodge(d, Situation(defender_terrain=MovementClass.HARSH)).value == -1


def test_defensive_stance_from_the_front_only():
    """"The creature can no longer dodge regular attacks (skipping the "Hitting" phase) but can no
    longer be critically struck. This rule only applies against opponents hitting from the front." """
    a, d = fighters()
    res = resolve_attack(a, d, SWORD, Situation(defender_defensive=True), ScriptedDice([20]))
    assert res.swings[0].hit_roll is None and res.swings[0].strike is Outcome.SUCCESS
    back = resolve_attack(a, d, SWORD, Situation(defender_defensive=True, arc="back"), ScriptedDice([5, 20]))
    assert back.swings[0].hit_roll is not None and back.swings[0].strike is Outcome.CRITICAL_SUCCESS


@pytest.mark.parametrize(("diff", "minor"), [(0, 0), (1, 2), (2, 5), (3, 10), (4, 10), (5, 30), (7, 50),
                                              (10, 150), (-1, -2), (-3, -10), (-7, -50)])
def test_overwhelm_table(diff, minor):
    """"+/- 1 Add/Remove 2 minor wounds … +/- 2 … 5 minor … +/- 3 … 1 lesser … +/- 5 … 3 lesser …
    +/- 7 … 1 wound … +/- 10 … 3 wounds" """
    assert overwhelm(block(strength=10 + diff), block(strength=10))[0] == minor


def test_overwhelm_keeps_at_least_one_minor():
    """"(To a minimum of 1 minor wound)." """
    a = Combatant("Imp", block(strength=2))
    d = Combatant("Ogre", block(strength=9))
    res = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([12, 12]))
    assert res.damage == 1


def test_non_lethal_with_lethal_weapon_is_one_category_lower():
    """"the attacker counts all their roll values with lethal weaponry as one category lower on the
    dice roll chart. Non-lethal weaponry ignores this rule and rolls normally." """
    a, d = fighters()
    res = resolve_attack(a, d, SWORD, Situation(lethal=False), ScriptedDice([14, 12]))
    assert res.swings[0].hit is Outcome.SUCCESS  # 14 − 2
    assert res.swings[0].hit_category.value == -1 and res.swings[0].strike_category.value == -1
    assert not res.lethal
    fists = resolve_attack(a, d, Weapon("Sap", might=5, lethal=False), Situation(lethal=False),
                           ScriptedDice([12, 12]))
    assert fists.swings[0].hit_category.value == 0


def test_dual_wield_lesser_attack_and_outmaneuver_bonus():
    """"Dual Wielding : … reduce all hitting values by 1"; "Lesser Attack : … -1 to it's hitting
    values"; the critical-fail "+1 to their next attack roll against the attacker"."""
    a, d = fighters()
    res = resolve_attack(a, d, SWORD, Situation(dual_wield_extra=1, lesser=True, outmaneuver_bonus=1),
                         ScriptedDice([5]))
    assert res.attack.value == 5 - 1 - 1 + 1


def test_size_makes_maneuvers_harder():
    """"For every size larger, the opponent gains a +4 bonus to their dodge value" """
    d = Combatant("Troll", block(), size=Size.HUGE)
    dodge = defender_dodge(d, Situation(maneuver="trip"), Size.MEDIUM)
    assert dodge.value == 5 + 8
    assert defender_dodge(d, Situation(), Size.MEDIUM).value == 5
