"""The non-attack commands: face, stance, stand up, pick up, and the GM's damage, healing and
conditions (placing and the other ruleset-free GM commands are in ``vantage.engine.session.gm``);
the movement allowance and policy the ``move`` command (:mod:`.moving`) and the queries use."""

from __future__ import annotations

import dataclasses
from dataclasses import replace

from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Facing, Token
from vantage.engine.movement import movement_allowance
from vantage.engine.protocol.commands import (
    ApplyDamage,
    Face,
    Heal,
    PickUp,
    Rest,
    SetCondition,
    Stance,
    StandUp,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note, TokenFaced
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.damage import apply_damage, kill
from vantage.engine.rules.avorkarth.ledger import describe
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT
from vantage.engine.rules.avorkarth.situation import locking_enemies
from vantage.engine.rules.avorkarth.slowing import AVORKARTH_SLOWING
from vantage.engine.rules.avorkarth.statblock import StatBlock, from_block
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION, Work
from vantage.engine.rules.avorkarth.turns import require_turn, spend
from vantage.engine.rules.base import DamageTrack
from vantage.engine.rules.ruleset_base import set_condition as shared_set_condition


def _lock_reach(token: Token) -> int:
    """The dead and the unconscious lock nobody (reach 0: only overlapping, which never happens)."""
    return 0 if any(c.name in OUT_OF_ACTION for c in token.conditions) else 1


#: The policy `move` checks paths with (also what the GUI draws the reachable set by).
MOVE_RULES = dataclasses.replace(AVORKARTH_MOVEMENT, reach_of=_lock_reach)


def in_combat(work: Work) -> bool:
    return bool(work.combat.get("started"))


def allowance_for(work: Work, token_id: str) -> Breakdown:
    """Tiles per move action: the wounded state, then slowing conditions (terrain comes per path);
    worked out once per stat block, condition, condition names and full grapple."""
    names = tuple(c.name for c in work.token(token_id).conditions)
    block, cond = work.block(token_id), work.cond(token_id)
    held = holds_a_full_grapple(work, token_id) and not work.rules.get("full_grapple_moves", False)
    return from_block(block, ("allowance", cond, names, held), lambda: _allowance(block, cond, names, held))


def _allowance(block: StatBlock, cond: attr.Condition, conditions: tuple[str, ...],
               holds_full_grapple: bool) -> Breakdown:
    grappled = "grappled" in conditions  # halved first, inside attr.movement
    base = attr.movement(block, cond, grappled=grappled)
    names = [n for n in conditions if n != "grappled"]
    if base.terms or base.replaced_by:
        label = "(" + base.explain().removeprefix("Movement: ").rsplit(" = ", 1)[0] + ")"
    else:
        label = base.base_label
    allowance = movement_allowance(base.value, names, table=AVORKARTH_SLOWING, base_label=label)
    if holds_full_grapple:
        # "the initiating creature and its opponent both lose partial to full movement"
        return allowance.replaced("full grapple: the grappler loses its movement too", 0)
    return allowance


def holds_a_full_grapple(work: Work, token_id: str) -> bool:
    return any(g["grappler"] == token_id and g["level"] == "full" for g in work.peek("grapples", []))


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
    if work.record(tid).get("retreating"):
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
DAMAGE_TRACKS = (
    DamageTrack("lethal", "Lethal", "minor wounds",
                "on both tracks; 10 minor wounds are a lesser wound, 50 a wound"),
    DamageTrack("non-lethal", "Non-lethal", "minor wounds", "on the non-lethal track only"),
)


def _track(cmd: ApplyDamage | Heal) -> bool:
    """True for the lethal track (the default, the first), False for the non-lethal one."""
    track = cmd.track or DAMAGE_TRACKS[0].id
    known = [t.id for t in DAMAGE_TRACKS]
    if track not in known:
        raise CommandRejected(
            f"{cmd.kind}.track: Avorkarth has no track {track!r} (its tracks: {', '.join(known)})")
    return track == DAMAGE_TRACKS[0].id


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
    """Natural healing, ``rest`` "natural" in weeks: "Minor wounds are removed at a pace of 1 per week
    of in-game time"; "Wounds are not removed during a campaign, unless healed by magical or divine
    means" (:meth:`~.ledger.WoundLedger.regain_weeks`)."""
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
