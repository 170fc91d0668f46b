"""Attacking: "Fight with [Weapon] ... against an opponent within their reach. If they succeed on
the skill check, they deal the weapon's damage", against the defence the target offers, with the
chances the map gives (higher ground, numerical advantage, exposed, cover, sneak attacks), critical
damage, charges, two weapons and counterattacks."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from vantage.engine.dice import parse, roll
from vantage.engine.explain import Breakdown
from vantage.engine.geometry.elevation import elevation_difference
from vantage.engine.geometry.reach import are_enemies, footprint_distance, within_reach
from vantage.engine.geometry.sight import line_of_sight
from vantage.engine.model import Cover
from vantage.engine.protocol.commands import Attack
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import HitResolved, Note
from vantage.engine.rules.baton import mounts
from vantage.engine.rules.baton.check import Chances, CheckResult, difficulty, make_check, odds
from vantage.engine.rules.baton.schema import UNARMED, Weapon
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.baton.tables import RULESET_NAME, ladder_expression
from vantage.engine.rules.baton.turns import (
    confusion_refusal,
    expose_until_next_turn,
    note_check,
    require_alive,
    require_combat,
    require_turn,
    spend,
    spend_refusal,
)
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.early_memo import EarlyCheckMemo
from vantage.engine.rules.line_of_fire import blocked_words, require_line_of_sight

ATTACK_OPTIONS = {
    "charge": OptionSpec(
        (bool,),
        False,
        "+1 on the damage ladder per 10 ft of the last straight move; exposed until the next turn",
    ),
    "off_hand": OptionSpec((str,), None, "the off-hand weapon of a two-weapon attack"),
}

#: The attack options when none is given (every one at its default).
_NO_OPTIONS = read_options("attack", {}, ATTACK_OPTIONS, RULESET_NAME)

#: The conditions that leave a creature "completely helpless" (assumed — the text does not list them).
HELPLESS = ("helpless", "paralyzed")
#: A creature with this condition is unaware of its attacker (set by the GM: the text has no
#: awareness rule of its own).
UNAWARE = "unaware"


@dataclass(frozen=True)
class Plan:
    """One attack as the rules see it before the roll."""

    attacker: str
    target: str
    weapon: Weapon
    skill: Breakdown
    against: Breakdown
    chances: Chances
    defence: str | None
    critical_always: bool
    auto_hit: bool
    max_damage: bool
    rungs: int
    off_hand: Weapon | None
    counter: bool


def dropped_by(work: BatonWork, token_id: str) -> set[str]:
    """The names (lower case) of ``token_id``'s weapons lying on the ground (disarmed), read
    without copying the items."""
    items = dict.get(work.combat, "items")
    if not items:
        return set()
    return {str(i["name"]).lower() for i in items if i.get("owner") == token_id}


def weapon_of(work: BatonWork, token_id: str, name: str | None) -> Weapon:
    s = work.stats(token_id)
    dropped = dropped_by(work, token_id)
    if name is None:
        held = [w for w in s.weapons if w.name.lower() not in dropped]
        return held[0] if held else UNARMED
    if name.lower() == "unarmed":
        return UNARMED
    found = s.weapon(name)
    if found is None:
        known = ", ".join(w.name for w in s.weapons) or "none"
        raise CommandRejected(f"{work.name(token_id)} has no weapon {name!r} (weapons: {known})")
    if found.name.lower() in dropped:
        raise CommandRejected(f"{work.name(token_id)}'s {found.name} lies on the ground (disarmed)")
    return found


def skill_of(work: BatonWork, token_id: str, weapon: Weapon) -> Breakdown:
    if weapon is UNARMED:
        return Breakdown("Skill", work.stats(token_id).skill("fight_unarmed"), "Fight Unarmed")
    return Breakdown("Skill", weapon.skill, f"Fight with {weapon.name}")


def exposed_to(work: BatonWork, target: str, attacker: str) -> str | None:
    """Why ``target`` is exposed to ``attacker`` (None when it is not)."""
    if not work.token(target).conditions:  # most have none: nothing to look for
        return None
    if work.has(target, "exposed"):
        return "exposed"
    if work.has(target, "prone"):
        return "prone: exposed"
    if work.has(target, "grappled"):
        return "grappled: exposed"
    if work.has(target, "grappling") and work.record(target).get("grappling") != attacker:
        return "grappling: exposed"
    return None


def defences(work: BatonWork, target: str, ranged: bool) -> list[tuple[str, int]]:
    """ "Dodge ... against melee physical attacks, or Shield against any physical attack"."""
    s = work.stats(target)
    out = []
    if not ranged and s.skill("dodge") > 0:
        out.append(("dodge", s.skill("dodge")))
    if s.skill("shield") > 0:
        out.append(("shield", s.skill("shield")))
    return sorted(out, key=lambda d: -d[1])


@dataclass(frozen=True)
class Situation:
    """What an attack's odds depend on besides the defence the target chooses: the chances the
    fighters and the map give, whether the target is unaware or helpless, and the defences it may
    offer. Every plan of one attack in one state shares it (:func:`_choose_defence` weighs each
    defence on it, :func:`resolve` rolls on it)."""

    chances: Chances
    unaware: bool
    helpless: bool
    defences: tuple[tuple[str, int], ...]


def situation(work: BatonWork, attacker: str, target: str, ranged: bool) -> Situation:
    """The chances of ``attacker``'s attack (``ranged`` or melee) on ``target`` and the defences
    offered: the same for every weapon of one reach."""
    enc = work.enc
    chances = work.own_chances(attacker, "fight", attack=True)
    why_exposed = exposed_to(work, target, attacker)
    if why_exposed:
        chances = chances.plus(why_exposed)
    if elevation_difference(enc, attacker, target) > 0:
        chances = chances.plus("higher ground")
    elif mounts.higher_ground(work, attacker, target):
        chances = chances.plus("mounted: higher ground")  # "treated as being on higher ground"
    helper = numerical_advantage(work, attacker, target)
    if helper is not None:
        chances = chances.plus(
            f"numerical advantage: {work.name(helper)} is in melee with {work.name(target)}"
        )
    if ranged:
        sight = line_of_sight(enc, attacker, target)
        if sight.cover is Cover.HALF:
            chances = chances.minus("half cover")
    bare = not work.token(target).conditions
    unaware = not bare and work.has(target, UNAWARE)
    helpless = not bare and any(work.has(target, c) for c in HELPLESS)
    if unaware or helpless:
        chances = chances.plus("sneak attack: unaware" if unaware else "sneak attack: helpless")
    options = defences(work, target, ranged)
    if ranged and (unaware or helpless):
        options = []  # "the difficulty to hit them is always 7"
    if not ranged and (unaware or helpless):
        options = []  # an unaware or helpless creature offers no resistance (assumed)
    if mounts.own_defence_only(work, target):
        options = []  # a ridden mount "uses only its own Defense"
    return Situation(chances, unaware, helpless, tuple(options))


def numerical_advantage(work: BatonWork, attacker: str, target: str) -> str | None:
    """The first of the other standing enemies of ``target`` with a weapon that have it within
    their melee reach (a positive chance for the attacker), or None."""
    target_token = work.token(target)
    found = None
    for t in work.standing():  # every one read, as a bad stat block among them is refused
        if t in (attacker, target):
            continue
        token = work.token(t)
        if not are_enemies(token, target_token):
            continue
        s = work.stats(t)
        if s.weapons != () and within_reach(token, target_token, s.melee_reach) and found is None:
            found = t
    return found


def plan(
    work: BatonWork,
    attacker: str,
    target: str,
    weapon: Weapon,
    *,
    charge: bool = False,
    off_hand: Weapon | None = None,
    counter: bool = False,
    defence: str | None = "best",
    seen: Situation | None = None,
) -> Plan:
    """The attack's skill, difficulty and chances (``defence``: "best", a defence, or None), on
    the ``seen`` situation when it is given (worked out when it is not)."""
    s = seen if seen is not None else situation(work, attacker, target, weapon.ranged)
    chosen: tuple[str, int] | None = None
    if defence == "best":
        chosen = s.defences[0] if s.defences else None
    elif defence is not None:
        chosen = next((d for d in s.defences if d[0] == defence), None)
    base = work.table.base_difficulty
    against = difficulty(base, (chosen[0].capitalize(), chosen[1])) if chosen else difficulty(base)
    if not (s.unaware or s.helpless):
        against = mounts.defence(work, target, against)
    rungs = 0
    if charge:
        rungs = charge_rungs(work, attacker)
    return Plan(
        attacker,
        target,
        weapon,
        skill_of(work, attacker, weapon),
        against,
        s.chances,
        chosen[0] if chosen else None,
        s.unaware or s.helpless,
        s.helpless,
        s.helpless,
        rungs,
        off_hand,
        counter,
    )


def charge_rungs(work: BatonWork, attacker: str) -> int:
    """ "+1 on the damage ladder of that attack for every 10 feet traveled in a straight line"."""
    feet = int(work.record(attacker).get("straight", 0)) * work.enc.map.feet_per_tile
    return int(feet // 10)


def hit_odds(work: BatonWork, p: Plan) -> float:
    return 1.0 if p.auto_hit else odds(p.skill, p.against, p.chances, work.table)


def odds_text(work: BatonWork, p: Plan, hit: float | None = None) -> str:
    """The attack's odds in words (``hit``: its :func:`hit_odds`, when already worked out)."""
    chances = p.chances.text()
    chance = f"; {chances}" if chances else ""
    hit = hit_odds(work, p) if hit is None else hit
    return (
        f"2d6 + {p.skill.base_label} {p.skill.int_value} against difficulty {p.against.int_value}"
        f"{chance}: {round(hit * 100)}% to hit, damage {damage_text(work, p)}"
    )


