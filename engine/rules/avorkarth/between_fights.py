"""Avorkarth between fights: what outlasts a fight, and the campaign clock's healing.

- "Wounds : Wounds are not removed during a campaign, unless healed by magical or divine means."
- "Lesser/Minor Wounds : Minor wounds are removed at a pace of 1 per week of in-game time, with
  lesser wounds being removed whenever all minor wounds are removed. This next lesser wound is then
  converted into nine minor wounds, beginning the healing procedure again."
  (:meth:`~.ledger.WoundLedger.regain_weeks`). Each character counts its own weeks from the fight
  (``heal_minutes`` in its record): a week of in-game time is 7 × 24 hours of the clock.
- "Bleeding out : ... take 1 lesser wound every round thereafter until it is healed with the heal
  skill or by a magical spell." — the end of the fight does not stop it: each Round (6 seconds) of
  the time that passes takes its lesser wound, computed at once, until the character dies.
"""

from __future__ import annotations

from typing import Any

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import EndCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules import lasting
from vantage.engine.rules.avorkarth.critical_wounds import CONDITION as CRITICAL_WOUND_CONDITIONS
from vantage.engine.rules.avorkarth.damage import apply_damage
from vantage.engine.rules.avorkarth.ledger import MINOR_PER_LESSER, MINOR_PER_WOUND, describe
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.ruleset_base import end_combat as end_any_combat
from vantage.engine.rules.time_span import MINUTES_A_WEEK, TimeSpan

#: The record key of the minutes counted towards the next week of healing.
HEAL_MINUTES = "heal_minutes"
#: "The round is an approximation of 6 seconds in real-time".
ROUNDS_A_MINUTE = 10

LASTING_KEYS = frozenset({"lethal", "nonlethal", "durability", "critical_wounds", HEAL_MINUTES})
LASTING_CONDITIONS = frozenset({"dead", "unconscious", "bleeding-out", "blind",
                                *CRITICAL_WOUND_CONDITIONS.values()})


def end_combat(work: Work, cmd: EndCombat) -> None:
    """GM: the fight is over — but not bleeding out, which goes on with the time that passes: the
    GM is told, to heal it in time."""
    end_any_combat(work, cmd)
    for token in work.enc.tokens:
        if work.has(token.id, "bleeding-out") and work.alive(token.id):
            work.emit(Note(sentence=f"{work.name(token.id)} is still bleeding out: 1 lesser wound every "
                                    "Round of the time that passes, until healed.", token=token.id))


def time_passes(work: Work, span: TimeSpan) -> None:
    """``span`` of in-game time passes for every living creature with a stat block."""
    for token in work.enc.tokens:
        if not token.stats or not work.alive(token.id):
            continue
        if work.has(token.id, "bleeding-out"):
            _bleed(work, token.id, span)
        if work.alive(token.id):
            _heal(work, token.id, span)


def _bleed(work: Work, tid: str, span: TimeSpan) -> None:
    rounds = int(span.minutes * ROUNDS_A_MINUTE)
    left = work.block(tid).wounds * MINOR_PER_WOUND - work.ledger(tid).lethal
    to_death = -(-left // MINOR_PER_LESSER)
    taken = min(rounds, to_death)
    if taken <= 0:
        return
    work.emit(Note(sentence=f"{work.name(tid)} is bleeding out: {taken} Round{'s' if taken != 1 else ''} "
                            "of the time that passes, 1 lesser wound each.", token=tid))
    apply_damage(work, tid, taken * MINOR_PER_LESSER, lethal=True, cause="bleeding out")


def _heal(work: Work, tid: str, span: TimeSpan) -> None:
    before = work.ledger(tid)
    record = work.creature(tid)
    if before.lethal <= before.full_wounds * MINOR_PER_WOUND and before.nonlethal <= before.lethal:
        record.pop(HEAL_MINUTES, None)  # nothing heals naturally: no week is counted
        return
    counted = int(record.get(HEAL_MINUTES, 0)) + int(span.minutes)
    weeks, record[HEAL_MINUTES] = divmod(counted, MINUTES_A_WEEK)
    if not weeks:
        return
    after = before.regain_weeks(weeks)
    record["lethal"], record["nonlethal"] = after.lethal, after.nonlethal
    kept = " (its full wounds are not removed during a campaign)" if after.full_wounds else ""
    work.emit(Note(sentence=f"After {weeks} week{'s' if weeks != 1 else ''}, {work.name(tid)} carries "
                            f"{after.text()}{kept}.", token=tid, data={"weeks": weeks}))
    if not after.unconscious:
        work.remove_condition(tid, "unconscious", "comes round")


def lasting_summary(ruleset: Any, encounter: Encounter, token_id: str) -> str:
    """The roster's line for a character: the wounds it carries out of the fight, then its lasting
    conditions ("1 wound, 2 lesser wounds of 7 wounds; bleeding-out"). The table's whole reading of
    the ledger (how far from death and unconsciousness) is the token's, in a fight."""
    try:
        ledger = Work(encounter, NoDice()).ledger(token_id)
    except (CommandRejected, KeyError):
        return lasting.lasting_summary(ruleset, encounter, token_id)
    plural = "s" if ledger.wounds_stat != 1 else ""
    return lasting.lasting_summary(ruleset, encounter, token_id,
                                   f"{describe(ledger.lethal)} of {ledger.wounds_stat} wound{plural}")
