"""Movement: "Normal Human characters can move 50 feet per Round"; "A Step is 5' (usually one map
square on battle maps). A Normal Move is the character's normal per-round movement rate."

The move is made on the character's Initiative (its first-pass entry), once a Round: a Step keeps
the Attack and the Parry, a Normal Move leaves "Attack once or Parry once". Movement is halved by
"heavy armor (chainmail or heavier) or restrictive clothing", by "heavy loads" and when Disabled
("Movement is 1/2 normal"); a dying creature "may not move around".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from vantage.engine.explain import Breakdown
from vantage.engine.model import Token
from vantage.engine.movement import MovementRules, check_path
from vantage.engine.movement.conditions import Effect, SlowingCondition, movement_allowance, slowing_table
from vantage.engine.protocol.commands import Move
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import TokenMoved
from vantage.engine.rules.base import MoveMode
from vantage.engine.rules.command_options import OptionSpec, read_options
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
STEP = "step"
NORMAL = "normal"
#: "A Step is 5' (usually one map square on battle maps)": a move of one square is a Step unless
#: the GM says otherwise (the mode ``normal``); the mode ``step`` asks for a Step outright.
MOVE_MODES = (
    MoveMode(
        "",
        "Step or Normal Move",
        "a move of one square is a Step (keeps the Attack and the Parry); "
        "a longer one is a Normal Move (leaves an Attack or a Parry)",
    ),
    MoveMode(
        NORMAL,
        "Normal Move",
        "even a move of one square is a Normal Move: leaves an Attack or a Parry (the GM says so)",
    ),
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
    if steed is not None:
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
    token = work.token(tid)
    rider = _carried_rider(work, tid, path.end)
    work.set_token(replace(token, position=path.end))
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
    if rider is not None:
        to = work.token(rider).position
        work.emit(
            TokenMoved(
                sentence=f"{work.name(rider)} rides along to {to}.",
                token=rider,
                path=(rider_start(work, rider, token.position, path.end), to),
                cost=0.0,
            )
        )


def ridden_steed(work: Work, token_id: str) -> str | None:
    """The steed carrying ``token_id`` (a token whose stat block names it as ``steed_of``)."""
    for t in work.enc.tokens:
        if t.id != token_id and isinstance(t.stats, Mapping) and t.stats.get("steed_of") == token_id:
            return t.id
    return None


def rider_start(work: Work, rider: str, start: tuple[int, int], end: tuple[int, int]) -> tuple[int, int]:
    x, y = work.token(rider).position
    return (x - (end[0] - start[0]), y - (end[1] - start[1]))


def _carried_rider(work: Work, steed: str, end: tuple[int, int]) -> str | None:
    """The steed's rider moves with it, by the same offset (**assumed**: the model has no mount link,
    so the rider keeps its place beside the steed); refused when that place is off the map or taken."""
    rider = work.stats(steed).steed_of
    if not rider or not any(t.id == rider for t in work.enc.tokens):
        return None
    here, start = work.token(rider), work.token(steed).position
    to = (here.position[0] + end[0] - start[0], here.position[1] + end[1] - start[1])
    moved = replace(here, position=to)
    game_map = work.enc.map
    tiles = moved.footprint_tiles()
    if not all(0 <= x < game_map.width and 0 <= y < game_map.height for x, y in tiles):
        raise CommandRejected(f"{work.name(rider)} cannot ride along to {to}: it is off the map")
    steed_tiles = set(replace(work.token(steed), position=end).footprint_tiles())
    for other in work.enc.tokens:
        if other.id in (rider, steed):
            continue
        if set(other.footprint_tiles()) & (set(tiles) | steed_tiles):
            raise CommandRejected(
                f"{work.name(rider)} cannot ride along to {to}: {work.name(other.id)} is there"
            )
    if set(tiles) & steed_tiles:
        raise CommandRejected(f"{work.name(rider)} cannot ride along to {to}: the steed would stand there")
    work.set_token(moved)
    return rider
