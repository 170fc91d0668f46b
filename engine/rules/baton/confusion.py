"""CONFUSED: "When has the initiative, a confused character must roll 1d6: on a 1–3 they move
randomly; on a 4–5 they attack a random character within their reach; and on a 6 they do nothing."

The roll is the turn: Vantage carries out what it says as the initiative reaches the character —
the random move (a direction rolled on 1d8, the whole speed that way, stopping before what it cannot
enter: assumed, the text gives neither), the attack on a character drawn among those within reach
(with the first melee weapon held, assumed), or nothing — and then refuses every other action,
quoting the sentence (:func:`turns.confusion_refusal`). The GM may set the roll aside for the turn
(``set_aside_confusion``, logged as a GM override) and play the turn out by hand.
"""

from __future__ import annotations

from vantage.engine.dice import roll
from vantage.engine.movement import check_path
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.baton.attacking import UNARMED, check_reach, counterattack, melee_weapon, resolve
from vantage.engine.rules.baton.moving import MOVE_RULES, NO_MOVEMENT, allowance, walk
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.baton.tables import CONFUSED_TABLE, DIRECTIONS
from vantage.engine.rules.baton.turns import require_combat, require_turn
from vantage.engine.rules.baton.vocabulary import SetAsideConfusion


def confused_turn(work: BatonWork, tid: str) -> None:
    """The initiative reaches a confused character: roll 1d6 and do what it says."""
    name = work.name(tid)
    with work.rolls_by(tid):
        r = roll("1d6", work.dice, f"{name} is confused")
    row = next(row for row in CONFUSED_TABLE if row[0] <= r.total <= row[1])
    _, _, result, what, quote = row
    work.emit_roll(r, what)
    work.creature(tid)["confused"] = {"roll": r.total, "result": result}
    work.emit(
        Note(sentence=f"{name} is confused and {what}: {quote}.", token=tid, data={"confused": what})
    )
    if result == "move":
        _random_move(work, tid)
    elif result == "attack":
        _random_attack(work, tid)


def _random_move(work: BatonWork, tid: str) -> None:
    name = work.name(tid)
    allowed = allowance(work, tid)
    work.creature(tid).update({"movement": 0, "move_left": 0, "used_one": True, "moved_this_turn": True})
    stuck = next((c for c in NO_MOVEMENT if work.has(tid, c)), None)
    if stuck:
        work.emit(Note(sentence=f"{name} is {stuck}: the random move does not happen.", token=tid))
        return
    with work.rolls_by(tid):
        d = roll(f"1d{len(DIRECTIONS)}", work.dice, f"{name}'s random direction")
    label, (dx, dy) = DIRECTIONS[d.total - 1]
    work.emit_roll(d, label)
    x, y = work.token(tid).position
    tiles = [(x + dx * k, y + dy * k) for k in range(int(allowed.value) + 1)]
    for end in range(len(tiles), 1, -1):
        try:
            path = check_path(work.enc, tid, tiles[:end], allowed, MOVE_RULES)
        except CommandRejected:
            continue
        walk(work, tid, path.tiles, path.events, "moves randomly")
        return
    work.emit(Note(sentence=f"{name} cannot move {label}: the way is blocked.", token=tid))


def _random_attack(work: BatonWork, tid: str) -> None:
    name = work.name(tid)
    record = work.creature(tid)
    record.update({"major": 0, "used_one": True})
    weapon = melee_weapon(work, tid) or UNARMED
    within = []
    for other in work.participants:
        if other == tid or work.dead(other) or work.has(other, "petrified"):
            continue
        try:
            check_reach(work, tid, other, weapon)
        except CommandRejected:
            continue
        within.append(other)
    if not within:
        work.emit(Note(sentence=f"Nobody is within {name}'s reach: the attack has no target.", token=tid))
        return
    target = within[0]
    if len(within) > 1:
        with work.rolls_by(tid):
            r = roll(f"1d{len(within)}", work.dice, f"{name}'s random target")
        target = within[r.total - 1]
        work.emit_roll(r, work.name(target))
    with work.rolls_by(tid):
        resolve(work, tid, target, weapon, why="Confused")
    if not work.dead(target) and not weapon.ranged:
        counterattack(work, target, tid)


def set_aside(work: BatonWork, cmd: SetAsideConfusion) -> None:
    """GM override: the confused holder's roll is set aside for this turn — every action is
    accepted again, and the log says it was the GM's."""
    tid, name = cmd.token, work.name(cmd.token)
    require_combat(work, "confusion roll")
    require_turn(work, tid)
    state = work.record(tid).get("confused")
    if not state:
        raise CommandRejected(f"{name} has rolled no confusion this turn")
    if state.get("set_aside"):
        raise CommandRejected(f"{name}'s confusion roll is already set aside this turn")
    work.creature(tid)["confused"] = {**state, "set_aside": True}
    what = next(row[3] for row in CONFUSED_TABLE if row[2] == state["result"])
    work.emit(
        Note(
            sentence=f"GM override: {name}'s confusion roll ({state['roll']}: {what}) is set aside this "
            "turn; the GM plays the turn out.",
            token=tid,
            data={"override": "set_aside_confusion"},
        )
    )
