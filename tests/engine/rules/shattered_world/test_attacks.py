"""Attacks, criticals, armour, Dodges and Parries, with scripted dice (a roll under the skill)."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import Attack, EndTurn
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_pending

SWORD = [{"weapon": "longsword", "skill": 12, "hand": "main"}]


def duel(sw, bram=None, ghoul=None, light="daylight", **combat):
    """Bram (party) beside Ghoul (enemy); Bram acts first."""
    enc = sw.encounter(
        sw.fighter("bram", (1, 1), **(bram or {})),
        sw.fighter("ghoul", (2, 1), "enemy", **(ghoul or {})),
        **combat,
    )
    return sw.start(enc, [9, 2], light=light)


def test_an_attack_is_a_skill_roll_against_the_weapon_skill(sw):
    """ "Generally, Attacks are just Skill rolls against the appropriate weapon skill." (assumed: a roll
    of 1d20 at most the skill rank succeeds)"""
    table = duel(sw).faces(12, 5)
    events = table.do(Attack(attacker="bram", target="ghoul", weapon="Longsword"), "no", "no")
    assert table.sentences(events)[:5] == [
        "Ghoul: No Dodge.",
        "Ghoul: No Parry.",
        "Bram Attack on Ghoul with the Longsword: 1d20 [12] = 12 → success.",
        "Bram hits Ghoul with the Longsword.",
        "Bram damage to Ghoul (Longsword): 1d12 [5] = 5.",
    ]
    table = duel(sw).faces(13)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no")
    assert table.sentences(events)[-1] == "Bram misses Ghoul."


def test_non_proficient_attacks_roll_against_the_combat_skill(sw):
    """ "Non-Proficiency rolls against the Combat Skill are allowed.\""""
    table = duel(
        sw,
        bram={"weapons": [{"weapon": "battle-axe", "skill": None, "hand": "main"}], "skills": {"combat": 7}},
    ).faces(8)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no")
    assert table.sentences(events)[-1] == "Bram misses Ghoul."
    assert "Combat Skill (not proficient with Battle Axe) 7" in events[-1].explanation


def test_damage_is_the_weapon_dice_plus_strength_bonus_less_armour_at_least_one(sw):
    """ "the attacker rolls the appropriate dice for the weapon, adding his or her Strength bonus";
    "any successful Attack will do at least one point of damage, unless Parried or Dodged.\""""
    table = duel(sw, bram={"abilities": {"strength": 16}}, ghoul={"armor": 3}).faces(5, 7)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no", "no")
    assert table.sentences(events)[-1] == (
        "Ghoul takes 6 damage from Bram's Longsword (Longsword 1d12 7 + "
        "Strength bonus 2 = 9, − Armor 3 = 6) (Hit Points 9/15)."
    )
    table = duel(sw, ghoul={"armor": 8}).faces(5, 2)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no", "no")
    assert table.sentences(events)[-1] == (
        "Ghoul takes 1 damage from Bram's Longsword (Longsword 1d12 2 = 2, "
        "− Armor 8 = -6, at least 1) (Hit Points 14/15)."
    )


def test_criticals_double_and_triple_while_the_ones_keep_coming(sw):
    """ "Successful Critical rolls result in double damage, and double Criticals (1 on 1d20 three times)
    result in triple damage, and so on as long as the player keeps rolling 1's\""""
    table = duel(sw, ghoul={"hit_points": 60}).faces(1, 1, 1, 7, 4)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no", "no")
    text = table.sentences(events)
    assert "Bram Attack on Ghoul, Critical roll: 1d20 [1] = 1 → a Critical: double damage." in text
    assert "Bram Attack on Ghoul, Critical roll: 1d20 [1] = 1 → a Critical: triple damage." in text
    assert "Bram Attack on Ghoul, Critical roll: 1d20 [7] = 7 → no further Critical." in text
    assert text[-1] == (
        "Ghoul takes 12 damage from Bram's Longsword (Longsword 1d12 4 × 3 (Critical) = 12) "
        "(Hit Points 48/60)."
    )
    # a natural 1 whose Critical roll fails is a normal hit
    table = duel(sw).faces(1, 9, 4)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no", "no")
    assert table.sentences(events)[-1].startswith("Ghoul takes 4 damage")


