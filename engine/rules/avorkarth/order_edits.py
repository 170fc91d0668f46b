"""Avorkarth's turn order edited by hand: a creature joins the running combat, leaves it, or the
GM moves a turn.

- **Joining.** "All creatures add their initiative to a list" and (after an ambush) "add their
  initiative to the list in their proper place of order": a newcomer's Initiative is its
  attribute, not a roll (a typed value is refused), and its turn — with its extra turns at −5 per
  "Any creature whose swiftness exceeds 6 actions …" — goes where "The highest initiative goes
  first. Players win ties." puts it. If that place is already behind the creature acting now, the
  newcomer acts from the next round (**assumed** — the text is silent on joining mid-round).
- **Leaving.** Its turns leave the list ("Remove all creatures that have perished from the
  initiative list" does the same for the dead); what it suffered stays and it stays on the map.
  When it is acting, the next creature's turn begins (a creature interrupted by a stayed turn
  resumes first, as after ``end_turn``). Its timers stop with it (**assumed**).
- **Moving a turn** is the GM's override for this round only: the text orders every round by
  initiative ("begin a new round with the updated initiative list. The highest initiative goes
  first. Players win ties."), so the next round is ordered by initiative again.
"""

from __future__ import annotations

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder
from vantage.engine.rules import turn_order as shared
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.initiative import round_order
from vantage.engine.rules.avorkarth.state import Work, new_creature
from vantage.engine.rules.avorkarth.turns import _begin_turn, _contenders, begin_next_turn

REORDER_NOTE = ("a GM override for this round: the next round is ordered by initiative again "
                "(\"The highest initiative goes first. Players win ties.\")")
JOIN_HELP = "its Initiative attribute places it (\"The highest initiative goes first. Players win ties.\")"


def join_combat(work: Work, cmd: JoinCombat) -> None:
    shared.require_running(work, "join")
    shared.require_newcomer(work, cmd.token)
    tid = cmd.token
    block = work.block(tid)
    initiative = attr.initiative(block, work.cond(tid))
    if cmd.initiative is not None:
        raise CommandRejected(f"Avorkarth initiative is not rolled: {work.name(tid)}'s is its attribute, "
                              f"{initiative}; it joins without an initiative value")
    shared.require_living(work, tid, not work.alive(tid))
    work.combat["participants"].append(tid)
    work.combat.setdefault("creatures", {}).setdefault(tid, new_creature(block))
    ideal = [e.as_list() for e in round_order(_contenders(work))]
    new, places = shared.place_newcomer(work.combat, ideal, tid)
    passed = shared.mark_passed(work.combat, places)
    extras = [f"extra turn at {e[1]}" for e in new if e[2]]
    detail = f"initiative {int(initiative.value)}" + (f"; {', '.join(extras)}" if extras else "")
    rnd = work.combat["round"]
    tail = ""
    if passed and len(passed) == len(new):
        tail = f" Its place in round {rnd} has already passed: it acts from round {rnd + 1}."
    elif passed:
        tail = f" Its first place in round {rnd} has already passed: it acts at its extra turn."
    shared.joined(work, tid, detail, tail)


def leave_combat(work: Work, cmd: LeaveCombat) -> None:
    shared.require_can_leave(work, cmd.token)
    tid = cmd.token
    order = work.combat["order"]
    turn = work.combat.get("turn")
    acting = isinstance(turn, int) and str(order[turn][0]) == tid
    shared.left(work, tid)
    work.combat["participants"] = [t for t in work.combat["participants"] if t != tid]
    for key in ("ambushers", "ambushed"):
        work.combat[key] = [t for t in work.combat.get(key, ()) if t != tid]
    shared.drop_entries(work.combat, tid)
    if not acting:
        return
    work.combat["turn"] = None
    resumed = work.combat.get("interrupted")
    if isinstance(resumed, int):
        work.combat["interrupted"] = None
        work.combat["done"].remove(resumed)
        _begin_turn(work, resumed)
        return
    try:
        begin_next_turn(work)
    except CommandRejected as refused:
        raise CommandRejected(f"{work.name(tid)} cannot leave: {refused.reason} without it "
                              "(end the combat instead)") from None


def move_in_turn_order(work: Work, cmd: MoveInTurnOrder) -> None:
    begun = set(work.combat.get("done", ()))
    _, to = shared.move_entry(work, cmd.token, cmd.to, begun)
    entry = work.combat["order"][to]
    label = "extra turn" if entry[2] else "turn"
    shared.moved(work, cmd.token, to, label, f" For this round only: round {work.combat['round'] + 1} is "
                                            "ordered by initiative again.")
