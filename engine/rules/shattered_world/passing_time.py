"""Time passing outside combat: its Rounds still count for the dying and the stable.

"Combat is fought in Rounds of 6 seconds each." A combat's Rounds are counted by the turn machine
(:mod:`.turns`); the time that passes after it (a rest, a campaign clock) is counted here, in the
same Rounds:

- "Each subsequent Round (conscious or not), the player must make an Endurance roll; success results
  in the character becoming stable ... If all chances fail, the character is dead." — ending the
  combat does not stop it: a dying character goes on rolling as time passes.
- "Stable characters do not become conscious immediately; each Round after the character
  stabilizes, the player must make an Endurance check again, with success resulting in the
  character becoming conscious with 1 Hit Point".

Each Round rolls until the character is stable and then conscious, or dead (so a rest of a night
is not a few thousand rolls: the rolls stop when nothing is left to roll for).
:func:`pass_time` is the hook a campaign clock calls with a duration in minutes;
``ShatteredWorld.pass_time`` is the same on the ruleset.
"""

from __future__ import annotations

import math

from vantage.engine.protocol.commands import EndCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.ruleset_base import end_combat as end_any_combat
from vantage.engine.rules.shattered_world.dying import ROUNDS_A_MINUTE, play_out_rounds
from vantage.engine.rules.shattered_world.work import DEAD, DYING, STABLE, Work
from vantage.engine.rules.time_span import MINUTES_A_DAY, MINUTES_AN_HOUR, TimeSpan

#: What outlasts a fight: the damage on both tracks, dying or stable and its failed chances, shield
#: wear ("lose armor points equal to the excess damage") and weapons broken or destroyed.
LASTING_KEYS = frozenset({"wounds", "unarmed", "state", "conscious", "fails", "shield_armor", "lost"})
LASTING_CONDITIONS = frozenset({"dying", "stable", "unconscious", "dead", "disabled"})
#: Weapons gone for good (a thrown or dropped one is picked up after the fight, assumed).
GONE_FOR_GOOD = ("broken", "destroyed")


def rounds_in(minutes: float) -> int:
    """Whole Rounds of 6 seconds in ``minutes``."""
    return math.floor(minutes * ROUNDS_A_MINUTE + 1e-9)


def end_combat(work: Work, cmd: EndCombat) -> None:
    """GM: the fight is over — but not the dying's Endurance rolls, which go on with the time that
    passes (:func:`pass_time`)."""
    end_any_combat(work, cmd)
    for tid in [str(t) for t in work.combat.get("creatures", {})]:
        state = work.state(tid)
        if state == DYING:
            work.emit(Note(sentence=f"{work.name(tid)} is still dying: it rolls Endurance each Round of the "
                                    "time that passes.", token=tid, data={"state": DYING}))
        elif state == STABLE:
            work.emit(Note(sentence=f"{work.name(tid)} is stable but unconscious: it rolls Endurance each "
                                    "Round of the time that passes to come to.", token=tid,
                           data={"state": STABLE}))


def pass_time(work: Work, minutes: float, token_ids: list[str] | None = None) -> None:
    """``minutes`` of game time pass outside combat for ``token_ids`` (every creature with a record
    when None): each Round a dying creature rolls to stabilise and a stable one to come to, until
    it is conscious or dead or the time is over. Refused in combat, whose Rounds the turns count."""
    if work.started:
        raise CommandRejected("combat is on: its Rounds pass turn by turn")
    if minutes < 0:
        raise CommandRejected(f"time passing: {minutes:g} minutes is not a duration")
    rounds = rounds_in(minutes)
    ids = token_ids if token_ids is not None else [str(t) for t in work.combat.get("creatures", {})]
    for tid in ids:
        if work.creature_or_none(tid) is not None:
            play_out_rounds(work, tid, rounds)


def time_passes(work: Work, span: TimeSpan) -> None:
    """The campaign clock: the span's Rounds pass first for the dying and the stable
    (:func:`pass_time`), then each character heals:

    - "Normal characters heal one point for each night's rest" — each night slept in the span;
    - "Resting all day and all night doubles healing to 2 points" — when the span is spent resting
      and holds a whole day for each night;
    - "Damage from unarmed combat is healed at 1 point per hour of rest" — every hour when
      resting, else the hours of the nights slept ("A night's rest is 8 hours minus the Endurance
      bonus").
    """
    pass_time(work, span.minutes)
    for token in work.enc.tokens:
        if not token.stats or work.state(token.id) in (DEAD, DYING, STABLE):
            continue
        _heal(work, token.id, span)


def _heal(work: Work, tid: str, span: TimeSpan) -> None:
    bonus = work.stats(tid).bonus("endurance")
    night_hours = 8 - bonus
    hours = int(span.minutes) // MINUTES_AN_HOUR
    full = span.resting and span.nights > 0 and span.minutes >= span.nights * MINUTES_A_DAY
    points = span.nights * (2 if full else 1)
    rest_hours = hours if span.resting else min(hours, span.nights * night_hours)
    rec = work.creature(tid)
    healed = min(points, int(rec["wounds"]))
    rec["wounds"] = int(rec["wounds"]) - healed
    unarmed = min(rest_hours, int(rec["unarmed"]))
    rec["unarmed"] = int(rec["unarmed"]) - unarmed
    if not healed and not unarmed:
        return
    how = []
    if healed:
        nights = f"{span.nights} night{'s' if span.nights != 1 else ''} of rest"
        rate = "resting all day and all night: 2 points each" if full else "1 point each"
        how.append(f"{healed} over {nights} ({rate})")
    if unarmed:
        how.append(f"{unarmed} unarmed damage in {rest_hours} hour{'s' if rest_hours != 1 else ''} of rest")
    work.emit(Note(sentence=f"{work.name(tid)} heals {' and '.join(how)} ({work.hp_text(tid)}).",
                   token=tid, data={"amount": healed + unarmed}))
    if not work.disabled(tid):
        work.remove_condition(tid, "disabled", "more than 1/5th of the Hit Points again")
