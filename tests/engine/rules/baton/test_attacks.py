"""Attacking, defending, the layers, critical damage and the tactics of the text."""

from __future__ import annotations

import pytest

from vantage.engine.model import Cover, GameMap, MapObject
from vantage.engine.protocol.commands import ApplyDamage, Attack, Move, PassInitiative, SetCondition
from vantage.engine.rules.asking import ask_attack_options, ask_health, ask_pending


@pytest.fixture
def duel(fight, make):
    return fight(
        make("bram", "sellsword", (2, 2)),
        make("cult", "cultist", (3, 2)),
        make("ada", "rogue", (8, 8)),
        make("bolt", "crossbowman", (9, 2)),
    )


def test_a_hit_deals_the_weapons_damage_a_miss_none(duel):
    """The text: "If they succeed on the skill check, they deal the weapon's damage to the
    opponent; otherwise, they miss the target and deal no damage at all"; Dodge imposes 7 + Dodge."""
    duel.start("bram")
    sentences = duel.resisted(Attack("bram", "cult", "Longsword"), 2, 3)
    assert sentences[1] == (
        "Bram misses Cult with the Longsword — dice 5 + Fight with Longsword 2 = 7 against "
        "difficulty 7 + Dodge 1 = 8: failure, Cult resisting with Dodge."
    )
    assert "damage_taken" not in duel.kinds()


def test_physique_is_added_to_medium_weapons(duel):
    """The text: "The Physique bonus applied to medium and large weapons"."""
    duel.start("bram")
    sentences = duel.resisted(Attack("bram", "cult", "Longsword"), 4, 3, 3)
    assert "Cult takes 5 damage (Bram's Longsword: 1d6 3 + Physique 2 = 5)." in sentences
    duel.do(PassInitiative("bram", "cult"))
    duel.do(PassInitiative("cult", "bram"))
    sentences = duel.resisted(Attack("bram", "cult", "Dagger"), 4, 3, 2)  # light: no Physique
    assert any("(Bram's Dagger: 1d3 2)" in s for s in sentences)


def test_a_pc_chooses_dodge_or_shield_against_melee(duel):
    """Defending: "They can use the Dodge skill against melee physical attacks, or Shield against any
    physical attack"."""
    duel.start("party")
    duel.do(PassInitiative("bram", "cult"))
    duel.do(Attack("cult", "bram", "Sickle"))
    (decision,) = ask_pending(duel.enc)
    assert decision.who == "bram" and decision.kind == "reaction"
    assert [c.value for c in decision.choices] == ["shield", "dodge", "none"] and decision.default == "shield"
    assert decision.prompt == "Cult attacks Bram with the Sickle: how does Bram resist?"
    sentences = duel.answer("dodge", 1, 2)  # 3 + 1 = 4 against 7 + Dodge 1 = 8
    assert "Bram resisting with Dodge" in sentences[2]


def test_an_npcs_resistance_is_the_gms_decision_with_the_odds(duel):
    """Defending: "When targeted by an attack, a character may offer resistance to that attack" —
    the defender's choice: for an NPC the GM is asked, with the attacker's odds against each
    answer, the best defence by default; no resistance leaves the difficulty at 7."""
    duel.start("bram")
    duel.do(Attack("bram", "cult", "Longsword"))
    (decision,) = ask_pending(duel.enc)
    assert decision.who is None and decision.kind == "reaction" and decision.default == "dodge"
    assert decision.prompt == "Bram attacks Cult with the Longsword: how does Cult resist?"
    assert [(c.value, c.label) for c in decision.choices] == [("dodge", "Dodge 1"), ("none", "No resistance")]
    odds = {c.value: c.chances["hit"] for c in decision.choices}
    assert odds["none"] > odds["dodge"]  # 2d6 + 2 against 7 or against 8
    assert decision.choices[0].explanation.startswith("Bram needs 8: 2d6 + Fight with Longsword 2 against")
    sentences = duel.answer("none", 2, 3, 1)  # 5 + 2 = 7 against 7: a hit
    assert sentences[0] == "The GM: No resistance."
    assert sentences[2] == (
        "Bram hits Cult with the Longsword — dice 5 + Fight with Longsword 2 = 7 against difficulty 7: "
        "success, 1 success level, Cult offering no resistance."
    )


def test_only_a_shield_stops_a_ranged_attack(duel):
    duel.start("party")
    duel.do(PassInitiative("bram", "bolt"))
    sentences = duel.resisted(Attack("bolt", "bram", "Crossbow"), 3, 3, 1)  # Shield or none: no Dodge
    assert "against difficulty 7 + Shield 2 = 9: failure" in sentences[1]
    assert sentences[1].endswith("Bram resisting with Shield.")


