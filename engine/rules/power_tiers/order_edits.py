"""Power Tiers' turn order edited by hand: a creature joins the running combat, leaves it, or the
GM moves a turn.

The text gives no turn order at all ("During each round you have three actions to use"); the
initiative roll and its order are Vantage's (**assumed**, ``turns.py``). So, all **assumed**:

- **Joining**: the newcomer rolls the same initiative (``initiative_die`` + ``initiative_ability``,
  at the table when its dice are), or the GM types the value rolled (refused when the roll cannot
  give it), and takes its place in the order by it. If that place is already behind the creature
  acting now, it acts from the next round.
- **Leaving**: its entry leaves the order; it stays on the map with its Fortitude and Health.
  When it is acting, the next creature in the order acts.
- **Moving a turn** is kept for the rest of the combat (the order is rolled once).
"""

from __future__ import annotations

from vantage.engine.dice import parse, roll
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder
from vantage.engine.rules import turn_order as shared
from vantage.engine.rules.power_tiers.turns import _next_turn
from vantage.engine.rules.power_tiers.work import PTWork

JOIN_HELP = "it rolls initiative and takes its place in the order (assumed: the text has no turn order)"
REORDER_NOTE = ("kept for the rest of the combat (assumed: the text has no turn order; the order is "
                "rolled once)")


def _key(work: PTWork, tid: str, score: int, ability: str) -> tuple[int, int, bool, int]:
    """The order of ``turns.start_combat``: score, then the stat, players' characters, map order."""
    position = {t.id: i for i, t in enumerate(work.enc.tokens)}
    stats = work.stats(tid)
    return -score, -int(stats[ability]), not stats["player"], position[tid]


def join_combat(work: PTWork, cmd: JoinCombat) -> None:
    shared.require_running(work, "join")
    shared.require_newcomer(work, cmd.token)
    tid = cmd.token
    ability = str(work.rules["initiative_ability"])
    bonus = work.stats(tid).get(ability)
    if not isinstance(bonus, int):
        raise CommandRejected(f"rules.initiative_ability: {ability!r} is not a number of the stat block")
    shared.require_living(work, tid, work.dead(tid))
    die = str(work.rules["initiative_die"])
    how = ""
    if cmd.initiative is not None:
        expression = parse(die)
        dice = expression.keep or expression.count
        low, high = dice + expression.modifier, dice * expression.sides + expression.modifier
        score = shared.checked_initiative(work, cmd, low + bonus, high + bonus,
                                          f"{die} + {ability.capitalize()} {bonus}")
        how = ", rolled at the table"
    else:
        with work.rolls_by(tid):
            r = roll(die, work.dice, f"{work.name(tid)} initiative",
                     needs=f"the total + {ability.capitalize()} {bonus}; the highest acts first")
        score = r.total + bonus
        work.emit_roll(r, f"{r.total} + {ability.capitalize()} {bonus} = {score}")
    work.creature(tid)
    order = work.combat["order"]
    scores = {str(e[0]): int(e[1]) for e in order} | {tid: score}
    ranked = sorted(scores, key=lambda t: _key(work, t, scores[t], ability))
    ideal: list[list[object]] = [[t, scores[t]] for t in ranked]
    _, places = shared.place_newcomer(work.combat, ideal, tid)
    turn = work.combat.get("turn")
    tail = ""
    if isinstance(turn, int) and places[0] < turn:
        rnd = int(work.combat["round"])
        tail = f" Its place in round {rnd} has already passed: it acts from round {rnd + 1}."
    shared.joined(work, tid, f"initiative {score}{how}", tail)


def leave_combat(work: PTWork, cmd: LeaveCombat) -> None:
    shared.require_can_leave(work, cmd.token)
    tid = cmd.token
    turn = work.combat.get("turn")
    acting = work.actor == tid
    shared.left(work, tid)
    shared.drop_entries(work.combat, tid)
    if acting and isinstance(turn, int):
        work.combat["turn"] = None
        _next_turn(work, turn - 1)


def move_in_turn_order(work: PTWork, cmd: MoveInTurnOrder) -> None:
    turn = work.combat.get("turn")
    begun = set(range(int(turn) + 1)) if isinstance(turn, int) else set()
    _, to = shared.move_entry(work, cmd.token, cmd.to, begun)
    shared.moved(work, cmd.token, to, "turn", " It keeps the new place in the next rounds.")
