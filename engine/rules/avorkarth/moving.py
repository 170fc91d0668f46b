"""The ``move`` command: one move action along a checked path, the enemies whose reach it leaves
asked for their attack of opportunity on the way (:mod:`.opportunity`), and grapple partners
dragged along.

When nobody attacks, the move is one ``moved`` event and a note for each path event. When an enemy
attacks, the log reads in order: the move up to the last tile inside its reach, the attack, then
the rest of the move ("moves on") — or, when the mover cannot move any more (dead, unconscious, a
condition that stops movement), a note that the move ends there. A wound taken on the way does not
shorten the rest of the move (assumed — not in the source text: the move action was taken with the
allowance it had).
"""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.model import Facing
from vantage.engine.movement import MovementRules, Path, check_path
from vantage.engine.protocol.commands import Move
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note, TokenMoved
from vantage.engine.rules.avorkarth import grapple, opportunity
from vantage.engine.rules.avorkarth.options import check_move
from vantage.engine.rules.avorkarth.other_commands import MOVE_RULES, allowance_for, in_combat
from vantage.engine.rules.avorkarth.situation import locking_enemies
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.avorkarth.turns import require_turn, spend

_FOLLOW = MovementRules(name="dragged along")
#: How a path's "leaves the reach" note ends: nobody asked, the enemy let the mover go, it attacked.
_LEAVE_TEXT = {
    "": " — an attack of opportunity may be given",
    opportunity.PASS: " — {enemy} lets {mover} go",
    opportunity.ATTACK: " — {enemy} made an attack of opportunity",
}


class _Walk:
    """A checked path walked leg by leg: each leg ends where an attack of opportunity is made."""

    def __init__(self, work: Work, token_id: str, path: Path, retreat: str, partners: list[str]) -> None:
        self.work, self.tid, self.path = work, token_id, path
        self.retreat, self.partners = retreat, partners
        self.at = 0  # the index of the tile the mover stands on
        self.legs = 0
        self.answers: dict[tuple[int, str], str] = {}  # (step, enemy) → what the enemy chose

    def stand(self, index: int) -> None:
        """Put the mover on ``tiles[index]``, facing along its last step there."""
        work, tiles = self.work, self.path.tiles
        token = work.token(self.tid)
        facing = token.facing
        if index > 0:
            (x0, y0), (x1, y1) = tiles[index - 1], tiles[index]
            facing = Facing.from_vector(x1 - x0, y1 - y0)
        work.set_token(replace(token, position=tiles[index], facing=facing))

    def leg(self, end: int) -> None:
        """The move from where the last leg ended to ``tiles[end]``: its event, its path events'
        notes and the partners dragged along."""
        work, path, start = self.work, self.path, self.at
        if end <= start and path.steps:  # an attack where the last one was: no step between
            return
        self.stand(end)
        name = work.name(self.tid)
        steps = end - start
        tiles = f"{steps} tile{'s' if steps != 1 else ''}"
        verb = "moves on" if self.legs else "moves"
        retreat = "" if self.legs else self.retreat
        whole = start == 0 and end == path.steps
        cost = path.cost if whole else float(steps)  # an Avorkarth step costs 1 (diagonals too)
        work.emit(TokenMoved(sentence=f"{name} {verb} {tiles} to {path.tiles[end]}{retreat}.",
                             token=self.tid, path=path.tiles[start:end + 1], cost=cost))
        for ev in path.events:
            if ev.kind == "breaks_charge" or not start < ev.step <= end:
                continue
            extra = ""
            if ev.kind == "leaves_reach":
                enemy = str(ev.data.get("enemy"))
                extra = _LEAVE_TEXT[self.answers.get((ev.step, enemy), "")].format(
                    enemy=work.name(enemy), mover=name)
            work.emit(Note(sentence=f"{name}, step {ev.step}: {ev.detail}{extra}.", token=self.tid,
                           data={"path_event": ev.kind, "tile": list(ev.tile)}))
        (x0, y0), (x1, y1) = path.tiles[start], path.tiles[end]
        moving = grapple.dragged_partners(work, self.tid)
        for partner in self.partners:
            if partner in moving:
                _follow(work, partner, x1 - x0, y1 - y0, name)
        self.at = end
        self.legs += 1

    def stopped(self) -> str:
        """Why the mover cannot go on after an attack ("" when it can)."""
        work = self.work
        if not work.alive(self.tid):
            return "dead"
        if not work.can_act(self.tid):
            return "unconscious"
        allowance = allowance_for(work, self.tid)
        if allowance.value <= 0:
            return allowance.replaced_by[0] if allowance.replaced_by else "no movement left"
        return ""


