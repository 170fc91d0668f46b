"""The baton: who starts, what a character may do while holding the initiative, and to whom it
passes.

- "When combat begins, a PC who is not surprised, chosen by the players, starts with the
  initiative. If every PC is surprised, then an opponent chosen by the GM starts" — ``start_combat``
  takes ``first`` (a token or a side) or asks the table (a choice decision);
- "one major action, one minor action, and one movement" — the slots of the holder;
- KEEPING / LOSING THE INITIATIVE — the die of the skill check of the major action decides whether
  ``pass_initiative`` must go to an ally (those who have not acted first) or to the other side;
- "a turn is the span of time in which one side of the fight holds the initiative" — the turn
  counter grows when the initiative crosses to the other side, and per-turn effects (timers in
  side turns) tick for the side that receives it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.movement import feet_to_tiles
from vantage.engine.protocol.commands import EndCombat, EndTurn, PassInitiative, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import CombatStarted, Note, TurnBegan, TurnEnded
from vantage.engine.rules.baton import mounts
from vantage.engine.rules.baton.shifts import CLOCK
from vantage.engine.rules.baton.state import SIDES, BatonWork
from vantage.engine.rules.baton.tables import CONFUSED_QUOTE, RULESET_NAME, rules_of
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.timers import TimerUnit, tick

START_OPTIONS = {
    "first": OptionSpec(
        (str,),
        None,
        "the PC (or side) that starts with the initiative; null: the "
        "players choose (or the GM, when every PC is surprised)",
    ),
    "surprised": OptionSpec((list, tuple), (), "the tokens caught by surprise"),
}

SLOTS = ("major", "minor", "movement")
#: CONFUSED: the sentence that puts a confused character first.
CONFUSED_FIRST = '"A confused character always acts before their allies"'


def require_combat(work: BatonWork, what: str) -> None:
    if not work.started:
        raise CommandRejected(f"combat has not started: no {what} before it")


def require_turn(work: BatonWork, token_id: str, *, holder_only: bool = False) -> None:
    """``token_id`` holds the initiative — or, unless ``holder_only``, is the mount of the one who
    does: "The mount acts using the rider's major action and minor action"."""
    actor = work.actor
    if (token_id if holder_only else mounts.acts_for(work, token_id)) != actor:
        who = work.name(actor) if actor is not None else "nobody"
        raise CommandRejected(f"{work.name(token_id)} does not hold the initiative: {who} does")


def require_alive(work: BatonWork, token_id: str, what: str) -> None:
    if work.dead(token_id):
        raise CommandRejected(f"{work.name(token_id)} is dead and cannot {what}")
    if work.has(token_id, "petrified"):
        raise CommandRejected(f"{work.name(token_id)} is petrified — a statue of stone — and cannot {what}")


def speed_tiles(work: BatonWork, token_id: str) -> int:
    """ "Move up to the limit of their speed": the speed in feet, in whole tiles."""
    feet = mounts.speed_feet(work, token_id)  # "The character uses the mount's speed"
    return feet_to_tiles(feet, work.enc.map.feet_per_tile)


def confusion_refusal(work: BatonWork, token_id: str, what: str) -> str:
    """Why the confused holder may not take ``what`` now ("" when it may): "a confused character
    must roll 1d6" and the roll is the turn (:mod:`.confusion`), unless the GM has set it aside."""
    state = work.record(token_id).get("confused")
    if not work.started or not isinstance(state, Mapping) or state.get("set_aside"):
        return ""
    return (
        f"{work.name(token_id)} is confused and rolled {state['roll']}: "
        f"{CONFUSED_QUOTE[str(state['result'])]}, and the roll is the turn ({what} refused; the GM "
        "may set the roll aside)"
    )


