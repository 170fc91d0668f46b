"""Rounds, surprise, initiative and the passes of attacks.

"Each player rolls 1d10 for Initiative. A natural 1 is always 1; otherwise add the Dexterity
Ability Bonus to the roll. High numbers move first. All characters and/or monsters make at most one
Attack, in descending order. Any characters or monsters eligible for a second Attack then act in
descending Initiative order, and so on for third Attacks."

The order of a round is a list of entries ``[token, initiative, pass]``: pass 1 for everyone, pass
2 for those eligible for a second Attack (two weapons, or a creature with 2 or 3 Attacks), pass 3
for third Attacks. An entry of a creature that cannot act (dying, surprised, with no Attack left
in a later pass) is passed over with a note.
"""

from __future__ import annotations

from vantage.engine.dice import roll
from vantage.engine.protocol.commands import EndTurn, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import CombatStarted, Note, RoundBegan, RoundEnded, TurnBegan, TurnEnded
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.shattered_world import dying
from vantage.engine.rules.shattered_world.skill import skill_roll
from vantage.engine.rules.shattered_world.tables import LIGHT_LEVELS
from vantage.engine.rules.shattered_world.vocabulary import RULESET_NAME
from vantage.engine.rules.shattered_world.work import PASS_WORDS, SURPRISED, UP, Work, require_turn

START_OPTIONS = {
    "surprised": OptionSpec(
        (list, tuple), (), "tokens Surprised outright (hidden ambushers surprise those they are hidden from)"
    ),
    "surprise_check": OptionSpec(
        (list, tuple),
        (),
        "tokens caught face-to-face: each rolls an Ability "
        "Check against Dexterity, those who fail are Surprised",
    ),
    "light": OptionSpec((str,), "daylight", "daylight, lamplight, night or dark"),
}


def _ids(value: object, place: str, participants: list[str]) -> list[str]:
    if not isinstance(value, list | tuple) or not all(isinstance(t, str) for t in value):
        raise CommandRejected(f"start_combat.options.{place}: a list of token ids")
    for tid in value:
        if tid not in participants:
            raise CommandRejected(f"start_combat.options.{place}: {tid!r} is not taking part in the combat")
    return [str(t) for t in value]


def start_combat(work: Work, cmd: StartCombat) -> None:
    """Surprise first, then initiative for everyone and the first round's order."""
    options = read_options("start_combat", cmd.options, START_OPTIONS, RULESET_NAME)
    if work.started:
        raise CommandRejected("combat has already started")
    if options["light"] not in LIGHT_LEVELS:
        raise CommandRejected(
            f"start_combat.options.light: {options['light']!r} is not one of {', '.join(LIGHT_LEVELS)}"
        )
    ids = list(dict.fromkeys(cmd.participants)) or [t.id for t in work.enc.tokens if t.stats]
    if not ids:
        raise CommandRejected("no token with a stat block to fight")
    for tid in ids:
        work.stats(tid)
    surprised = _ids(options["surprised"], "surprised", ids)
    checks = _ids(options["surprise_check"], "surprise_check", ids)
    work.combat.update({"started": True, "round": 1, "participants": ids, "light": options["light"]})
    for tid in ids:
        work.creature(tid)
    work.emit(
        CombatStarted(
            sentence=f"Combat begins in {options['light']}: {', '.join(work.name(t) for t in ids)}.", order=()
        )
    )
    for tid in checks:
        if tid in surprised:
            continue
        dex = int(work.stats(tid).abilities["dexterity"])
        with work.rolls_by(tid):
            check = skill_roll(work.dice, dex, 0, f"{work.name(tid)} Dexterity check against Surprise")
        work.emit_roll(check.roll, "success" if check.success else "failure: Surprised")
        if not check.success:
            surprised.append(tid)
    for tid in surprised:
        work.add_condition(
            tid, SURPRISED, 1, "may not act for one Round: no Attacks, Parries, Dodges or Spells"
        )
    _roll_initiative(work)
    _begin_round(work)


def _roll_initiative(work: Work) -> None:
    scores: dict[str, int] = {}
    for tid in work.participants:
        if work.out(tid):
            continue
        bonus = work.stats(tid).bonus("dexterity")
        with work.rolls_by(tid):
            r = roll("1d10", work.dice, f"{work.name(tid)} Initiative",
                     needs=f"a natural 1 is 1, else the face + Dexterity bonus {bonus}; "
                     "high numbers move first")
        score = 1 if r.total == 1 else r.total + bonus
        how = "a natural 1 is always 1" if r.total == 1 else f"{r.total} + Dexterity bonus {bonus} = {score}"
        work.emit_roll(r, how)
        scores[tid] = score
    work.combat["initiative"] = scores


