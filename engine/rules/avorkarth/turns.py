"""The round: combat start, each creature's turn (with its resolve check), staying and re-entering,
and the round's end (over-time effects, stamina, the dead removed, a new order)."""

from __future__ import annotations

from typing import Any

from vantage.engine.dice import roll
from vantage.engine.geometry.reach import are_enemies
from vantage.engine.model import Size, Token
from vantage.engine.protocol.commands import StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import (
    CombatStarted,
    Note,
    RoundBegan,
    RoundEnded,
    TurnBegan,
    TurnEnded,
)
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth import critical_wounds, grapple
from vantage.engine.rules.avorkarth.damage import apply_damage
from vantage.engine.rules.avorkarth.initiative import Contender, Entry, ambush_order, round_order
from vantage.engine.rules.avorkarth.ledger import MINOR_PER_LESSER
from vantage.engine.rules.avorkarth.morale import morale_check, morale_dc
from vantage.engine.rules.avorkarth.options import ambush_of
from vantage.engine.rules.avorkarth.statblock import StatBlock, from_block
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION, Work, new_creature
from vantage.engine.rules.avorkarth.vocabulary import MoraleChecked
from vantage.engine.rules.timers import TimerUnit, tick, turn_ended

MAX_SKIPS = 1000


def _contenders(work: Work) -> list[Contender]:
    out = []
    for tid in work.peek("participants"):
        if not work.alive(tid):
            continue
        block = work.block(tid)
        initiative, swiftness = work.initiative_and_swiftness(tid)
        out.append(Contender(
            tid, int(initiative.value), int(swiftness.value), block.player, block.ability("agility"),
        ))
    return out


def _order_pairs(work: Work) -> tuple[tuple[str, int], ...]:
    return tuple((e[0], e[1]) for e in work.peek("order"))


def _order_text(work: Work) -> str:
    parts = []
    for tid, value, extra in work.peek("order"):
        parts.append(f"{work.name(tid)} {value}" + (" (extra turn)" if extra else ""))
    return ", ".join(parts)


def start_combat(work: Work, cmd: StartCombat) -> None:
    participants = cmd.participants
    ambushers, ambushed = ambush_of(cmd)
    if work.combat.get("started"):
        raise CommandRejected("combat has already started")
    ids = list(participants) or [t.id for t in work.enc.tokens if t.stats]
    if not ids:
        raise CommandRejected("no token with a stat block to fight")
    for tid in (*ids, *ambushers, *ambushed):
        work.token(tid)
        work.block(tid)
    for tid in ambushers:
        if tid not in ids:
            raise CommandRejected(f"ambusher {work.name(tid)} is not taking part in the combat")
    if ambushers and not ambushed:
        ambushed = tuple(t for t in ids if t not in ambushers and any(
            are_enemies(work.token(t), work.token(a)) for a in ambushers))
    creatures = work.combat.setdefault("creatures", {})
    for tid in ids:
        creatures.setdefault(tid, new_creature(work.block(tid)))
    work.combat.update({
        "started": True, "round": 1, "participants": ids, "ambush": bool(ambushers),
        "ambushers": list(ambushers), "ambushed": list(ambushed), "done": [], "stayed": [],
        "interrupted": None, "turn": None,
    })
    contenders = _contenders(work)
    if ambushers:
        order, left_out = ambush_order(contenders, ambushers, ambushed)
    else:
        order, left_out = round_order(contenders), []
    work.combat["order"] = [e.as_list() for e in order]
    if ambushers:
        names = ", ".join(work.name(a) for a in ambushers)
        text = f"Ambush! {names} strike first; the ambushed take −10 initiative. Order: {_order_text(work)}."
    else:
        text = f"Combat begins. Order: {_order_text(work)}."
    work.emit(CombatStarted(sentence=text, order=_order_pairs(work), ambush=bool(ambushers)))
    for tid in left_out:
        text = f"{work.name(tid)} is caught unaware and does not act this round."
        work.emit(Note(sentence=text, token=tid))
    work.emit(RoundBegan(sentence="Round 1 begins.", round=1, order=_order_pairs(work)))
    begin_next_turn(work)


def require_combat(work: Work) -> None:
    if not work.combat.get("started"):
        raise CommandRejected("combat has not started (start_combat first)")


def current_actor(work: Work) -> str | None:
    turn = work.combat.get("turn")
    if turn is None:
        return None
    return str(work.peek("order")[turn][0])


def has_acted_this_round(work: Work, token_id: str) -> bool:
    """Whether ``token_id``'s own turn of this round has begun (it is acting or has acted)."""
    order = work.peek("order", [])
    begun = set(work.peek("done", ()))
    if work.combat.get("turn") is not None:
        begun.add(work.combat["turn"])
    return any(order[i][0] == token_id and not order[i][2] for i in begun if i < len(order))