def test_damage_soaks_through_protection_then_stamina_then_health(duel):
    """Protection, then "If a character's Protection reaches zero ... begin taking damage to their
    Stamina", then "If a character's Stamina reaches zero, they become exhausted and begin taking
    wounds"; "maximum Stamina equals their current Health"; "maximum Health equals 6 + (2 × Physique)";
    "If a character's Health reaches zero, they die"."""
    duel.do(ApplyDamage("bram", 8))
    assert ask_health(duel.enc, "bram").text == "Protection 0/6, Stamina 8/10, Health 10/10"
    sentences = duel.do(ApplyDamage("bram", 10))
    assert (
        sentences[-1]
        == "Bram suffers a mild wound of severity 2 (the GM): Protection 0/6, Stamina 0/8, Health 8/10."
        or "Bram suffers a mild wound of severity 2: Protection 0/6, Stamina 0/8, Health 8/10." in sentences
    )
    assert ask_health(duel.enc, "bram").layers[1].maximum == 8
    sentences = duel.do(ApplyDamage("bram", 8))
    assert sentences[-1] == "Bram dies: Health 0." and duel.has("bram", "dead")


def test_direct_and_necrotic_damage_are_wounds_at_once(duel):
    """The text: "Necrotic damage is always treated as direct damage ... do not recover naturally"."""
    duel.do(ApplyDamage("bram", 3, damage_kind="necrotic"))
    assert duel.record("bram")["wounds"] == [{"severity": 3, "kind": "cutting", "necrotic": True}]
    assert ask_health(duel.enc, "bram").text == "Protection 6/6, Stamina 7/7, Health 7/10"


def test_health_lost_and_heavy_protection_give_negative_chances(duel):
    """The text: "For every 6 points of Health that has been reduced, the character has a negative chance on
    any skill check"; "For every 6 points of Protection, the character has a negative chance on
    skill checks that suffer a Protection Penalty" (not on attacks)."""
    duel.start("bram")
    duel.set("bram", wounds=[{"severity": 6, "kind": "cutting"}])
    sentences = duel.resisted(Attack("bram", "cult", "Longsword"), 1, 1, 1)
    assert sentences[0] == "Bram attacks Cult with the Longsword: 3d6kl2 [1, 1, 1] kept 1, 1 = 2 → miss."
    assert "negative chance: 6 Health lost" in sentences[1] and "Protection" not in sentences[1]


def test_an_npc_deals_critical_damage_automatically(duel):
    """The text: "NPCs ... apply this critical damage automatically whenever they roll a critical success"."""
    duel.start("party")
    duel.do(PassInitiative("bram", "cult"))
    duel.place("cult", (7, 8))
    sentences = duel.resisted(Attack("cult", "ada", "Sickle"), 6, 6, 3)
    assert "Ada takes 9 damage (Cult's Sickle: 1d6 3 + critical 6 = 9)." in sentences


def test_a_pc_may_take_a_boon_instead_and_it_is_a_positive_chance(duel):
    """The text: "the character may choose to deal extra damage equal to the maximum damage value of that
    attack, instead of gaining a Boon" (a Boon, assumed: a positive chance on the next check)."""
    duel.start("bram")
    duel.resisted(Attack("bram", "cult", "Longsword"), 6, 6)
    (decision,) = ask_pending(duel.enc)
    assert decision.prompt == "Bram rolls a critical success against Cult: critical damage (+6) or a Boon?"
    sentences = duel.answer("boon", 1)
    assert "Bram takes a Boon instead of critical damage." in sentences
    assert "Cult takes 3 damage (Bram's Longsword: 1d6 1 + Physique 2 = 3)." in sentences
    duel.do(PassInitiative("bram", "ada"))
    duel.do(PassInitiative("ada", "cult"))
    duel.do(PassInitiative("cult", "bram"))
    sentences = duel.resisted(Attack("bram", "cult", "Longsword"), 1, 1, 1)
    assert "positive chance: a Boon" in sentences[1] and duel.record("bram")["boons"] == 0


def test_sneak_attacks_on_the_unaware_and_the_helpless(duel):
    """Sneak Attack: "Melee attacks against unaware opponents have a positive chance to hit and are
    always treated as a critical hit"; "If the target is completely helpless ... the attack always
    hits and deals the maximum possible damage"."""
    duel.start("party")
    duel.do(PassInitiative("bram", "cult"))
    duel.do(SetCondition("bram", "unaware"))
    sentences = duel.do(Attack("cult", "bram", "Sickle"), 1, 3, 6, 2)
    assert (
        "positive chance: sneak attack: unaware" in sentences[1] and "against difficulty 7:" in sentences[1]
    )
    assert "Bram takes 8 damage (Cult's Sickle: 1d6 2 + critical 6 = 8)." in sentences
    duel.do(SetCondition("bram", "unaware", on=False))
    duel.do(SetCondition("bram", "helpless"))
    duel.do(PassInitiative("cult", "bram"))
    duel.do(PassInitiative("bram", "cult"))
    sentences = duel.do(Attack("cult", "bram", "Sickle"), 1, 1, 1)
    assert "Cult hits Bram with the Sickle (helpless: the attack always hits)" in sentences[1]
    assert "Bram takes 12 damage (Cult's Sickle: maximum 1d6 = 6 + critical 6 = 12)." in sentences


