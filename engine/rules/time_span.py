"""Time passing between fights, for every ruleset: the span of game time the GM lets pass, the
shared ``pass_time`` command that moves the clock, and the lasting part of a creature's state.

The clock is ``Encounter.combat["clock"]``: whole minutes of game time since the campaign (or the
encounter) began — minute 0 is the start of day 1 (assumed: midnight; ``clock_text``). It survives
the end of a combat. A campaign keeps the party's clock and lends it to the encounter the party is
brought into (:mod:`vantage.engine.campaign`).

:class:`TimeSpan` is what a ruleset's ``pass_time`` hook is handed: how many minutes pass from which
minute of the clock, how many of them are nights slept, and whether the characters rest through
the whole span (rather than travel or work). Each ruleset turns it into its own recovery — computed
from the span, never stepped minute by minute.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The key of ``Encounter.combat`` that holds the clock (minutes of game time).
CLOCK = "clock"
MINUTES_AN_HOUR = 60
MINUTES_A_DAY = 24 * MINUTES_AN_HOUR
MINUTES_A_WEEK = 7 * MINUTES_A_DAY
#: Assumed: "a night" the GM lets pass is 8 hours of sleep.
MINUTES_A_NIGHT = 8 * MINUTES_AN_HOUR
#: The longest span one ``pass_time`` may be (a year): a typing mistake is refused, not run.
MOST_MINUTES = 366 * MINUTES_A_DAY


@dataclass(frozen=True)
class TimeSpan:
    """``minutes`` of game time pass from minute ``start`` of the clock; ``nights`` of them are
    nights slept (a night's rest each); ``resting``: the characters rest through the whole span."""

    start: int
    minutes: float
    nights: int = 0
    resting: bool = False

    @property
    def end(self) -> int:
        return self.start + int(self.minutes)

    def boundaries(self, every: int) -> int:
        """How many times the clock passes a multiple of ``every`` minutes in the span (days that
        end, shifts that begin)."""
        return self.end // every - self.start // every


def clock_text(minutes: int) -> str:
    """ "day 3, 08:00" for a minute of the clock."""
    day, rest = divmod(int(minutes), MINUTES_A_DAY)
    hours, mins = divmod(rest, MINUTES_AN_HOUR)
    return f"day {day + 1}, {hours:02d}:{mins:02d}"


def duration_text(minutes: int, nights: int = 0) -> str:
    """ "3 days", "8 hours", "1 week", "90 minutes" — the largest unit that divides it."""
    for size, unit in ((MINUTES_A_WEEK, "week"), (MINUTES_A_DAY, "day"), (MINUTES_AN_HOUR, "hour")):
        if minutes >= size and minutes % size == 0:
            n = minutes // size
            return f"{n} {unit}{'s' if n != 1 else ''}"
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


def span_refusal(minutes: object, nights: object) -> str:
    """Why a span of ``minutes`` with ``nights`` slept cannot pass ("" when it can)."""
    if not isinstance(minutes, int) or isinstance(minutes, bool) or minutes < 0:
        return f"pass_time.minutes: {minutes} is not a duration (at least 0)"
    if minutes > MOST_MINUTES:
        return f"pass_time.minutes: {minutes} is more than a year ({MOST_MINUTES} minutes)"
    if not isinstance(nights, int) or isinstance(nights, bool) or nights < 0:
        return f"pass_time.nights: {nights} is not a number of nights (at least 0)"
    most = -(-minutes // MINUTES_A_DAY) if minutes >= MINUTES_A_NIGHT else 0
    if nights > max(most, 1 if minutes >= MINUTES_A_NIGHT else 0):
        return (f"pass_time.nights: {nights} nights do not fit in {duration_text(minutes)} "
                f"(a night is {MINUTES_A_NIGHT // MINUTES_AN_HOUR} hours, at most one a day)")
    return ""