def spend_refusal(work: BatonWork, token_id: str, slot: str, what: str) -> str:
    """Why ``token_id`` may not use the ``slot`` (major, minor, movement) of the holder's turn
    now ("" when it may): what :func:`spend` refuses, read without changing anything."""
    if not work.started:
        return ""
    token_id = mounts.acts_for(work, token_id)  # a ridden mount uses its rider's actions
    refusal = confusion_refusal(work, token_id, what)
    if refusal:
        return refusal
    seen = work.record(token_id)  # read only: a refusal copies nothing
    if seen.get(slot, 1) < 1:
        word = "movement" if slot == "movement" else f"{slot} action"
        return f"{work.name(token_id)} has already used the {word} this turn ({what})"
    if work.has(token_id, "slowed") and seen.get("used_one"):
        return (
            f"{work.name(token_id)} is slowed: only one major action, minor action or "
            "movement while holding the initiative, and it is used"
        )
    return ""


def spend(work: BatonWork, token_id: str, slot: str, what: str) -> None:
    """Use the ``slot`` (major, minor, movement) of the holder's turn; "SLOWED: ... can only take
    one major action or one minor action or one movement"; a confused character does what its
    roll says."""
    refusal = spend_refusal(work, token_id, slot, what)
    if refusal:
        raise CommandRejected(refusal)
    if not work.started:
        return
    token_id = mounts.acts_for(work, token_id)  # a ridden mount uses its rider's actions
    record = work.creature(token_id)
    record[slot] = 0
    record["used_one"] = True
    if slot == "movement":
        record["move_left"] = 0


def expose_until_next_turn(work: BatonWork, token_id: str, why: str) -> None:
    """Exposed "until their next turn": until the initiative next comes to the bearer's side."""
    work.add_condition(token_id, "exposed", why=f"{why}: until their next turn")
    work.creature(token_id)["exposed_until_turn"] = True


def note_check(work: BatonWork, token_id: str, natural: int, major: bool = True) -> None:
    """A skill check as part of the major action: its die decides where the initiative goes."""
    token_id = mounts.acts_for(work, token_id)  # a ridden mount's check is its rider's major action
    if not major or not work.started or work.actor != token_id:
        return
    record = work.creature(token_id)
    record["check"] = "even" if natural % 2 == 0 else "odd"
    record["die"] = natural


def begin_turn(work: BatonWork, token_id: str) -> None:
    """The initiative reaches ``token_id``: a fresh major action, minor action and movement."""
    side = work.side(token_id)
    before = work.combat.get("holder")
    crossed = before != side
    if crossed and before is not None:
        # "A turn begins for a character when the initiative is passed to their side and ends when
        # it is lost": the side that loses the initiative has had a turn — a timer in the bearer's
        # own turns and one in side turns count it alike (a pass to an ally ends no turn); Baton
        # has no rounds, so a timer in rounds counts the same (assumed)
        losing = [t for t in work.participants if work.side(t) == before]
        if _timed(work, losing):
            for unit in (TimerUnit.TURNS, TimerUnit.SIDE_TURNS, TimerUnit.ROUNDS):
                tick(work, unit, losing)  # (a timer counts down only on a timed condition)
    if crossed:
        work.combat["turn"] = int(work.combat.get("turn", 0)) + 1
        work.combat["holder"] = side
        work.combat["side_acted"] = []
    work.combat["actor"] = token_id
    record = work.creature(token_id)
    tiles = speed_tiles(work, token_id)
    record.update(
        {
            "major": 1,
            "minor": 1,
            "movement": 1,
            "move_left": tiles,
            "check": None,
            "used_one": False,
            "straight": 0,
            "moved_this_turn": False,
        }
    )
    record.pop("die", None)
    record.pop("confused", None)
    turn = int(work.combat["turn"])
    work.emit(
        TurnBegan(
            sentence=f"{work.name(token_id)} holds the initiative (turn {turn}, the {side} side).",
            token=token_id,
            round=turn,
            label=side,
            budget={"major": 1, "minor": 1, "movement": tiles},
        )
    )
    if crossed:
        for tid in [t for t in work.participants if work.side(t) == side]:
            if work.record(tid).get("exposed_until_turn"):
                work.creature(tid).pop("exposed_until_turn", None)
                work.remove_condition(tid, "exposed", "their next turn has come")
        # "PER-TURN EFFECTS: ... affects the target whenever the initiative returns to their side"
        work.ruleset.on_side_turn(work, side)
    work.ruleset.on_turn_start(work, token_id)


