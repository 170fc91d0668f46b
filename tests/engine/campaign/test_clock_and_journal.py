"""The campaign clock's durations as ``pass_time`` commands, refusals, long spans computed at once,
and the journal exported as Markdown."""

from __future__ import annotations

import time

import pytest

from vantage.engine.campaign import (
    add_character_from_template,
    add_journal_entry,
    campaign_command,
    journal_markdown,
    new_campaign,
    parse_clock_date,
    time_command,
    time_entry_title,
)
from vantage.engine.dice import NoDice
from vantage.engine.protocol.commands import PassTime
from vantage.engine.protocol.errors import CommandRejected


@pytest.mark.parametrize(("amount", "command"), [
    ({"minutes": 90}, PassTime(90, 0)),
    ({"hours": 3}, PassTime(180, 0)),
    ({"shifts": 1}, PassTime(360, 0)),
    ({"nights": 1}, PassTime(480, 1)),
    ({"days": 2, "resting": True}, PassTime(2880, 2, True)),
    ({"weeks": 1}, PassTime(10080, 7)),
    ({"until": "day 3"}, PassTime(2 * 1440 - 600, 2)),  # from day 1, 10:00: two midnights
    ({"until": "day 1, 22:30"}, PassTime(750, 0)),
])
def test_each_duration_is_one_pass_time_with_its_nights(amount, command):
    assert time_command(600, **amount) == command


@pytest.mark.parametrize(("amount", "problem"), [
    ({}, "no time passes: give an amount of time or a date"),
    ({"hours": -1}, "hours: -1 is not an amount of time (0 or more)"),
    ({"until": "day 1, 09:00"}, "'day 1, 09:00' is not after the clock's day 1, 10:00"),
    ({"until": "tomorrow"}, "'tomorrow' is not a date of the campaign clock"),
    ({"until": "day 2, 25:00"}, "'day 2, 25:00' is not a date of the campaign clock (days from 1, hours"),
    ({"weeks": 60}, "604800 minutes is more than a year"),
])
def test_a_duration_that_cannot_pass_says_why(amount, problem):
    with pytest.raises(ValueError) as refused:
        time_command(600, **amount)
    assert str(refused.value).startswith(problem)


def test_dates_of_the_clock_read_in_a_few_ways():
    assert parse_clock_date("day 1") == 0
    assert parse_clock_date("Day 2, 08:30") == 1440 + 510
    assert parse_clock_date("3 06:00") == 2 * 1440 + 360


def test_the_command_itself_refuses_a_span_with_more_nights_than_days_and_a_running_fight(tmp_path):
    campaign = new_campaign(tmp_path / "c", "shattered-world")
    with pytest.raises(CommandRejected, match="pass_time.nights: 3 nights do not fit in 1 day"):
        campaign_command(campaign, PassTime(1440, 3), NoDice())
    with pytest.raises(CommandRejected, match=r"pass_time.minutes: -1 is not a duration \(at least 0\)"):
        campaign_command(campaign, PassTime(-1), NoDice())


@pytest.mark.parametrize("ruleset", ["avorkarth", "power-tiers", "shattered-world", "baton"])
def test_a_year_passes_at_once_in_well_under_a_second(tmp_path, ruleset):
    """Long spans are computed, not stepped minute by minute (a year of Fortitude rounds, of weeks
    of healing, of nights slept by an unhurt character)."""
    campaign = new_campaign(tmp_path / "c", ruleset)
    template = {"avorkarth": "warrior", "power-tiers": "neophyte", "shattered-world": "human-warrior",
                "baton": "sellsword"}[ruleset]
    campaign = add_character_from_template(campaign, template, "Bram")
    start = time.perf_counter()
    after, events = campaign_command(campaign, time_command(0, weeks=52), NoDice())
    assert time.perf_counter() - start < 1.0
    assert after.clock == 52 * 7 * 1440
    assert events[0].sentence.startswith("52 weeks pass, 364 nights slept")


def test_the_journal_keeps_sessions_by_date_and_exports_markdown(tmp_path):
    campaign = new_campaign(tmp_path / "c", "baton", "The Long Road")
    assert "No session has been played yet." in journal_markdown(campaign)
    campaign = add_journal_entry(campaign, "The mill", ["Combat begins.", "Bram hits the cultist."],
                                 file="encounters/mill.json", date="2026-12-05")
    campaign = add_journal_entry(campaign, time_entry_title(0, 1440), ["1 day passes."], date="2026-12-05")
    campaign = add_journal_entry(campaign, "The crypt", ["A new\nline."], date="2026-12-06")
    assert [(s.date, len(s.entries)) for s in campaign.journal] == [("2026-12-05", 2), ("2026-12-06", 1)]
    assert journal_markdown(campaign) == (
        "# The Long Road — journal\n\n"
        "## Session of 2026-12-05\n\n"
        "### The mill (`encounters/mill.json`)\n\n- Combat begins.\n- Bram hits the cultist.\n\n"
        "### Time passes: day 1, 00:00 → day 2, 00:00\n\n- 1 day passes.\n\n"
        "## Session of 2026-12-06\n\n"
        "### The crypt\n\n- A new line.\n"
    )
