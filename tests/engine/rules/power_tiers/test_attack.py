"""Attacking, defending, critical hits, damage and armour."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import Attack, StartCombat
from vantage.engine.protocol.errors import CommandRejected

HAMMER = {"name": "Hammer", "damage": "1d8", "weight": "heavy", "proficient": False, "skill": 0}
KNIFE = {"name": "Knife", "damage": "1d4", "weight": "light", "proficient": False, "skill": 0}
AXE = {"name": "Axe", "damage": "1d6", "weight": "medium", "proficient": False, "skill": 0}
BOW = {"name": "Bow", "damage": "1d6", "weight": "medium", "proficient": True, "skill": 1, "ranged": True,
       "reach": 10}


def _fight(pt, bram=None, ghoul=None, rules=None):
    """Bram (acting first) next to Ghoul; combat started."""
    t = pt.table(pt.token("bram", (2, 2), **(bram or {})),
                 pt.token("ghoul", (3, 2), "enemy", **(ghoul or {})),
                 rules=rules)
    t.go(StartCombat(), 20, 1)
    return t


def _hits(t):
    return [e for e in t.events if e.kind == "hit"]


def test_the_higher_total_wins_with_every_bonus(pt):
    """"Roll a d20, add bonuses (from skills and/or perks), then subtract any relevant penalties."
    Attack bonuses: Combat Skill, Magical Bonuses, Situational Bonuses; the same for defence."""
    sword = {"name": "Sword", "damage": "1d6", "weight": "medium", "proficient": True, "skill": 3, "magic": 1}
    t = _fight(pt, bram={"weapons": [sword]}, ghoul={"defence": {"skill": 2, "magic": 1}})
    t.go(Attack(attacker="bram", target="ghoul", options={"situational": -2, "defence_situational": 1}),
         10, 8)
    (hit,) = _hits(t)
    assert hit.explanation == ("attack d20 10 + combat skill (Sword) 3 + magic 1 − situational 2 = 12 "
                               "against "
                               "defence d20 8 + combat skill 2 + magic 1 + situational 1 = 12: 12 − 12 = 0 "
                               "(a tie goes to the defender)")
    assert hit.outcome == "miss"


def test_ties_go_to_the_defender(pt):
    """"If the defender has the higher total number, they win and no damage will be taken. Ties go
    to the defender.\""""
    t = _fight(pt)
    t.go(Attack(attacker="bram", target="ghoul"), 12, 12)
    (hit,) = _hits(t)
    assert hit.outcome == "miss" and hit.margin == 0
    assert hit.sentence == ("Ghoul fends off Bram's attack with the Sword, 12 against 12: a tie goes to the "
                            "defender.")
    assert not [e for e in t.events if e.kind == "damage_taken"]


def test_one_more_wins_and_the_attacker_rolls_damage(pt):
    """"If the attacker has a higher total number, they win and will proceed to roll for damage.\""""
    t = _fight(pt)
    t.go(Attack(attacker="bram", target="ghoul"), 13, 12, 4)
    (hit,) = _hits(t)
    assert hit.outcome == "hit" and hit.margin == 1
    assert "Bram deals 4 damage (1d6 rolled 4)." in t.sentences
    assert t.record("ghoul")["fortitude"] == 6


@pytest.mark.parametrize(("attack", "defence", "critical"), [(19, 9, True), (18, 9, False), (20, 1, True)])
def test_a_critical_hit_beats_the_defence_by_at_least_10_and_doubles_the_damage_total(pt, attack, defence,
                                                                                         critical):
    """"If the Attacker beats the defender's roll by at least 10, after all bonuses and penalties are
    applied, that is considered a critical hit. Roll damage as usual, then double the total.\""""
    sword = {"name": "Sword", "damage": "1d6", "weight": "medium", "proficient": True, "skill": 0,
             "damage_bonus": 1}
    t = _fight(pt, bram={"weapons": [sword]})
    t.go(Attack(attacker="bram", target="ghoul"), attack, defence, 3)
    (hit,) = _hits(t)
    assert (hit.outcome == "critical hit") is critical
    total = (3 + 1) * 2 if critical else 3 + 1
    strike = next(e for e in t.events if e.kind == "strike")
    assert strike.damage == total
    if critical:
        assert strike.sentence == ("Bram deals 8 damage (1d6 rolled 3, weapon bonus +1 = 4; critical hit: "
                                   "4 × 2 = 8).")


