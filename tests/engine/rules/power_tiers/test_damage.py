"""Fortitude, Health, wounds, dying and death."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import ApplyDamage, Attack, EndTurn, StartCombat
from vantage.engine.rules.asking import ask_health, ask_turn
from vantage.engine.rules.power_tiers.tables import RULE_OPTIONS


def _fight(pt, rules=None, **ghoul):
    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy", **ghoul), rules=rules)
    t.go(StartCombat(), 20, 1)
    return t


def _round(t):
    """Both end their turns: the round ends and the next begins with Bram."""
    for tid in ("bram", "ghoul"):
        if ask_turn(t.encounter).actor == tid:
            t.go(EndTurn(token=tid))


def test_fortitude_takes_damage_before_health(pt):
    """"All damage is dealt to Fortitude before Health" — "Only once their Fortitude is reduced to 0
    does any damage apply to a character's Health.\""""
    t = _fight(pt, fortitude=4)
    t.go(ApplyDamage(token="ghoul", amount=3))
    assert (t.record("ghoul")["fortitude"], t.record("ghoul")["health"]) == (1, 10)
    t.go(ApplyDamage(token="ghoul", amount=3))
    assert t.sentences == ["Ghoul takes 1 damage on Fortitude (Fortitude 0/4, Health 10/10).",
                           "Ghoul's Fortitude is 0: it stops recovering until no damage has been taken "
                           "for 10 minutes.",
                           "Ghoul takes 2 damage on Health (Fortitude 0/4, Health 8/10)."]
    health = ask_health(t.encounter, "ghoul")
    assert [(layer.name, layer.left, layer.maximum) for layer in health.layers] == [("Fortitude", 0, 4),
                                                                                    ("Health", 8, 10)]


@pytest.mark.parametrize(("tier", "rank"), [("neophyte", 1), ("acolyte", 2), ("adept", 3), ("master", 4)])
def test_fortitude_recovers_one_point_per_tier_each_round(pt, tier, rank):
    """"So if a character is a Neophyte, they will recover 1 point of Fortitude each round, if they
    are an Acolyte they will recover 2 points per round, an Adept will recover 3 points per round,
    and so on." ("a Master will recover 4 points" of Health: Master is rank 4.)"""
    t = _fight(pt, tier=tier, fortitude=10)
    t.go(ApplyDamage(token="ghoul", amount=9))
    _round(t)
    assert t.record("ghoul")["fortitude"] == 1 + rank
    line = f"Ghoul recovers {rank} Fortitude ({tier.capitalize()}): 1 + {rank} = {1 + rank} of 10."
    assert line in t.sentences


def test_fortitude_recovery_never_passes_the_maximum(pt):
    t = _fight(pt, tier="master", fortitude=10)
    t.go(ApplyDamage(token="ghoul", amount=1))
    _round(t)
    assert t.record("ghoul")["fortitude"] == 10


def test_at_0_fortitude_recovery_halts_until_no_damage_for_10_minutes(pt):
    """"If Fortitude is ever reduced to 0, recovery is halted until no damage has been taken for 10
    minutes." Ten minutes are 120 rounds of 5 seconds ("each 12 rounds is one full minute"); the
    test shortens them with the rules option."""
    assert RULE_OPTIONS["fortitude_halt_rounds"].default == 120
    t = _fight(pt, rules={"fortitude_halt_rounds": 3}, fortitude=5)
    t.go(ApplyDamage(token="ghoul", amount=5))
    _round(t)
    _round(t)
    assert t.record("ghoul")["fortitude"] == 0
    t.go(ApplyDamage(token="ghoul", amount=1))  # damage again: the count starts over (on Health)
    _round(t)
    _round(t)
    assert t.record("ghoul")["fortitude"] == 0
    _round(t)
    assert t.record("ghoul")["fortitude"] == 1
    assert "Ghoul has taken no damage for 10 minutes: its Fortitude recovers again." in t.sentences


def test_five_health_damage_from_one_hit_is_a_wound_four_is_not(pt):
    """Ways to get wounds: "Taking 5 points of Health damage from one hit.\""""
    t = _fight(pt, fortitude=0, health=20)
    t.go(ApplyDamage(token="ghoul", amount=4))
    assert t.record("ghoul")["wounds"] == 0
    t.go(ApplyDamage(token="ghoul", amount=5))
    assert t.record("ghoul")["wounds"] == 1
    assert t.sentences[-1] == "Ghoul gains a wound (5 Health damage from one hit): 1 wound."


def test_fortitude_soaked_damage_is_not_health_damage(pt):
    """Only the Health damage of a hit counts toward a wound: 7 damage, 4 of it on Fortitude."""
    t = _fight(pt, fortitude=4)
    t.go(ApplyDamage(token="ghoul", amount=7))
    assert t.record("ghoul")["wounds"] == 0 and t.record("ghoul")["health"] == 7


