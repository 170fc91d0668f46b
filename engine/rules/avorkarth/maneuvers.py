"""Combat maneuvers: shove, drag, cripple, trip, disarm, grapple, tackle.

"Combat maneuvers only need to roll the Hitting part of the attack actions and automatically pass
Striking for their effects." A partial success is the target parrying: no effect (assumed — not
in the source text).
"""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Tile
from vantage.engine.movement import MovementRules, Path, check_path
from vantage.engine.protocol.commands import Maneuver
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import HitResolved, ManeuverResolved, Note, TokenMoved
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth import critical_wounds, grapple
from vantage.engine.rules.avorkarth.attack_command import (
    HIT_DETAIL,
    check_attacker_can_attack,
    drop_weapon,
    held_weapon,
    start_bleeding_out,
)
from vantage.engine.rules.avorkarth.attack_roll import (
    Situation,
    hit_category,
    resolve_strike_only,
    roll_on_chart,
    strike_category,
    strike_chances,
)
from vantage.engine.rules.avorkarth.chart import Outcome
from vantage.engine.rules.avorkarth.damage import apply_damage
from vantage.engine.rules.avorkarth.ledger import describe
from vantage.engine.rules.avorkarth.options import maneuver_detail
from vantage.engine.rules.avorkarth.situation import check_lock, possessive, situation_for
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.avorkarth.turns import felt_rounds, require_turn, spend
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.line_of_fire import require_line_of_sight

MELEE_ONLY = {"shove", "drag", "trip", "grapple", "tackle"}
FLAT_PENALTY = {"trip": -1, "disarm": -2, "grapple": -2, "tackle": 2}
MANEUVERS = ("shove", "drag", "cripple", "trip", "disarm", "grapple", "tackle")
MAX_SIZE_GAP = 3
_PUSH_RULES = MovementRules(name="pushed")


def penalty(cmd: Maneuver) -> int:
    if cmd.maneuver in ("shove", "drag"):
        return -max(1, len(cmd.path) - 1)
    if cmd.maneuver == "cripple":
        return -1 - max(0, maneuver_detail(cmd).extra)
    return FLAT_PENALTY[cmd.maneuver]