def test_damage_has_a_minimum_of_1_on_a_hit(pt):
    """"(there is always a minimum of 1 damage on a successful hit.)\""""
    t = _fight(pt)
    t.go(Attack(attacker="bram", target="ghoul", options={"damage_situational": -5}), 12, 10, 2)
    strike = next(e for e in t.events if e.kind == "strike")
    assert strike.damage == 1
    assert strike.sentence == ("Bram deals 1 damage (1d6 rolled 2, situational −5 = −3; a hit always does at "
                               "least 1 → 1).")


def test_armour_reduces_the_damage_and_loses_that_much_durability(pt):
    """"Reduce the damage total by the total armor value" — "that number is taken from the armor's
    total Durability score.\""""
    t = _fight(pt, ghoul={"armour": {"name": "Mail", "value": 3, "durability": 10}})
    t.go(Attack(attacker="bram", target="ghoul"), 12, 10, 5)
    assert "Ghoul's Mail stops 3 (armour 3); Durability 10 − 3 = 7." in t.sentences
    record = t.record("ghoul")
    assert record["durability"] == 7 and record["fortitude"] == 8


def test_armour_cannot_stop_more_than_its_durability_and_is_destroyed_at_0(pt):
    """"An armor cannot reduce combat damage by more than the current Durability it has remaining."
    "If an armor's Durability score is reduced to 0, the armor is destroyed and will need extensive
    repair before it can be used again.\""""
    t = _fight(pt, ghoul={"armour": {"name": "Mail", "value": 3, "durability": 2}})
    t.go(Attack(attacker="bram", target="ghoul"), 12, 10, 5)
    assert ("Ghoul's Mail stops 2 (armour 3, no more than its remaining Durability 2); Durability 2 − 2 = 0."
            in t.sentences)
    assert "Ghoul's Mail is destroyed: it needs extensive repair before it can be used again." in t.sentences
    assert t.record("ghoul")["fortitude"] == 7
    t.go(Attack(attacker="bram", target="ghoul"), 12, 10, 5)
    assert "Ghoul's Mail is destroyed and stops nothing." in t.sentences
    assert t.record("ghoul")["fortitude"] == 2


def test_armour_may_stop_all_of_a_small_hit_unless_the_other_reading_is_chosen(pt):
    """The minimum of 1 is in the sentence on the damage total, before "Reduce the damage total by
    the total armor value": by default armour may stop it all; the rules option
    ``minimum_damage_after_armour`` takes the other reading."""
    armour = {"armour": {"name": "Plate", "value": 5, "durability": 20}}
    t = _fight(pt, ghoul=armour)
    t.go(Attack(attacker="bram", target="ghoul"), 12, 10, 2)
    assert t.sentences[-1] == "Ghoul's armour stops all of it."
    assert t.record("ghoul")["fortitude"] == 10 and t.record("ghoul")["durability"] == 18
    other = _fight(pt, ghoul=armour, rules={"minimum_damage_after_armour": True})
    other.go(Attack(attacker="bram", target="ghoul"), 12, 10, 2)
    assert other.record("ghoul")["fortitude"] == 9


