"""Special situations that hurt over time: poisons, fire and holding the breath."""

from __future__ import annotations

from vantage.engine.dice import roll
from vantage.engine.explain import Breakdown
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import DamageTaken, Note, TokenDied
from vantage.engine.rules.baton.check import difficulty, make_check
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.baton.tables import FIRE_BASE, FIRE_WORSENS
from vantage.engine.rules.baton.turns import note_check, require_alive, require_combat, require_turn, spend
from vantage.engine.rules.baton.vocabulary import HoldBreath, Poison, TakeAction
from vantage.engine.rules.durations import check_duration

POISONS = ("hallucinogen", "caustic", "inoculant", "neurotoxin", "delayed")


def poison(work: BatonWork, cmd: Poison) -> None:
    """ "the character must make a Physique check with a difficulty equal to 7 + the poison's
    potency. On a success, they suffer only its partial effect; otherwise they suffer the full
    effect". Hours-long effects are conditions the GM ends; per-turn effects tick when the
    initiative returns to the poisoned character's side."""
    if cmd.poison not in POISONS:
        raise CommandRejected(
            f"poison.poison: {cmd.poison!r} is not a poison type (known: {', '.join(POISONS)})"
        )
    if cmd.potency < 0:
        raise CommandRejected("poison.potency: at least 0")
    tid = cmd.token
    work.stats(tid)
    require_alive(work, tid, "be poisoned")
    full = not _resist(work, tid, cmd.poison, cmd.potency)
    apply_poison(work, tid, cmd.poison, cmd.potency, full)


def _resist(work: BatonWork, tid: str, kind: str, potency: int) -> bool:
    against = difficulty(work.table.base_difficulty, ("potency", potency))
    chances = work.own_chances(tid, "physique")
    result = make_check(
        work.dice,
        f"{work.name(tid)} resists the {kind} poison (Physique)",
        Breakdown("Skill", work.stats(tid).physique, "Physique"),
        against,
        chances,
        work.table,
    )
    work.emit_roll(result.roll, "partial effect" if result.success else "full effect")
    return result.success


def apply_poison(work: BatonWork, tid: str, kind: str, potency: int, full: bool) -> None:
    name = work.name(tid)
    effect = "full" if full else "partial"
    if kind == "hallucinogen":
        hours = roll("1d3", work.dice, f"hours of the hallucinogen on {name}")
        work.emit_roll(hours)
        work.add_condition(
            tid, "hallucinating", why=f"{hours.total} hours: a negative chance on checks to discern reality"
        )
        if full:
            work.add_condition(tid, "confused", why=f"hallucinogen, {hours.total} hours")
    elif kind in ("caustic", "delayed"):
        expr = "2d6" if full else "2d3"
        if kind == "delayed":
            hours = roll("1d6", work.dice, f"hours before the delayed poison strikes {name}")
            work.emit_roll(hours)
            work.emit(
                Note(
                    sentence=f"The delayed poison will deal {expr} direct damage to {name} after "
                    f"{hours.total} hours (the GM applies it then).",
                    token=tid,
                )
            )
            return
        r = roll(expr, work.dice, f"caustic poison on {name}")
        work.emit_roll(r)
        work.take_damage(tid, r.total, how=f"caustic poison, {effect} effect", kind="direct")
    elif kind == "inoculant":
        r = roll("1d6", work.dice, f"inoculant poison on {name}")
        work.emit_roll(r)
        work.take_damage(tid, r.total, how=f"inoculant poison, {effect} effect", kind="fatigue")
        if full:
            _lasting(work, tid, kind, potency)
    else:  # neurotoxin
        work.add_condition(tid, "paralyzed" if full else "slowed", why=f"neurotoxin, {effect} effect")
        _lasting(work, tid, kind, potency)


def _lasting(work: BatonWork, tid: str, kind: str, potency: int) -> None:
    record = work.creature(tid)
    record.setdefault("poisons", []).append({"kind": kind, "potency": potency})
    work.add_condition(tid, "poisoned", why=f"{kind}: 1d3 fatigue damage per turn")


def side_turn_effects(work: BatonWork, side: str) -> None:
    """Per-turn effects when the initiative returns to the side: poisons ("another 1d3 per turn")
    and fire ("a wound that worsens as long as they remain in contact with the fire. The severity of
    this wound increases each turn")."""
    for tid in work.standing(side):
        if work.has(tid, "burning"):
            burn(work, tid)
    for tid in work.standing(side):
        for p in work.record(tid).get("poisons", ()):
            r = roll("1d3", work.dice, f"the {p['kind']} poison on {work.name(tid)} this turn")
            work.emit_roll(r)
            work.take_damage(tid, r.total, how=f"{p['kind']} poison", kind="fatigue")


