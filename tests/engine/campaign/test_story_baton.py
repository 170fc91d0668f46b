"""Issue 27, done when — Baton: the party brought into an encounter, a wound taken, the combat ended,
the wound back in the roster, nights of long rests with their recovery checks, short rests counted
against the campaign clock's shifts, and a second encounter that carries what the text keeps."""

from __future__ import annotations

import pytest
from campaign_story import Story

from vantage.engine.campaign import pending_decisions
from vantage.engine.protocol.commands import Answer, ApplyDamage, EndCombat, Rest, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.baton.schema import TEMPLATES

STATS = {t.id: dict(t.stats) for t in TEMPLATES}
SUCCESS, FAILURE = (6, 6), (1, 1)  # the recovery check's 2d6


def _fought(tmp_path) -> Story:
    """Bram (Sellsword: Protection 6, Stamina 10, Health 10, Physique 2) takes 20: a moderate wound
    of severity 4; Protection comes back at the end of the combat, the wound stays."""
    story = Story(tmp_path / "campaign", "baton", STATS["sellsword"])
    enc = story.bring(story.encounter(story.foe("cultist", STATS["cultist"])))
    enc = story.go(enc, StartCombat())
    enc = story.go(enc, ApplyDamage(token="bram", amount=20))
    assert story.sentences[-1] == ("Bram suffers a moderate wound of severity 4: Protection 0/6, "
                                   "Stamina 0/6, Health 6/10.")
    enc = story.go(enc, EndCombat())
    _, changes = story.back(enc)
    assert [c.text for c in changes] == [
        "Bram: Protection 6/6, Stamina 10/10, Health 10/10 → Protection 6/6, Stamina 0/6, Health 6/10"]
    return story


def test_each_night_is_a_long_rest_whose_check_heals_or_worsens_the_wound(tmp_path):
    """ "LONG REST: When they sleep a good night's rest, a character recovers all of their Stamina. In
    addition, they can try to recover from a wound" — "MODERATE WOUNDS: Reduces the severity by 1,
    instead of increasing it by 1." and "MILD WOUNDS: ... The severity of a mild wound does not
    increase naturally." A night, a day (its night) and a week (seven nights)."""
    story = _fought(tmp_path)
    assert story.state()["wounds"] == [{"severity": 4, "kind": "cutting"}]
    said = story.let_pass(*SUCCESS, nights=1)
    assert "Bram's moderate wound heals to severity 3." in said
    assert ("Bram sleeps a good night's rest: all Stamina back (Protection 6/6, Stamina 7/7, "
            "Health 7/10).") in said
    said = story.let_pass(*FAILURE, days=1)
    assert "Bram's moderate wound worsens to severity 4." in said
    said = story.let_pass(*SUCCESS, *SUCCESS, *FAILURE * 5, weeks=1)
    assert [s for s in said if s.startswith("Bram's") and "wound" in s] == [
        "Bram's moderate wound heals to severity 3.",
        "Bram's moderate wound heals to severity 2.",
        *["Bram's mild wound holds to severity 2."] * 5,
    ]
    assert story.campaign.clock == 8 * 24 * 60 + 8 * 60
    second = story.bring(story.encounter(story.foe("skeleton", STATS["skeleton"])))
    assert story.record(second)["wounds"] == [{"severity": 2, "kind": "cutting"}]
    health = get_ruleset("baton").health(second, "bram")
    assert health.text.startswith("Protection 6/6, Stamina 8/8, Health 8/10")


def test_a_second_short_rest_in_one_shift_of_the_campaign_clock_is_refused(tmp_path):
    """ "SHORT REST: Once per shift, a character can take a short rest of a few minutes to catch their
    breath. During a short rest, they recover 1d6 + Physique points of Stamina." — counted on the
    campaign clock: refused again in the same shift, allowed once a shift has passed."""
    story = _fought(tmp_path)
    said = story.command(Rest(rest="short", duration=1, tokens=("bram",)), 3)
    assert said[-1] == ("Bram catches their breath: 1d6 3 + Physique 2 = 5 Stamina (Protection 6/6, "
                        "Stamina 5/6, Health 6/10).")
    assert story.campaign.clock == 10  # a short rest of a few minutes: 10 (assumed)
    with pytest.raises(CommandRejected) as refused:
        story.command(Rest(rest="short", duration=1, tokens=("bram",)), 3)
    assert refused.value.reason == ('Bram has already taken a short rest in shift 1 of day 1: "SHORT REST: '
                                    'Once per shift, a character can take a short rest"')
    assert story.let_pass(shifts=1)[-1] == "A new shift begins: shift 2 of day 1."
    assert story.command(Rest(rest="short", duration=1, tokens=("bram",)), 1)[-1].startswith(
        "Bram catches their breath: 1d6 1 + Physique 2 = 3 Stamina")


def test_with_two_wounds_the_night_asks_which_one_to_recover_from_and_waits_for_the_answer(tmp_path):
    """ "In addition, they can try to recover from a wound of their choice" — the campaign's night
    waits for the player's choice (the most severe by default, assumed), kept in the campaign file,
    and goes on when it is answered."""
    story = Story(tmp_path / "campaign", "baton", STATS["sellsword"])
    enc = story.bring(story.encounter(story.foe("cultist", STATS["cultist"])))
    enc = story.go(enc, StartCombat())
    enc = story.go(enc, ApplyDamage(token="bram", amount=18))  # Protection 6, Stamina 10, a wound of 2
    enc = story.go(enc, ApplyDamage(token="bram", amount=4))  # a wound of 4
    enc = story.go(enc, EndCombat())
    story.back(enc)
    assert [w["severity"] for w in story.state()["wounds"]] == [2, 4]
    said = story.let_pass(nights=1)
    assert said[-1] == "Waiting for Bram: Bram rests: which wound to recover from?"
    assert story.campaign.waiting is not None and story.campaign.clock == 0  # nothing happened yet
    (decision,) = pending_decisions(story.campaign)
    assert [c.label for c in decision.choices] == ["Mild wound, severity 2", "Moderate wound, severity 4"]
    # 6 points of Health lost: "a negative chance on any skill check" — a third die
    said = story.command(Answer(choice="0"), 6, 6, 6)
    assert "Bram's mild wound heals to severity 1." in said
    assert "Bram's moderate wound worsens to severity 5." in said
    assert story.campaign.waiting is None and story.campaign.clock == 8 * 60