def test_dropping_to_0_health_is_a_wound_and_the_character_is_dying(pt):
    """"Dropping to 0 Health" is a wound; "If a character is reduced to 0 Health, they are dying.
    They will have a number of rounds equal to their Maximum Health score before they are dead.\""""
    t = _fight(pt, fortitude=0, health=2)
    t.go(ApplyDamage(token="ghoul", amount=2))
    assert t.sentences[-2:] == ["Ghoul gains a wound (dropped to 0 Health): 1 wound.",
                                "Ghoul is now dying (0 Health: dead in 2 rounds)."]
    assert "dying" in t.conditions("ghoul")
    _round(t)  # Bram ends; Ghoul is dying and does not act; the round ends
    assert "Ghoul is dying and does not act." in t.sentences
    assert "Ghoul is dying: 1 round left." in t.sentences
    _round(t)
    assert "Ghoul is dead: its 2 rounds of dying are over." in t.sentences
    assert t.conditions("ghoul") == {"dead"} and t.record("ghoul")["dead"]


def test_any_damage_while_dying_kills(pt):
    """"If they take any damage during this time, they are instantly killed.\""""
    t = _fight(pt, fortitude=0, health=5)
    t.go(ApplyDamage(token="ghoul", amount=5))
    t.go(ApplyDamage(token="ghoul", amount=1))
    assert t.sentences == ["Ghoul takes 1 damage while dying.", "Ghoul is dead: any damage while dying "
                                                                "kills."]


def test_more_health_damage_than_is_left_still_leaves_0_health(pt):
    """"If a single attack would deal more Health damage to a character than they have left, they are
    still considered at 0 Health.\""""
    t = _fight(pt, fortitude=0, health=10)
    t.go(ApplyDamage(token="ghoul", amount=19))  # 10 − 19 = −9: above −10
    assert t.record("ghoul")["health"] == 0 and t.record("ghoul")["dying_rounds"] == 10
    assert not t.record("ghoul")["dead"]


def test_example_10_health_max_taking_20_directly_to_health_is_instantly_dead(pt):
    """"i.e. if a character has 10 health max and they take 20 damage directly to their health, they
    are instantly dead.\""""
    t = _fight(pt, health=10)
    t.go(ApplyDamage(token="ghoul", amount=20, track="health"))
    assert t.record("ghoul")["dead"] and t.record("ghoul")["dying_rounds"] is None
    assert t.sentences[-1] == ("Ghoul is dead: 20 Health damage in a single hit takes Health from 10 to "
                               "−10, at "
                               "or below −10 (negative its maximum Health).")


def test_example_2_health_left_of_10_taking_12_is_instantly_killed(pt):
    """"If a character has 2 health remaining, and a maximum Health of 10, and they take 12 damage
    (making negative 10 health) they are instantly killed." Here the 12 come from one sword hit on
    a character whose Fortitude is spent."""
    sword = {"name": "Greatsword", "damage": "1d6", "weight": "heavy", "proficient": True, "skill": 0,
             "damage_bonus": 6}
    t = pt.table(pt.token("bram", (2, 2), weapons=[sword]), pt.token("ghoul", (3, 2), "enemy", fortitude=0))
    t.go(StartCombat(), 20, 1)
    t.go(ApplyDamage(token="ghoul", amount=8))
    assert t.record("ghoul")["health"] == 2
    t.go(Attack(attacker="bram", target="ghoul"), 12, 10, 6)  # 6 + 6 = 12
    assert t.record("ghoul")["dead"]
    assert t.sentences[-1] == ("Ghoul is dead: 12 Health damage in a single hit takes Health from 2 to "
                               "−10, at "
                               "or below −10 (negative its maximum Health).")
    assert t.conditions("ghoul") == {"dead"}


def test_one_less_than_the_example_leaves_the_character_dying(pt):
    t = _fight(pt, fortitude=0, health=10)
    t.go(ApplyDamage(token="ghoul", amount=8))
    t.go(ApplyDamage(token="ghoul", amount=11))  # 2 − 11 = −9
    assert t.record("ghoul")["dying_rounds"] == 10 and not t.record("ghoul")["dead"]


def test_a_new_wound_resets_the_wound_recovery(pt):
    """"If any additional wounds are gained during the wound recovery, all wound recovery time resets.\""""
    from vantage.engine.protocol.commands import Rest

    t = pt.table(pt.token("ghoul", (3, 2), "enemy", fortitude=0, health=30))
    t.go(ApplyDamage(token="ghoul", amount=5))
    t.go(Rest(rest="day", duration=4))
    assert t.record("ghoul")["wound_days"] == 4
    t.go(ApplyDamage(token="ghoul", amount=6))
    assert t.sentences[-1] == ("Ghoul gains a wound (6 Health damage from one hit): 2 wounds; wound recovery "
                               "starts again.")
    assert t.record("ghoul")["wound_days"] == 0


def test_a_hit_of_5_health_that_drops_to_0_is_two_wounds(pt):
    """Ways to get wounds: "Taking 5 points of Health damage from one hit. Dropping to 0 Health" —
    one hit doing both gains both (assumed: each way is a wound)."""
    t = _fight(pt, fortitude=0, health=6)
    t.go(ApplyDamage(token="ghoul", amount=6))
    assert t.record("ghoul")["wounds"] == 2
    assert t.sentences[-3:-1] == ["Ghoul gains a wound (6 Health damage from one hit): 1 wound.",
                                  "Ghoul gains a wound (dropped to 0 Health): 2 wounds."]
