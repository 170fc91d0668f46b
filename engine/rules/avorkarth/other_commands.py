"""The non-attack commands: move, face, stance, stand up, pick up, and the GM's damage, healing and
conditions (placing and the other ruleset-free GM commands are in ``vantage.engine.session.gm``)."""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from types import MappingProxyType

from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Facing, Token
from vantage.engine.movement import (
    AVORKARTH_MOVEMENT,
    SLOWING_CONDITIONS,
    Effect,
    MovementRules,
    SlowingCondition,
    check_path,
    movement_allowance,
)
from vantage.engine.protocol.commands import (
    ApplyDamage,
    Face,
    Heal,
    Move,
    PickUp,
    Rest,
    SetCondition,
    Stance,
    StandUp,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note, TokenFaced, TokenMoved
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth import grapple
from vantage.engine.rules.avorkarth.damage import apply_damage, kill
from vantage.engine.rules.avorkarth.ledger import describe
from vantage.engine.rules.avorkarth.options import check_move
from vantage.engine.rules.avorkarth.situation import locking_enemies
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION, Work
from vantage.engine.rules.avorkarth.turns import require_turn, spend
from vantage.engine.rules.ruleset_base import set_condition as shared_set_condition

#: Avorkarth's slowing conditions: the movement table's Avorkarth rows, and prone stops movement
#: ("fall down and unable to move/attack until they use the standing up action").
AVORKARTH_SLOWING = MappingProxyType({
    **{k: SLOWING_CONDITIONS[k] for k in ("crippled", "grappled", "hips-crippled", "fully-grappled",
                                          "unconscious", "immobilised")},
    "prone": SlowingCondition("prone", Effect.STOP, source="avorkarth: Trip \"unable to move/attack\""),
    "pinned": SlowingCondition("pinned", Effect.STOP, source="avorkarth: Pin \"tie up the target\""),
})
_FOLLOW = MovementRules(name="dragged along")


def _lock_reach(token: Token) -> int:
    """The dead and the unconscious lock nobody (reach 0: only overlapping, which never happens)."""
    return 0 if any(c.name in OUT_OF_ACTION for c in token.conditions) else 1


#: The policy `move` checks paths with (also what the GUI draws the reachable set by).
MOVE_RULES = dataclasses.replace(AVORKARTH_MOVEMENT, reach_of=_lock_reach)


def in_combat(work: Work) -> bool:
    return bool(work.combat.get("started"))


def allowance_for(work: Work, token_id: str) -> Breakdown:
    """Tiles per move action: the wounded state, then slowing conditions (terrain comes per path)."""
    names = [c.name for c in work.token(token_id).conditions]
    grappled = "grappled" in names  # halved first, inside attr.movement
    base = attr.movement(work.block(token_id), work.cond(token_id), grappled=grappled)
    names = [n for n in names if n != "grappled"]
    if base.terms or base.replaced_by:
        label = "(" + base.explain().removeprefix("Movement: ").rsplit(" = ", 1)[0] + ")"
    else:
        label = base.base_label
    return movement_allowance(base.value, names, table=AVORKARTH_SLOWING, base_label=label)


def move(work: Work, cmd: Move) -> None:
    check_move(cmd)
    tid = cmd.token
    name = work.name(tid)
    if not work.can_act(tid):
        raise CommandRejected(f"{name} cannot move: {'dead' if not work.alive(tid) else 'unconscious'}")
    if in_combat(work):
        require_turn(work, tid)
        spend(work, tid, "move", "a move action")
    partners = grapple.dragged_partners(work, tid)
    locks = [t for t in locking_enemies(work, tid) if t not in partners]
    allowance = allowance_for(work, tid)
    # a grappled partner moves along: it neither blocks the path nor locks the mover
    board = replace(work.enc, tokens=tuple(t for t in work.enc.tokens if t.id not in partners))
    try:
        path = check_path(board, tid, cmd.path, allowance, MOVE_RULES)
    except CommandRejected as exc:
        raise CommandRejected(f"{name} cannot move that way: {exc.reason}") from None
    token = work.token(tid)
    start, end = path.tiles[0], path.tiles[-1]
    facing = token.facing
    if path.steps:
        (x0, y0), (x1, y1) = path.tiles[-2], end
        facing = Facing.from_vector(x1 - x0, y1 - y0)
    work.set_token(replace(token, position=end, facing=facing))
    retreat = ""
    if locks and in_combat(work):
        work.creature(tid)["retreating"] = True
        retreat = f", retreating from {' and '.join(work.name(t) for t in locks)} (only movement actions now)"
    tiles = f"{path.steps} tile{'s' if path.steps != 1 else ''}"
    work.emit(TokenMoved(sentence=f"{name} moves {tiles} to {end}{retreat}.",
                         token=tid, path=path.tiles, cost=path.cost))
    for ev in path.events:
        if ev.kind == "breaks_charge":
            continue
        extra = " — an attack of opportunity may be given" if ev.kind == "leaves_reach" else ""
        work.emit(Note(sentence=f"{name}, step {ev.step}: {ev.detail}{extra}.", token=tid,
                       data={"path_event": ev.kind, "tile": list(ev.tile)}))
    dx, dy = end[0] - start[0], end[1] - start[1]
    for partner in partners:
        _follow(work, partner, dx, dy, name)


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


def face(work: Work, cmd: Face) -> None:
    try:
        facing = Facing[cmd.facing.upper()]
    except KeyError:
        raise CommandRejected(f"{cmd.facing!r} is not a facing (N, NE, E, SE, S, SW, W, NW)") from None
    if not work.alive(cmd.token):
        raise CommandRejected(f"{work.name(cmd.token)} is dead")
    work.set_token(replace(work.token(cmd.token), facing=facing))
    work.emit(TokenFaced(sentence=f"{work.name(cmd.token)} turns to face {facing.name}.", token=cmd.token,
                         facing=facing.name))


def _not_locked(work: Work, tid: str, what: str) -> None:
    locks = locking_enemies(work, tid)
    if locks:
        by = " and ".join(work.name(t) for t in locks)
        raise CommandRejected(
            f"{work.name(tid)} is locked by {by}: they may only attack back or retreat, not {what}"
        )
    if work.creature(tid).get("retreating"):
        raise CommandRejected(f"{work.name(tid)} retreated this turn: only movement actions are left")


def stance(work: Work, cmd: Stance) -> None:
    if cmd.stance not in ("defensive", "normal"):
        raise CommandRejected(f"stance must be \"defensive\" or \"normal\", not {cmd.stance!r}")
    require_turn(work, cmd.token)
    _not_locked(work, cmd.token, "change stance")
    spend(work, cmd.token, "stance", "a change of stance")
    work.creature(cmd.token)["stance"] = cmd.stance
    text = ("takes a defensive stance: no hit rolls and no critical strikes from the front"
            if cmd.stance == "defensive" else "leaves the defensive stance")
    work.emit(Note(sentence=f"{work.name(cmd.token)} {text}.", token=cmd.token, data={"stance": cmd.stance}))


def stand_up(work: Work, cmd: StandUp) -> None:
    require_turn(work, cmd.token)
    if not work.has(cmd.token, "prone"):
        raise CommandRejected(f"{work.name(cmd.token)} is not prone")
    spend(work, cmd.token, "stand_up", "standing up")
    work.remove_condition(cmd.token, "prone", "stands up")


def pick_up(work: Work, cmd: PickUp) -> None:
    require_turn(work, cmd.token)
    _not_locked(work, cmd.token, "pick up a weapon")
    me = work.token(cmd.token)
    for item in work.combat.get("dropped", []):
        if item["owner"] == cmd.token and item["weapon"].lower() == cmd.weapon.lower():
            here = Token("_item", "", (int(item["tile"][0]), int(item["tile"][1])))
            if footprint_distance(me, here) > 1:
                raise CommandRejected(f"the {item['weapon']} lies at {tuple(item['tile'])}, out of reach")
            spend(work, cmd.token, "pick_up", "picking up a weapon")
            work.combat["dropped"].remove(item)
            text = f"{work.name(cmd.token)} picks up the {item['weapon']}."
            work.emit(Note(sentence=text, token=cmd.token))
            return
    raise CommandRejected(f"{work.name(cmd.token)} has no dropped weapon called {cmd.weapon!r}")


#: Avorkarth's damage tracks: "lethal" damage lands on both tracks, "non-lethal" on its own.
TRACKS = ("lethal", "non-lethal")


def _track(cmd: ApplyDamage | Heal) -> bool:
    """True for the lethal track (the default), False for the non-lethal one."""
    track = cmd.track or "lethal"
    if track not in TRACKS:
        raise CommandRejected(
            f"{cmd.kind}.track: Avorkarth has no track {track!r} (its tracks: lethal, non-lethal)")
    return track == "lethal"


def apply_gm_damage(work: Work, cmd: ApplyDamage) -> None:
    lethal = _track(cmd)
    if cmd.damage_kind is not None:
        raise CommandRejected("Avorkarth's GM damage has no kinds: choose the lethal or non-lethal track")
    if cmd.amount <= 0:
        raise CommandRejected("damage must be more than nothing")
    if not work.alive(cmd.token):
        raise CommandRejected(f"{work.name(cmd.token)} is already dead")
    apply_damage(work, cmd.token, cmd.amount, lethal=lethal, cause="the GM")


def heal(work: Work, cmd: Heal) -> None:
    lethal = _track(cmd)
    if cmd.amount <= 0:
        raise CommandRejected("healing must be more than nothing")
    tid = cmd.token
    if not work.alive(tid):
        raise CommandRejected(f"{work.name(tid)} is dead: healing cannot help")
    after = work.ledger(tid).heal(cmd.amount, lethal=lethal)
    c = work.creature(tid)
    c["lethal"], c["nonlethal"] = after.lethal, after.nonlethal
    text = f"{work.name(tid)} is healed of {describe(cmd.amount)}: {after.text()}."
    work.emit(Note(sentence=text, token=tid))
    work.remove_condition(tid, "bleeding-out", "healed")
    if not after.unconscious:
        work.remove_condition(tid, "unconscious", "comes round")


def rest(work: Work, cmd: Rest) -> None:
    """Natural healing: "Each week, they may regain 1 wound" (``rest`` "natural", in weeks)."""
    if cmd.rest != "natural":
        raise CommandRejected(f"Avorkarth has no rest {cmd.rest!r} (its rest: natural, by the week)")
    weeks = cmd.duration
    if weeks < 1:
        raise CommandRejected("a natural rest lasts at least 1 week")
    ids = list(cmd.tokens) or [t.id for t in work.enc.tokens if t.stats and work.alive(t.id)]
    for tid in ids:
        before = work.ledger(tid)
        after = before.regain_weeks(weeks)
        c = work.creature(tid)
        c["lethal"], c["nonlethal"] = after.lethal, after.nonlethal
        work.emit(Note(sentence=f"After {weeks} week{'s' if weeks != 1 else ''}, {work.name(tid)} "
                                f"carries {after.text()}.", token=tid))


def set_condition(work: Work, cmd: SetCondition) -> None:
    """The shared GM condition command; a "dead" condition kills, with every consequence."""
    if cmd.on and cmd.condition == "dead":
        kill(work, cmd.token, "the GM")
    else:
        shared_set_condition(work, cmd)