def test_the_skill_reading_of_the_critical_roll_is_a_rules_option(sw):
    """Rules option ``critical_roll: "skill"``: the first Critical roll succeeds like the skill roll."""
    table = duel(sw, rules={"critical_roll": "skill"}).faces(1, 9, 4, 4)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no", "no")
    assert (
        "Bram Attack on Ghoul, Critical roll: 1d20 [9] = 9 → a Critical: double damage."
        in table.sentences(events)
    )
    assert table.sentences(events)[-1].startswith("Ghoul takes 8 damage")


def test_a_successful_dodge_makes_the_attack_miss_outright_for_the_whole_round(sw):
    """ "a Dodge attempts to avoid all Attacks from a single opponent"; "If the roll succeeds, the Attack
    misses outright"; "the Dodge roll is rolled before the opposing Attack roll\""""
    two = [
        {"weapon": "longsword", "skill": 12, "hand": "main"},
        {"weapon": "buckler", "skill": 12, "hand": "off"},
    ]
    table = duel(sw, bram={"weapons": two}).faces(4, 3)  # Dodge 4 ≤ 10, then Bram's 3
    events = table.do(Attack(attacker="bram", target="ghoul"), "dodge-attack")
    text = table.sentences(events)
    assert text == [
        "Ghoul: Dodge (in place of an Attack).",
        "Ghoul Dodge against Bram: 1d20 [4] = 4 → success.",
        "Ghoul avoids Bram's Attacks this Round (a Critical hit still lands as a normal hit).",
        "Bram Attack on Ghoul with the Longsword: 1d20 [3] = 3 → success.",
        "Ghoul Dodges it: the Attack misses outright.",
    ]
    # Bram's second attack, the Buckler: no new Dodge roll, it misses too
    table.do(EndTurn(token="bram"))
    table.do(EndTurn(token="ghoul"))
    table.faces(2)
    events = table.do(Attack(attacker="bram", target="ghoul", weapon="Buckler"))
    assert table.sentences(events)[-1] == "Ghoul Dodges it: the Attack misses outright."


def test_a_dodged_critical_is_a_normal_hit_and_a_critical_dodge_avoids_all(sw):
    """ "a successful Critical hit which is Dodged with normal success is a normal hit, and if the Dodge
    is a successful Critical roll then all damage is avoided.\""""
    table = duel(sw).faces(4, 1, 1, 5, 6)
    events = table.do(Attack(attacker="bram", target="ghoul"), "dodge-attack", "no")
    text = table.sentences(events)
    assert "The Critical hit is Dodged with normal success: a normal hit." in text
    assert text[-1].startswith("Ghoul takes 6 damage") and "Critical)" not in text[-1]
    table = duel(sw).faces(1, 1, 5, 1, 1, 5)
    events = table.do(Attack(attacker="bram", target="ghoul"), "dodge-attack")
    assert table.sentences(events)[-1] == "Ghoul's Critical Dodge avoids all damage."


def test_a_dodge_fumble_makes_the_attack_succeed_with_a_chance_to_critical(sw):
    """ "A Dodge Fumble makes the opposing Attack succeed automatically (with no roll) and the opponent
    may attempt to roll a Critical hit just as if he or she had rolled a 1.\""""
    table = duel(sw, bram={"skills": {"combat": 8}}, ghoul={"hit_points": 40}).faces(20, 1, 9, 5)
    events = table.do(Attack(attacker="bram", target="ghoul"), "dodge-attack", "no")
    text = table.sentences(events)
    assert "Ghoul Dodge against Bram: 1d20 [20] = 20 → fumble." in text
    assert "Bram Attack on Ghoul, Critical roll: 1d20 [1] = 1 → a Critical: double damage." in text
    assert text[-1] == (
        "Ghoul takes 10 damage from Bram's Longsword (Longsword 1d12 5 × 2 (Critical) = 10) "
        "(Hit Points 30/40)."
    )


