"""The attack command: checks (turn, actions, locking, reach, charge lane), the rolls, and what the
outcomes do to the encounter (wounds, dropped weapons, durability, bleeding out)."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from functools import partial

from vantage.engine.model import Encounter, Facing, Tile
from vantage.engine.protocol.commands import Attack
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import HitResolved, Note, StrikeResolved, TokenMoved
from vantage.engine.rules.avorkarth.attack_roll import AttackResolution, Situation, Swing, resolve_attack
from vantage.engine.rules.avorkarth.board import avorkarth_charge_lane, read_once
from vantage.engine.rules.avorkarth.chart import Outcome, outcome_chances
from vantage.engine.rules.avorkarth.damage import apply_damage
from vantage.engine.rules.avorkarth.ledger import MINOR_PER_WOUND, describe
from vantage.engine.rules.avorkarth.movement_rules import avorkarth_terrain_allowance
from vantage.engine.rules.avorkarth.options import AttackKind, attack_kind
from vantage.engine.rules.avorkarth.other_commands import MOVE_RULES, allowance_for
from vantage.engine.rules.avorkarth.situation import SEVERITY, check_lock, check_reach, situation_for
from vantage.engine.rules.avorkarth.statblock import Weapon, damage_type_problem, from_block
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION, Work, kept_query_work, query_work
from vantage.engine.rules.avorkarth.turns import (
    check_spend,
    current_actor,
    require_combat,
    require_turn,
    spend,
)
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.early_memo import EarlyCheckMemo
from vantage.engine.terrain import MovementClass

#: What the margin of Avorkarth's hit and strike events is.
HIT_DETAIL = "hit category on the Dice Rolls chart"
STRIKE_DETAIL = "strike category on the Dice Rolls chart; damage in minor wounds"


def held_weapon(work: Work, token_id: str, name: str | None, *, secondary: bool = False) -> Weapon:
    block = work.block(token_id)
    try:  # once per stat block, name and kind (a lookup that fails is not kept)
        weapon = from_block(block, ("weapon", name, secondary), lambda: (
            block.weapon(name) if name or not secondary else block.secondary_weapons[0]))
    except (KeyError, IndexError):
        raise CommandRejected(f"{work.name(token_id)} has no weapon called {name!r}") from None
    dropped = [d["weapon"] for d in work.peek("dropped", []) if d["owner"] == token_id]
    if weapon.name in dropped:
        raise CommandRejected(f"{work.name(token_id)} dropped the {weapon.name} and must pick it up first")
    if weapon.hands == 2 and work.has(token_id, "lost-hand"):
        raise CommandRejected(
            f"{work.name(token_id)} has lost a hand and cannot wield the two-handed {weapon.name}"
        )
    return weapon


_CANNOT_ATTACK = (
    ("prone", "must stand up first"),
    ("fully-grappled", "cannot use any limbs while fully grappled"),
    ("pinned", "is tied up"),
)


def check_attacker_can_attack(work: Work, attacker_id: str, target_id: str) -> None:
    if attacker_id == target_id:
        raise CommandRejected(f"{work.name(attacker_id)} cannot attack themselves")
    conditions = {c.name for c in work.token(attacker_id).conditions}
    if conditions & OUT_OF_ACTION:
        state = "dead" if "dead" in conditions else "unconscious"
        raise CommandRejected(f"{work.name(attacker_id)} is {state}")
    for cond, why in _CANNOT_ATTACK:
        if cond in conditions:
            raise CommandRejected(f"{work.name(attacker_id)} is {cond}: {why}")
    if not work.alive(target_id):
        raise CommandRejected(f"{work.name(target_id)} is already dead")


def attack(work: Work, cmd: Attack) -> None:
    memo = early_memo(work.ruleset)
    # what its early check found when it passed on this very state (None: not checked)
    early = memo.found_on(work.enc, cmd) if memo is not None else None
    found = attack_checks(work, cmd, early=early)
    if found is None:  # only a dry run stops short
        raise AssertionError("attack_checks stopped short on a real run")
    a, t = cmd.attacker, cmd.target
    how, weapons = found
    for w in weapons:
        if not work.alive(t):
            break
        situation, notes = situation_for(
            work, a, t, w, charge=how.charge, lethal=how.lethal, dual_extra=len(weapons) - 1,
            lesser=how.lesser,
        )
        resolution = resolve_attack(
            work.combatant(a), work.combatant(t), w, situation, work.dice, work.chart,
            stop_after=_minor_to_out(work, t, lethal=how.lethal if how.lethal is not None else w.lethal),
            go_on=partial(additional_hit, work, a, t, w, situation),
        )
        record_attack(work, a, t, w, situation, resolution, notes)


#: What the checks of an attack find: its kind and the weapons it swings.
CheckedAttack = tuple[AttackKind, list[Weapon]]


def attack_checks(work: Work, cmd: Attack, *, dry: bool = False,
                  early: CheckedAttack | None = None) -> CheckedAttack | None:
    """The attack up to its first roll: every check in the rules' order, the actions spent and,
    for a charge, the move (the attack's kind and the weapons it swings). ``dry``: the checks only,
    nothing written (the state only read, so a refusal is the attack's own, found without the
    run's set-up: :func:`refuse_early`); None when a dry run cannot go on without the writes (a
    charge's reach is measured from where it ends) or meets what only the run makes (a record).
    ``early``: what a dry run that has just passed on this very state found (the kind and the
    weapons; the writes between its checks change nothing they read), so the checks that read
    the map (who locks whom, reach and line of sight) and the turn are not made again, nor is the
    weapon looked up (a weapon held is read from the state)."""
    a, t = cmd.attacker, cmd.target
    how = attack_kind(cmd)
    checked = early is not None
    if not checked:
        work.token(a)
        work.token(t)
        check_attacker_can_attack(work, a, t)
    if early is not None and not how.dual_wield:
        weapon = early[1][0]  # the weapon it swings (a dual-wielding attack holds every one)
    else:
        weapon = with_damage(held_weapon(work, a, cmd.weapon, secondary=how.secondary), how.damage)
    if dry and work.creature_or_none(a) is None:
        return None  # the run makes the record
    seen = work.record(a)  # read only: a refused attack copies nothing; writes go through creature()
    if how.opportunity:
        require_combat(work)
        if how.secondary or how.lesser or how.charge or how.dual_wield or weapon.secondary:
            raise CommandRejected(
                "an attack of opportunity is a single primary attack: no charge, lesser, secondary "
                "or dual-wielded attack"
            )
        if current_actor(work) == a:
            raise CommandRejected("an attack of opportunity is made outside one's own turn")
        if seen.get("immediate_round") == work.combat["round"]:
            raise CommandRejected(f"{work.name(a)} has already used the immediate action this round")
        if not dry:
            work.creature(a)["immediate_round"] = work.combat["round"]
    elif not checked:
        require_turn(work, a)
        check_lock(work, a, t)
    if how.secondary:
        if not weapon.secondary:
            raise CommandRejected(f"the {weapon.name} is not a secondary attack")
        if not seen.get("primary_attacked", True):
            raise CommandRejected(
                f"{work.name(a)} has made no primary attack this turn: a secondary attack is "
                "\"added to the primary attacks\""
            )
        if seen["swift_used"]:
            raise CommandRejected(f"{work.name(a)} has already used the swift action this turn")
        _spend(work, a, "swift", "a secondary attack (swift action)", dry)
        if not dry:
            work.creature(a)["swift_used"] = True
    elif how.lesser:
        if seen["move_used"]:
            raise CommandRejected(f"{work.name(a)} has already used the move action this turn")
        _spend(work, a, "lesser_attack", "a lesser attack (the move action)", dry)
        if not dry:
            work.creature(a)["move_used"] = True
    elif how.charge:
        if seen["move_used"] and work.rules.get("one_move_action", True):
            raise CommandRejected(
                f"{work.name(a)} has already used the move action this turn: a charge is made "
                "\"instead of simply moving and attacking\""
            )
        _spend(work, a, "charge", "a charge", dry)
        if dry:  # the checks of the charge (they read nothing the spending writes); the rest
            _charge_checks(work, a, t)  # is measured from where the charge ends
            return None
        _charge(work, a, t)
    elif not how.opportunity:
        _spend(work, a, "attack", "an attack", dry)
    if not how.secondary and not how.opportunity and not dry:
        work.creature(a)["primary_attacked"] = True
    weapons = [weapon]
    if how.dual_wield:
        weapons = dual_wielded(work, a)
        if len(weapons) < 2:
            raise CommandRejected(f"{work.name(a)} does not hold two weapons to dual wield")
    if not checked:
        for w in weapons:
            check_reach(work, a, t, w)
    return how, weapons


def _spend(work: Work, a: str, action: str, label: str, dry: bool) -> None:
    """:func:`.turns.spend`, or only its check (``dry``)."""
    if dry:
        check_spend(work, a, action, label)
    else:
        spend(work, a, action, label)


def refuse_early(ruleset: object, encounter: Encounter, cmd: Attack) -> None:
    """The ruleset's early check of an attack (``RulesetBase.early_checks``): its checks made on
    a working copy that only reads the state (one per encounter, kept while the same encounter
    is asked again — the simulator tries attack after attack on one state), raising the
    attack's own refusal. Made on a state asked about before — its working copy is kept (the
    simulator asks whose turn it is first), or an attack was tried on it already — not on the
    first attack tried on a fresh one, which its run checks at no extra cost (a fight played
    through ``apply`` alone pays nothing for the early check). What it hands on to the run (the
    attack passed, the encounter tried) is kept by the ruleset instance (:func:`early_memo`)."""
    memo = early_memo(ruleset)
    work = kept_query_work(encounter)
    if work is None:
        if memo is not None and memo.first_try(encounter):
            return
        work = query_work(encounter)
    found = attack_checks(work, cmd, dry=True)
    if found is not None and memo is not None:
        memo.keep_passed(encounter, cmd, found)  # the run that follows need not check it again


def early_memo(ruleset: object) -> EarlyCheckMemo | None:
    """The memory the ruleset instance keeps for the early checks of its attacks (None: a
    working copy made without a ruleset; its attacks are checked in full)."""
    found = getattr(ruleset, "early_memo", None)
    return found if isinstance(found, EarlyCheckMemo) else None


def additional_hit(
    work: Work, a: str, t: str, weapon: Weapon, situation: Situation, swings: tuple[Swing, ...],
) -> bool:
    """Critical Success: "If the attacker's strike is also a critical, then the attacker may roll an
    additional hit" — the attacker's choice (its player, or the GM), with the odds of the next hit
    roll; rolling it is the default."""
    an, tn = work.name(a), work.name(t)
    dealt = sum(s.minor for s in swings)
    last = swings[-1]
    if last.hit_roll is None:  # immobilised, or a defensive stance from the front: no hit roll
        odds: dict[str, float] = {"hit": 1.0}
    else:
        by_outcome = outcome_chances(work.chart, int(last.hit_category.value), situation.roll_shift)
        odds = {"hit": sum(p for o, p in by_outcome.items() if Outcome(o).succeeded), **by_outcome}
    answer = work.ask(Decision(
        "choice", a,
        f"{an}'s hit and strike on {tn} are both critical ({describe(dealt)} so far): "
        "roll an additional hit?",
        (
            Choice("roll", f"Roll an additional hit with the {weapon.name}", odds,
                   f"{last.hit_category}: another hit roll, and its strike if it lands"),
            Choice("stop", "Stop here", {}, f"the attack ends with {describe(dealt)}"),
        ),
        "roll",
    ))
    return answer == "roll"


def with_damage(weapon: Weapon, damage: str | None) -> Weapon:
    """The weapon with the attack's own damage type (``options.damage``), checked."""
    if damage is None:
        return weapon
    problem = damage_type_problem(damage)
    if problem:
        raise CommandRejected(f"attack.options.damage: {problem}")
    return replace(weapon, damage=damage)


def dual_wielded(work: Work, token_id: str) -> list[Weapon]:
    """The weapons a dual-wielding attack swings: every held primary melee weapon."""
    return [w for w in work.block(token_id).primary_weapons if not w.ranged and not w.unarmed]


def _minor_to_out(work: Work, token_id: str, *, lethal: bool) -> int:
    """Minor wounds until the token dies (lethal) or falls unconscious (non-lethal)."""
    ledger = work.ledger(token_id)
    to_death = ledger.wounds_stat * MINOR_PER_WOUND - ledger.lethal
    to_sleep = max(1, ledger.nonlethal_limit * MINOR_PER_WOUND - ledger.nonlethal)
    return to_death if lethal else min(to_death, to_sleep)


def _charge(work: Work, a: str, t: str) -> None:
    lane = _charge_checks(work, a, t)
    token = work.token(a)
    target = work.token(t)
    facing = Facing.from_vector(target.centre[0] - token.centre[0], target.centre[1] - token.centre[1])
    start = token.position
    work.set_token(replace(token, position=lane.end_tile, facing=facing))
    work.creature(a)["move_used"] = True
    worst = lane.worst
    terrain = f" across {worst.value} ground" if worst is not None and SEVERITY[worst] > 0 else ""
    work.emit(TokenMoved(
        sentence=f"{work.name(a)} charges {lane.length} tiles{terrain} at {work.name(t)} (+1 attack).",
        token=a, path=(start, lane.end_tile), cost=float(lane.length),
    ))


@dataclass(frozen=True)
class _CheckedLane:
    """A charge lane found open and within the allowance: where it ends, its length, its worst
    ground."""

    end_tile: Tile
    length: int
    worst: MovementClass | None


def _charge_checks(work: Work, a: str, t: str) -> _CheckedLane:
    """The checks of a charge (they only read the state)."""
    if work.has(a, "hips-crippled"):
        raise CommandRejected(f"{work.name(a)}'s hips are crippled: no move-based actions such as a charge")
    lane = avorkarth_charge_lane(work.enc, a, t)
    if not lane.valid or lane.end_tile is None:
        raise CommandRejected(f"{work.name(a)} cannot charge {work.name(t)}: {'; '.join(lane.reasons)}")
    worst = read_once(work.enc, ("charge ground", a, t), lambda: _charge_ground(work, a, lane.tiles))
    base = allowance_for(work, a)
    allowance = _terrain_allowance(base.value, worst) if worst is not None else base
    if lane.length > allowance.value:
        raise CommandRejected(
            f"{work.name(a)} cannot charge {lane.length} tiles: {allowance.explain()}"
        )
    return _CheckedLane(lane.end_tile, lane.length, worst)


def _charge_ground(work: Work, a: str, lane: tuple[Tile, ...]) -> MovementClass | None:
    """The worst ground of a charge: "A charge is movement": the move's terrain rule, the tiles it
    starts on included (MOVE_RULES.start_tile_counts), over the lane (None: no tile on the map)."""
    start_tiles = work.token(a).footprint_tiles() if MOVE_RULES.start_tile_counts else ()
    game_map = work.enc.map
    classes = [game_map.terrain_at(tile).movement for tile in (*start_tiles, *lane)
               if game_map.in_bounds(tile)]
    return max(classes, key=SEVERITY.__getitem__) if classes else None


#: The terrain rule's allowance, once per base and ground (a pure function of the two).
_terrain_allowance = functools.lru_cache(maxsize=1024, typed=True)(avorkarth_terrain_allowance)


#: Where the attack comes from, as the hit's sentence says it (the front says nothing).
_ARC_WHERE = {"flank": " from the flank", "back": " from behind"}


def _where(situation: Situation) -> str:
    """" from behind, flanked by 2 more" — the map's part in the sentence."""
    parts = _ARC_WHERE.get(situation.arc, "")
    if situation.flanking_allies:
        n = situation.flanking_allies
        parts += f", flanked by {n} more {'ally' if n == 1 else 'allies'}"
    return parts


_HIT_VERB = {
    Outcome.CRITICAL_SUCCESS: "lands a critical hit on",
    Outcome.SUCCESS: "hits",
    Outcome.PARTIAL: "is parried by",
    Outcome.FAIL: "misses",
    Outcome.CRITICAL_FAIL: "misses badly against",
}
_STRIKE_TEXT = {
    Outcome.CRITICAL_SUCCESS: "A critical strike",
    Outcome.SUCCESS: "The strike goes through",
    Outcome.PARTIAL: "The strike barely gets through",
    Outcome.FAIL: "The armour holds",
    Outcome.CRITICAL_FAIL: "The blow glances off the armour",
}


def record_attack(
    work: Work, a: str, t: str, weapon: Weapon, situation: Situation, res: AttackResolution, notes: list[str],
) -> None:
    """Turn a resolution into events and state: rolls, outcomes, wounds and side effects."""
    an, tn = work.name(a), work.name(t)
    was_unconscious = work.has(t, "unconscious")
    explanation = "; ".join([res.attack.text, res.dodge.text, *notes])  # a breakdown's str is its text
    for i, swing in enumerate(res.swings):
        if swing.hit_roll is not None:
            work.emit_roll(swing.hit_roll, swing.hit)
        extra = " again, rolling on from the critical" if i else _where(situation)
        how = f" ({swing.hit_note})" if swing.hit_note else ""
        work.emit(HitResolved(
            sentence=f"{an} {_HIT_VERB[swing.hit]} {tn} with the {weapon.name}{extra}{how}.",
            attacker=a, target=t, outcome=swing.hit.value, margin=int(swing.hit_category.value),
            explanation=f"{swing.hit_category.text}; {explanation}", detail=HIT_DETAIL,
        ))
        if swing.strike is None or swing.strike_category is None:
            continue
        if swing.strike_roll is not None:
            work.emit_roll(swing.strike_roll, swing.strike)
        dmg = swing.minor
        effect = describe(dmg) if dmg else "no wound"
        why = [b.text for b in (swing.strike_category, swing.armour, swing.damage) if b is not None]
        if situation.roll_shift:
            why.append(f"head wound: roll result −{-situation.roll_shift}")
        work.emit(StrikeResolved(
            sentence=f"{_STRIKE_TEXT[swing.strike]}: {effect}.",
            attacker=a, target=t, outcome=swing.strike.value, margin=int(swing.strike_category.value),
            damage=dmg,
            explanation="; ".join(why),
            detail=STRIKE_DETAIL,
        ))
        kind = "non-lethal " if not res.lethal else ""
        apply_damage(work, t, dmg, lethal=res.lethal, cause=f"{an}'s {kind}{weapon.name}")
    if res.chain_stopped:
        work.emit(Note(sentence=f"{an} rolls no additional hit: the critical chain stops.", token=a))
    if was_unconscious:
        start_bleeding_out(work, t)
    if res.weapon_dropped:
        drop_weapon(work, a, weapon.name, f"{an} fumbles")
    if res.durability_loss:
        dur = work.creature(a).setdefault("durability", {})
        dur[weapon.name] = dur.get(weapon.name, 0) + res.durability_loss
        work.emit(Note(sentence=f"{an}'s {weapon.name} loses a durability point against {tn}'s armour.",
                       token=a, data={"weapon": weapon.name, "durability_lost": dur[weapon.name]}))
    if res.attacker_minor:
        apply_damage(work, a, res.attacker_minor, lethal=True, cause=f"striking {tn}'s armour unarmed")
    out = work.creature(a).get("outmaneuver", {})
    out.pop(t, None)
    if res.defender_outmaneuvers:
        work.creature(t).setdefault("outmaneuver", {})[a] = 1
        work.emit(Note(sentence=f"{tn} outmaneuvers {an}: +1 to {tn}'s next attack against them.", token=t))


def start_bleeding_out(work: Work, target: str) -> None:
    """"if a creature is attacked while unconscious, they gain the bleeding out state" — by an attack
    or a combat maneuver ("Combat maneuvers are attack actions"); call it when the target was
    unconscious as the attack began."""
    if work.alive(target) and not work.has(target, "bleeding-out"):
        work.add_condition(target, "bleeding-out",
                           why="attacked while unconscious: 1 lesser wound every round")


def drop_weapon(work: Work, owner: str, weapon: str, why: str) -> None:
    tile = list(work.token(owner).position)
    work.combat.setdefault("dropped", []).append({"owner": owner, "weapon": weapon, "tile": tile})
    work.emit(Note(sentence=f"{why} and drops the {weapon} at {tuple(tile)}.", token=owner,
                   data={"weapon": weapon, "tile": tile}))