def order_for_round(work: Work) -> list[list[object]]:
    """The entries of this round: pass 1 for everyone in descending Initiative, then the second and
    third passes. Ties (**assumed**, the text is silent): the higher Dexterity bonus first, then the
    order the participants are listed in."""
    scores = {str(k): int(v) for k, v in work.seen("initiative", {}).items()}
    participants = work.participants
    ranked = sorted(
        (t for t in participants if t in scores and work.state(t) != "dead"),
        key=lambda t: (-scores[t], -work.stats(t).bonus("dexterity"), participants.index(t)),
    )
    attacks = {t: work.attacks_per_round(t) for t in ranked}
    entries: list[list[object]] = []
    for number in (1, 2, 3):
        entries.extend([t, scores[t], number] for t in ranked if attacks[t] >= number)
    return entries


def _order_text(work: Work) -> str:
    entries = work.order
    parts = []
    for number in (1, 2, 3):
        names = [f"{work.name(str(e[0]))} {e[1]}" for e in entries if e[2] == number]
        if names:
            parts.append(f"{PASS_WORDS[number].capitalize()} Attacks: {', '.join(names)}")
    return "; ".join(parts)


def _begin_round(work: Work) -> None:
    number = work.round
    if number > 1 and work.rules["initiative_each_round"]:
        _roll_initiative(work)
    for tid in work.participants:
        rec = work.creature(tid)
        rec.update({"moved": None, "attacks": 0, "parries": 0, "rolls": [], "dodges": {}, "kicked": False,
                    "passes": [], "attacked_with": []})
    work.combat["order"] = order_for_round(work)
    work.combat["done"] = []
    work.combat["turn"] = None
    work.emit(
        RoundBegan(
            sentence=f"Round {number} begins. {_order_text(work)}.",
            round=number,
            order=tuple((str(e[0]), int(e[1])) for e in work.order),
        )
    )
    dying.round_rolls(work)
    _advance(work, 0)


def can_take(work: Work, token_id: str, number: int) -> str:
    """Why ``token_id`` cannot use its entry of pass ``number`` ("" when it can)."""
    name = work.name(token_id)
    state = work.state(token_id)
    if state != UP:
        return f"{name} is {state} and cannot act"
    if work.surprised(token_id):
        return f"{name} is Surprised and does not act this Round"
    if work.record(token_id).get("woke") == work.round:
        return f"{name} has just come to and may not act in the same Round"
    if number > 1 and work.budget_left(token_id)[0] == 0:
        return f"{name} has no {PASS_WORDS[number]} Attack left this Round"
    return ""


def _advance(work: Work, start: int) -> None:
    """Begin the first entry from ``start`` whose creature can act; end the round when none is left."""
    done = work.combat.setdefault("done", [])
    order = work.order  # read once: nothing below changes it before the round ends
    for index in range(start, len(order)):
        tid, number = str(order[index][0]), int(order[index][2])
        why = can_take(work, tid, number)
        if why:
            done.append(index)
            if number == 1 or work.state(tid) == UP:
                work.emit(Note(sentence=f"{why}: the turn passes.", token=tid))
            continue
        work.combat["turn"] = index
        label = "turn" if number == 1 else f"{PASS_WORDS[number]} Attack"
        attacks, parries = work.budget_left(tid)
        work.ruleset.on_turn_start(work, tid)
        work.emit(
            TurnBegan(
                sentence=f"{work.name(tid)}'s {label} (Initiative {order[index][1]}).",
                token=tid,
                round=work.round,
                label=label,
                budget={"attack": attacks, "parry": parries},
            )
        )
        return
    _end_round(work)


def _end_round(work: Work) -> None:
    number = work.round
    if not any(work.state(t) == UP for t in work.participants):
        work.combat["turn"] = None
        work.emit(Note(sentence="Nobody is left standing to act."))
        return
    work.emit(RoundEnded(sentence=f"Round {number} ends.", round=number))
    work.ruleset.on_round_end(work)
    work.combat["round"] = number + 1
    _begin_round(work)


def end_turn(work: Work, cmd: EndTurn) -> None:
    """The actor ends its entry; the next entry that can act begins (the round ends after the last)."""
    if not work.started:
        raise CommandRejected("combat has not started: no turns before it")
    require_turn(work, cmd.token)
    index = int(work.combat["turn"])
    work.combat.setdefault("done", []).append(index)
    work.emit(TurnEnded(sentence=f"{work.name(cmd.token)} ends the turn.", token=cmd.token))
    work.ruleset.on_turn_end(work, cmd.token)
    _advance(work, index + 1)