def test_a_parry_absorbs_up_to_the_weapon_armor_and_the_excess_needs_a_saving_roll(sw):
    """ "If the damage absorbed is higher than the Armor value of the weapon, the player must make a saving
    roll for the weapon (1d20 less than or equal to the armor value of the weapon), or it is broken and
    useless.\""""
    bram = {"weapons": [{"weapon": "great-axe", "skill": 12, "hand": "both"}], "abilities": {"strength": 16}}
    ghoul = {"weapons": [{"weapon": "dagger", "skill": 12, "hand": "main"}]}
    table = duel(sw, bram=bram, ghoul=ghoul).faces(5, 7, 5, 4, 7)  # hit, parry 7, damage 5+4+2, save 7
    events = table.do(Attack(attacker="bram", target="ghoul"), "no", "parry-dagger")
    text = table.sentences(events)
    assert "Ghoul saving roll for the Dagger: 1d20 [7] = 7 → failed (at most Armor 6)." in text
    assert text[-1] == "Ghoul's Dagger is broken and useless."
    assert table.record("ghoul")["lost"] == {"0": "broken"}
    assert table.record("ghoul")["wounds"] == 0


def test_a_shield_loses_armor_points_by_the_excess_and_breaks_at_zero(sw):
    """ "Shields are an exception; if the save is failed, they simply lose armor points equal to the excess
    damage, and are only destroyed if all armor points are lost.\""""
    bram = {"weapons": [{"weapon": "great-axe", "skill": 12, "hand": "both"}], "abilities": {"strength": 16}}
    ghoul = {"weapons": [{"weapon": "buckler", "skill": 12, "hand": "off"}]}
    table = duel(sw, bram=bram, ghoul=ghoul).faces(5, 7, 8, 5, 15)  # 8 + 5 + 2 = 15 on the Buckler (8)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no", "parry-buckler")
    assert table.sentences(events)[-1] == "The Buckler loses 7 armor points (1 left)."
    assert table.record("ghoul")["shield_armor"] == {"0": 1}


def test_a_fist_parry_lets_the_excess_over_2_through_after_armor_minimum_1(sw):
    """ "It is possible to Parry with the Fist. In this case, all excess damage over the usual 2 point Fist
    armor is taken as regular damage. Note that normal armor deductions may be applied also, but in this
    case the minimum 1 point damage rule applies.\""""
    table = duel(sw, ghoul={"weapons": [], "armor": 6, "skills": {"unarmed": 12}}).faces(5, 7, 8)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no", "parry-fist")
    assert table.sentences(events)[-1] == (
        "Ghoul takes 1 damage through the fist parry (Longsword 1d12 8 = 8 − "
        "Fist Armor 2 = 6, − Armor 6, at least 1) (Hit Points 14/15)."
    )


def test_parrying_with_the_weapon_that_attacked_is_a_stunt(sw):
    """ "The character is subject to a one-die penalty (a Stunt) if the same weapon is used for both
    Parrying and Attacking (in either order). The later roll suffers the penalty\""""
    table = duel(sw).faces(13)  # Bram attacks with the Longsword and misses
    table.do(Attack(attacker="bram", target="ghoul"), "no")
    table.do(EndTurn(token="bram"))
    table.faces(4, 6, 2, 5)  # Ghoul hits; Bram parries with 2d20 = 8 ≤ 12; 5 damage absorbed
    events = table.do(Attack(attacker="ghoul", target="bram"), "no", "parry-longsword")
    parry = table.asked[-1]
    assert "2d20 (+1d20 a Stunt: the same weapon used to attack this Round)" in parry.choices[0].explanation
    assert "Bram Parry with the Longsword: 2d20 [6, 2] = 8 → success." in table.sentences(events)


