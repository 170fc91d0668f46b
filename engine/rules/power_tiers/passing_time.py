"""Time passing outside combat: the rounds of game time it holds still count.

"Each round lasts for 5 seconds in game time, so each 12 rounds is one full minute of in-game time."
A combat's rounds are counted by the turn machine (:mod:`.turns`); the time that passes after it
(a day's recovery, a rest, a campaign clock) is counted here, in the same rounds:

- "If a character is reduced to 0 Health, they are dying. They will have a number of rounds equal
  to their Maximum Health score before they are dead." — ending the combat does not stop it: a
  dying character's rounds run out as time passes, and it dies (unless healed before).
- "Fortitude recovers at a rate equal to 1 point per tier of power that the character has attained"
  each round; "If Fortitude is ever reduced to 0, recovery is halted until no damage has been taken
  for 10 minutes."

:func:`pass_time` is the hook a campaign clock calls with a duration in minutes;
``PowerTiers.pass_time`` is the same on the ruleset.
"""

from __future__ import annotations

import math

from vantage.engine.protocol.commands import EndCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.power_tiers.damage import kill
from vantage.engine.rules.power_tiers.work import PTWork
from vantage.engine.rules.ruleset_base import end_combat as end_any_combat

#: "each 12 rounds is one full minute of in-game time"
ROUNDS_A_MINUTE = 12
MINUTES_A_DAY = 24 * 60


def end_combat(work: PTWork, cmd: EndCombat) -> None:
    """GM: the fight is over — but not a dying character's rounds: "They will have a number of
    rounds equal to their Maximum Health score before they are dead." They count on as time
    passes (:func:`pass_time`)."""
    end_any_combat(work, cmd)
    for tid in [str(t) for t in work.combat.get("creatures", {})]:
        if work.dying(tid):
            left = int(work.record(tid)["dying_rounds"])
            rounds = f"{left} round{'s' if left != 1 else ''}"
            work.emit(Note(sentence=f"{work.name(tid)} is still dying: {rounds} left ({left * 5} seconds); "
                                    "the time that passes counts them.",
                           token=tid, data={"dying_rounds": left}))


def rounds_in(minutes: float) -> int:
    """Whole rounds of 5 seconds in ``minutes`` (a part of a round does not count)."""
    return math.floor(minutes * ROUNDS_A_MINUTE + 1e-9)


def duration_text(minutes: float) -> str:
    if minutes >= MINUTES_A_DAY and minutes % MINUTES_A_DAY == 0:
        days = int(minutes // MINUTES_A_DAY)
        return "a day" if days == 1 else f"{days} days"
    if minutes < 1:
        return f"{round(minutes * 60)} seconds"
    return f"{minutes:g} minute{'s' if minutes != 1 else ''}"


def pass_time(work: PTWork, minutes: float, token_ids: list[str] | None = None) -> None:
    """``minutes`` of game time pass outside combat for ``token_ids`` (every creature with a
    record when None): a dying creature's rounds count down and may run out; Fortitude recovers
    by tier each round once its halt is over. Refused in combat, whose rounds the turns count."""
    if work.started:
        raise CommandRejected("combat is on: its rounds pass turn by turn")
    if minutes < 0:
        raise CommandRejected(f"time passing: {minutes:g} minutes is not a duration")
    rounds = rounds_in(minutes)
    if rounds <= 0:
        return
    ids = token_ids if token_ids is not None else [str(t) for t in work.combat.get("creatures", {})]
    for tid in ids:
        if work.creature_or_none(tid) is None or work.dead(tid):
            continue
        _count_dying(work, tid, rounds, minutes)
        if not work.dead(tid):
            _recover_fortitude(work, tid, rounds, minutes)


def _count_dying(work: PTWork, tid: str, rounds: int, minutes: float) -> None:
    if not work.dying(tid):
        return
    record = work.creature(tid)
    left = int(record["dying_rounds"])
    span = duration_text(minutes)
    if rounds >= left:
        maximum = int(work.stats(tid)["health"])
        kill(work, tid, f"its {maximum} round{'s' if maximum != 1 else ''} of dying ran out as time "
                        f"passed ({left} left; {span} is {rounds} rounds)")
        return
    record["dying_rounds"] = left - rounds
    work.emit(Note(sentence=f"{work.name(tid)} is still dying after {span} ({rounds} rounds): "
                            f"{left} − {rounds} = {left - rounds} round{'s' if left - rounds != 1 else ''} "
                            "left.",
                   token=tid, data={"dying_rounds": left - rounds}))


def _recover_fortitude(work: PTWork, tid: str, rounds: int, minutes: float) -> None:
    record = work.creature(tid)
    since = int(record.get("rounds_since_damage", 0))
    record["rounds_since_damage"] = since + rounds
    usable = rounds
    if record.get("fortitude_halted"):
        halt = int(work.rules["fortitude_halt_rounds"])
        first = max(1, halt - since)  # the first round with 10 minutes free of damage behind it
        if rounds < first:
            return
        usable = rounds - first + 1
        record["fortitude_halted"] = False
        work.emit(Note(sentence=f"{work.name(tid)} has taken no damage for 10 minutes: its Fortitude "
                                "recovers again.", token=tid))
    maximum = int(work.stats(tid)["fortitude"])
    gained = min(work.rank(tid) * usable, maximum - int(record["fortitude"]))
    if gained <= 0:
        return
    before = int(record["fortitude"])
    record["fortitude"] = before + gained
    work.emit(Note(sentence=f"{work.name(tid)} recovers {gained} Fortitude over {duration_text(minutes)} "
                            f"({work.tier_text(tid)}: {work.rank(tid)} a round): {before} → "
                            f"{record['fortitude']} of {maximum}.",
                   token=tid, data={"track": "fortitude", "amount": gained}))
