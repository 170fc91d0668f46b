"""The GM's commands for damage, healing and the days after a fight.

- Health: "Health will recover at a rate of 1 point per tier of power the character has attained
  per day." "If the character is being aided in their recovery by someone with the Medicine skill,
  rolling at least a 50 each day, they will recover 1 more point per day. If the character rests
  the entire day, they gain an additional 1 point per day."
- Wounds: "One wound point will take one week to heal."
- Armour at 0 Durability "will need extensive repair before it can be used again" (``repair_armour``).
- A day is time passing first (:func:`.passing_time.pass_time`): a dying character whose rounds
  run out in it dies before it would recover ("They will have a number of rounds equal to their
  Maximum Health score before they are dead").
"""

from __future__ import annotations

from vantage.engine.protocol.commands import ApplyDamage, Heal, Rest
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.base import DamageTrack, RestKind
from vantage.engine.rules.power_tiers import damage as dmg
from vantage.engine.rules.power_tiers.passing_time import MINUTES_A_DAY, pass_time
from vantage.engine.rules.power_tiers.vocabulary import RULESET_NAME, RecoverDay, RepairArmour
from vantage.engine.rules.power_tiers.work import DYING, PTWork
from vantage.engine.rules.time_span import TimeSpan

#: The record key of the minutes of recovery counted towards the next whole day (campaign clock).
DAY_MINUTES = "day_minutes"

DAMAGE_TRACKS = (
    DamageTrack("fortitude", "Fortitude", "points", "takes all damage first; recovers by tier each round"),
    DamageTrack("health", "Health", "points", "after Fortitude; at 0 the character is dying"),
    DamageTrack("wounds", "Wounds", "wounds", "one heals each week without a new wound"),
)
REST_KINDS = (
    RestKind("day", "A day of recovery", "days", "Health back by tier each day; a wound heals each week"),
    RestKind("bed-rest", "A day of full rest", "days", "\"rests the entire day\": 1 more Health each day"),
)


def _check_amount(kind: str, amount: int) -> None:
    if amount < 1:
        raise CommandRejected(f"{kind}.amount: {amount} is not a positive amount")


def _check_track(kind: str, track: str | None) -> None:
    known = [t.id for t in DAMAGE_TRACKS]
    if track is not None and track not in known:
        raise CommandRejected(f"{kind}.track: {track!r} is not a {RULESET_NAME} damage track "
                              f"(known: {', '.join(known)})")


def apply_damage(work: PTWork, cmd: ApplyDamage) -> None:
    """GM: ``amount`` damage past armour, Fortitude first then Health (or on one track); on
    ``wounds`` it gives that many wounds."""
    _check_amount("apply_damage", cmd.amount)
    _check_track("apply_damage", cmd.track)
    if cmd.damage_kind not in (None, dmg.STUN):
        raise CommandRejected(f"apply_damage.damage_kind: {cmd.damage_kind!r} is not a {RULESET_NAME} "
                              "kind of "
                              "damage (known: stun)")
    work.stats(cmd.token)
    if cmd.track == "wounds":
        dmg.gain_wound(work, cmd.token, "given by the GM", cmd.amount)  # counted, not looped
        return
    dmg.take_damage(work, cmd.token, cmd.amount, cmd.damage_kind, cmd.track)


def heal(work: PTWork, cmd: Heal) -> None:
    """GM: Health (the default), Fortitude or wounds back; Health above 0 ends dying (assumed — the
    text does not say a dying character can be saved)."""
    _check_amount("heal", cmd.amount)
    _check_track("heal", cmd.track)
    tid, s = cmd.token, work.stats(cmd.token)
    if work.dead(tid):
        raise CommandRejected(f"{work.name(tid)} is dead: there is nothing to heal")
    record = work.creature(tid)
    track = cmd.track or "health"
    if track == "wounds":
        healed = min(cmd.amount, int(record["wounds"]))
        if not healed:
            raise CommandRejected(f"{work.name(tid)} has no wounds to heal")
        record["wounds"] -= healed
    else:
        healed = min(cmd.amount, int(s[track]) - int(record[track]))
        if not healed:
            raise CommandRejected(f"{work.name(tid)}'s {track.capitalize()} is full")
        record[track] += healed
    label = "wounds" if track == "wounds" else track.capitalize()
    work.emit(Note(sentence=f"{work.name(tid)} heals {healed} {label} ({work.layers_text(tid)}).", token=tid,
                   data={"track": track, "amount": healed}))
    if track == "health" and record.get("dying_rounds") is not None:
        record["dying_rounds"] = None
        work.remove_condition(tid, DYING, "back above 0 Health")