def test_a_dodge_after_an_attack_is_a_stunt_and_attacks_after_a_dodge_are_stunts(sw):
    """ "After any Dodge roll is attempted in a combat Round, any Attacks or Parries by the same character
    are Stunts; further, any Dodge roll following an Attack or Parry roll is a Stunt.\""""
    table = duel(sw).faces(13)
    table.do(Attack(attacker="bram", target="ghoul"), "no")
    table.do(EndTurn(token="bram"))
    table.faces(3, 3, 5)  # Bram dodges (2d20 = 6 ≤ 10) in place of the Parry
    table.do(Attack(attacker="ghoul", target="bram"), "dodge-parry")
    dodge = table.asked[-1]
    assert "2d20 (+1d20 a Stunt: a Dodge after an Attack or Parry)" in dodge.choices[0].explanation
    assert table.record("bram")["parries"] == 1


def test_parry_and_dodge_are_refused_when_nothing_is_left(sw):
    """ "Make a Normal Move, Attack once or Parry once": after an Attack and a Normal Move nothing is left."""
    from vantage.engine.protocol.commands import Move

    table = duel(sw).faces(13)
    table.do(Move(token="bram", path=((1, 1), (1, 2)), options={"mode": "normal"}))
    table.do(Attack(attacker="bram", target="ghoul"), "no")
    table.do(EndTurn(token="bram"))
    table.faces(4, 6)  # no Dodge or Parry is asked of Bram: hit, damage 6
    events = table.do(Attack(attacker="ghoul", target="bram"))
    assert table.sentences(events)[-1].startswith("Bram takes 6 damage")


def test_two_weapons_attack_twice_and_the_off_hand_weapon_is_a_stunt(sw):
    """ "Using a weapon in the off-hand is a Stunt, except for Shields"; "Characters using two weapons may
    Attack twice or Parry twice (once with each) in a given Round.\""""
    two = [
        {"weapon": "longsword", "skill": 12, "hand": "main"},
        {"weapon": "dagger", "skill": 12, "hand": "off"},
    ]
    table = duel(sw, bram={"weapons": two}).faces(13)
    table.do(Attack(attacker="bram", target="ghoul"), "no")
    table.do(EndTurn(token="bram"))
    table.do(EndTurn(token="ghoul"))
    table.faces(9, 9)
    events = table.do(Attack(attacker="bram", target="ghoul", weapon="Dagger"), "no")
    assert "Bram Attack on Ghoul with the Dagger: 2d20 [9, 9] = 18 → failure." in table.sentences(events)
    with pytest.raises(CommandRejected, match=r"once with each"):
        table.do(Attack(attacker="bram", target="ghoul", weapon="Dagger"))


def test_only_light_weapons_in_the_off_hand(sw):
    """ "Only weapons which are Light for you may be used in the off-hand, again excepting Shields.\""""
    two = [
        {"weapon": "dagger", "skill": 12, "hand": "main"},
        {"weapon": "longsword", "skill": 12, "hand": "off"},
    ]
    table = duel(sw, bram={"weapons": two})
    with pytest.raises(CommandRejected, match="the Longsword is not Light for Bram"):
        table.do(Attack(attacker="bram", target="ghoul", weapon="Longsword"))


def test_attacks_on_creatures_two_sizes_smaller_are_stunts(sw):
    """ "Attacks against creatures two or more size-categories smaller are Stunts, adding 1d20 of difficulty;
    this means Medium creatures (Humans for instance) have a penalty Attacking Tiny creatures\""""
    enc = sw.encounter(
        sw.fighter("bram", (1, 1)),
        sw.fighter("wasp", (2, 1), "enemy", size="tiny"),
        sw.fighter("imp", (1, 2), "enemy", size="small"),
    )
    table = sw.start(enc, [9, 2, 1])
    table.faces(3, 4, 5)
    events = table.do(Attack(attacker="bram", target="wasp"), "no", "no")
    (parry,) = [d for d in table.asked if "Parry" in d.prompt]
    assert [c.value for c in parry.choices] == ["parry-fist", "no"]  # a Longsword is too large for a wasp
    assert "Bram Attack on Wasp with the Longsword: 2d20 [3, 4] = 7 → success." in table.sentences(events)
    from vantage.engine.rules.asking import ask_attack_options

    (small,) = [
        o for o in ask_attack_options(table.enc, "bram", "imp") if o.label == "Attack with the Longsword"
    ]
    assert small.modifiers[1].int_value == 0  # one size smaller: no Stunt


