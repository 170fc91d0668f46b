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
from vantage.engine.rules.shattered_world.work import DYING, STABLE, Work


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