def _timed(work: BatonWork, token_ids: list[str]) -> bool:
    """Whether one of ``token_ids`` has a timed condition (most have no condition at all)."""
    for t in token_ids:
        for c in work.token(t).conditions:  # loops: no generator per call
            if c.rounds_left is not None:
                return True
    return False


def _candidates(work: BatonWork, side: str) -> list[str]:
    """Who of ``side`` may receive the initiative: not a statue, and not a ridden mount ("The mount
    acts using the rider's major action and minor action": it acts in its rider's turn)."""
    riders = work.riders()  # (``standing`` leaves the statues out)
    return [t for t in work.standing(side) if t not in riders]


def start_combat(work: BatonWork, cmd: StartCombat) -> None:
    options = read_options("start_combat", cmd.options, START_OPTIONS, RULESET_NAME)
    rules_of(work.combat)  # a bad rules option is refused before anything happens
    if work.started:
        raise CommandRejected("combat has already started")
    ids = list(dict.fromkeys(cmd.participants)) or [
        t.id for t in work.enc.tokens if t.stats and t.side.value in SIDES
    ]
    if not ids:
        raise CommandRejected("no token with a stat block to fight")
    for tid in ids:
        work.stats(tid)
        if work.side(tid) not in SIDES:
            raise CommandRejected(
                f"{work.name(tid)} is neutral: a {RULESET_NAME} fight is party against enemy"
            )
    surprised = [str(t) for t in options["surprised"]]
    for tid in surprised:
        if tid not in ids:
            raise CommandRejected(f"start_combat.options.surprised: {tid!r} is not taking part in the combat")
    work.combat["participants"] = ids
    # a ridden mount never holds the initiative: "The mount acts using the rider's major action"
    able = [t for t in ids if not work.dead(t) and mounts.rider_of(work, t) is None]
    pcs = _confused_first(work, [t for t in able if work.side(t) == "party" and t not in surprised])
    foes = _confused_first(work, [t for t in able if work.side(t) == "enemy"])
    first = options["first"]
    if first is None:
        first = _choose_first(work, pcs, foes)
    elif first in SIDES:
        pool = pcs if first == "party" else foes
        if first == "enemy" and pcs:
            raise CommandRejected(
                "start_combat.options.first: a PC who is not surprised starts; the "
                "opponents start only if every PC is surprised"
            )
        if not pool:
            raise CommandRejected(f"start_combat.options.first: nobody of the {first} side can start")
        first = pool[0]
    elif first in ids:
        if first in surprised:
            raise CommandRejected(f"start_combat.options.first: {work.name(first)} is surprised")
        if work.dead(first):
            raise CommandRejected(f"start_combat.options.first: {work.name(first)} is dead")
        if first not in able:
            raise CommandRejected(f"start_combat.options.first: {work.name(first)} cannot start: "
                                  "a ridden mount acts in its rider's turn")
        if work.side(first) == "enemy" and pcs:
            raise CommandRejected(
                f"start_combat.options.first: {work.name(first)} is an opponent, and "
                f"{', '.join(work.name(p) for p in pcs)} "
                f"{'is' if len(pcs) == 1 else 'are'} not surprised: a PC starts"
            )
        pool = pcs if work.side(first) == "party" else foes
        if first not in pool:
            raise CommandRejected(
                f"start_combat.options.first: {work.name(first)} cannot start: "
                f"{', '.join(work.name(p) for p in pool)} {'is' if len(pool) == 1 else 'are'} confused, "
                f'and "A confused character always acts before their allies"'
            )
    else:
        raise CommandRejected(f"start_combat.options.first: {first!r} is not party, enemy or a participant")
    for tid in ids:
        work.creature(tid)
    work.combat.update(
        {"started": True, "acted": [], "turn": 0, "holder": None, "actor": None, "surprised": surprised}
    )
    names = ", ".join(work.name(t) for t in ids)
    work.emit(CombatStarted(sentence=f"Combat begins: {names}.", order=()))
    for tid in surprised:
        work.emit(Note(sentence=f"{work.name(tid)} is caught by surprise.", token=tid))
    if work.has(first, "confused"):
        work.emit(Note(sentence=f"{work.name(first)} is confused: {CONFUSED_FIRST}.", token=first))
    begin_turn(work, first)