def recover_days(work: PTWork, tid: str, days: int, rested: bool, medicine: int | None) -> None:
    """``days`` days of recovery: Health, wounds by the week, Fortitude and stamina points in full."""
    s, record = work.stats(tid), work.creature(tid)
    name, rank = work.name(tid), work.rank(tid)
    threshold = int(work.rules["medicine_threshold"])
    per_day = rank
    parts = [f"{work.tier_text(tid)} {rank}"]
    if medicine is not None:
        if medicine >= threshold:
            per_day += 1
            parts.append(f"Medicine roll {medicine} (at least {threshold}) +1")
        else:
            parts.append(f"Medicine roll {medicine} (below {threshold}) +0")
    if rested:
        per_day += 1
        parts.append("rested the entire day +1")
    gained = min(per_day * days, int(s["health"]) - int(record["health"]))
    span = "a day" if days == 1 else f"{days} days"
    if gained > 0:
        before = record["health"]
        record["health"] = before + gained
        how = f"{', '.join(parts)} = {per_day} a day"
        work.emit(Note(sentence=f"{name} recovers {gained} Health over {span} ({how}): "
                                f"{before} → {record['health']} of {s['health']}.",
                       token=tid, data={"track": "health", "amount": gained}))
        if record.get("dying_rounds") is not None:
            record["dying_rounds"] = None
            work.remove_condition(tid, DYING, "back above 0 Health")
    record["fortitude"] = int(s["fortitude"])
    record["fortitude_halted"] = False
    record["stamina_spent"] = 0
    if record["wounds"]:
        record["wound_days"] = int(record["wound_days"]) + days
        week = int(work.rules["wound_heal_days"])
        healed = min(record["wound_days"] // week, record["wounds"])
        if healed:
            record["wounds"] -= healed
            record["wound_days"] -= healed * week
            if not record["wounds"]:
                record["wound_days"] = 0
            wounds = f"{healed} wound{'s' if healed != 1 else ''}"
            work.emit(Note(sentence=f"{name} heals {wounds} ({week} days each): {record['wounds']} left.",
                           token=tid, data={"track": "wounds", "amount": healed}))


def time_passes(work: PTWork, span: TimeSpan) -> None:
    """The campaign clock: the span's rounds pass first (dying, Fortitude); then every 24 hours of
    the clock a living character has counted since the fight is a day of recovery: "Health will
    recover at a rate of 1 point per tier of power the character has attained per day", wounds by
    the week. ``span.resting`` is the text's "If the character rests the entire day, they gain an
    additional 1 point per day" (assumed: a day counts as rested when the span that ends it is)."""
    ids = [t.id for t in work.enc.tokens if t.stats]
    living = [tid for tid in ids if not work.dead(tid)]
    pass_time(work, span.minutes, living)
    for tid in living:
        if work.dead(tid):
            continue
        record = work.creature(tid)
        counted = int(record.get(DAY_MINUTES, 0)) + int(span.minutes)
        days, record[DAY_MINUTES] = divmod(counted, MINUTES_A_DAY)
        if days:
            recover_days(work, tid, days, span.resting, None)


def _out_of_combat(work: PTWork, what: str) -> None:
    if work.started:
        raise CommandRejected(f"combat is on: {what} comes after the fight")


def rest(work: PTWork, cmd: Rest) -> None:
    known = [k.id for k in REST_KINDS]
    if cmd.rest not in known:
        raise CommandRejected(f"rest.rest: {cmd.rest!r} is not a {RULESET_NAME} kind of rest "
                              f"(known: {', '.join(known)})")
    if cmd.duration < 1:
        raise CommandRejected("rest.duration: a rest lasts at least 1 day")
    _out_of_combat(work, "a day's recovery")
    ids = list(cmd.tokens) or [t.id for t in work.enc.tokens if t.stats]
    for tid in ids:
        work.stats(tid)
    living = [tid for tid in ids if not work.dead(tid)]
    for tid in living:
        work.creature(tid)
    pass_time(work, cmd.duration * MINUTES_A_DAY, living)
    for tid in living:
        if not work.dead(tid):
            recover_days(work, tid, cmd.duration, cmd.rest == "bed-rest", None)


def recover_day(work: PTWork, cmd: RecoverDay) -> None:
    _out_of_combat(work, "a day's recovery")
    work.stats(cmd.token)
    if work.dead(cmd.token):
        raise CommandRejected(f"{work.name(cmd.token)} is dead: there is nothing to recover")
    if cmd.medicine is not None and cmd.medicine < 0:
        raise CommandRejected(f"recover_day.medicine: {cmd.medicine} is not a roll")
    work.creature(cmd.token)
    pass_time(work, MINUTES_A_DAY, [cmd.token])
    if work.dead(cmd.token):
        return  # its dying rounds ran out before the day's recovery (said by pass_time)
    recover_days(work, cmd.token, 1, cmd.rested, cmd.medicine)


def repair_armour(work: PTWork, cmd: RepairArmour) -> None:
    """Every piece of armour worn gets its full Durability back."""
    _out_of_combat(work, "repairing armour")
    work.stats(cmd.token)
    record = work.creature(cmd.token)
    repaired = []
    for armour, key, index in dmg.armour_pieces(work, cmd.token):
        full = int(armour["durability"])
        if dmg.durability_left(record, key, index) == full:
            continue
        if index < 0:
            record[key] = full
        else:
            record[key] = [*record[key][:index], full, *record[key][index + 1:]]
        repaired.append(f"{armour['name']} (Durability {full})")
    if not repaired:
        raise CommandRejected(f"{work.name(cmd.token)}'s armour needs no repair")
    work.emit(Note(sentence=f"{work.name(cmd.token)}'s armour is repaired: {', '.join(repaired)}.",
                   token=cmd.token))