def felt_rounds(work: Work, token_id: str, rounds: int) -> tuple[int, str]:
    """The timer, in round ends, of a condition the text gives ``rounds`` rounds, counted so that the
    creature feels every one of them: when its turn of this round is over, this round's end does
    not count. Returns the timer and a note for the log ("" when the round counts)."""
    if work.combat.get("started") and has_acted_this_round(work, token_id):
        return rounds + 1, f"{work.name(token_id)} has acted this round: counted from its next turn"
    return rounds, ""


def round_budget(work: Work, token_id: str) -> int:
    """The actions a turn of ``token_id`` beginning now may use.

    "Swiftness is how many actions a creature can do within a round regardless of their
    Initiative", "Any creature whose swiftness exceeds 6 actions then gain additional turns per 6
    actions" and "The acting creature uses up to 10 actions": a creature has its swiftness in
    actions each round; a turn uses up to 10 of those still unused this round, the extra turns
    the rest (``swiftness: "per_round"``, the default). The rules option ``"ten_per_turn"``
    gives every turn 10 actions, swiftness only adding turns.
    """
    per_turn = int(work.rules["actions_per_turn"])
    if work.rules.get("swiftness") == "ten_per_turn":
        return per_turn
    c = work.record(token_id)
    used = int(c.get("round_actions", 0)) if c.get("round_actions_of") == work.combat.get("round") else 0
    swift = int(work.swiftness(token_id).value)
    return max(0, min(per_turn, swift - used))


def turn_budget(work: Work, token_id: str) -> int:
    """The actions of ``token_id``'s current turn (set when it began)."""
    c = work.record(token_id)
    return int(c["budget"]) if "budget" in c else int(work.rules["actions_per_turn"])


def actions_left(work: Work, token_id: str) -> int:
    return turn_budget(work, token_id) - int(work.record(token_id)["actions"])


def require_turn(work: Work, token_id: str) -> None:
    require_combat(work)
    actor = current_actor(work)
    if actor != token_id:
        whose = f"it is {work.name(actor)}'s turn" if actor else "no one is acting"
        raise CommandRejected(f"{work.name(token_id)} cannot act now: {whose}")


#: The movement actions ("Retreating : … may only use movement actions for their turn"): moving,
#: and standing up and turning to face (assumed — not in the source text, which lists no actions).
MOVEMENT_ACTIONS = frozenset({"move", "stand_up", "face"})


def check_spend(work: Work, token_id: str, action: str, label: str) -> int:
    """What ``action`` costs; CommandRejected when the turn has not that many actions left."""
    cost = work.cost(action)
    left = actions_left(work, token_id)
    if cost > left:
        raise CommandRejected(
            f"{work.name(token_id)} has {left} of {turn_budget(work, token_id)} actions left; "
            f"{label} costs {cost}"
        )
    return cost


def spend(work: Work, token_id: str, action: str, label: str) -> None:
    cost = check_spend(work, token_id, action, label)
    c = work.creature(token_id)
    c["actions"] += cost
    if work.combat.get("round") is not None:
        if c.get("round_actions_of") != work.combat["round"]:
            c["round_actions_of"], c["round_actions"] = work.combat["round"], 0
        c["round_actions"] = int(c.get("round_actions", 0)) + cost
    if action not in MOVEMENT_ACTIONS:
        c["other_actions"] = True


def begin_next_turn(work: Work) -> None:
    """Start the next entry's turn that is not done; at the end of the list, end the round."""
    for _ in range(MAX_SKIPS):
        done = set(work.peek("done"))
        order = work.peek("order")
        index = next((i for i in range(len(order)) if i not in done), None)
        if index is None and work.peek("stayed"):
            # nobody is left to act: a stayed turn comes back before the round ends
            index = work.combat["stayed"].pop(0)
            tid = order[index][0]
            if work.can_act(tid):
                work.combat["done"].remove(index)
                work.combat["turn"] = index
                left = actions_left(work, tid)
                work.emit(TurnBegan(sentence=f"{work.name(tid)} re-enters with {left} stayed actions.",
                                    token=tid, round=work.combat["round"], label="re-entered",
                                    budget={"actions": left}))
                return
            continue
        if index is None:
            end_round(work)
            continue
        tid, _, extra = order[index]
        if not work.can_act(tid):
            work.combat["done"].append(index)
            state = "dead" if work.has(tid, "dead") else "unconscious"
            work.emit(Note(sentence=f"{work.name(tid)} is {state} and loses the turn.", token=tid))
            continue
        _begin_turn(work, index)
        return
    raise CommandRejected("no creature can act any more")