def _confused_first(work: BatonWork, pool: list[str]) -> list[str]:
    """ "A confused character always acts before their allies": when one of ``pool`` is confused,
    only the confused may start."""
    confused = [t for t in pool if work.has(t, "confused") and not work.has(t, "petrified")]
    return confused or pool


def _choose_first(work: BatonWork, pcs: list[str], foes: list[str]) -> str:
    """Ask who starts: "a PC who is not surprised, chosen by the players" — the players decide (the
    first PC's player answers on a device) — else "an opponent chosen by the GM"."""
    pool, who, words, by = (
        (pcs, pcs[0] if pcs else None, "The players choose", "the players")
        if pcs
        else (foes, None, "Every PC is surprised: the GM chooses", "")
    )
    if not pool:
        raise CommandRejected("nobody can start with the initiative")
    if len(pool) == 1:
        return pool[0]
    if work.has(pool[0], "confused"):
        words = f"{CONFUSED_FIRST}: {words[0].lower()}{words[1:]}"
    choices = tuple(
        Choice(t, f"{work.name(t)} starts", {}, f"{work.name(t)} starts with the initiative") for t in pool
    )
    return work.ask(
        Decision("choice", who, f"{words} who starts with the initiative", choices, pool[0], chosen_by=by)
    )


# -- passing the initiative on ----------------------------------------------------------------------


def keeps(work: BatonWork, token_id: str) -> bool:
    """KEEPING THE INITIATIVE: a skill check in the major action with an even die; a confused
    character "always passes the initiative to an ally regardless of the action they took"."""
    return work.has(token_id, "confused") or work.record(token_id).get("check") == "even"


def allowed_receivers(work: BatonWork, token_id: str) -> tuple[list[str], str]:
    """Who may receive the initiative from ``token_id`` now, and the sentence why."""
    side = work.side(token_id)
    other = SIDES[1] if side == SIDES[0] else SIDES[0]
    record = work.record(token_id)
    die = record.get("die")
    is_confused = work.has(token_id, "confused")
    if is_confused or record.get("check") == "even":  # :func:`keeps`
        allies = [t for t in _candidates(work, side) if t != token_id]
        why = (
            "confused: always passes to an ally"
            if is_confused and die is None
            else f"even die ({die}): the initiative stays on the {side} side"
        )
        if allies:
            acted = dict.get(work.combat, "acted", ())  # read, not copied
            fresh = [t for t in allies if t not in acted]  # (``token_id`` is not among the allies)
            side_acted = dict.get(work.combat, "side_acted", ())
            confused = [t for t in allies if work.has(t, "confused") and t not in side_acted]
            if confused:
                return confused, f"{why}; a confused character acts before their allies"
            if fresh:
                return fresh, f"{why}; to an ally who has not acted yet"
            return allies, f"{why}; every ally has acted, so any ally"
        if not work.rules["lone_keeper_passes_over"]:
            return [], f"{why}, but no ally can receive it"
        why = f"{why}, but no ally can receive it: it passes to the {other} side"
    elif die is None:
        why = f"no skill check in the major action: the initiative passes to the {other} side"
    else:
        why = f"odd die ({die}): the initiative passes to the {other} side"
    receivers = _candidates(work, other)
    confused = [t for t in receivers if work.has(t, "confused")]
    if confused:
        return confused, f"{why}; a confused character acts before their allies"
    return receivers, why


def pass_why_not(work: BatonWork, token_id: str, to: str,
                 allowed: tuple[list[str], str] | None = None) -> str:
    """Why ``token_id`` may not pass the initiative to ``to`` now ("" when it may); ``allowed``:
    :func:`allowed_receivers` of ``token_id`` already worked out on this state."""
    early = _plain_refusal(work, token_id, to)
    if early:
        return early
    receivers, why = allowed if allowed is not None else allowed_receivers(work, token_id)
    if to not in receivers:
        names = ", ".join(work.name(t) for t in receivers) or "nobody"
        return f"{why} (to {names})"
    return ""