def move(work: Work, cmd: Move) -> None:
    check_move(cmd)
    tid = cmd.token
    name = work.name(tid)
    if not work.can_act(tid):
        raise CommandRejected(f"{name} cannot move: {'dead' if not work.alive(tid) else 'unconscious'}")
    partners = grapple.dragged_partners(work, tid)
    locks = [t for t in locking_enemies(work, tid) if t not in partners]
    if in_combat(work):
        require_turn(work, tid)
        c = work.creature(tid)
        if locks and c.get("other_actions"):
            raise CommandRejected(
                f"{name} is locked by {' and '.join(work.name(t) for t in locks)} and has already acted "
                "this turn: a creature that retreats \"may only use movement actions for their turn\""
            )
        if c.get("move_used") and work.rules.get("one_move_action", True):
            raise CommandRejected(
                f"{name} has already used the move action this turn (a move, a lesser attack or a charge)"
            )
        spend(work, tid, "move", "a move action")
        c["move_used"] = True
    allowance = allowance_for(work, tid)
    # a grappled partner moves along: it neither blocks the path nor locks the mover
    board = work.enc if not partners else replace(
        work.enc, tokens=tuple(t for t in work.enc.tokens if t.id not in partners))
    try:
        path = check_path(board, tid, cmd.path, allowance, MOVE_RULES)
    except CommandRejected as exc:
        raise CommandRejected(f"{name} cannot move that way: {exc.reason}") from None
    retreat = ""
    if locks and in_combat(work):
        work.creature(tid)["retreating"] = True
        retreat = f", retreating from {' and '.join(work.name(t) for t in locks)} (only movement actions now)"
    walk = _Walk(work, tid, path, retreat, partners)
    if in_combat(work) and opportunity.decisions_on(work):
        for leave in opportunity.leaves(work, tid, path.tiles, partners):
            if _attacked(walk, leave):
                why = walk.stopped()
                if why:
                    here = path.tiles[walk.at]
                    work.emit(Note(sentence=f"{name} cannot move on ({why}): the move ends at {here}.",
                                   token=tid, data={"move_stopped": why, "tile": list(here)}))
                    return
    walk.leg(path.steps)


def _attacked(walk: _Walk, leave: opportunity.Leave) -> bool:
    """Ask the enemy ``leave`` names, with the mover on the last tile inside its reach; on "attack"
    the move so far is logged and the attack made. True when an attack was made."""
    work, index = walk.work, leave.step - 1
    here = work.token(walk.tid)
    walk.stand(index)
    offered = opportunity.offers(work, leave.enemy, walk.tid)
    if not offered:
        work.set_token(here)
        return False
    at = walk.path.tiles[index]
    chosen = work.ask(opportunity.decision(work, offered, at))
    passed = chosen == opportunity.PASS
    walk.answers[(leave.step, leave.enemy)] = opportunity.PASS if passed else opportunity.ATTACK
    work.set_token(here)
    if passed:
        return False
    command = next(c for i, (c, _) in enumerate(offered) if opportunity.choice_value(i, c) == chosen)
    walk.leg(index)
    opportunity.make(work, command)
    return True


def _follow(work: Work, partner: str, dx: int, dy: int, mover: str) -> None:
    other = work.token(partner)
    new = (other.position[0] + dx, other.position[1] + dy)
    steps = max(abs(dx), abs(dy))
    line = [(other.position[0] + round(dx * i / steps), other.position[1] + round(dy * i / steps))
            for i in range(steps + 1)] if steps else [other.position]
    try:
        check_path(work.enc, partner, line, steps, _FOLLOW)
    except CommandRejected as exc:
        raise CommandRejected(f"{mover} cannot drag {work.name(partner)} along: {exc.reason}") from None
    work.set_token(replace(other, position=new))
    work.emit(TokenMoved(sentence=f"{work.name(partner)} is dragged along to {new}.", token=partner,
                         path=tuple(line), cost=float(steps)))
