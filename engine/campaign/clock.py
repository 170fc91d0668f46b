"""The campaign clock: "Let time pass" as a ``pass_time`` command, and the clock in words.

The GM lets minutes, hours, a shift, nights, days or weeks pass, or time until a date of the clock.
Each becomes one ``pass_time`` command (:class:`~vantage.engine.protocol.commands.PassTime`) with
the minutes and the nights slept in them (assumed, docs/campaigns.md):

- minutes, hours and shifts are time awake: no night is slept;
- a night is 8 hours of sleep: one night's rest;
- a day is 24 hours with its night's rest, a week 7 days with 7;
- until a date: the minutes to it, one night slept for each midnight the clock passes.

``resting``: the characters rest through the whole span rather than travel or work.
"""

from __future__ import annotations

import re

from vantage.engine.protocol.commands import PassTime
from vantage.engine.rules.time_span import (
    MINUTES_A_DAY,
    MINUTES_A_NIGHT,
    MINUTES_A_WEEK,
    MINUTES_AN_HOUR,
    MOST_MINUTES,
    clock_text,
)

#: Assumed — a shift, as Baton's "Once per shift" counts it: 6 hours.
MINUTES_A_SHIFT = 6 * MINUTES_AN_HOUR

_DATE = re.compile(r"^\s*(?:day\s*)?(\d+)\s*(?:[,;]?\s*(\d{1,2}):(\d{2}))?\s*$", re.IGNORECASE)


def parse_clock_date(text: str) -> int:
    """A date of the clock as its minute: ``"day 5"`` (its start), ``"day 5, 08:00"``, ``"5 08:00"``.
    ValueError saying what a date looks like."""
    found = _DATE.match(text)
    if found is None:
        raise ValueError(f"{text!r} is not a date of the campaign clock "
                         "(write \"day 5\" or \"day 5, 08:00\")")
    day, hours, minutes = int(found[1]), int(found[2] or 0), int(found[3] or 0)
    if day < 1 or hours > 23 or minutes > 59:
        raise ValueError(f"{text!r} is not a date of the campaign clock "
                         "(days from 1, hours 0–23, minutes 0–59)")
    return (day - 1) * MINUTES_A_DAY + hours * MINUTES_AN_HOUR + minutes


def time_command(clock: int, *, minutes: int = 0, hours: int = 0, shifts: int = 0, nights: int = 0,
                 days: int = 0, weeks: int = 0, until: str | None = None, resting: bool = False) -> PassTime:
    """The ``pass_time`` command for the time the GM lets pass from minute ``clock`` (the amounts add
    up). ValueError naming the problem (a negative amount, a date in the past, more than a year)."""
    amounts = {"minutes": minutes, "hours": hours, "shifts": shifts, "nights": nights, "days": days,
               "weeks": weeks}
    for name, value in amounts.items():
        if value < 0:
            raise ValueError(f"{name}: {value} is not an amount of time (0 or more)")
    total = (minutes + hours * MINUTES_AN_HOUR + shifts * MINUTES_A_SHIFT + nights * MINUTES_A_NIGHT
             + days * MINUTES_A_DAY + weeks * MINUTES_A_WEEK)
    slept = nights + days + 7 * weeks
    if until is not None:
        target = parse_clock_date(until)
        if target <= clock:
            raise ValueError(f"{until!r} is not after the clock's {clock_text(clock)}")
        span = target - clock
        total += span
        slept += (clock + span) // MINUTES_A_DAY - clock // MINUTES_A_DAY
    if total == 0:
        raise ValueError("no time passes: give an amount of time or a date")
    if total > MOST_MINUTES:
        raise ValueError(f"{total} minutes is more than a year: let time pass a year at most at once")
    return PassTime(minutes=total, nights=slept, resting=resting)