def burn(work: BatonWork, tid: str) -> None:
    """The burning wound: made at the first turn in the fire, worse by ``FIRE_WORSENS`` each turn after."""
    record = work.creature(tid)
    wounds = record.setdefault("wounds", [])
    index = record.get("fire_wound")
    if isinstance(index, int) and 0 <= index < len(wounds) and wounds[index].get("fire"):
        wounds[index]["severity"] = int(wounds[index]["severity"]) + FIRE_WORSENS
        severity = wounds[index]["severity"]
        work.emit(
            DamageTaken(
                sentence=f"{work.name(tid)}'s burn worsens to severity {severity}: {work.layers_text(tid)}.",
                token=tid,
                amount=FIRE_WORSENS,
                track="health",
                damage_kind="fire",
                text=work.layers_text(tid),
            )
        )
        if work.health_left(tid) == 0:
            work.add_condition(tid, "dead", quiet=True)
            work.emit(TokenDied(sentence=f"{work.name(tid)} dies: Health 0.", token=tid))
        return
    work.wound(tid, FIRE_BASE, "fire", " (in the fire)", "burn")
    record = work.creature(tid)
    record["wounds"][-1]["fire"] = True
    record["fire_wound"] = len(record["wounds"]) - 1


def resist_poison(work: BatonWork, cmd: TakeAction) -> None:
    """ "When has the initiative, the character can spend a major action to try to resist the poison's
    effect and remake the Physique check"."""
    tid = cmd.token
    require_combat(work, "resisting")
    require_turn(work, tid)
    record = work.creature(tid)
    lasting = list(record.get("poisons", ()))
    if not lasting:
        raise CommandRejected(f"{work.name(tid)} suffers no lasting poison")
    spend(work, tid, "major", "resisting the poison")
    p = lasting[0]
    against = difficulty(work.table.base_difficulty, ("potency", int(p["potency"])))
    result = make_check(
        work.dice,
        f"{work.name(tid)} resists the {p['kind']} poison (Physique)",
        Breakdown("Skill", work.stats(tid).physique, "Physique"),
        against,
        work.own_chances(tid, "physique"),
        work.table,
    )
    work.emit_roll(result.roll, "resisted" if result.success else "still poisoned")
    note_check(work, tid, result.natural)
    if result.success:
        record["poisons"] = lasting[1:]
        if p["kind"] == "neurotoxin":
            work.remove_condition(tid, "paralyzed", "resisted the neurotoxin")
            work.remove_condition(tid, "slowed", "resisted the neurotoxin")
        if not record["poisons"]:
            work.remove_condition(tid, "poisoned", f"resisted the {p['kind']}")


def hold_breath(work: BatonWork, cmd: HoldBreath) -> None:
    """Suffocation and Drowning: "A character can hold their breath ... for 1 minute per level of
    Physique. After that, they take 1d6 fatigue damage per minute without breathing"."""
    if cmd.minutes < 1:
        raise CommandRejected("hold_breath.minutes: at least 1")
    check_duration("hold_breath.minutes", cmd.minutes, "minutes")
    tid, name = cmd.token, work.name(cmd.token)
    physique = work.stats(tid).physique
    require_alive(work, tid, "hold their breath")
    beyond = cmd.minutes - physique
    if beyond <= 0:
        work.emit(
            Note(
                sentence=f"{name} holds their breath for {cmd.minutes} "
                f"minute{'s' if cmd.minutes != 1 else ''} "
                f"(Physique {physique}: up to {physique} minutes).",
                token=tid,
            )
        )
        return
    work.emit(
        Note(
            sentence=f"{name} holds their breath for {physique} minutes, then goes {beyond} more without "
            "air.",
            token=tid,
        )
    )
    for minute in range(beyond):
        if work.stamina_left(tid) == 0:  # fatigue damage lands on Stamina only (assumed)
            work.emit(Note(sentence=f"{name}'s Stamina is spent: the other {beyond - minute:,} minutes "
                           "without air change nothing more (fatigue damage lands on Stamina only).",
                           token=tid))
            return
        r = roll("1d6", work.dice, f"{name} without air, minute {physique + minute + 1}")
        work.emit_roll(r)
        work.take_damage(tid, r.total, how="suffocating", kind="fatigue")