def test_with_the_minimum_after_armour_the_armour_loses_only_what_it_reduced(pt):
    """ "The number that a defender's armor reduces combat damage by is not lost, instead that number is
    taken from the armor's total Durability score." — with ``minimum_damage_after_armour``, armour 3 and a
    hit of 2: 1 gets through, and the armour reduced the damage by 1, so 1 Durability is taken."""
    armour = {"armour": {"name": "Mail", "value": 3, "durability": 20}}
    t = _fight(pt, ghoul=armour, rules={"minimum_damage_after_armour": True})
    t.go(Attack(attacker="bram", target="ghoul"), 12, 10, 2)
    assert "Ghoul's Mail stops 1 (armour 3, so that the hit does at least 1); Durability 20 − 1 = 19." in (
        t.sentences
    )
    assert t.record("ghoul")["durability"] == 19 and t.record("ghoul")["fortitude"] == 9
    one = _fight(pt, ghoul=armour, rules={"minimum_damage_after_armour": True})
    one.go(Attack(attacker="bram", target="ghoul", options={"damage_situational": -1}), 12, 10, 2)
    assert "Ghoul's Mail stops nothing: a hit does at least 1; its Durability stays 20." in one.sentences
    assert one.record("ghoul")["durability"] == 20 and one.record("ghoul")["fortitude"] == 9


@pytest.mark.parametrize(("weapon", "cost"), [(KNIFE, 1), (AXE, 2), (HAMMER, 3)])
def test_a_weapon_one_is_not_proficient_with_costs_stamina_points_by_weight(pt, weapon, cost):
    """"making an attack with a weapon that you are not proficient with will cost the character a
    number of stamina points equal to the weight of the weapon, 1 for light, 2 for medium, and 3 for
    heavy weapons.\""""
    t = _fight(pt, bram={"weapons": [weapon]})
    t.go(Attack(attacker="bram", target="ghoul"), 1, 20)
    assert t.record("bram")["stamina_spent"] == cost
    assert t.sentences[0] == (f"Bram is not proficient with the {weapon['name']} ({weapon['weight']}): "
                              f"the attack "
                              f"costs {cost} stamina point{'s' if cost != 1 else ''}, {10 - cost} left.")


def test_without_enough_stamina_points_the_attack_is_refused(pt):
    t = _fight(pt, bram={"weapons": [HAMMER], "stamina": 2})
    before = t.encounter
    with pytest.raises(CommandRejected) as refused:
        t.go(Attack(attacker="bram", target="ghoul"))
    assert refused.value.reason == ("Bram is not proficient with the Hammer: an attack costs 3 stamina "
                                    "points and "
                                    "2 are left")
    assert t.encounter is before


def test_melee_options_need_proficiency_and_a_melee_weapon(pt):
    """"When making a melee attack with a weapon, or unarmed, that you are proficient with you can
    decide to attack one of three ways.\""""
    t = _fight(pt, bram={"weapons": [HAMMER, BOW]})
    with pytest.raises(CommandRejected, match="a stun attack needs a weapon one is proficient with: "
                                              "Bram is not "
                                              "proficient with the Hammer"):
        t.go(Attack(attacker="bram", target="ghoul", weapon="Hammer", options={"style": "stun"}))
    with pytest.raises(CommandRejected, match="a heavy attack is a melee attack option: the Bow is ranged"):
        t.go(Attack(attacker="bram", target="ghoul", weapon="Bow", options={"style": "heavy"}))
    with pytest.raises(CommandRejected, match="attack.options.style: 'wild' is not a Power Tiers attack"):
        t.go(Attack(attacker="bram", target="ghoul", options={"style": "wild"}))


def test_a_heavy_attack_takes_two_actions_and_adds_2_damage_on_a_hit(pt):
    """"Heavy Attack: Use both Primary and Secondary actions to deal an additional 2 damage on a
    successful hit." (assumed: both actions are two of the three)"""
    t = _fight(pt)
    t.go(Attack(attacker="bram", target="ghoul", options={"style": "heavy"}), 12, 10, 3)
    assert "Bram deals 5 damage (1d6 rolled 3, heavy attack +2 = 5)." in t.sentences
    assert t.record("bram")["actions"] == 1
    with pytest.raises(CommandRejected, match="Bram cannot make a heavy attack .*: it takes 2 actions "
                                              "and 1 is left"):
        t.go(Attack(attacker="bram", target="ghoul", options={"style": "heavy"}))


