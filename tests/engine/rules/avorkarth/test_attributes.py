"""Avorkarth combat attributes from ability scores (engine/rules/avorkarth/attributes.py)."""

import dataclasses

from avk_fixtures import block

from vantage.engine.model import Size
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.ledger import WoundedState
from vantage.engine.rules.avorkarth.statblock import FISTS, Weapon


def test_melee_attack_uses_the_better_of_agility_and_dexterity():
    """"MELEE ATTACK (Agility OR Dexterity + Instinct)/2 (rounded down)" """
    b = attr.melee_attack(block(agility=6, dexterity=3, instinct=5))
    assert b.value == 5 and "Agility 6" in b.explain()
    assert attr.melee_attack(block(agility=2, dexterity=8, instinct=5)).value == 6


def test_ranged_attack_and_dodge():
    """"RANGED ATTACK (Dexterity + Instinct)/2" and
    "DODGE (Agility + Instinct)/2 (rounded down) + Armour Penalty" """
    assert attr.ranged_attack(block(dexterity=4, instinct=5)).value == 4
    stats = block(agility=7, instinct=4)
    assert attr.dodge(stats).value == 5
    heavy = attr.dodge(dataclasses.replace(stats, armour_penalty=-2))
    assert heavy.value == 3 and "armour penalty −2" in heavy.explain()


def test_initiative_swiftness_stamina_resolve_and_nonlethal():
    """"INITIATIVE Instinct", "SWIFTNESS Agility", "STAMINA Constitution", "RESOLVE Will",
    "NON-LETHAL WOUNDS Wounds - 1" """
    b = block(wounds=7, instinct=3, agility=8, constitution=6, will=2)
    assert (attr.initiative(b).value, attr.swiftness(b).value, attr.stamina(b).value) == (3, 8, 6)
    assert attr.resolve(b).value == 2 and attr.nonlethal_wounds(b).value == 6


def test_might_is_weapon_might_or_strength():
    """"MIGHT Strength OR Weapon Might" """
    b = block(strength=7)
    assert attr.might(b, Weapon("Axe", might=4)).value == 4
    assert attr.might(b, FISTS).value == 7


def test_resistances_from_vitality_and_toughness():
    """"POISON/NECROTIC/COLD RESISTANCES Vitality" / "FIRE/SHOCK RESISTANCES Toughness" """
    b = block(vitality=6, toughness=2)
    kinds = ("poison", "necrotic", "cold", "fire", "shock")
    assert [attr.resistance(b, k).value for k in kinds] == [6, 6, 6, 2, 2]


def test_presence_best_score_wounds_and_terrifying_size():
    """"PRESENCE Constitution OR Strength OR Charisma OR Elegance + 1 per 5 Wounds - 5" and
    "A creature of Large size gains a +1 bonus to their presence, doubling per size greater than Large." """
    b = block(wounds=12, constitution=3, strength=4, charisma=6, elegance=2)
    assert attr.presence(b).value == 6 + 1
    assert attr.presence(b, Size.LARGE).value == 8
    assert attr.presence(b, Size.GARGANTUAN).value == 11


def test_elegance_presence_only_towards_allies():
    """"Presence using Elegance only affects allies, and another ability score must be used to
    cause fear to enemies." """
    b = block(wounds=5, constitution=2, strength=3, charisma=1, elegance=8)
    assert attr.presence(b).value == 8
    assert attr.presence(b, towards_enemies=True).value == 3


def test_wounded_states_penalties():
    """"Hurt: -1 Movement, Dodge and Attack / Wounded: Half Movement and Dodge, -2 Attack, -1 Might.
    / Crippled: 1 Movement and Dodge, halve all other combat attributes." """
    b = block(agility=6, dexterity=4, instinct=6, strength=6)  # attack 6, dodge 6, movement 6
    hurt = attr.Condition(WoundedState.HURT)
    assert (attr.melee_attack(b, hurt).value, attr.dodge(b, hurt).value) == (5, 5)
    assert attr.movement(b, hurt).value == 5
    wounded = attr.Condition(WoundedState.WOUNDED)
    assert (attr.melee_attack(b, wounded).value, attr.dodge(b, wounded).value) == (4, 3)
    assert attr.movement(b, wounded).value == 3 and attr.might(b, FISTS, wounded).value == 5
    crippled = attr.Condition(WoundedState.CRIPPLED)
    assert (attr.movement(b, crippled).value, attr.dodge(b, crippled).value) == (1, 1)
    assert (attr.melee_attack(b, crippled).value, attr.might(b, FISTS, crippled).value) == (3, 3)


def test_stamina_states_lower_combat_attributes():
    """"When their stamina is depleted, all combat attributes are reduced by 1, with a further 1 when
    they reach -Stamina and then -Stamina x 2. (Normal, Tired, Fatigued and Exhausted.)" """
    states = [attr.stamina_state(c, 4) for c in (1, 0, -3, -4, -7, -8)]
    S = attr.StaminaState
    assert states == [S.NORMAL, S.TIRED, S.TIRED, S.FATIGUED, S.FATIGUED, S.EXHAUSTED]
    b = block(agility=6, dexterity=4, instinct=6)
    assert attr.dodge(b, attr.Condition(stamina=S.EXHAUSTED)).value == 3
    assert attr.melee_attack(b, attr.Condition(stamina=S.TIRED)).value == 5


def test_armour_types_by_direction():
    """"Full armour bonuses apply to any attack … as long as they are aware"; "Guarded armour bonuses
    are only applied to frontal and flank attacks"; natural armour "cannot be countered by positioning"."""
    b = block(armour={"full": 2, "guarded": 3, "natural": 1})
    assert attr.armour_total(b, arc="front").value == 6
    assert attr.armour_total(b, arc="flank").value == 6
    assert attr.armour_total(b, arc="back").value == 3
    assert attr.armour_total(b, arc="back", aware=False).value == 1