def damage_text(work: BatonWork, p: Plan) -> str:
    expr = ladder_expression(p.weapon.damage, p.rungs)
    bonus = work.stats(p.attacker).physique if p.weapon.physique_bonus else 0
    text = expr + (f" + Physique {bonus}" if bonus else "")
    if p.off_hand is not None:
        text += f" + {p.off_hand.name} {p.off_hand.damage}"
    return text


def _choose_defence(
    work: BatonWork, attacker: str, target: str, weapon: Weapon
) -> tuple[str | None, Situation]:
    """ "When targeted by an attack, a character may offer resistance to that attack ... They can
    use the Dodge skill against melee physical attacks, or Shield against any physical attack" —
    the defender's choice, asked of whoever controls the defender (its player; the GM for an NPC)
    with the attacker's odds against each answer, the best defence by default. With the rules
    option ``ask_npc_defence`` off, the GM has chosen once for every NPC: its best defence. The
    choice, and the situation it was weighed on."""
    seen = situation(work, attacker, target, weapon.ranged)
    if seen.unaware or seen.helpless:  # a critical hit always: no resistance asked
        return None, seen
    mount = mounts.mount_of(work, target)
    if mount is not None:
        work.stats(mount)  # a rider's defence reads its mount's Defense: a bad stat block refuses here
    options = defences(work, target, weapon.ranged)
    if not options:
        return None, seen
    if not work.is_player(target) and not work.rules["ask_npc_defence"]:
        return options[0][0], seen
    choices = work.choices(
        [*(name for name, _ in options), "none"],
        lambda: _defence_choices(work, attacker, target, weapon, seen,
                                 plan(work, attacker, target, weapon, defence=None, seen=seen), options),
    )
    who = target if work.is_player(target) else None
    answer = work.ask(
        Decision(
            "reaction",
            who,
            f"{work.name(attacker)} attacks {work.name(target)} with the "
            f"{weapon.name}: how does {work.name(target)} resist?",
            choices,
            options[0][0],
            at=work.token(target).position,
        )
    )
    return (None if answer == "none" else answer), seen


