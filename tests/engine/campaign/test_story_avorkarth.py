"""Issue 27, done when — Avorkarth: a new campaign, the party brought into an encounter, wounds
taken, the combat ended, the wounds back in the roster, a night, a day and a week passing, and the
party brought into a second encounter with what the text keeps."""

from __future__ import annotations

from campaign_story import Story

from vantage.engine.protocol.commands import ApplyDamage, EndCombat, SetCondition, StartCombat
from vantage.engine.rules.avorkarth.bestiary import BESTIARY
from vantage.engine.rules.avorkarth.ledger import in_minor

WARRIOR = {t.id: dict(t.stats) for t in BESTIARY}["warrior"]
BANDIT = {t.id: dict(t.stats) for t in BESTIARY}["bandit"]


def _fought(tmp_path, damage: int) -> tuple[Story, object]:
    story = Story(tmp_path / "campaign", "avorkarth", WARRIOR)
    enc = story.bring(story.encounter(story.foe("bandit", BANDIT)))
    enc = story.go(enc, StartCombat(), 10)  # the first morale check
    enc = story.go(enc, ApplyDamage(token="bram", amount=damage))
    enc = story.go(enc, EndCombat())
    return story, enc


def test_a_campaign_keeps_the_wounds_and_heals_one_minor_wound_a_week_but_never_a_full_wound(tmp_path):
    """ "Lesser/Minor Wounds : Minor wounds are removed at a pace of 1 per week of in-game time, with
    lesser wounds being removed whenever all minor wounds are removed. This next lesser wound is then
    converted into nine minor wounds" and "Wounds : Wounds are not removed during a campaign, unless
    healed by magical or divine means." """
    story, enc = _fought(tmp_path, in_minor(wounds=1, lesser=2))
    enc, changes = story.back(enc)
    assert [c.text for c in changes] == ["Bram: no wounds of 7 wounds → 1 wound, 2 lesser wounds of 7 wounds"]
    assert not any(t.id == "bram" for t in enc.tokens) and enc.token("bandit")  # monsters stay
    assert story.state()["lethal"] == 70
    assert story.let_pass(nights=1) == ["8 hours pass, 1 night slept (the clock: day 1, 08:00)."]
    assert story.let_pass(days=1) == ["1 day passes, 1 night slept (the clock: day 2, 08:00)."]
    assert story.state()["lethal"] == 70  # a night and a day: no week yet
    assert story.let_pass(weeks=1) == [
        "1 week passes, 7 nights slept (the clock: day 9, 08:00).",
        "After 1 week, Bram carries 1 of 7 wounds, 1 of 5 lesser, 9 of 10 minor — 5 wounds, 3 lesser, "
        "1 minor from death; 4 wounds, 3 lesser, 1 minor from unconsciousness (its full wounds are not "
        "removed during a campaign).",
    ]
    assert story.state()["lethal"] == 69 and story.campaign.clock == 8 * 24 * 60 + 8 * 60
    second = story.bring(story.encounter(story.foe("wolf", BANDIT)))
    assert story.record(second)["lethal"] == 69 and story.record(second)["nonlethal"] == 69
    assert story.sentences == ["The party arrives: Bram at (1, 1)."]
    assert second.combat["clock"] == story.campaign.clock


def test_twenty_weeks_heal_every_lesser_wound_and_stop_at_the_full_wound(tmp_path):
    """ "Wounds are not removed during a campaign" — 20 lesser and minor wounds take 20 weeks; week
    21 removes nothing more; 30 weeks at once are computed, not stepped."""
    story, enc = _fought(tmp_path, in_minor(wounds=1, lesser=2))
    story.back(enc)
    story.let_pass(weeks=30)
    assert story.state()["lethal"] == 50
    assert "carries 1 of 7 wounds, 0 of 5 lesser, 0 of 10 minor" in story.sentences[-1]


def test_a_character_left_bleeding_out_keeps_bleeding_on_the_campaign_clock(tmp_path):
    """ "Bleeding out : ... take 1 lesser wound every round thereafter until it is healed with the
    heal skill or by a magical spell." — a Round is 6 seconds: a minute is 10 lesser wounds, and the
    clock runs on until the character dies (35 Rounds for 7 wounds)."""
    story = Story(tmp_path / "campaign", "avorkarth", WARRIOR)
    enc = story.bring(story.encounter(story.foe("bandit", BANDIT)))
    enc = story.go(enc, StartCombat(), 10)
    enc = story.go(enc, ApplyDamage(token="bram", amount=1))
    enc = story.go(enc, SetCondition(token="bram", condition="bleeding-out"))
    enc = story.go(enc, EndCombat())
    assert story.sentences[-1] == ("Bram is still bleeding out: 1 lesser wound every Round of the time that "
                                   "passes, until healed.")  # the GM is told
    story.back(enc)
    assert story.campaign.member("bram").state["conditions"] == ["bleeding-out"]
    said = story.let_pass(minutes=1)
    assert said[1] == "Bram is bleeding out: 10 Rounds of the time that passes, 1 lesser wound each."
    assert story.state()["lethal"] == 1 + 100
    said = story.let_pass(hours=1)
    assert said[1] == "Bram is bleeding out: 25 Rounds of the time that passes, 1 lesser wound each."
    assert said[-1].startswith("Bram dies")
    assert story.campaign.member("bram").state["conditions"] == ["dead"]
