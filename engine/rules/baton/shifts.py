"""Time between fights, counted in shifts: "SHORT REST: Once per shift, a character can take a short
rest of a few minutes to catch their breath".

The clock is the shared ``combat["clock"]`` (:mod:`vantage.engine.rules.time_span`): the minutes of
game time of the campaign (lent to the encounter the party is in) or of the encounter alone. Rests
move it — a short rest ``SHORT_REST_MINUTES``, a long rest ``LONG_REST_MINUTES`` — and so does the
shared ``pass_time`` command, whose hook here (:func:`time_passes`) sleeps the nights as long rests
and says when a new shift begins. What a shift is, and how long the rests take, the text does not
say (assumed, the numbers below).
"""

from __future__ import annotations

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.time_span import CLOCK, MOST_MINUTES

#: Assumed — the text names a shift and never measures it: a day of four shifts of 6 hours.
SHIFT_MINUTES = 6 * 60
SHIFTS_PER_DAY = 4
#: Assumed: "a short rest of a few minutes" takes 10; "a good night's rest" 8 hours.
SHORT_REST_MINUTES = 10
LONG_REST_MINUTES = 8 * 60
#: The sentence that limits short rests.
ONCE_PER_SHIFT = '"SHORT REST: Once per shift, a character can take a short rest"'


def minutes_now(work: BatonWork) -> int:
    return int(work.combat.get(CLOCK, 0))


def shift_of(minutes: int) -> int:
    return minutes // SHIFT_MINUTES


def shift_text(minutes: int) -> str:
    """ "shift 2 of day 1"."""
    shift = shift_of(minutes)
    return f"shift {shift % SHIFTS_PER_DAY + 1} of day {shift // SHIFTS_PER_DAY + 1}"


def pass_time(work: BatonWork, minutes: int) -> None:
    """``minutes`` pass: the clock moves on, and a new shift begins when it crosses into one (each
    character may take its short rest again)."""
    if minutes < 0:
        raise CommandRejected(f"pass_time.minutes: {minutes} is not a duration (at least 0)")
    if minutes > MOST_MINUTES:
        raise CommandRejected(f"pass_time.minutes: {minutes} is more than a year ({MOST_MINUTES} minutes)")
    before = minutes_now(work)
    work.combat[CLOCK] = before + minutes
    note_new_shift(work, before, before + minutes)


def short_rest_refusal(work: BatonWork, token_id: str) -> str:
    """Why ``token_id`` may not take a short rest now ("" when it may)."""
    taken = work.record(token_id).get("short_rest_shift")
    if taken is None or int(taken) != shift_of(minutes_now(work)):
        return ""
    return (
        f"{work.name(token_id)} has already taken a short rest in {shift_text(minutes_now(work))}: "
        f"{ONCE_PER_SHIFT}"
    )


def note_short_rest(work: BatonWork, token_id: str) -> None:
    work.creature(token_id)["short_rest_shift"] = shift_of(minutes_now(work))


def note_new_shift(work: BatonWork, before: int, after: int) -> None:
    """Say so when the clock crosses into a new shift (each character may take its short rest again)."""
    if shift_of(after) != shift_of(before):
        work.emit(Note(sentence=f"A new shift begins: {shift_text(after)}.", data={CLOCK: after}))
