"""Rest and recovery between fights, and treating wounds: "Recovering from Wounds", "Treating
Wounds", "Rest and Recovery"."""

from __future__ import annotations

from vantage.engine.dice import roll
from vantage.engine.explain import Breakdown
from vantage.engine.protocol.commands import Rest
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.baton.check import difficulty, make_check
from vantage.engine.rules.baton.shifts import (
    LONG_REST_MINUTES,
    MOST_MINUTES,
    ONCE_PER_SHIFT,
    SHORT_REST_MINUTES,
    minutes_now,
    note_new_shift,
    note_short_rest,
    pass_time,
    short_rest_refusal,
)
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.baton.tables import DAILY_CHANGE, RULESET_NAME, category
from vantage.engine.rules.baton.turns import spend
from vantage.engine.rules.baton.vocabulary import TreatWound
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.time_span import TimeSpan


def rest(work: BatonWork, cmd: Rest) -> None:
    """SHORT REST: "Once per shift ... 1d6 + Physique points of Stamina"; LONG REST: "all of their
    Stamina", then the day's change of every wound, after a recovery check on the wound the character
    chooses (its player, or the GM for an NPC; the most severe by default, assumed). Each rest moves
    the clock (:mod:`.shifts`)."""
    if cmd.rest not in ("short", "long"):
        raise CommandRejected(
            f"rest.rest: {cmd.rest!r} is not a {RULESET_NAME} kind of rest (known: short, long)"
        )
    if cmd.duration < 1:
        raise CommandRejected("rest.duration: at least 1")
    if work.started:
        raise CommandRejected("combat is on: rests are taken between fights (end_combat first)")
    ids = list(cmd.tokens) or [t.id for t in work.enc.tokens if t.stats]
    for tid in ids:
        work.stats(tid)
    if cmd.rest == "short" and cmd.duration > 1:
        raise CommandRejected(f"rest.duration: {cmd.duration} short rests back to back: {ONCE_PER_SHIFT}")
    minutes = SHORT_REST_MINUTES if cmd.rest == "short" else LONG_REST_MINUTES
    settled: dict[str, int] = {}  # token → the rests after which no later one changes anything
    for done in range(1, cmd.duration + 1):
        for tid in ids:
            if work.dead(tid) or tid in settled:
                continue
            before = _resting_state(work, tid)
            if cmd.rest == "short":
                _short_rest(work, tid)
            else:
                _long_rest(work, tid)
            unchanged = _resting_state(work, tid) == before
            if unchanged and (cmd.rest == "short" or _no_wound_can_change(work, tid)):
                settled[tid] = done
        pass_time(work, minutes)
        if all(work.dead(t) or t in settled for t in ids):  # the rest of the time passes at once
            left = minutes * (cmd.duration - done)
            while left:
                step = min(left, MOST_MINUTES)
                pass_time(work, step)
                left -= step
            break
    unit = "short rests" if cmd.rest == "short" else "nights"
    for tid, done in settled.items():
        if cmd.duration > done:
            work.emit(Note(sentence=f"{work.name(tid)}: the other {cmd.duration - done:,} {unit} change "
                           "nothing more.", token=tid))


def _resting_state(work: BatonWork, tid: str) -> tuple[object, ...]:
    """What a rest can change: Stamina and the wounds."""
    return work.stamina_left(tid), [dict(w) for w in work.creature(tid).get("wounds", [])]


def _no_wound_can_change(work: BatonWork, tid: str) -> bool:
    """After a night that changed nothing, only a wound that may still recover makes a later night
    different: necrotic wounds "do not recover naturally"."""
    return all(w.get("necrotic") for w in work.creature(tid).get("wounds", []))


def time_passes(work: BatonWork, span: TimeSpan) -> None:
    """The campaign clock's span: each night slept is a long rest for every living character
    ("LONG REST: When they sleep a good night's rest, a character recovers all of their Stamina",
    with its recovery check and each wound's change "at the end of each day"); then the shift
    changes if the clock crosses into a new one. Time awake heals nothing in the text."""
    ids = [t.id for t in work.enc.tokens if t.stats]
    for _ in range(span.nights):
        for tid in ids:
            if not work.dead(tid):
                _long_rest(work, tid)
    note_new_shift(work, minutes_now(work), span.end)


def _short_rest(work: BatonWork, tid: str) -> None:
    """ "Once per shift": a second short rest in the same shift is refused (:mod:`.shifts`)."""
    refusal = short_rest_refusal(work, tid)
    if refusal:
        raise CommandRejected(refusal)
    note_short_rest(work, tid)
    s = work.stats(tid)
    r = roll("1d6", work.dice, f"{work.name(tid)}'s short rest")
    work.emit_roll(r)
    record = work.creature(tid)
    before = work.stamina_left(tid)
    record["stamina"] = min(work.health_left(tid), before + r.total + s.physique)
    work.emit(
        Note(
            sentence=f"{work.name(tid)} catches their breath: 1d6 {r.total} + Physique {s.physique} = "
            f"{r.total + s.physique} Stamina ({work.layers_text(tid)}).",
            token=tid,
        )
    )