def test_a_stun_attack_deals_stun_damage_to_fortitude_only(pt):
    """"Stun Attack: deals stun damage to the opponent" (assumed: stun damage lands on Fortitude only;
    when it empties Fortitude the opponent is stunned, losing its next round's actions)."""
    t = _fight(pt, ghoul={"fortitude": 3})
    t.go(Attack(attacker="bram", target="ghoul", options={"style": "stun"}), 12, 10, 5)
    assert t.sentences[-4:] == [
        "Ghoul takes 3 stun damage on Fortitude (Fortitude 0/3, Health 10/10).",
        "Ghoul's Fortitude is 0: it stops recovering until no damage has been taken for 10 minutes.",
        "Ghoul is now stunned (stun damage emptied its Fortitude).",
        "2 stun damage beyond Fortitude is lost (stun damage never reaches Health).",
    ]
    assert t.record("ghoul")["health"] == 10


def test_a_ranged_weapon_reaches_its_tiles_and_a_melee_one_only_its_own(pt):
    t = pt.table(pt.token("bram", (0, 0), weapons=[BOW, {"name": "Sword", "damage": "1d6"}]),
                 pt.token("ghoul", (9, 0), "enemy"))
    t.go(StartCombat(), 20, 1)
    with pytest.raises(CommandRejected, match="Ghoul is out of reach: 9 tiles away, the reach is 1"):
        t.go(Attack(attacker="bram", target="ghoul", weapon="Sword"))
    t.go(Attack(attacker="bram", target="ghoul", weapon="Bow"), 1, 20)
    assert _hits(t)[0].outcome == "miss"


def test_unknown_weapon_is_refused_listing_the_weapons(pt):
    t = _fight(pt)
    with pytest.raises(CommandRejected, match=r"Bram has no weapon called 'Spear' \(its weapons: Sword, "
                                              r"unarmed\)"):
        t.go(Attack(attacker="bram", target="ghoul", weapon="Spear"))


def test_every_piece_of_armour_worn_stops_its_value_from_its_own_durability(pt):
    """"Reduce the damage total by the total armor value of any armor worn by the defender": the
    pieces add up, each losing what it stops from its own Durability (assumed: in the order worn,
    the main armour first)."""
    helmet = {"name": "Helmet", "value": 2, "durability": 1}
    t = _fight(pt, ghoul={"armour": {"name": "Mail", "value": 3, "durability": 10}, "armour_extra": [helmet]})
    t.go(Attack(attacker="bram", target="ghoul", options={"damage_situational": 4}), 12, 10, 5)  # 9
    assert t.sentences[-4:-1] == [
        "Ghoul's Mail stops 3 (armour 3); Durability 10 − 3 = 7.",
        "Ghoul's Helmet stops 1 (armour 2, no more than its remaining Durability 1); Durability 1 − 1 = 0.",
        "Ghoul's Helmet is destroyed: it needs extensive repair before it can be used again.",
    ]
    assert t.record("ghoul")["fortitude"] == 10 - 5
    assert t.record("ghoul")["extra_durability"] == [0]


def test_a_stunned_creature_loses_its_next_turns_actions(pt):
    """Assumed (what stun damage does): emptying Fortitude with stun damage stuns for a round."""
    from vantage.engine.protocol.commands import EndTurn

    t = _fight(pt, ghoul={"fortitude": 2})
    t.go(Attack(attacker="bram", target="ghoul", options={"style": "stun"}), 12, 10, 2)
    t.go(EndTurn(token="bram"))
    assert t.sentences[-2:] == ["Ghoul's turn (round 1): no actions: it is stunned.",
                                "Ghoul is no longer stunned (it has lost a round's actions)."]
    with pytest.raises(CommandRejected, match="Ghoul cannot make a standard attack: it takes 1 action "
                                              "and 0 are"):
        t.go(Attack(attacker="ghoul", target="bram"))
