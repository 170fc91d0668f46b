"""Time between fights, counted in shifts: "SHORT REST: Once per shift, a character can take a short
rest of a few minutes to catch their breath".

Vantage has no campaign clock yet, so the encounter keeps its own: ``combat["clock"]``, the minutes
counted since its first rest (it survives the end of a combat). Rests move it — a short rest
``SHORT_REST_MINUTES``, a long rest ``LONG_REST_MINUTES`` — and so does the GM's ``pass_time``
command. A campaign clock, when there is one, calls :func:`pass_time` with the minutes that pass.
What a shift is, and how long the rests take, the text does not say (assumed, the numbers below).
"""

from __future__ import annotations

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.baton.vocabulary import PassTime

#: The key of ``Encounter.combat`` that holds the minutes counted.
CLOCK = "clock"
#: Assumed — the text names a shift and never measures it: a day of four shifts of 6 hours.
SHIFT_MINUTES = 6 * 60
SHIFTS_PER_DAY = 4
#: Assumed: "a short rest of a few minutes" takes 10; "a good night's rest" 8 hours.
SHORT_REST_MINUTES = 10
LONG_REST_MINUTES = 8 * 60
#: The most minutes one ``pass_time`` may move the clock (a year): a typing mistake is refused.
MOST_MINUTES = 366 * 24 * 60
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
    if shift_of(before + minutes) != shift_of(before):
        now = before + minutes
        work.emit(Note(sentence=f"A new shift begins: {shift_text(now)}.", data={CLOCK: now}))


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


def pass_time_command(work: BatonWork, cmd: PassTime) -> None:
    """GM: time passes between fights (until the campaign clock does it); not during a combat."""
    if work.started:
        raise CommandRejected("combat is on: time between fights passes after end_combat")
    after = minutes_now(work) + cmd.minutes
    work.emit(
        Note(
            sentence=f"{cmd.minutes} minute{'s pass' if cmd.minutes != 1 else ' passes'} "
            f"(the clock: {shift_text(after)}).",
            data={CLOCK: after},
        )
    )
    pass_time(work, cmd.minutes)