def test_night_and_dark_add_a_die_except_for_night_vision(sw):
    """ "Most characters suffer a Skill roll penalty (+1d20) in Night or Dark conditions"; "Saurans have no
    penalty in Night but still have a one die penalty in Dark conditions.\""""
    from vantage.engine.rules.asking import ask_attack_options

    for light, normal, sauran in (
        ("lamplight", "1d20", "1d20"),
        ("night", "2d20", "1d20"),
        ("dark", "2d20", "2d20"),
    ):
        table = duel(sw, ghoul={"vision": "night"}, light=light)
        (a,) = [
            o
            for o in ask_attack_options(table.enc, "bram", "ghoul")
            if o.label == "Attack with the Longsword"
        ]
        (b,) = [
            o
            for o in ask_attack_options(table.enc, "ghoul", "bram")
            if o.label == "Attack with the Longsword"
        ]
        assert 1 + a.modifiers[1].int_value == int(normal[0]) and 1 + b.modifiers[1].int_value == int(
            sauran[0]
        )


def test_attacks_wait_for_the_dodge_then_the_parry_of_the_target(sw):
    """The text gives the Dodge and the Parry to the defender: each is a pending decision of its player."""
    table = duel(sw).faces(5)
    from vantage.engine.dice import ScriptedDice
    from vantage.engine.session import apply

    enc, events = apply(table.enc, Attack(attacker="bram", target="ghoul"), ScriptedDice([5, 6]))
    (decision,) = ask_pending(enc)
    assert decision.who == "ghoul" and decision.prompt == "Bram attacks Ghoul: does Ghoul Dodge first?"
    assert [c.value for c in decision.choices] == ["dodge-parry", "dodge-attack", "no"]
    assert decision.default == "no" and decision.choices[0].chances == {"dodge": 0.5}
    assert enc.token("ghoul") == table.enc.token("ghoul") and events[0].kind == "waiting"


def test_npcs_take_their_default_with_the_reactions_option(sw):
    """Rules option ``reactions: players``: only player characters are asked."""
    table = duel(sw, rules={"reactions": "players"}).faces(5, 3, 6)
    events = table.do(Attack(attacker="bram", target="ghoul"))
    text = table.sentences(events)
    assert "Ghoul Parry with the Longsword: 1d20 [3] = 3 → success." in text
    assert table.asked == []


def test_a_routine_resolves_all_its_attacks_at_once(sw):
    """ "The exception is certain Attack forms which are "routines," and all happen at once\""""
    routine = [
        {"kind": "claw", "name": "Claws", "damage": "1d4", "size": "S", "skill": 12, "routine": True},
        {"kind": "bite", "name": "Bite", "damage": "1d6", "size": "S", "skill": 12, "routine": True},
    ]
    enc = sw.encounter(
        sw.fighter("bear", (1, 1), "enemy", weapons=routine, hit_points=30),
        sw.fighter("bram", (2, 1), hit_points=30),
    )
    table = sw.start(enc, [9, 2]).faces(3, 2, 5, 4)
    events = table.do(Attack(attacker="bear", target="bram", weapon="Claws"), "no", "no", "no", "no")
    text = table.sentences(events)
    assert "Bear attacks with a routine (Claws, Bite): all of it happens at once, as one Attack." in text
    assert [t for t in text if t.startswith("Bram takes")] == [
        "Bram takes 2 damage from Bear's Claws (Claws 1d4 2 = 2) (Hit Points 28/30).",
        "Bram takes 4 damage from Bear's Bite (Bite 1d6 4 = 4) (Hit Points 24/30).",
    ]
    assert table.record("bear")["attacks"] == 1
