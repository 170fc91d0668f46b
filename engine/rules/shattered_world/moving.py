"""Movement: "Normal Human characters can move 50 feet per Round"; "A Step is 5' (usually one map
square on battle maps). A Normal Move is the character's normal per-round movement rate."

The move is made on the character's Initiative (its first-pass entry), once a Round: a Step keeps
the Attack and the Parry, a Normal Move leaves "Attack once or Parry once". Movement is halved by
"heavy armor (chainmail or heavier) or restrictive clothing", by "heavy loads" and when Disabled
("Movement is 1/2 normal"); a dying creature "may not move around".
"""

from __future__ import annotations

from collections.abc import Mapping

from vantage.engine.explain import Breakdown
from vantage.engine.model import Token
from vantage.engine.movement import MovementRules, check_path
from vantage.engine.movement.conditions import Effect, SlowingCondition, movement_allowance, slowing_table
from vantage.engine.protocol.commands import Move
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import TokenMoved
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.shattered_world.face import NORMAL, STEP
from vantage.engine.rules.shattered_world.mounts import announce, move_with_rider, ridden_steed
from vantage.engine.rules.shattered_world.movement_rules import (
    SHATTERED_WORLD_MOVEMENT,
    SHATTERED_WORLD_SLOWING,
)
from vantage.engine.rules.shattered_world.vocabulary import RULESET_NAME
from vantage.engine.rules.shattered_world.work import DYING, STABLE, Work, require_turn


def _melee_reach(token: Token) -> int:
    """Melee reaches the adjacent tile (**assumed**: the text gives weapons no reach)."""
    return 1


MOVE_RULES: MovementRules = MovementRules(
    diagonal=SHATTERED_WORLD_MOVEMENT.diagonal,
    reach_of=_melee_reach,
    locked_must_retreat=False,
    name="shattered-world",
)
SLOWING: Mapping[str, SlowingCondition] = slowing_table(
    *SHATTERED_WORLD_SLOWING.values(),
    SlowingCondition(
        "restrictive-clothing",
        Effect.HALVE,
        source='"restrictive clothing will be reduced to 1/2 normal movement rate"',
    ),
    SlowingCondition(
        "heavy-load",
        Effect.HALVE,
        source='"Characters carrying heavy loads will likewise be slowed" (assumed: to 1/2)',
    ),
    SlowingCondition(DYING, Effect.STOP, source='dying: "may not move around, fight, etc."'),
    SlowingCondition(STABLE, Effect.STOP, source="stable: not yet conscious"),
    SlowingCondition("dead", Effect.STOP, source="dead"),
    SlowingCondition("surprised", Effect.STOP, source='"Surprised characters may not act for one Round"'),
)
MOVE_OPTIONS = {
    "mode": OptionSpec(
        (str,),
        None,
        "step: a Step of 5 ft; normal: a Normal Move (null: one square is a Step, more a Normal Move)",
    )
}
STEP_KEEPS = "a Step keeps the Attack and the Parry"
MOVE_LEAVES = "a Normal Move leaves an Attack or a Parry this Round"


def kind_of_move(mode: str | None, squares: int) -> str:
    """``step`` or ``normal``: what a move of ``squares`` squares in ``mode`` is — "A Step is 5'
    (usually one map square on battle maps)", so one square is a Step unless the GM says otherwise."""
    if mode in (STEP, NORMAL):
        return str(mode)
    return STEP if squares == 1 else NORMAL


def move_preview(work: Work, token_id: str, path: tuple[tuple[int, int], ...], mode: str | None) -> str:
    """What a move along ``path`` would be and what it leaves, for the drag: "a Step: the Attack and
    the Parry are kept" (empty before combat, when nothing is spent)."""
    if not work.started or len(path) < 2:
        return ""
    if kind_of_move(mode, len(path) - 1) == STEP:
        return "a Step: keeps the Attack and the Parry"
    rec = work.record(token_id)
    if int(rec["attacks"]) + int(rec["parries"]):
        return "a Normal Move: nothing is left after it"
    return "a Normal Move: leaves an Attack or a Parry"


def allowance(work: Work, token_id: str, mode: str | None = None) -> Breakdown:
    """Tiles of this move: a Step is one square; a Normal Move the rate in feet over the tile's feet,
    halved by heavy armour, restrictive clothing, heavy loads and being Disabled."""
    s = work.stats(token_id)
    feet = work.enc.map.feet_per_tile
    if mode == STEP:
        return Breakdown("Movement", 1, "squares of a 5' Step")
    names = [c.name for c in work.token(token_id).conditions]
    if s.heavy_armor:
        names.append("heavy-armour")
    if s.restrictive_clothing:
        names.append("restrictive-clothing")
    if s.encumbered:
        names.append("heavy-load")
    if work.disabled(token_id):
        names.append("disabled")
    if work.out(token_id):
        names.append(work.state(token_id))
    tiles = MOVE_RULES.tiles_for_feet(s.speed, feet)
    return movement_allowance(
        tiles, names, table=SLOWING, base_label=f"squares of a {s.speed}-ft Normal Move"
    )


def move(work: Work, cmd: Move) -> None:
    """A Step or a Normal Move on the character's Initiative, once a Round."""
    options = read_options("move", cmd.options, MOVE_OPTIONS, RULESET_NAME)
    mode = options["mode"]
    if mode not in (None, STEP, NORMAL):
        raise CommandRejected(
            f"move.options.mode: {mode!r} is not a {RULESET_NAME} move mode (known: step, normal)"
        )
    mode = kind_of_move(mode, len(cmd.path) - 1)
    tid, name = cmd.token, work.name(cmd.token)
    work.stats(tid)
    if work.out(tid):
        raise CommandRejected(f"{name} is {work.state(tid)} and may not move around")
    steed = ridden_steed(work, tid)
    if steed is not None:  # assumed: the steed moves on its own Initiative, carrying its rider
        raise CommandRejected(f"{name} rides {work.name(steed)}: the steed moves, and {name} with it")
    if work.started:
        number = require_turn(work, tid)
        rec = work.record(tid)
        if number > 1:
            raise CommandRejected(f"{name} moves on its Initiative, not in a later pass of Attacks")
        if rec["moved"] is not None:
            raise CommandRejected(
                f"{name} has already moved this Round "
                f"({'a Step' if rec['moved'] == STEP else 'a Normal Move'})"
            )
        if mode == NORMAL and int(rec["attacks"]) + int(rec["parries"]) > 1:
            raise CommandRejected(
                f"{name} has already used both its Attack and its Parry this Round: only a Step is left"
            )
    try:
        path = check_path(work.enc, tid, cmd.path, allowance(work, tid, mode), MOVE_RULES)
    except CommandRejected as exc:
        raise CommandRejected(f"{name} cannot move that way: {exc.reason}") from None
    if work.started:
        work.creature(tid)["moved"] = STEP if mode == STEP else "move"
    carried = move_with_rider(work, tid, path.end)
    feet = path.steps * work.enc.map.feet_per_tile
    what = "steps" if mode == STEP else "moves"
    tail = ""
    if work.started:
        tail = f"; {STEP_KEEPS}" if mode == STEP else f"; {MOVE_LEAVES}"
    work.emit(
        TokenMoved(
            sentence=f"{name} {what} {feet:g} ft to {path.end}{tail}.",
            token=tid,
            path=path.tiles,
            cost=path.cost,
        )
    )
    announce(work, carried)