def maneuver(work: Work, cmd: Maneuver) -> None:
    a, t, kind = cmd.attacker, cmd.target, cmd.maneuver
    if kind not in MANEUVERS:
        raise CommandRejected(f"unknown maneuver {kind!r} (known: {', '.join(MANEUVERS)})")
    work.token(a)
    work.token(t)
    check_attacker_can_attack(work, a, t)
    require_turn(work, a)
    check_lock(work, a, t)
    weapon = held_weapon(work, a, cmd.weapon)
    an, tn = work.name(a), work.name(t)
    gap = work.token(t).size.rank - work.token(a).size.rank
    if gap >= MAX_SIZE_GAP:
        raise CommandRejected(f"{tn} is {gap} sizes larger than {an}: no maneuver is possible")
    reach = 1 if weapon.ranged and kind in MELEE_ONLY else weapon.reach
    if footprint_distance(work.token(a), work.token(t)) > reach:
        what = "melee" if kind in MELEE_ONLY else "attacking"
        raise CommandRejected(f"{tn} is out of {an}'s {what} range ({reach} tile{'s' if reach != 1 else ''})")
    # assumed — not in the source text: "Combat maneuvers are attack actions", and no attack
    # without a line of sight
    require_line_of_sight(work.enc, a, t, (an, tn))
    if kind in ("shove", "drag") and len(cmd.path) < 2:
        raise CommandRejected(f"a {kind} needs the path the target is moved along (target's tile first)")
    detail = maneuver_detail(cmd)
    if kind == "grapple" and _needs_choice(work, a, t) and detail.choice not in ("choke", "pin"):
        raise CommandRejected(f"{tn} is already fully grappled: choose \"choke\" or \"pin\"")
    push = _plan_push(work, cmd) if kind in ("shove", "drag") else None
    spend(work, a, "maneuver", f"a {kind}")
    situation, notes = situation_for(work, a, t, weapon, maneuver=kind, maneuver_penalty=penalty(cmd))
    attack_b, dodge_b, cat = hit_category(work.combatant(a), work.combatant(t), weapon, situation)
    work.creature(a).get("outmaneuver", {}).pop(t, None)  # "+1 to their next attack roll": spent
    if work.has(t, "unconscious"):  # "Combat maneuvers are attack actions"
        start_bleeding_out(work, t)
    if situation.defender_immobilised:
        outcome, how = Outcome.CRITICAL_SUCCESS, f"{tn} cannot move: automatic"
    else:
        r, outcome = roll_on_chart(int(cat.value), work.dice, work.chart, f"{kind} roll, {an} vs {tn}",
                                   situation.roll_shift)
        work.emit_roll(r, outcome)
        how = outcome.value
    work.emit(HitResolved(
        sentence=f"{an} tries to {kind} {tn} ({how}).", attacker=a, target=t, outcome=outcome.value,
        margin=int(cat.value), explanation="; ".join([str(cat), str(attack_b), str(dodge_b), *notes]),
        detail=HIT_DETAIL,
    ))
    if outcome is Outcome.CRITICAL_FAIL:
        if weapon.ranged:
            work.emit(Note(sentence=f"{an}'s projectile breaks upon impact.", token=a))
        elif not weapon.unarmed:
            drop_weapon(work, a, weapon.name, f"{an}'s {weapon.name} bounces off")
    if outcome.rank < Outcome.SUCCESS.rank:
        result = "parried" if outcome is Outcome.PARTIAL else "fails"
        work.emit(ManeuverResolved(sentence=f"The {kind} {result}.", attacker=a, target=t, maneuver=kind,
                                   outcome=outcome.value))
        return
    work.emit(ManeuverResolved(sentence=f"The {kind} succeeds.", attacker=a, target=t, maneuver=kind,
                               outcome=outcome.value))
    _effect(work, cmd, push)


def _needs_choice(work: Work, a: str, t: str) -> bool:
    g = grapple.grapple_between(work, a, t)
    return g is not None and g["level"] == "full"


def _effect(work: Work, cmd: Maneuver, push: tuple[Path, list[Tile] | None] | None) -> None:
    a, t, kind = cmd.attacker, cmd.target, cmd.maneuver
    an, tn = work.name(a), work.name(t)
    if push is not None:
        _push(work, cmd, *push)
    elif kind == "cripple":
        # "reducing movement by half for 1+X rounds", rounds the target feels
        rounds = 1 + max(0, maneuver_detail(cmd).extra)
        timer, counted = felt_rounds(work, t, rounds)
        length = f"{rounds} round{'s' if rounds != 1 else ''}"
        why = f"{an}'s cripple: half movement for {length}" + (f"; {counted}" if counted else "")
        work.add_condition(t, "crippled", timer, why=why)
    elif kind == "trip":
        work.add_condition(t, "prone", why="cannot move or attack until standing up")
    elif kind == "disarm":
        held = [w for w in work.block(t).primary_weapons if not w.unarmed]
        dropped = {d["weapon"] for d in work.combat.get("dropped", []) if d["owner"] == t}
        held = [w for w in held if w.name not in dropped]
        if held:
            drop_weapon(work, t, held[0].name, f"{tn} is disarmed")
        else:
            work.emit(Note(sentence=f"{tn} holds no weapon to lose.", token=t))
    elif kind == "grapple":
        grapple.grab(work, a, t, maneuver_detail(cmd).choice)
    elif kind == "tackle":
        grapple.grab(work, a, t, None, tackle=True)
        _tackle_strike(work, a, t)


