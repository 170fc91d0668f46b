"""Moving: "moving up to your speed" is one action; "Movement in combat is based on 5 foot areas".
A grabber "can move the opponent at half your speed score with a move action": the grabbed
creature is carried along, keeping its place beside the grabber. A grabbed creature does not move
on its own (assumed — the text gives it only attacks and breaking free)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from vantage.engine.explain import Breakdown
from vantage.engine.model import Token
from vantage.engine.movement import MovementRules, check_path
from vantage.engine.protocol.commands import Move
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import TokenMoved
from vantage.engine.rules.command_options import read_options
from vantage.engine.rules.power_tiers.movement_rules import POWER_TIERS_MOVEMENT
from vantage.engine.rules.power_tiers.vocabulary import RULESET_NAME
from vantage.engine.rules.power_tiers.work import PTWork


def _reach_of(token: Token) -> int:
    """The longest melee reach of the token's weapons (1 unarmed)."""
    weapons = token.stats.get("weapons", ()) if isinstance(token.stats, Mapping) else ()
    reaches = [w.get("reach", 1) for w in weapons if isinstance(w, Mapping) and not w.get("ranged")]
    return max([r for r in reaches if isinstance(r, int) and r >= 1] or [1])


#: Power Tiers moves on 5-ft tiles, speed rounded up to a multiple of 5 ft; diagonals cost 1 and
#: terrain costs nothing extra (assumed — the text has no diagonal or terrain rule); enemies block.
MOVE_RULES: MovementRules = replace(POWER_TIERS_MOVEMENT, reach_of=_reach_of)
#: The grabbed creature carried along: walls stop it, nobody blocks it on the way.
_CARRIED = MovementRules(enemies_block=False, name="carried")


def allowance(work: PTWork, token_id: str) -> Breakdown:
    """Tiles one move action buys: the speed in feet over the map's feet per tile; half the speed
    while grabbing (rounded down to whole tiles, assumed)."""
    speed = work.speed(token_id)
    feet = int(speed.value)
    per_tile = work.enc.map.feet_per_tile
    tiles = MOVE_RULES.tiles_for_feet(feet, per_tile)
    out = Breakdown("Movement", tiles, f"tiles for a speed of {feet} ft")
    if work.record(token_id).get("grabbing"):
        half = int(feet / 2 // per_tile)
        out = out.plus(f"grabbing {work.name(work.record(token_id)['grabbing'])}: half speed", half - tiles)
    if work.record(token_id).get("grabbed_by"):
        out = out.replaced(f"grabbed by {work.name(work.record(token_id)['grabbed_by'])}", 0)
    return out


def move(work: PTWork, cmd: Move) -> None:
    """One action: up to the speed along ``path``; a held creature is carried along."""
    read_options("move", cmd.options, {}, RULESET_NAME)
    tid, name = cmd.token, work.name(cmd.token)
    work.stats(tid)
    record = work.record(tid)
    if record.get("grabbed_by"):
        raise CommandRejected(f"{name} is grabbed by {work.name(record['grabbed_by'])}: break free first")
    if work.started:
        work.in_combat_turn(tid, 1, "move")
    else:
        work.require_able(tid, "move")
    try:
        path = check_path(work.enc, tid, cmd.path, allowance(work, tid), MOVE_RULES)
    except CommandRejected as exc:
        raise CommandRejected(f"{name} cannot move that way: {exc.reason}") from None
    token = work.token(tid)
    end = path.tiles[-1]
    work.set_token(replace(token, position=end))
    steps = path.steps
    left = f" ({work.record(tid)['actions']} action{'s' if work.record(tid)['actions'] != 1 else ''} left)" \
        if work.started else ""
    work.emit(TokenMoved(sentence=f"{name} moves {steps} tile{'s' if steps != 1 else ''} to {end}{left}.",
                         token=tid, path=path.tiles, cost=path.cost))
    held = record.get("grabbing")
    if held:
        _carry(work, str(held), end[0] - token.position[0], end[1] - token.position[1], name)


def _carry(work: PTWork, held: str, dx: int, dy: int, mover: str) -> None:
    other = work.token(held)
    steps = max(abs(dx), abs(dy))
    if not steps:
        return
    line = [(other.position[0] + round(dx * i / steps), other.position[1] + round(dy * i / steps))
            for i in range(steps + 1)]
    try:
        check_path(work.enc, held, line, steps, _CARRIED)
    except CommandRejected as exc:
        raise CommandRejected(f"{mover} cannot carry {work.name(held)} along: {exc.reason}") from None
    work.set_token(replace(other, position=line[-1]))
    work.emit(TokenMoved(sentence=f"{mover} carries {work.name(held)} along to {line[-1]}.", token=held,
                         path=tuple(line), cost=float(steps)))