def _plain_refusal(work: BatonWork, token_id: str, to: str) -> str:
    """Why ``to`` cannot receive the initiative from ``token_id`` whatever the baton rule says
    ("" when nothing stands in the way): the checks :func:`pass_why_not` makes first."""
    if to not in work.participants:
        return f"{work.name(to)} is not taking part in the combat"
    if to == token_id:
        return f"{work.name(token_id)} cannot pass the initiative to themselves"
    if work.dead(to):
        return f"{work.name(to)} is dead"
    return ""


def pass_refusal(work: BatonWork, token_id: str, to: str, reason: str) -> str:
    """The sentence refusing ``token_id``'s pass to ``to`` for ``reason`` (:func:`pass_why_not`)."""
    return f"{work.name(token_id)} cannot pass the initiative to {work.name(to)}: {reason}"


def pass_initiative(work: BatonWork, cmd: PassInitiative) -> None:
    require_combat(work, "passing")
    work.token(cmd.to)
    require_turn(work, cmd.token, holder_only=True)
    reason = _plain_refusal(work, cmd.token, cmd.to)
    allowed = None if reason else allowed_receivers(work, cmd.token)  # worked out once
    if allowed is not None:
        reason = pass_why_not(work, cmd.token, cmd.to, allowed)
    if reason:
        raise CommandRejected(pass_refusal(work, cmd.token, cmd.to, reason))
    assert allowed is not None
    why = allowed[1]
    finish_turn(work, cmd.token, cmd.to, why)
    begin_turn(work, cmd.to)


def end_turn(work: BatonWork, cmd: EndTurn) -> None:
    """The holder is done: "the character must pass the initiative on to another character" — the
    holder's player chooses who receives it among those the baton rule allows (a choice decision;
    by default the first of them)."""
    require_combat(work, "passing")
    require_turn(work, cmd.token, holder_only=True)
    receivers, why = allowed_receivers(work, cmd.token)
    if not receivers:
        raise CommandRejected(
            f"{work.name(cmd.token)} cannot pass the initiative: {why}, and nobody can receive it"
        )
    to = receivers[0]
    if len(receivers) > 1:
        choices = tuple(
            Choice(t, f"To {work.name(t)}", {}, f"{work.name(t)} holds the initiative next")
            for t in receivers
        )
        to = work.ask(
            Decision(
                "choice",
                cmd.token,
                f"{work.name(cmd.token)} passes the initiative ({why}): to whom?",
                choices,
                receivers[0],
            )
        )
    finish_turn(work, cmd.token, to, why)
    begin_turn(work, to)


def finish_turn(work: BatonWork, token_id: str, to: str | None, why: str) -> None:
    falling = work.record(token_id).get("falling")
    if falling:  # a leap with no attack after it: the fall is settled the ordinary way
        work.settle_fall(token_id, float(falling["feet"]), int(falling["severity"]))
    for key in ("acted", "side_acted"):
        done = work.combat.setdefault(key, [])
        if token_id not in done:
            done.append(token_id)
    tail = f" to {work.name(to)}" if to else ""
    work.emit(
        TurnEnded(sentence=f"{work.name(token_id)} passes the initiative{tail}: {why}.", token=token_id)
    )
    work.ruleset.on_turn_end(work, token_id)


def end_combat(work: BatonWork, cmd: EndCombat) -> None:
    """ "At the end of each combat, the character's Protection is fully restored"; wounds stay."""
    require_combat(work, "end of combat")
    restored = []
    for tid in work.participants:
        record = work.creature(tid)
        for key in (
            "protection",
            "major",
            "minor",
            "movement",
            "move_left",
            "check",
            "die",
            "used_one",
            "straight",
            "moved_this_turn",
            "boons",
            "confused",
        ):
            record.pop(key, None)
        restored.append(work.name(tid))
    kept = ("rules", "creatures", "items", CLOCK)
    keep: dict[str, Any] = {k: v for k, v in work.combat.items() if k in kept}
    work.combat.clear()
    work.combat.update(keep)
    work.emit(
        Note(
            sentence=f"The combat ends; Protection is fully restored ({', '.join(restored)}).",
            data={"ended": True},
        )
    )
