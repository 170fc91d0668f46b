"""Issue 27, done when — Power Tiers: the party brought into an encounter, an attack that wears the
armour and a blow that wounds, the combat ended, the state back in the roster, a night, a day and
a week passing, and a second encounter that carries what the text keeps."""

from __future__ import annotations

from campaign_story import Story

from vantage.engine.protocol.commands import ApplyDamage, Attack, EndCombat, StartCombat
from vantage.engine.rules.power_tiers.schema import STAT_SCHEMA

SWORD = {"name": "Sword", "damage": "1d6", "weight": "medium", "proficient": True, "skill": 0}
MAIL = {"name": "Mail", "value": 3, "durability": 10}


def _block(**stats):
    out = {**STAT_SCHEMA.defaults(), "weapons": [dict(SWORD)], "defence": {"skill": 0, "magic": 0}}
    out.update(stats)
    return out


def _fought(tmp_path, blow: int):
    """Bram (Neophyte, Fortitude 10, Health 10, Mail 3 / Durability 10) is hit by the brigand's sword
    for 6 (3 through the armour, 3 off its Durability), then takes ``blow`` from the GM."""
    story = Story(tmp_path / "campaign", "power-tiers", _block(armour=dict(MAIL)))
    enc = story.bring(story.encounter(story.foe("brigand", _block(), tile=(2, 2))))
    enc = story.go(enc, StartCombat(), 20, 1)  # the brigand first
    enc = story.go(enc, Attack(attacker="brigand", target="bram"), 15, 10, 6)
    enc = story.go(enc, ApplyDamage(token="bram", amount=blow))
    enc = story.go(enc, EndCombat())
    return story, enc


def test_health_comes_back_by_tier_each_day_a_wound_heals_in_a_week_and_worn_armour_stays_worn(tmp_path):
    """ "Health will recover at a rate of 1 point per tier of power the character has attained per
    day." "One wound point will take one week to heal." "The number that a defender's armor reduces
    combat damage by is not lost, instead that number is taken from the armor's total Durability
    score." (and nothing in the text restores Durability with time)."""
    story, enc = _fought(tmp_path, 13)  # Fortitude 7 → 0, Health 10 → 4: 6 from one hit, a wound
    enc, changes = story.back(enc)
    assert changes[0].before == "Fortitude 10/10, Health 10/10"
    assert changes[0].after.startswith("Fortitude 0/10, Health 4/10")
    kept = story.state()
    assert (kept["health"], kept["wounds"], kept["durability"]) == (4, 1, 7)
    story.let_pass(nights=1)
    assert story.state()["health"] == 4 and story.state()["fortitude"] == 10  # Fortitude by the round
    said = story.let_pass(days=1)
    assert "Bram recovers 1 Health over a day (Neophyte 1 = 1 a day): 4 → 5 of 10." in said
    said = story.let_pass(weeks=1)
    assert "Bram recovers 5 Health over 7 days (Neophyte 1 = 1 a day): 5 → 10 of 10." in said
    assert "Bram heals 1 wound (7 days each): 0 left." in said
    second = story.bring(story.encounter(story.foe("wolf", _block(), tile=(5, 5))))
    record = story.record(second)
    assert (record["health"], record["wounds"], record["durability"], record["fortitude"]) == (10, 0, 7, 10)


def test_resting_the_entire_day_adds_a_point(tmp_path):
    """ "If the character rests the entire day, they gain an additional 1 point per day." """
    story, enc = _fought(tmp_path, 13)
    story.back(enc)
    said = story.let_pass(days=2, resting=True)
    assert ("Bram recovers 4 Health over 2 days (Neophyte 1, rested the entire day +1 = 2 a day): "
            "4 → 8 of 10.") in said


def test_a_character_left_dying_dies_on_the_campaign_clock_when_its_rounds_run_out(tmp_path):
    """ "If a character is reduced to 0 Health, they are dying. They will have a number of rounds
    equal to their Maximum Health score before they are dead." — 10 rounds of 5 seconds: 30 seconds
    leave 4, a minute is more than the rest."""
    story, enc = _fought(tmp_path, 17)  # Fortitude 7 → 0, Health 10 → 0: dying
    story.back(enc)
    assert story.state()["dying_rounds"] == 10
    said = story.let_pass(minutes=1)
    assert said[1] == ("Bram is dead: its 10 rounds of dying ran out as time passed (10 left; 1 minute is "
                       "12 rounds).")
    assert story.state()["dead"] is True
