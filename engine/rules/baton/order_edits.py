"""Baton's combat edited by hand: a character joins the running fight or leaves it. There is no
turn order to rearrange: the initiative "is passed like a baton among the characters over the
course of a fight", and whoever holds it chooses who receives it.

- **Joining** (**assumed** — the text is silent on joining late): the newcomer takes its side
  (party or enemy: "a PC who is not surprised … If every PC is surprised, then an opponent") and
  may receive the initiative like anyone who has not acted yet ("prioritizing characters who have
  not yet acted in the combat"). Baton rolls no initiative, so a typed value is refused.
- **Leaving**: the character is no longer a participant and stays on the map with its wounds.
  When it holds the initiative, the initiative passes on as at the end of its turn ("Once they
  have acted, the character must pass the initiative on to another character": to an ally after
  an even die, else to the other side); when several may receive it, the GM chooses (a choice
  decision; by default the first of them) (**assumed**: the leaver's player no longer decides).
"""

from __future__ import annotations

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat
from vantage.engine.rules import turn_order as shared
from vantage.engine.rules.baton.state import SIDES, BatonWork
from vantage.engine.rules.baton.tables import RULESET_NAME
from vantage.engine.rules.baton.turns import allowed_receivers, begin_turn, finish_turn
from vantage.engine.rules.decisions import Choice, Decision

REORDER = (f"{RULESET_NAME} has no turn order to rearrange: the initiative \"is passed like a baton "
           "among the characters over the course of a fight\", and whoever holds it chooses who receives it")
JOIN_HELP = "it may receive the initiative like anyone who has not acted yet (Baton rolls no initiative)"


def join_combat(work: BatonWork, cmd: JoinCombat) -> None:
    shared.require_running(work, "join")
    shared.require_newcomer(work, cmd.token)
    tid = cmd.token
    work.stats(tid)
    if work.side(tid) not in SIDES:
        raise CommandRejected(f"{work.name(tid)} is neutral: a {RULESET_NAME} fight is party against enemy")
    shared.unrolled_initiative(work, cmd, "the initiative is passed like a baton")
    shared.require_living(work, tid, work.dead(tid))
    work.combat["participants"].append(tid)
    work.creature(tid)
    shared.joined(work, tid, f"the {work.side(tid)} side",
                  " It may receive the initiative like anyone who has not acted yet.")


def leave_combat(work: BatonWork, cmd: LeaveCombat) -> None:
    shared.require_can_leave(work, cmd.token)
    tid = cmd.token
    holding = work.actor == tid
    to: str | None = None
    why = ""
    if holding:
        receivers, why = allowed_receivers(work, tid)
        receivers = [t for t in receivers if t != tid]
        if not receivers:
            raise CommandRejected(f"{work.name(tid)} holds the initiative and nobody can receive it "
                                  f"({why}): end the combat instead")
        to = receivers[0]
        if len(receivers) > 1:
            choices = tuple(Choice(t, f"To {work.name(t)}", {}, f"{work.name(t)} holds the initiative next")
                            for t in receivers)
            to = work.ask(Decision("choice", None, f"{work.name(tid)} leaves the combat holding the "
                                   f"initiative ({why}): who receives it?", choices, receivers[0]))
    shared.left(work, tid)
    if holding and to is not None:
        finish_turn(work, tid, to, why)
    for key in ("participants", "acted", "side_acted", "surprised"):
        if isinstance(work.combat.get(key), list):
            work.combat[key] = [t for t in work.combat[key] if t != tid]
    if holding and to is not None:
        begin_turn(work, to)