def _defence_choices(
    work: BatonWork, attacker: str, target: str, weapon: Weapon, seen: Situation, probe: Plan,
    options: list[tuple[str, int]],
) -> list[Choice]:
    """Each defence the target may offer, and none, with the attacker's odds against it."""
    choices = []
    for name, value in options:
        p = plan(work, attacker, target, weapon, defence=name, seen=seen)
        hit = hit_odds(work, p)
        choices.append(
            Choice(
                name,
                f"{name.capitalize()} {value}",
                {"hit": hit},
                f"{work.name(attacker)} needs {p.against.int_value}: {odds_text(work, p, hit)}",
            )
        )
    hit = hit_odds(work, probe)
    choices.append(
        Choice(
            "none",
            "No resistance",
            {"hit": hit},
            f"{work.name(attacker)} needs {probe.against.int_value}: {odds_text(work, probe, hit)}",
        )
    )
    return choices


def resolve(
    work: BatonWork,
    attacker: str,
    target: str,
    weapon: Weapon,
    *,
    charge: bool = False,
    off_hand: Weapon | None = None,
    counter: bool = False,
    why: str = "",
    fall_feet: float = 0,
) -> CheckResult:
    """Make the attack: the defence, the check, the damage; the check's die counts for the baton
    unless it is a counterattack."""
    defence, seen = _choose_defence(work, attacker, target, weapon)
    p = plan(
        work, attacker, target, weapon, charge=charge, off_hand=off_hand, counter=counter, defence=defence,
        seen=seen,
    )
    if fall_feet:  # "+1 on the damage ladder of that attack for every 5 feet fallen"
        p = replace(p, rungs=p.rungs + int(fall_feet // 5))
    name, target_name = work.name(attacker), work.name(target)
    result = make_check(
        work.dice,
        f"{name} attacks {target_name} with the {weapon.name}",
        p.skill,
        p.against,
        p.chances,
        work.table,
    )
    work.spend_boon(attacker, p.chances)
    hit = result.success or p.auto_hit
    work.emit_roll(result.roll, "hit" if hit else "miss")
    explanation = result.explanation()
    resisted = (
        f", {target_name} resisting with {p.defence.capitalize()}"
        if p.defence
        else f", {target_name} offering no resistance"
        if defences(work, target, weapon.ranged) and not p.critical_always
        else ""
    )
    lead = f"{why}: " if why else ""
    verb = "hits" if hit else "misses"
    auto = " (helpless: the attack always hits)" if p.auto_hit and not result.success else ""
    work.emit(
        HitResolved(
            sentence=f"{lead}{name} {verb} {target_name} with the {weapon.name}{auto} — "
            f"{explanation}{resisted}.",
            attacker=attacker,
            target=target,
            outcome="hit" if hit else "miss",
            margin=result.total - p.against.int_value,
            explanation=explanation,
            detail=f"2d6 + Fight with {weapon.name} against 7 + defence",
        )
    )
    if not counter:
        note_check(work, attacker, result.natural)
    if hit:
        deal_damage(work, p, result)
    return result


def _hit_needs(p: Plan, result: CheckResult, critical: bool) -> str:
    """What the damage roll asked at the table is for, said first: "If they succeed on the skill
    check, they deal the weapon's damage" — "a hit (10 against 8): roll damage"; a critical taken as
    damage says that its maximum is added."""
    how = ("helpless: the attack always hits" if p.auto_hit and not result.success
           else f"{result.total} against {result.difficulty.int_value}")
    if critical:
        return f"a critical hit ({how}): roll damage, and its maximum is added"
    return f"a hit ({how}): roll damage"


def deal_damage(work: BatonWork, p: Plan, result: CheckResult) -> None:
    name, target_name = work.name(p.attacker), work.name(p.target)
    expr = ladder_expression(p.weapon.damage, p.rungs)
    dice_max = _maximum(expr)
    critical = (
        result.critical or p.critical_always or (p.weapon.kind == "divine" and work.stats(p.target).undead)
    )
    takes = critical and _takes_critical(work, p)  # asked before the damage is rolled
    if critical and not takes:
        record = work.creature(p.attacker)
        record["boons"] = int(record.get("boons", 0)) + 1
        work.emit(Note(sentence=f"{name} takes a Boon instead of critical damage.", token=p.attacker))
    if p.max_damage:
        base, base_text = dice_max, f"maximum {expr} = {dice_max}"
    elif "d" in expr:
        r = roll(expr, work.dice, f"{name}'s {p.weapon.name} damage to {target_name}",
                 _hit_needs(p, result, takes))
        work.emit_roll(r)
        base, base_text = r.total, f"{expr} {r.total}"
    else:
        base, base_text = int(expr), expr
    parts = [base_text]
    total = base
    if takes:
        total += dice_max
        parts.append(f"critical {dice_max}")
    if p.weapon.physique_bonus:
        bonus = work.stats(p.attacker).physique
        total += bonus
        parts.append(f"Physique {bonus}")
    if p.off_hand is not None:
        off = ladder_expression(p.off_hand.damage, 0)
        if "d" in off:
            r = roll(off, work.dice, f"{name}'s {p.off_hand.name} damage to {target_name}",
                     "a hit: the off-hand weapon's damage is added")
            work.emit_roll(r)
            total += r.total
            parts.append(f"{p.off_hand.name} {r.total}")
        else:
            total += int(off)
            parts.append(f"{p.off_hand.name} {off}")
    how = " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "")
    kind = p.weapon.kind if p.weapon.kind in ("necrotic", "divine") else None
    work.take_damage(p.target, total, how=f"{name}'s {p.weapon.name}: {how}", kind=kind)


def _maximum(expr: str) -> int:
    if "d" not in expr:
        return int(expr)
    e = parse(expr)
    return e.count * e.sides + e.modifier


def _takes_critical(work: BatonWork, p: Plan) -> bool:
    """ "the character may choose to deal extra damage ... instead of gaining a Boon"; "NPCs ...
    apply this critical damage automatically"; divine damage against the undead always."""
    if not work.is_player(p.attacker) or (p.weapon.kind == "divine" and work.stats(p.target).undead):
        return True
    extra = _maximum(ladder_expression(p.weapon.damage, p.rungs))
    answer = work.ask(
        Decision(
            "choice",
            p.attacker,
            f"{work.name(p.attacker)} rolls a critical success against {work.name(p.target)}: "
            f"critical damage (+{extra}) or a Boon?",
            (
                Choice(
                    "damage", "Critical damage", {}, f"+{extra}: the maximum damage of the attack, added once"
                ),
                Choice("boon", "A Boon", {}, "a positive chance on the next check"),
            ),
            "damage",
        )
    )
    return answer == "damage"


def check_reach(work: BatonWork, attacker: str, target: str, weapon: Weapon) -> None:
    distance = footprint_distance(mounts.body(work, attacker), mounts.body(work, target))
    if weapon.ranged:
        if distance > weapon.range:
            raise CommandRejected(
                f"{work.name(target)} is out of range: {distance} tiles away, the "
                f"{weapon.name} reaches {weapon.range}"
            )
        sight = line_of_sight(work.enc, attacker, target)
        if sight.cover is Cover.FULL:
            seen = "no line of sight" if not sight.clear else "a full-cover object in the way"
            raise CommandRejected(
                f"{work.name(target)} is in full cover from {work.name(attacker)} ({seen}: blocked by "
                f'{blocked_words(sight)}): "No character can be the target of a ranged attack if '
                "there is an obstacle completely blocking the shooter's line of sight\""
            )
    elif distance > weapon.reach:
        raise CommandRejected(
            f"{work.name(target)} is out of reach: {distance} tiles away, the "
            f"{weapon.name} reaches {weapon.reach}"
        )
    else:
        # assumed — the text speaks of ranged attacks only: no melee attack through a wall
        require_line_of_sight(work.enc, attacker, target, (work.name(attacker), work.name(target)))


#: What :func:`check_attack` finds: the options read, the weapon, the off-hand weapon.
CheckedAttack = tuple[Mapping[str, Any], Weapon, Weapon | None]


def check_attack(work: BatonWork, cmd: Attack) -> CheckedAttack:
    """Every check of an attack, in order, before anything changes or a die is rolled (the major
    action's refusals included: :func:`turns.spend_refusal`): they only read ``work``."""
    options = read_options("attack", cmd.options, ATTACK_OPTIONS, RULESET_NAME) if cmd.options else dict(
        _NO_OPTIONS)
    require_combat(work, "attacks")
    work.stats(cmd.attacker)
    work.stats(cmd.target)
    require_turn(work, cmd.attacker)  # a ridden mount: in its rider's turn
    require_alive(work, cmd.attacker, "attack")
    refusal = confusion_refusal(work, cmd.attacker, "an attack")
    if refusal:
        raise CommandRejected(refusal)
    name = work.name(cmd.attacker)
    if cmd.target == cmd.attacker:
        raise CommandRejected(f"{name} cannot attack themselves")
    if cmd.target in (mounts.mount_of(work, cmd.attacker), mounts.rider_of(work, cmd.attacker)):
        raise CommandRejected(f"{name} cannot attack {work.name(cmd.target)}: one rides the other")
    if cmd.target not in work.participants:
        raise CommandRejected(f"{work.name(cmd.target)} is not taking part in the combat")
    if work.dead(cmd.target):
        raise CommandRejected(f"{work.name(cmd.target)} is already dead")
    weapon = weapon_of(work, cmd.attacker, cmd.weapon)
    off_hand = None
    if options["off_hand"] is not None:
        off_hand = weapon_of(work, cmd.attacker, options["off_hand"])
        if off_hand == weapon or off_hand.ranged or weapon.ranged:
            raise CommandRejected("attack.options.off_hand: two different melee weapons, one in each hand")
    check_reach(work, cmd.attacker, cmd.target, weapon)
    if options["charge"]:
        if weapon.ranged:
            raise CommandRejected(f"{name} cannot charge with the {weapon.name}: a charge is a melee attack")
        if charge_rungs(work, cmd.attacker) < 1:
            run = int(work.record(cmd.attacker).get("straight", 0)) * work.enc.map.feet_per_tile
            raise CommandRejected(
                f"{name} cannot charge: the last move ran {run:g} ft in a straight line, and a "
                "charge needs at least 10 ft"
            )
    refusal = spend_refusal(work, cmd.attacker, "major", "an attack")
    if refusal:
        raise CommandRejected(refusal)
    return options, weapon, off_hand


def checked_attack(work: BatonWork, cmd: Attack) -> CheckedAttack:
    """:func:`check_attack` on a working copy nothing has changed yet (``work.enc`` and its combat
    data as they were given); the answer of the last attack that passed is kept for the same
    command and encounter by the ruleset instance (``Baton.early_memo``: neither is ever changed
    in place, so for that very command and encounter the answer stands, and an attack checked
    before the run is set up, ``Baton.apply_answering``, is not checked again by its handler; a
    refusal is raised as it comes)."""
    memo = getattr(work.ruleset, "early_memo", None)
    if not isinstance(memo, EarlyCheckMemo):  # a working copy made without the ruleset
        return check_attack(work, cmd)
    found: CheckedAttack | None = memo.found_on(work.enc, cmd)
    if found is not None:
        return found
    found = check_attack(work, cmd)
    memo.keep_passed(work.enc, cmd, found)
    return found


def attack(work: BatonWork, cmd: Attack) -> None:
    """The major action "overcome obstacle": attack an opponent within reach (its checks:
    :func:`check_attack`)."""
    options, weapon, off_hand = checked_attack(work, cmd)
    spend(work, cmd.attacker, "major", "an attack")  # a ridden mount: its rider's major action
    falling = work.record(cmd.attacker).get("falling")
    result = resolve(
        work,
        cmd.attacker,
        cmd.target,
        weapon,
        charge=options["charge"],
        off_hand=off_hand,
        fall_feet=float(falling["feet"]) if falling and not weapon.ranged else 0,
    )
    if falling:
        work.settle_fall(
            cmd.attacker,
            float(falling["feet"]),
            int(falling["severity"]),
            None if weapon.ranged else _settle_with(work, cmd.attacker, falling, result.total),
        )
    if options["charge"]:
        expose_until_next_turn(work, cmd.attacker, "charged")
    if off_hand is not None and (weapon.size in ("medium", "large") or off_hand.size in ("medium", "large")):
        expose_until_next_turn(work, cmd.attacker, "two weapons, one medium or large")
    if not work.dead(cmd.target) and not weapon.ranged:
        counterattack(work, cmd.target, cmd.attacker)


def _settle_with(work: BatonWork, tid: str, falling: Mapping[str, object], total: int) -> int | None:
    """Attacking While Falling: "they can use the attack roll result to reduce the severity of the
    fall damage instead of making an Agility check" — the attacker's choice (its player, or the GM),
    with the odds of each; by default the better. The attack total, or None for the Agility check."""
    severity = int(str(falling["severity"]))
    if severity < 1:
        return total
    against = difficulty(work.table.base_difficulty, ("severity", severity))
    halves = total >= against.int_value
    agility = work.stats(tid).agility
    skill = Breakdown("Skill", agility, "Agility")
    chance = odds(skill, against, work.own_chances(tid, "agility"), work.table)
    name = work.name(tid)
    answer = work.ask(
        Decision(
            "choice",
            tid if work.is_player(tid) else None,
            f"{name} lands the leap of {float(str(falling['feet'])):g} ft (a wound of severity {severity}): "
            "settle the fall with the attack roll or an Agility check?",
            (
                Choice(
                    "attack_roll",
                    f"The attack roll {total}",
                    {"halved": 1.0 if halves else 0.0},
                    f"{total} against difficulty {against.int_value}: {'halved' if halves else 'full'}",
                ),
                Choice(
                    "agility",
                    "An Agility check",
                    {"halved": chance},
                    f"2d6 + Agility {agility} against difficulty {against.int_value}",
                ),
            ),
            "attack_roll" if halves or chance == 0 else "agility",
        )
    )
    return total if answer == "attack_roll" else None


def counterattack(work: BatonWork, defender: str, attacker: str) -> None:
    """ "Certain equipment ... can allow a character to make a counterattack": a defender whose
    weapon has ``counter`` may strike back, with the weapon of its choice among those that allow it
    and reach — "a counterattack cannot be triggered by another counterattack" (a counterattack is
    resolved without calling this again)."""
    if work.dead(defender) or work.dead(attacker) or any(work.has(defender, c) for c in HELPLESS):
        return
    distance = footprint_distance(work.token(defender), work.token(attacker))
    weapons = [w for w in held_weapons(work, defender) if w.counter and not w.ranged and distance <= w.reach]
    if not weapons:
        return
    values = ["counter" if i == 0 else f"counter:{w.name}" for i, w in enumerate(weapons)]
    counters = work.choices(
        [*values, "hold"], lambda: [*_counter_choices(work, defender, attacker, weapons, values),
                                    Choice("hold", "Hold", {}, "no counterattack")]
    )
    answer = work.ask(
        Decision(
            "reaction",
            defender,
            f"{work.name(attacker)} attacked {work.name(defender)} in melee: does "
            f"{work.name(defender)} counterattack with the {weapons[0].name}?"
            if len(weapons) == 1
            else f"{work.name(attacker)} attacked {work.name(defender)} in melee: does "
            f"{work.name(defender)} counterattack?",
            counters,
            "counter",
            at=work.token(defender).position,
        )
    )
    weapon = next((w for w, value in zip(weapons, values, strict=True) if value == answer), None)
    if weapon is None:
        return
    with work.rolls_by(defender):
        resolve(work, defender, attacker, weapon, counter=True, why="Counterattack")


def _counter_choices(
    work: BatonWork, defender: str, attacker: str, weapons: list[Weapon], values: list[str]
) -> list[Choice]:
    """A counterattack with each weapon that allows it, with its odds."""
    seen = situation(work, defender, attacker, False)  # every counterattack is a melee attack
    out = []
    for w, value in zip(weapons, values, strict=True):
        p = plan(work, defender, attacker, w, seen=seen)
        label = "Counterattack" if len(weapons) == 1 else f"Counterattack with the {w.name}"
        hit = hit_odds(work, p)
        out.append(Choice(value, label, {"hit": hit}, odds_text(work, p, hit)))
    return out


def reaction_attack(work: BatonWork, enemy: str, mover: str, weapon: Weapon, why: str) -> None:
    """An opportunity attack (or a shot at a character leaving full cover): a counterattack."""
    with work.rolls_by(enemy):
        resolve(work, enemy, mover, weapon, counter=True, why=why)


def held_weapons(work: BatonWork, token_id: str) -> list[Weapon]:
    dropped = dropped_by(work, token_id)
    weapons = work.stats(token_id).weapons
    return [w for w in weapons if w.name.lower() not in dropped] if dropped else list(weapons)


def melee_weapon(work: BatonWork, token_id: str) -> Weapon | None:
    return next((w for w in held_weapons(work, token_id) if not w.ranged), None)


def ranged_weapon(work: BatonWork, token_id: str) -> Weapon | None:
    return next((w for w in held_weapons(work, token_id) if w.ranged), None)


def option_mapping(charge: bool, off_hand: str | None) -> Mapping[str, object]:
    out: dict[str, object] = {}
    if charge:
        out["charge"] = True
    if off_hand:
        out["off_hand"] = off_hand
    return out
