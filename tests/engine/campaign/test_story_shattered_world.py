"""Issue 27, done when — The Shattered World: the party brought into an encounter, damage taken, the
combat ended, the Hit Points back in the roster, a night, a day and a week passing, and a second
encounter that carries what the text keeps."""

from __future__ import annotations

from campaign_story import Story

from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.commands import ApplyDamage, EndCombat, StartCombat
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.shattered_world.bestiary import BESTIARY

TEMPLATES = {t.id: dict(t.stats) for t in BESTIARY}
WARRIOR = TEMPLATES["human-warrior"]  # 14 Hit Points, Endurance 13 (bonus +1: a night is 7 hours)
RAIDER = TEMPLATES["sauran-raider"]


def _fought(tmp_path, *damage: ApplyDamage, will: tuple[int, ...] = ()):
    story = Story(tmp_path / "campaign", "shattered-world", WARRIOR)
    enc = story.bring(story.encounter(story.foe("raider", RAIDER)))
    enc = story.go(enc, StartCombat(), 9, 2)  # initiative: the raider 9, Bram 2
    for i, blow in enumerate(damage):
        enc = story.go(enc, blow, *will[i:i + 1])
    enc = story.go(enc, EndCombat())
    return story, enc


def test_one_point_heals_for_each_nights_rest(tmp_path):
    """ "Normal characters heal one point for each night's rest." — a night, a day (with its night)
    and a week (seven nights): 1 + 1 + 7 points."""
    story, enc = _fought(tmp_path, ApplyDamage(token="bram", amount=12))
    enc, changes = story.back(enc)
    assert [c.text for c in changes] == ["Bram: Hit Points 14/14 → Hit Points 2/14, disabled; disabled"]
    assert story.campaign.member("bram").state["conditions"] == ["disabled"]
    said = story.let_pass(nights=1)
    assert said[1] == "Bram heals 1 over 1 night of rest (1 point each) (Hit Points 3/14)."
    assert said[2] == "Bram is no longer disabled (more than 1/5th of the Hit Points again)."
    assert story.let_pass(days=1)[1] == "Bram heals 1 over 1 night of rest (1 point each) (Hit Points 4/14)."
    said = story.let_pass(weeks=1)
    assert said[1] == "Bram heals 7 over 7 nights of rest (1 point each) (Hit Points 11/14)."
    second = story.bring(story.encounter(story.foe("wolf", RAIDER)))
    assert story.record(second)["wounds"] == 3
    assert get_ruleset("shattered-world").health(second, "bram").text.startswith("Hit Points 11/14")


def test_resting_all_day_and_all_night_doubles_the_healing(tmp_path):
    """ "Resting all day and all night doubles healing to 2 points." """
    story, enc = _fought(tmp_path, ApplyDamage(token="bram", amount=9))
    story.back(enc)
    said = story.let_pass(days=2, resting=True)
    assert said[1] == ("Bram heals 4 over 2 nights of rest (resting all day and all night: 2 points each) "
                       "(Hit Points 9/14).")


def test_unarmed_damage_heals_a_point_an_hour_of_rest(tmp_path):
    """ "Damage from unarmed combat is healed at 1 point per hour of rest" and "A night's rest is 8
    hours minus the Endurance bonus": 3 hours resting heal 3, a night (7 hours for Endurance 13)
    heals the other 2 and a point of the wounds."""
    story, enc = _fought(tmp_path, ApplyDamage(token="bram", amount=5, track="unarmed"),
                         ApplyDamage(token="bram", amount=2))
    story.back(enc)
    assert story.let_pass(hours=3, resting=True)[1] == (
        "Bram heals 3 unarmed damage in 3 hours of rest (Hit Points 10/14 (2 of the damage unarmed)).")
    assert story.let_pass(nights=1)[1] == (
        "Bram heals 1 over 1 night of rest (1 point each) and 2 unarmed damage in 7 hours of rest "
        "(Hit Points 13/14).")


def test_a_character_left_dying_rolls_on_the_campaign_clock_until_it_comes_to(tmp_path):
    """ "Each subsequent Round (conscious or not), the player must make an Endurance roll; success
    results in the character becoming stable" — "each Round after the character stabilizes, the
    player must make an Endurance check again, with success resulting in the character becoming
    conscious with 1 Hit Point". A minute is 10 Rounds; the rolls stop once it is conscious."""
    story, enc = _fought(tmp_path, ApplyDamage(token="bram", amount=14), will=(20,))
    story.back(enc)
    assert story.state()["state"] == "dying"
    said = story.let_pass(20, 5, 5, minutes=1)  # fails, stabilises, comes to
    assert "Bram comes to with 1 Hit Point (Hit Points 1/14, disabled)." in said
    assert story.state()["state"] == "up"
    assert story.campaign.member("bram").state["conditions"] == ["disabled"]


def test_the_lasting_state_keeps_shield_wear_and_broken_weapons_but_not_a_dropped_one():
    """ "Shields are an exception; if the save is failed, they simply lose armor points equal to the
    excess damage" — the wear outlasts the fight; a weapon broken stays broken; one dropped is picked
    up after the fight (assumed)."""
    ruleset = get_ruleset("shattered-world")
    record = {"wounds": 2, "unarmed": 0, "state": "up", "conscious": True, "shield_armor": {"1": 9},
              "lost": {"0": "dropped", "2": "broken"}, "attacks": 1, "passes": [1]}
    enc = Encounter(GameMap(3, 3), (Token("bram", "Bram", (0, 0), Side.PARTY, stats=WARRIOR),),
                    ruleset="shattered-world", combat={"creatures": {"bram": record}})
    state = ruleset.lasting_state(enc, "bram")
    assert state["record"] == {"wounds": 2, "unarmed": 0, "state": "up", "conscious": True,
                               "shield_armor": {"1": 9}, "lost": {"2": "broken"}}
    fresh = Encounter(GameMap(3, 3), (Token("bram", "Bram", (0, 0), Side.PARTY, stats=WARRIOR),),
                      ruleset="shattered-world")
    restored = ruleset.restore_lasting_state(fresh, "bram", state)
    assert restored.combat["creatures"]["bram"]["shield_armor"] == {"1": 9}
    assert restored.combat["creatures"]["bram"]["attacks"] == 0  # a new fight's budget
