"""Shattered World's turn order edited by hand: a character joins the running combat, leaves it,
or the GM moves a turn.

- **Joining.** "Each player rolls 1d10 for Initiative. A natural 1 is always 1; otherwise add the
  Dexterity Ability Bonus to the roll." — a newcomer rolls it too (with its dice: at the table
  when they are), or the GM types the value rolled (refused when no 1d10 roll could give it).
  "High numbers move first": its entries go where its Initiative puts them in each pass of
  Attacks. An entry whose place is already behind the one acting now is passed over this Round
  (**assumed** — the text is silent on joining mid-round).
- **Leaving.** Its entries leave the order and its Initiative goes; it stays on the map with its
  wounds. When it is acting, the next entry that can act begins.
- **Moving a turn** is the GM's override for this Round only: each Round is ordered by the
  Initiatives again ("High numbers move first").
"""

from __future__ import annotations

from vantage.engine.dice import roll
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder
from vantage.engine.rules import turn_order as shared
from vantage.engine.rules.shattered_world.turns import PASS_WORDS, _advance, order_for_round
from vantage.engine.rules.shattered_world.work import Work

DIE_SIDES = 10
REORDER_NOTE = ("a GM override for this Round: the next Round is ordered by Initiative again "
                "(\"High numbers move first.\")")
JOIN_HELP = "it rolls 1d10 + Dexterity bonus for Initiative (\"High numbers move first.\")"


def _rolled(work: Work, tid: str) -> int:
    """"A natural 1 is always 1; otherwise add the Dexterity Ability Bonus to the roll"."""
    bonus = work.stats(tid).bonus("dexterity")
    with work.rolls_by(tid):
        r = roll("1d10", work.dice, f"{work.name(tid)} Initiative",
                 needs=f"a natural 1 is 1, else the face + Dexterity bonus {bonus}; high numbers move first")
    score = 1 if r.total == 1 else r.total + bonus
    how = "a natural 1 is always 1" if r.total == 1 else f"{r.total} + Dexterity bonus {bonus} = {score}"
    work.emit_roll(r, how)
    return score


def join_combat(work: Work, cmd: JoinCombat) -> None:
    shared.require_running(work, "join")
    shared.require_newcomer(work, cmd.token)
    tid = cmd.token
    bonus = work.stats(tid).bonus("dexterity")
    if cmd.initiative is not None:
        score = int(cmd.initiative)
        low, high = 2 + bonus, DIE_SIDES + bonus
        if score != 1 and not low <= score <= high:
            raise CommandRejected(
                f"{work.name(tid)}'s Initiative is 1d10 + Dexterity bonus {bonus} (a natural 1 is 1): "
                f"{score} cannot be rolled (1, or {low} to {high})")
        how = "rolled at the table"
    else:
        score = _rolled(work, tid)
        how = ""
    work.combat["participants"].append(tid)
    work.combat.setdefault("initiative", {})[tid] = score
    rec = work.creature(tid)
    rec.update({"moved": None, "attacks": 0, "parries": 0, "rolls": [], "dodges": {}, "kicked": False})
    ideal = order_for_round(work)
    new, places = shared.place_newcomer(work.combat, ideal, tid)
    passed = shared.mark_passed(work.combat, places)
    detail = f"Initiative {score}" + (f", {how}" if how else "")
    tail = ""
    if passed:
        words = [PASS_WORDS[int(work.combat["order"][p][2])] for p in passed]
        tail = f" Its place among the {' and '.join(words)} Attacks of Round {work.round} has already passed"
        tail += f": it acts from Round {work.round + 1}." if len(passed) == len(new) else "."
    shared.joined(work, tid, detail, tail)


def leave_combat(work: Work, cmd: LeaveCombat) -> None:
    shared.require_can_leave(work, cmd.token)
    tid = cmd.token
    turn = work.combat.get("turn")
    acting = work.actor == tid
    shared.left(work, tid)
    work.combat["participants"] = [t for t in work.combat["participants"] if t != tid]
    work.combat.get("initiative", {}).pop(tid, None)
    gone = shared.drop_entries(work.combat, tid)
    if acting and isinstance(turn, int):
        work.combat["turn"] = None
        _advance(work, turn - len([g for g in gone if g < turn]))


def move_in_turn_order(work: Work, cmd: MoveInTurnOrder) -> None:
    """Within its pass: "All characters and/or monsters make at most one Attack, in descending
    order. Any characters or monsters eligible for a second Attack then act …"."""
    begun = set(work.combat.get("done", ()))
    before = [list(e) for e in work.order]
    start, to = shared.move_entry(work, cmd.token, cmd.to, begun)
    number = int(work.combat["order"][to][2])
    if any(int(e[2]) != number for e in before[min(start, to):max(start, to) + 1]):
        raise CommandRejected(
            f"{work.name(cmd.token)}'s {'turn' if number == 1 else PASS_WORDS[number] + ' Attack'} moves "
            f"only among the {PASS_WORDS[number]} Attacks (\"Any characters or monsters eligible for a "
            "second Attack then act in descending Initiative order\")")
    label = "turn" if number == 1 else f"{PASS_WORDS[number]} Attack"
    shared.moved(work, cmd.token, to, label, f" For this Round only: Round {work.round + 1} is ordered "
                                            "by Initiative again.")