def _plan_push(work: Work, cmd: Maneuver) -> tuple[Path, list[Tile] | None]:
    """The checked path of a shove or drag and, for a drag, the attacker's line after it — checked
    before the hit roll, so that legality never says yes to a push ``apply`` would refuse."""
    a, t = cmd.attacker, cmd.target
    an, tn = work.name(a), work.name(t)
    allowance = attr.movement(work.block(a), work.cond(a))
    try:
        path = check_path(work.enc, t, cmd.path, allowance, _PUSH_RULES)
    except CommandRejected as exc:
        raise CommandRejected(f"{tn} cannot be moved that way: {exc.reason}") from None
    if cmd.maneuver != "drag":
        return path, None
    start, end = path.tiles[0], path.tiles[-1]
    dx, dy = end[0] - start[0], end[1] - start[1]
    me = work.token(a)
    new = (me.position[0] + dx, me.position[1] + dy)
    line = [me.position, new] if max(abs(dx), abs(dy)) <= 1 else _line(me.position, new)
    moved = work.enc.with_token(replace(work.token(t), position=end))
    try:
        check_path(moved, a, line, path.steps, _PUSH_RULES)
    except CommandRejected as exc:
        raise CommandRejected(f"{an} cannot follow to stay in melee range: {exc.reason}") from None
    return path, line


def _push(work: Work, cmd: Maneuver, path: Path, line: list[Tile] | None) -> None:
    a, t = cmd.attacker, cmd.target
    an, tn = work.name(a), work.name(t)
    end = path.tiles[-1]
    work.set_token(replace(work.token(t), position=end))
    verb = "shoves" if cmd.maneuver == "shove" else "drags"
    work.emit(TokenMoved(sentence=f"{an} {verb} {tn} {path.steps} tiles to {end}.", token=t,
                         path=path.tiles, cost=path.cost))
    if line is not None:
        me = work.token(a)
        new = line[-1]
        work.set_token(replace(me, position=new))
        work.emit(TokenMoved(sentence=f"{an} follows to {new}.", token=a, path=(me.position, new)))


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    return [(a[0] + round((b[0] - a[0]) * i / steps), a[1] + round((b[1] - a[1]) * i / steps))
            for i in range(steps + 1)]


STRIKE, PASS = "strike", "pass"


def _tackle_strike(work: Work, a: str, t: str) -> None:
    """"The target may use their swift action to get a free Striking roll with their primary attack."

    The target decides (a reaction, asked of it; the rules option ``tackle_decisions: false``
    always strikes). The swift action it uses is the one of its next turn (it is not its turn
    now); a target whose next swift action is already spent is not asked."""
    if not work.can_act(t):
        return
    tc = work.creature(t)
    if tc.get("swift_owed"):
        return
    weapon = work.block(t).primary_weapons[0]
    free = Situation(roll_shift=-critical_wounds.head_wounds(work, t),
                     overwhelm_ranged=not work.rules.get("overwhelm_melee_only", False))
    if work.rules.get("tackle_decisions", True):
        category = strike_category(work.combatant(t), work.combatant(a), weapon, free, Outcome.SUCCESS, False)
        odds = strike_chances(work.chart, int(category.value), free.roll_shift)
        an, tn = work.name(a), work.name(t)
        chosen = work.ask(Decision(
            kind="reaction", who=t,
            prompt=f"{an} tackles {tn}: a free strike with the {weapon.name}, for the swift action of "
                   f"{possessive(tn)} next turn?",
            choices=(Choice(STRIKE, f"Free strike with the {weapon.name} (the swift action)", odds,
                            f"{tn} rolls a strike against {an} without a hit roll"),
                     Choice(PASS, f"No free strike ({tn} keeps the swift action)")),
            default=STRIKE, at=work.token(t).position,
        ))
        if chosen != STRIKE:
            return
    tc["swift_owed"] = True
    with work.rolls_by(t):
        res = resolve_strike_only(work.combatant(t), work.combatant(a), weapon, work.dice, work.chart, free)
    work.emit_roll(res.roll, res.outcome)
    dmg = int(res.damage.value)
    work.emit(Note(sentence=f"{work.name(t)} answers the tackle with a free strike ({res.outcome.value}): "
                            f"{describe(dmg) if dmg else 'no wound'}.", token=t))
    apply_damage(work, a, dmg, lethal=weapon.lethal, cause=f"{work.name(t)}'s free strike")
