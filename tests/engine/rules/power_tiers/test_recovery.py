"""Health by the day, wounds by the week, and armour repair: the GM's commands after a fight."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import ApplyDamage, Heal, Rest, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.power_tiers.vocabulary import RecoverDay, RepairArmour


def _hurt(pt, tier="neophyte", health=20, amount=10, **stats):
    t = pt.table(pt.token("bram", (0, 0), tier=tier, fortitude=0, health=health, **stats))
    t.go(ApplyDamage(token="bram", amount=amount))
    return t


@pytest.mark.parametrize(("tier", "per_day"), [("neophyte", 1), ("acolyte", 2), ("adept", 3), ("master", 4)])
def test_health_recovers_one_point_per_tier_per_day(pt, tier, per_day):
    """"Health will recover at a rate of 1 point per tier of power the character has attained per day.
    So a Neophyte will recover only 1 point of Health per day, while a Master will recover 4 points
    of Health per day.\""""
    t = _hurt(pt, tier)
    t.go(Rest(rest="day", duration=2))
    assert t.record("bram")["health"] == 10 + 2 * per_day


@pytest.mark.parametrize(("roll", "gained"), [(50, 2), (49, 1), (87, 2)])
def test_a_medicine_helper_rolling_at_least_50_adds_a_point(pt, roll, gained):
    """"If the character is being aided in their recovery by someone with the Medicine skill,
    rolling at least a 50 each day, they will recover 1 more point per day.\""""
    t = _hurt(pt)
    t.go(RecoverDay(token="bram", medicine=roll))
    assert t.record("bram")["health"] == 10 + gained
    word = "at least" if roll >= 50 else "below"
    assert f"Medicine roll {roll} ({word} 50)" in t.sentences[0]


def test_resting_the_entire_day_adds_a_point_and_both_add_up(pt):
    """"If the character rests the entire day, they gain an additional 1 point per day.\""""
    t = _hurt(pt, "acolyte")
    t.go(RecoverDay(token="bram", rested=True, medicine=60))
    assert t.record("bram")["health"] == 10 + 2 + 1 + 1
    assert t.sentences[0] == ("Bram recovers 4 Health over a day (Acolyte 2, Medicine roll 60 (at least "
                              "50) +1, "
                              "rested the entire day +1 = 4 a day): 10 → 14 of 20.")
    t.go(Rest(rest="bed-rest", duration=1))
    assert t.record("bram")["health"] == 17


def test_health_never_passes_its_maximum(pt):
    t = _hurt(pt, "master", amount=1)
    t.go(Rest(rest="day", duration=3))
    assert t.record("bram")["health"] == 20


def test_a_wound_takes_a_week_to_heal(pt):
    """"One wound point will take one week to heal.\""""
    t = _hurt(pt, amount=6)
    assert t.record("bram")["wounds"] == 1
    t.go(Rest(rest="day", duration=6))
    assert t.record("bram")["wounds"] == 1
    t.go(RecoverDay(token="bram"))
    assert t.record("bram")["wounds"] == 0
    assert t.sentences[-1] == "Bram heals 1 wound (7 days each): 0 left."


def test_recovery_is_out_of_combat_and_the_kinds_are_checked(pt):
    t = pt.table(pt.token("bram", (0, 0)), pt.token("ghoul", (3, 0), "enemy"))
    with pytest.raises(CommandRejected, match=r"'nap' is not a Power Tiers kind of rest \(known: day, "
                                              r"bed-rest\)"):
        t.go(Rest(rest="nap", duration=1))
    t.go(StartCombat(), 20, 1)
    with pytest.raises(CommandRejected, match="combat is on: a day's recovery comes after the fight"):
        t.go(Rest(rest="day", duration=1))


def test_destroyed_armour_is_repaired_by_the_gm(pt):
    """"the armor is destroyed and will need extensive repair before it can be used again.\""""
    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy",
                                                   armour={"name": "Mail", "value": 5, "durability": 3}))
    from vantage.engine.protocol.commands import Attack

    t.go(StartCombat(), 20, 1)
    t.go(Attack(attacker="bram", target="ghoul"), 12, 10, 4)
    assert t.record("ghoul")["durability"] == 0
    with pytest.raises(CommandRejected, match="combat is on: repairing armour comes after the fight"):
        t.go(RepairArmour(token="ghoul"))
    fresh = pt.table(pt.token("ghoul", (3, 2), "enemy", armour={"name": "Mail", "value": 5, "durability": 3}))
    fresh.encounter = fresh.encounter.__class__(**{**fresh.encounter.__dict__, "combat": {
        "creatures": {"ghoul": {**t.record("ghoul")}}}})
    fresh.go(RepairArmour(token="ghoul"))
    assert fresh.record("ghoul")["durability"] == 3
    assert fresh.sentences == ["Ghoul's armour is repaired: Mail (Durability 3)."]


def test_the_gm_heals_health_fortitude_and_wounds_and_a_healed_dying_character_lives(pt):
    t = _hurt(pt, health=5, amount=5)
    assert "dying" in t.conditions("bram")
    t.go(Heal(token="bram", amount=2))
    assert "dying" not in t.conditions("bram") and t.record("bram")["dying_rounds"] is None
    t.go(Heal(token="bram", amount=1, track="wounds"))
    assert t.record("bram")["wounds"] == 1  # two wounds (5 Health damage, and 0 Health), one healed
    with pytest.raises(CommandRejected, match=r"heal.track: 'luck' is not a Power Tiers damage track "
                                              r"\(known: fortitude, health, wounds\)"):
        t.go(Heal(token="bram", amount=1, track="luck"))