def _long_rest(work: BatonWork, tid: str) -> None:
    record = work.creature(tid)
    wounds = record.get("wounds", [])
    chosen = max(range(len(wounds)), key=lambda i: wounds[i]["severity"]) if wounds else None
    if chosen is not None and len(wounds) > 1:
        # "a character may choose one of their wounds to try to recover from": its player, or the GM
        choices = tuple(
            Choice(
                str(i),
                f"{category(int(w['severity'])).capitalize()} wound, severity {w['severity']}",
                {},
                "the recovery check is against 7 + its severity",
            )
            for i, w in enumerate(wounds)
        )
        chosen = int(
            work.ask(
                Decision(
                    "choice",
                    tid if work.is_player(tid) else None,
                    f"{work.name(tid)} rests: which wound to recover from?",
                    choices,
                    str(chosen),
                )
            )
        )
    recovered = False
    if chosen is not None:
        w = wounds[chosen]
        against = difficulty(work.table.base_difficulty, ("severity", int(w["severity"])))
        chances = work.own_chances(tid, "physique")
        result = make_check(
            work.dice,
            f"{work.name(tid)} recovers from a {category(w['severity'])} wound",
            Breakdown("Skill", work.stats(tid).physique, "Physique"),
            against,
            chances,
            work.table,
        )
        work.emit_roll(result.roll, "recovers" if result.success else "no recovery")
        recovered = result.success and not w.get("necrotic")
    for i, w in enumerate(wounds):
        cat = category(int(w["severity"]))
        if w.get("treated") and cat != "mild":
            cat = "moderate" if cat == "severe" else "mild"
        change = DAILY_CHANGE[cat]
        if i == chosen and recovered:
            change = 0 if cat == "severe" and not w.get("treated") else -1
            if category(int(w["severity"])) == "severe" and not w.get("treated"):
                change = 0  # "Severe wounds only recover if they receive some form of treatment"
        if w.get("necrotic"):
            change = max(change, 0)  # "do not recover naturally"
        w["severity"] = int(w["severity"]) + change
        word = "worsens" if change > 0 else "heals" if change < 0 else "holds"
        work.emit(
            Note(sentence=f"{work.name(tid)}'s {cat} wound {word} to severity {w['severity']}.", token=tid)
        )
    record["wounds"] = [w for w in wounds if w["severity"] > 0]
    record["stamina"] = work.health_left(tid)
    work.emit(
        Note(
            sentence=f"{work.name(tid)} sleeps a good night's rest: all Stamina back "
            f"({work.layers_text(tid)}).",
            token=tid,
        )
    )
    if work.health_left(tid) == 0:
        work.add_condition(tid, "dead", quiet=True)
        work.emit(Note(sentence=f"{work.name(tid)} dies of their wounds.", token=tid))


def treat_wound(work: BatonWork, cmd: TreatWound) -> None:
    """ "a Treat Wounds check with a difficulty equal to 7 + the wound's current severity ...
    bandages for cutting and piercing wounds, or a splint for blunt wounds. On a success, the wound
    heals as though it were one category lower"."""
    tid, healer = cmd.token, cmd.healer
    work.stats(tid)
    work.stats(healer)
    wounds = work.creature(tid).get("wounds", [])
    if not wounds:
        raise CommandRejected(f"{work.name(tid)} has no wound to treat")
    index = (
        cmd.wound if cmd.wound is not None else max(range(len(wounds)), key=lambda i: wounds[i]["severity"])
    )
    if not 0 <= index < len(wounds):
        raise CommandRejected(
            f"treat_wound.wound: {work.name(tid)} has {len(wounds)} wounds (0–{len(wounds) - 1})"
        )
    w = wounds[index]
    need = "splint" if w.get("kind") == "blunt" else "bandages"
    if cmd.supply != need:
        raise CommandRejected(
            f"treat_wound.supply: a {w.get('kind', 'cutting')} wound needs {need}, not {cmd.supply!r}"
        )
    if w.get("treated"):
        raise CommandRejected(f"{work.name(tid)}'s wound is already treated")
    if work.started and healer == work.actor:
        spend(work, healer, "major", "treating a wound")
    against = difficulty(work.table.base_difficulty, ("severity", int(w["severity"])))
    chances = work.own_chances(healer, "treat_wounds")
    result = make_check(
        work.dice,
        f"{work.name(healer)} treats {work.name(tid)}'s wound (Treat Wounds)",
        Breakdown("Skill", work.stats(healer).skill("treat_wounds"), "Treat Wounds"),
        against,
        chances,
        work.table,
    )
    work.emit_roll(result.roll, "treated" if result.success else "not treated")
    if result.success:
        w["treated"] = True
    word = "heals as a wound one category lower" if result.success else "is not treated"
    work.emit(
        Note(
            sentence=f"{work.name(tid)}'s {category(int(w['severity']))} wound {word} — "
            f"{result.explanation()}.",
            token=tid,
        )
    )