def test_a_ranged_attack_on_the_unaware_is_always_difficulty_7(duel):
    """The text: "For ranged attacks ... the difficulty to hit them is always 7"."""
    duel.start("party")
    duel.do(PassInitiative("bram", "bolt"))
    duel.do(SetCondition("bram", "unaware"))
    duel.place("cult", (12, 9))
    sentences = duel.do(Attack("bolt", "bram", "Crossbow"), 1, 2, 1)
    assert "against difficulty 7: failure" in sentences[1]


def test_higher_ground_numerical_advantage_and_exposed_are_positive_chances(fight, make):
    """Higher Ground: "a positive chance to hit when making an attack from higher ground"; Numerical
    Advantage: "if their target is within melee range of another opponent"; EXPOSED: "Other
    characters have a positive chance to attack an exposed character"."""
    game_map = GameMap(10, 6, elevation=tuple(5.0 if x < 3 else 0.0 for y in range(6) for x in range(10)))
    f = fight(
        make("bram", "sellsword", (2, 2)),
        make("ada", "rogue", (4, 3)),
        make("cult", "cultist", (3, 2), conditions=["exposed"]),
        game_map=game_map,
    )
    f.start("bram")
    sentences = f.resisted(Attack("bram", "cult", "Longsword"), 1, 1, 1, 1, 1)
    assert sentences[0].startswith("Bram attacks Cult with the Longsword: 5d6kh2")
    assert (
        "(positive chance: exposed, higher ground, numerical advantage: Ada is in melee with Cult)"
        in sentences[1]
    )


def test_cover_against_ranged_attacks(fight, make):
    """Half Cover: "Ranged attacks against a character partially hidden behind an object have a
    negative chance to hit"; Full Cover: "No character can be the target of a ranged attack if there
    is an obstacle completely blocking the shooter's line of sight"."""
    low = MapObject(
        "wall", ((5.0, 0.0), (5.4, 0.0), (5.4, 3.0), (5.0, 3.0)), "Low wall", True, False, Cover.HALF
    )
    f = fight(
        make("bram", "sellsword", (6, 1)),
        make("bolt", "crossbowman", (1, 1)),
        make("ada", "rogue", (6, 8)),
        game_map=GameMap(10, 10, objects=(low,)),
    )
    options = {o.label: o for o in ask_attack_options(f.enc, "bolt", "bram")}
    assert "negative chance: half cover" in options["Attack with the Crossbow"].explanation
    pillar = MapObject(
        "p", ((3.0, 7.0), (4.0, 7.0), (4.0, 10.0), (3.0, 10.0)), "Pillar", True, True, Cover.FULL
    )
    g = fight(
        make("ada", "rogue", (6, 8)),
        make("bolt", "crossbowman", (1, 8)),
        game_map=GameMap(10, 10, objects=(pillar,)),
    )
    g.start("party")
    g.do(PassInitiative("ada", "bolt"))
    assert "is in full cover" in g.refused(Attack("bolt", "ada", "Crossbow"))


def test_two_weapons_one_check_the_off_hand_damage_added_and_exposed(duel):
    """Fighting with Two Weapons: "a single skill check using the Fight with [Weapon] specialization
    of the weapon in their dominant hand"; "extra damage equal to the damage of the off-hand weapon";
    "If either weapon is medium or large, the character becomes exposed"."""
    duel.start("bram")
    sentences = duel.resisted(Attack("bram", "cult", "Longsword", {"off_hand": "Dagger"}), 4, 4, 3, 2)
    assert "Cult takes 7 damage (Bram's Longsword: 1d6 3 + Physique 2 + Dagger 2 = 7)." in sentences
    assert duel.has("bram", "exposed")