def _begin_turn(work: Work, index: int) -> None:
    tid, _, extra = work.peek("order")[index]
    work.combat["turn"] = index
    c = work.creature(tid)
    # a swift action used before the turn (a tackled creature's free strike) is this turn's
    c.update({"actions": 0, "move_used": False, "swift_used": bool(c.pop("swift_owed", False)),
              "retreating": False, "other_actions": False, "primary_attacked": False})
    c["budget"] = budget = round_budget(work, tid)
    rnd = work.combat["round"]
    label = "extra turn" if extra else "turn"
    work.emit(TurnBegan(
        sentence=f"{work.name(tid)}'s {label} (round {rnd}, {budget} action{'s' if budget != 1 else ''}).",
        token=tid, round=rnd, label=label, budget={"actions": budget},
    ))
    if c.get("morale_round", 0) < rnd:
        c["morale_round"] = rnd
        _resolve_check(work, tid)


def _presence_in(work: Work, tid: str, block: StatBlock, size: Size, towards_enemies: bool,
                 reading: str) -> int:
    """:func:`.attributes.presence` of ``block`` in the creature's condition now, once per stat
    block, size, condition and reading (many records make one condition: the first time a record
    is met, its condition usually has its presence already)."""
    cond = work.cond(tid)
    return from_block(block, ("presence in", size, towards_enemies, cond, reading), lambda: int(attr.presence(
        block, size, towards_enemies=towards_enemies, cond=cond, wounds_reading=reading).value))


def _kept_presence(work: Work, tid: str, token: Token, record: dict[str, Any], towards_enemies: bool,
                   reading: str, wounded_states: bool) -> int:
    """:func:`_presence_in` of the creature now, kept by what it is worked out of: the creature's
    stat block (its token's ``stats``, never changed in place) and size, the wounds, stamina and
    torso wounds of its ``record`` (the rest of its condition and its block), the reading and the
    option. Every creature's first turn of a round asks each participant's presence; most of them
    are as they were at the last turn, whose working copy, and so its stat blocks, is gone — and
    a creature that moved has a new token, but the same stat block and size."""
    stats = token.stats
    wounds = record.get("critical_wounds")
    key = (id(stats), record["lethal"], record["nonlethal"], int(record["stamina"]),
           wounds.count("torso") if wounds else 0, towards_enemies, reading, wounded_states)
    kept = _PRESENCES.get(key)
    if kept is not None and kept[0] is stats and kept[1] is token.size:
        return kept[2]
    value = _presence_in(work, tid, work.block(tid), token.size, towards_enemies, reading)
    if len(_PRESENCES) >= _PRESENCES_SIZE:
        _PRESENCES.clear()
    _PRESENCES[key] = (stats, token.size, value)
    return value


#: (id of a stat block's ``stats``, its creature's lethal and non-lethal wounds, stamina and torso
#: wounds, towards enemies, the Wounds' reading, the rules option ``wounded_states``) → (those
#: stats, the token's size, the presence): :func:`_kept_presence`'s answers (holding the stats
#: keeps their id from being reused while kept), at most :data:`_PRESENCES_SIZE` (then it starts
#: again)
_PRESENCES: dict[tuple[object, ...], tuple[object, Size, int]] = {}
_PRESENCES_SIZE = 4096


def _resolve_check(work: Work, tid: str) -> None:
    me = work.token(tid)
    rules = work.rules
    reading = str(rules.get("presence_wounds", "beyond_five"))
    wounded_states = bool(rules.get("wounded_states", True))
    side = me.side
    creatures = work.peek("creatures") or {}
    # the highest presence on each side among the creatures standing (the first of equals, in the
    # order of the participants): only those two name a part of the DC
    enemy: tuple[int, str] | None = None
    ally: tuple[int, str] | None = None
    for other in work.peek("participants"):
        t = work.token(other)
        conditions = t.conditions  # not work.can_act(other); most creatures have no condition
        if conditions and any(c.name in OUT_OF_ACTION for c in conditions):
            continue
        if are_enemies(me, t):
            towards_enemies = True
        elif other == tid or t.side == side:
            towards_enemies = False
        else:
            continue
        record = dict.get(creatures, other)  # to read only (work.record, inline: once per participant)
        if not isinstance(record, dict):
            record = work.record(other)
        value = _kept_presence(work, other, t, record, towards_enemies, reading, wounded_states)
        if towards_enemies:
            if enemy is None or value > enemy[0]:
                enemy = (value, other)
        elif ally is None or value > ally[0]:
            ally = (value, other)
    dc = morale_dc([] if enemy is None else [(work.name(enemy[1]), enemy[0])],
                   [] if ally is None else [(work.name(ally[1]), ally[0])])
    c = work.creature(tid)
    block = work.block(tid)
    resolve = work.resolve(tid).plus("shaken last check", -c.get("resolve_penalty", 0))
    head = critical_wounds.head_wounds(work, tid)
    with work.rolls_by(tid):  # the creature's own roll: its player rolls it when its dice are physical
        result = morale_check(work.name(tid), resolve, block.ability("will"), dc, work.dice, work.chart,
                              -head)
    work.emit_roll(result.roll, result.outcome)
    effect = result.effect if c["fear"] or result.fear_change >= 0 else "keeps a cool head"
    c["fear"] = max(0, c["fear"] + result.fear_change)
    c["resolve_penalty"] = result.resolve_penalty_next
    work.emit(MoraleChecked(
        sentence=f"{work.name(tid)}'s resolve check ({result.outcome.value}) {effect}"
                 f" — fear {c['fear']}.",
        token=tid, outcome=result.outcome.value, dc=int(dc.value), fear=c["fear"],
        explanation=f"{resolve}; {dc}" + (f"; head wound: roll result −{head}" if head else ""),
    ))


def end_turn(work: Work, token_id: str, *, stayed: bool = False) -> None:
    require_turn(work, token_id)
    index = work.combat["turn"]
    work.combat["turn"] = None
    if stayed:
        work.combat["stayed"].append(index)
        left = actions_left(work, token_id)
        work.emit(TurnEnded(sentence=f"{work.name(token_id)} stays the {left} remaining actions.",
                            token=token_id, stayed=True))
    else:
        work.emit(TurnEnded(sentence=f"{work.name(token_id)} ends the turn.", token=token_id))
    work.combat["done"].append(index)
    if not stayed:  # a stayed turn ends when it is re-entered and ended
        turn_ended(work, token_id, work.peek("participants"))
    interrupted = work.combat.get("interrupted")
    if interrupted is not None:
        work.combat["interrupted"] = None
        work.combat["done"].remove(interrupted)
        _begin_turn(work, interrupted)
        return
    begin_next_turn(work)


def resume(work: Work, token_id: str) -> None:
    """Re-enter a stayed turn before the current creature has used any action."""
    require_combat(work)
    stayed = [i for i in work.combat["stayed"] if work.combat["order"][i][0] == token_id]
    if not stayed:
        raise CommandRejected(f"{work.name(token_id)} has no stayed actions to use")
    actor = current_actor(work)
    if actor is None or work.record(actor)["actions"] > 0:
        raise CommandRejected("a stayed turn can only be re-entered before the next creature acts")
    index = stayed[0]
    work.combat["stayed"].remove(index)
    interrupted = work.combat["turn"]
    work.combat["interrupted"] = interrupted
    work.combat["done"].append(interrupted)
    work.combat["done"].remove(index)
    work.combat["turn"] = index
    left = actions_left(work, token_id)
    work.emit(TurnBegan(sentence=f"{work.name(token_id)} re-enters with {left} stayed actions, before "
                                 f"{work.name(actor)} acts.", token=token_id,
                        round=work.combat["round"], label="re-entered", budget={"actions": left}))


def end_round(work: Work) -> None:
    rnd = work.combat["round"]
    participants = work.peek("participants")
    for tid in participants:
        if not work.alive(tid):
            continue
        if work.has(tid, "bleeding-out"):
            apply_damage(work, tid, MINOR_PER_LESSER, lethal=True, cause="bleeding out")
    grapple.round_effects(work)
    tick(work, TimerUnit.ROUNDS, [t for t in participants if work.alive(t)])
    for tid in participants:
        if work.alive(tid):
            c = work.creature(tid)
            constitution = work.block(tid).ability("constitution")
            before = attr.stamina_state(c["stamina"], constitution)
            c["stamina"] -= 1
            after = attr.stamina_state(c["stamina"], constitution)
            if after != before:
                text = f"{work.name(tid)} is {after.value}: −{after.penalty} to combat attributes."
                work.emit(Note(sentence=text,
                               token=tid, data={"stamina": c["stamina"], "state": after.value}))
    work.emit(RoundEnded(sentence=f"Round {rnd} ends; every creature's stamina drops by 1.", round=rnd))
    dead = [t for t in participants if not work.alive(t)]
    for tid in dict.fromkeys(dead):
        if any(e[0] == tid for e in work.peek("order")):
            work.emit(Note(sentence=f"{work.name(tid)} is removed from the initiative list.", token=tid))
    work.combat.update({"round": rnd + 1, "ambush": False, "done": [], "stayed": [], "turn": None,
                        "interrupted": None})
    order: list[Entry] = round_order(_contenders(work))
    work.combat["order"] = [e.as_list() for e in order]
    work.emit(RoundBegan(sentence=f"Round {rnd + 1} begins. Order: {_order_text(work)}.", round=rnd + 1,
                         order=_order_pairs(work)))


def roll_d20_plus(work: Work, value: int, purpose: str) -> int:
    r = roll("d20", work.dice, purpose)
    work.emit_roll(r)
    return r.total + value