def test_a_charge_climbs_the_ladder_per_10_ft_in_a_straight_line(duel):
    """Charge: "+1 on the damage ladder of that attack for every 10 feet traveled in a straight line.
    However, if they do so, they become exposed until their next turn"."""
    duel.place("bram", (0, 2))
    duel.start("bram")
    assert duel.refused(Attack("bram", "cult", "Longsword", {"charge": True})).startswith(
        "Cult is out of reach"
    )
    duel.do(Move("bram", ((0, 2), (1, 2), (2, 2))))
    sentences = duel.resisted(Attack("bram", "cult", "Longsword", {"charge": True}), 4, 4, 3, 3)
    assert "Cult takes 8 damage (Bram's Longsword: 2d6 6 + Physique 2 = 8)." in sentences
    assert "Bram is now exposed (charged: until their next turn)." in sentences


def test_a_charge_needs_10_ft_of_straight_run(duel):
    duel.place("bram", (1, 2))
    duel.start("bram")
    duel.do(Move("bram", ((1, 2), (2, 2))))
    assert duel.refused(Attack("bram", "cult", "Longsword", {"charge": True})) == (
        "Bram cannot charge: the last move ran 5 ft in a straight line, and a charge needs at least 10 ft"
    )


def test_a_counterattack_never_triggers_another(fight, make):
    """Counterattacks: "a counterattack cannot be triggered by another counterattack"."""
    f = fight(
        make("corwin", "bard", (2, 2)),
        make(
            "cult",
            "cultist",
            (3, 2),
            weapons=[{"name": "Rapier", "skill": 1, "damage": "1d6", "counter": True}],
        ),
    )
    f.start("party")
    f.do(PassInitiative("corwin", "cult"))
    f.resisted(Attack("cult", "corwin", "Rapier"), 1, 1)  # a miss, then Corwin's rapier may strike back
    (decision,) = ask_pending(f.enc)
    assert decision.who == "corwin" and decision.prompt.endswith("does Corwin counterattack with the Rapier?")
    f.answer("counter")  # then Cult, attacked in turn, resists (the GM's answer: its best)
    sentences = f.answer(None, 1, 1)
    assert sentences[-1].startswith("Counterattack: Corwin misses Cult with the Rapier")
    assert not ask_pending(f.enc)  # Cult's rapier does not answer the counterattack


def test_the_defender_chooses_the_weapon_it_counterattacks_with(fight, make):
    """Counterattacks: "Certain equipment or abilities can allow a character to make a counterattack"
    — with two such weapons, which one strikes back is the defender's choice."""
    rapiers = [
        {"name": "Rapier", "skill": 1, "damage": "1d6", "counter": True},
        {"name": "Main gauche", "skill": 2, "damage": "1d3", "counter": True},
    ]
    f = fight(make("corwin", "bard", (2, 2)), make("cult", "cultist", (3, 2), weapons=rapiers))
    f.start("party")
    f.resisted(Attack("corwin", "cult", "Rapier"), 1, 1)  # a miss: Cult may strike back
    (decision,) = ask_pending(f.enc)
    assert decision.prompt == "Corwin attacked Cult in melee: does Cult counterattack?"
    assert [c.value for c in decision.choices] == ["counter", "counter:Main gauche", "hold"]
    assert [c.label for c in decision.choices][:2] == [
        "Counterattack with the Rapier",
        "Counterattack with the Main gauche",
    ]
    f.answer("counter:Main gauche")
    sentences = f.answer(None, 1, 1)  # Corwin resists
    assert sentences[-1].startswith("Counterattack: Cult misses Corwin with the Main gauche")


def test_divine_damage_is_critical_against_the_undead(fight, make):
    """Divine Damage: "always treated as critical damage against the undead"."""
    f = fight(
        make(
            "bram",
            "sellsword",
            (2, 2),
            weapons=[{"name": "Blessed mace", "skill": 2, "damage": "1d6", "kind": "divine"}],
        ),
        make("bones", "skeleton", (3, 2)),
    )
    f.start("bram")
    sentences = f.resisted(Attack("bram", "bones", "Blessed mace"), 4, 4, 2)
    assert any("1d6 2 + critical 6 = 8" in s for s in sentences)


def test_out_of_reach_is_refused_and_the_menu_says_why(duel):
    duel.start("bram")
    assert (
        duel.refused(Attack("bram", "ada", "Longsword"))
        == "Ada is out of reach: 6 tiles away, the Longsword reaches 1"
    )
    options = {o.label: o for o in ask_attack_options(duel.enc, "bram", "ada")}
    assert not options["Attack with the Longsword"].legal


def test_shaken_gives_a_negative_chance_on_attacks(duel):
    """SHAKEN: "A shaken character has a negative chance on checks to attack and on skill checks that
    suffer the protection penalty"."""
    duel.condition("bram", "shaken")
    duel.start("bram")
    sentences = duel.resisted(Attack("bram", "cult", "Longsword"), 1, 1, 1)
    assert (
        sentences[0].startswith("Bram attacks Cult with the Longsword: 3d6kl2") and "shaken" in sentences[1]
    )
