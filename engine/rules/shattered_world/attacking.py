"""Attacks, Dodges and Parries.

"Generally, Attacks are just Skill rolls against the appropriate weapon skill. Non-Proficiency rolls
against the Combat Skill are allowed." The order of one attack:

1. **Dodge** — "the Dodge roll is rolled before the opposing Attack roll": the target may Dodge
   (in place of its Attack or its Parry), which "attempts to avoid all Attacks from a single
   opponent" this Round; its result stands for that opponent's later Attacks this Round.
2. **The Attack roll** (:mod:`.skill`), with its Stunts; a ranged Attack adds 1d20 per range
   increment and fails beyond the maximum range.
3. **Criticals** — a natural 1 opens Critical rolls (double, triple … damage). "a successful
   Critical hit which is Dodged with normal success is a normal hit, and if the Dodge is a successful
   Critical roll then all damage is avoided. A Dodge Fumble makes the opposing Attack succeed
   automatically (with no roll) and the opponent may attempt to roll a Critical hit just as if he or
   she had rolled a 1."
4. **Parry** — "a Parry is rolled after the opposing Attack has hit": the target's player chooses a
   weapon (or the fist) to interpose; the weapon absorbs the damage, a weapon saving roll when it
   is more than its Armor, shields lose points, the fist lets the excess through.
5. **Damage** — "any successful Attack will do at least one point of damage, unless Parried or
   Dodged", after the target's Armor.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from vantage.engine.dice import roll
from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Facing
from vantage.engine.protocol.commands import Attack, PickUp
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import HitResolved, Note
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.line_of_fire import require_line_of_sight
from vantage.engine.rules.shattered_world import dying, skill
from vantage.engine.rules.shattered_world.mounts import body
from vantage.engine.rules.shattered_world.schema import Weapon
from vantage.engine.rules.shattered_world.tables import (
    ATTACK_FUMBLES,
    PARRY_FUMBLES,
    RANGE_ROW_OF,
    RANGES,
    SIDE_SHIELDS,
    RangeRow,
)
from vantage.engine.rules.shattered_world.vocabulary import RULESET_NAME
from vantage.engine.rules.shattered_world.weapons import (
    FIST,
    KICK,
    find_weapon,
    ridden_steed,
    roll_damage,
    skill_of,
    steed_why_not,
    thrown_row,
    usable_why_not,
)
from vantage.engine.rules.shattered_world.work import (
    ONCE_WITH_EACH,
    UP,
    Work,
    require_attack_of_pass,
    require_fighting,
    require_turn,
    spend_attack_of_pass,
    weapon_label,
)

#: How far a melee Attack (a weapon neither shot nor thrown) reaches, as a gap in tiles between the
#: footprints: "a melee Attack reaches the next square" (assumed — the text gives ranges for missiles
#: only; 1 is beside, diagonals included).
MELEE_REACH = 1

ATTACK_OPTIONS = {"throw": OptionSpec((bool,), False, "throw the weapon (Dagger, Hammer, Hand Axe, Spear)")}
NO = "no"


# -- asking the table ---------------------------------------------------------------------------


def ask(work: Work, decision: Decision) -> str:
    """The answer of the token's player (or the GM); with the rules option ``reactions: players``
    an NPC takes the default without waiting."""
    if takes_default(work, decision.who):
        return decision.check_choice(None)
    return work.ask(decision)


def takes_default(work: Work, who: str | None) -> bool:
    """An NPC's reaction under the rules option ``reactions: players``: its default, unasked."""
    return work.rules["reactions"] == "players" and who is not None and not work.stats(who).player


def question_choices(
    work: Work, who: str, values: Sequence[str], full: Callable[[], Sequence[Choice]]
) -> tuple[Choice, ...]:
    """The choices of a reaction of ``who``: ``full()`` (with their odds and words) when the table
    is to be asked; their ``values`` alone when no one is — the answer is at hand (the paused
    command runs again with the table's answers) or it is an NPC's default — since only the values
    are read then."""
    if takes_default(work, who) or work.answers.used < len(work.answers.given):
        return tuple(Choice(value, value, {}, "") for value in values)
    return tuple(full())


# -- range ---------------------------------------------------------------------------------------


def range_row(weapon: Weapon, thrown: bool) -> RangeRow | None:
    if weapon.projectile:
        return RANGES[RANGE_ROW_OF[(weapon.id, weapon.ammo)]]
    if thrown:
        row = thrown_row(weapon)
        return RANGES[row] if row else None
    return None


def range_dice(distance_ft: float, row: RangeRow) -> int | None:
    """ "for each increment of that distance, add 1d20 difficulty" — None beyond the maximum."""
    if distance_ft > row.maximum:
        return None
    if distance_ft <= row.short:
        return 0
    return math.ceil((distance_ft - row.short) / row.short)


# -- the attack ----------------------------------------------------------------------------------


def check_attack(work: Work, cmd: Attack) -> tuple[Weapon, bool, RangeRow | None, float, int]:
    """Every check of an attack before a die is rolled: (weapon, thrown, range row, distance in ft,
    the pass of Attacks it is made in)."""
    # no options: the defaults (read_options would fill them in the same)
    thrown = bool(read_options("attack", cmd.options, ATTACK_OPTIONS, RULESET_NAME)["throw"]) \
        if cmd.options else False
    if not work.started:
        raise CommandRejected("combat has not started: no attacks before it")
    a, name = cmd.attacker, work.name(cmd.attacker)
    work.stats(a)
    work.stats(cmd.target)
    turn_number = require_turn(work, a)
    require_fighting(work, a, "fight")
    if cmd.target == a:
        raise CommandRejected(f"{name} cannot attack itself")
    if not work.takes_part(cmd.target):
        raise CommandRejected(f"{work.name(cmd.target)} is not taking part in the combat")
    if work.state(cmd.target) == "dead":
        raise CommandRejected(f"{work.name(cmd.target)} is already dead")
    weapon = find_weapon(work, a, cmd.weapon)
    if weapon.projectile and thrown:
        raise CommandRejected(f"a {weapon.name} shoots; it is not thrown")
    if thrown and thrown_row(weapon) is None:
        raise CommandRejected(
            f"the {weapon.name} is not a thrown weapon (thrown: Dagger, Hammer, Hand Axe, Spear)"
        )
    why = usable_why_not(work, a, weapon, thrown) or steed_why_not(work, a, weapon)
    if why:
        raise CommandRejected(f"{name} cannot attack with {weapon_label(weapon)}: {why}")
    rec = work.record(a)
    if weapon.index in rec.get("attacked_with", ()) and work.two_weapons(a):
        raise CommandRejected(
            f"{name} has attacked with {weapon_label(weapon)} this Round: {ONCE_WITH_EACH}"
        )
    if weapon is KICK and any(r[0] == "dodge" for r in rec["rolls"]):
        raise CommandRejected(
            f'{name} has Dodged this Round: "Characters using the Kick attack may not '
            'Dodge in the same Round"'
        )
    number = require_attack_of_pass(work, a, turn_number)
    if work.budget_left(a)[0] < 1:
        raise CommandRejected(
            f"{name} has no Attack left this Round"
            + (" (a Normal Move leaves an Attack or a Parry)" if rec["moved"] == "move" else "")
        )
    distance = footprint_distance(body(work, a), body(work, cmd.target))  # a rider: its steed's
    feet = distance * work.enc.map.feet_per_tile
    row = range_row(weapon, thrown)
    if row is None and distance > MELEE_REACH:
        raise CommandRejected(
            f"{work.name(cmd.target)} is out of reach: {feet:g} ft away; a melee Attack "
            "reaches the next square"
        )
    # a missile needs a line of sight (assumed — the text speaks only of light: "if you can't see
    # your opponent"); so does a blow (assumed: no Attack through a wall or a closed door)
    require_line_of_sight(work.enc, a, cmd.target, (name, work.name(cmd.target)))
    return weapon, thrown, row, feet, number


CheckedAttack = tuple[Weapon, bool, RangeRow | None, float, int]


#: What :func:`check_attack` found for an attack (without options) that passed its checks on an
#: encounter, by the encounter's identity — (attacker, target, weapon, id of the encounter) → (the
#: encounter, held so that its id is not reused while it is kept; what the checks found). An
#: encounter is never changed in place (a command makes a new one), so the answer stands for as
#: long as it lives: an attack checked before the run is set up (``ShatteredWorld.apply_answering``),
#: or sent after its option was found legal on that state, is not checked again by its handler. A
#: refusal is not kept (it is raised as it comes: the simulation's refused tries are each a new
#: attack). At most :data:`_CHECKED_KEPT` kept (all forgotten when full: plain dict operations, safe
#: with a simulation thread beside the window's queries): few, as each holds a whole encounter, and
#: the answers are asked again within a state or two.
_CHECKED: dict[tuple[str, str, str | None, int], tuple[object, CheckedAttack]] = {}
_CHECKED_KEPT = 16


def checked_attack(work: Work, cmd: Attack) -> CheckedAttack:
    """:func:`check_attack` on a working copy nothing has changed yet (``work.enc`` and its combat
    data as they were given), the answer of one that passes kept for the same encounter
    (:data:`_CHECKED`)."""
    if cmd.options:  # option values may be lists (unhashable): checked afresh, as rarely given
        return check_attack(work, cmd)
    enc = work.enc
    key = (cmd.attacker, cmd.target, cmd.weapon, id(enc))
    seen = _CHECKED.get(key)
    if seen is not None and seen[0] is enc:
        return seen[1]
    found = check_attack(work, cmd)
    if len(_CHECKED) >= _CHECKED_KEPT:
        _CHECKED.clear()
    _CHECKED[key] = (enc, found)
    return found


def attack(work: Work, cmd: Attack) -> None:
    """One Attack (the budget's), resolved from the Dodge to the damage. "The exception is certain
    Attack forms which are "routines," and all happen at once": an attack with a natural weapon marked
    ``routine`` resolves every routine weapon of the creature on the target, as one Attack."""
    weapon, thrown, row, feet, number = checked_attack(work, cmd)
    a, t = cmd.attacker, cmd.target
    rec = work.creature(a)
    rec["attacks"] = int(rec["attacks"]) + 1
    spend_attack_of_pass(work, a, number)
    rec.setdefault("attacked_with", []).append(weapon.index)
    if weapon is KICK:
        rec["kicked"] = True
    if weapon.routine and not thrown:
        routine = [w for w in work.in_hand(a) if w.routine]
        names = ", ".join(w.name for w in routine)
        work.emit(
            Note(
                sentence=f"{work.name(a)} attacks with a routine ({names}): all of it happens at once, "
                "as one Attack.",
                token=a,
            )
        )
        for w in routine:
            if work.state(t) != "up":
                break
            resolve(work, a, t, w, False, None, feet)
        return
    resolve(work, a, t, weapon, thrown, row, feet)
    if thrown:
        work.creature(a).setdefault("lost", {})[str(weapon.index)] = "thrown"
        work.creature(a).setdefault("lying", {})[str(weapon.index)] = list(work.token(t).position)
        work.emit(
            Note(
                sentence=f"{work.name(a)}'s {weapon.name} lies by {work.name(t)} at "
                f"{work.token(t).position}.",
                token=a,
                data={"weapon": weapon.name, "tile": list(work.token(t).position)},
            )
        )


def _dodge_phase(work: Work, a: str, t: str, missile: bool) -> str | None:
    """The target's Dodge against ``a`` this Round: "critical", "success", "failure", "fumble" or None."""
    trec = work.record(t)
    known = trec.get("dodges", {}).get(a)
    if known is not None:
        return str(known)
    choices = dodge_choices(work, t)
    if not choices:
        return None
    name, attacker = work.name(t), work.name(a)
    dodge_skill = int(work.stats(t).skills["dodge"])

    def full() -> list[Choice]:
        difficulty = work.difficulty(t, "dodge", None)
        odds = skill.chance(dodge_skill, difficulty.int_value)
        line = (
            f"Dodge {skill.difficulty_text(difficulty)} against Dodge {dodge_skill}: {round(odds * 100)}%; "
            f"it avoids all of {attacker}'s Attacks this Round"
        )
        options = [Choice(value, label, {"dodge": odds}, f"{line} ({why})") for value, label, why in choices]
        options.append(
            Choice(
                NO,
                "No Dodge",
                {},
                f"{name} takes the Attack" + ("" if missile else "; a Parry may follow if it hits"),
            )
        )
        return options

    default = choices[0][0] if missile and work.budget_left(t)[1] == 0 else NO
    answer = ask(
        work,
        Decision(
            kind="reaction",
            who=t,
            prompt=f"{attacker} attacks {name}: does {name} Dodge first?",
            choices=question_choices(work, t, [*(value for value, _, _ in choices), NO], full),
            default=default,
            at=work.token(t).position,
        ),
    )
    if answer == NO:
        return None
    difficulty = work.difficulty(t, "dodge", None)  # before the Dodge is spent, as the table saw it
    wrec = work.creature(t)
    wrec["parries" if answer == "dodge-parry" else "attacks"] += 1
    with work.rolls_by(t):
        check = skill.skill_roll(
            work.dice, dodge_skill, difficulty.int_value, f"{name} Dodge against {attacker}"
        )
        work.remember_roll(t, "dodge", None)
        if check.natural_one:
            work.emit_roll(check.roll, check.outcome)
            result = (
                "critical"
                if skill.critical_multiplier(
                    work.dice, f"{name} Dodge", dodge_skill, work.rules["critical_roll"], work.emit_roll
                )
                > 1
                else "success"
            )
        else:
            work.emit_roll(check.roll, check.outcome)
            result = "fumble" if check.fumble else ("success" if check.success else "failure")
    wrec.setdefault("dodges", {})[a] = result
    words = {
        "critical": "a Critical Dodge: all damage from it is avoided this Round",
        "success": f"{name} avoids {attacker}'s Attacks this Round (a Critical hit still lands as a "
        "normal hit)",
        "failure": f"{name} fails to Dodge",
        "fumble": f"a Dodge Fumble: {attacker}'s Attack succeeds automatically",
    }
    work.emit(Note(sentence=f"{words[result]}.", token=t, data={"dodge": result, "against": a}))
    return result


def dodge_choices(work: Work, t: str) -> list[tuple[str, str, str]]:
    """The slots a Dodge may take the place of now: (value, label, why)."""
    rec = work.record(t)
    if rec["state"] != UP or work.surprised(t) or (work.started and rec.get("woke") == work.round):
        return []  # not up, Surprised, or just come to (work.just_woke)
    if rec.get("kicked"):
        return []
    attacks, parries = work.budget_left(t)
    out = []
    if parries:
        out.append(("dodge-parry", "Dodge (in place of the Parry)", "the Attack is kept"))
    if attacks:
        out.append(("dodge-attack", "Dodge (in place of an Attack)", "the Parry is kept"))
    return out


def resolve(
    work: Work, a: str, t: str, weapon: Weapon, thrown: bool, row: RangeRow | None, feet: float
) -> None:
    """One attack from the Dodge to the damage."""
    name, target = work.name(a), work.name(t)
    missile = row is not None
    dodge = _dodge_phase(work, a, t, missile)
    with_what = weapon_label(weapon)
    extra: tuple[tuple[str, int], ...] = ()
    if row is not None:
        dice = range_dice(feet, row)
        if dice is None:
            work.emit(
                HitResolved(
                    sentence=f"{name}'s Attack on {target} with {with_what} fails: {feet:g} ft is "
                    f"beyond the maximum range of {row.maximum} ft.",
                    attacker=a,
                    target=t,
                    outcome="miss",
                    margin=0,
                    explanation=f"{row.label}: maximum range {row.maximum} ft",
                    detail="range",
                )
            )
            return
        if dice:
            extra = (
                (f"range {feet:g} ft, {dice} increment{'s' if dice > 1 else ''} past {row.short} ft", dice),
            )
    target_skill = skill_of(work, a, weapon)
    difficulty = work.difficulty(a, "attack", weapon, t, extra)
    multiplier = 1
    success = False
    explanation = ""
    if dodge == "fumble":
        success = True
        explanation = "a Dodge Fumble: the Attack succeeds with no roll"
        work.remember_roll(a, "attack", weapon)
        multiplier = skill.critical_multiplier(
            work.dice,
            f"{name} Attack on {target}",
            target_skill.int_value,
            work.rules["critical_roll"],
            work.emit_roll,
        )
    else:
        check = skill.skill_roll(
            work.dice,
            target_skill.int_value,
            difficulty.int_value,
            f"{name} Attack on {target} with {with_what}",
        )
        work.remember_roll(a, "attack", weapon)
        work.emit_roll(check.roll, check.outcome)
        success = check.success
        explanation = (
            f"{skill.difficulty_text(difficulty)} [{', '.join(map(str, check.roll.faces))}] = "
            f"{check.roll.total} against {rank_text(target_skill)}"
        )
        if check.natural_one:
            multiplier = skill.critical_multiplier(
                work.dice,
                f"{name} Attack on {target}",
                target_skill.int_value,
                work.rules["critical_roll"],
                work.emit_roll,
            )
        if check.fumble:
            _fumble(work, a, weapon, ATTACK_FUMBLES, "Attack")
    if success and dodge == "critical":
        _miss(work, a, t, f"{target}'s Critical Dodge avoids all damage", explanation)
        return
    if success and dodge == "success":
        if multiplier == 1:
            _miss(work, a, t, f"{target} Dodges it: the Attack misses outright", explanation)
            return
        multiplier = 1
        work.emit(Note(sentence="The Critical hit is Dodged with normal success: a normal hit.", token=t))
    if not success:
        _miss(work, a, t, f"{name} misses {target}", explanation)
        return
    crit = f", a Critical: ×{multiplier} damage" if multiplier > 1 else ""
    work.emit(
        HitResolved(
            sentence=f"{name} hits {target} with {with_what}{crit}.",
            attacker=a,
            target=t,
            outcome="critical" if multiplier > 1 else "hit",
            margin=multiplier,
            explanation=explanation,
            detail="roll-under skill",
        )
    )
    parried = (
        None
        if missile
        else _parry_phase(work, a, t, f"{name} hits {target} with {with_what} ({explanation})")
    )
    damage = roll_damage(work, a, t, weapon, multiplier, thrown, hit_needs(multiplier, parried))
    if parried is not None:
        _absorb(work, a, t, parried, damage.total, damage.track, damage.text)
        return
    armor = work.stats(t).armor
    amount = max(1, damage.total - armor)
    how = f"{damage.text}, − Armor {armor} = {damage.total - armor}" if armor else damage.text
    if damage.total - armor < 1:
        how += ", at least 1"
    dying.take_damage(work, t, amount, damage.track, f" from {name}'s {weapon.name} ({how})")


def rank_text(rank: Breakdown) -> str:
    """``"Spear skill 13"``, or ``"Longsword skill 14, mounted: the lower of it and Ride 9 → 9"``."""
    head = f"{rank.base_label} {rank.base:g}"
    return f"{head}, {rank.replaced_by[0]} → {rank.value:g}" if rank.replaced_by else head


def _miss(work: Work, a: str, t: str, sentence: str, explanation: str) -> None:
    work.emit(
        HitResolved(
            sentence=f"{sentence}.",
            attacker=a,
            target=t,
            outcome="miss",
            margin=0,
            explanation=explanation,
            detail="roll-under skill",
        )
    )


def fumble_needs(table: tuple[tuple[int, int, str, str], ...]) -> str:
    """What a fumble roll decides, for the table: each row of the (assumed) fumble table,
    "1–4 the attack goes wide, 5–6 the weapon slips from the hand"."""
    return ", ".join(f"{low}–{high} {text}" if low != high else f"{low} {text}"
                     for low, high, _effect, text in table)


def _fumble(
    work: Work, token_id: str, weapon: Weapon, table: tuple[tuple[int, int, str, str], ...], what: str
) -> None:
    """A fumbled Attack or Parry: the assumed fumble table, 1d6."""
    if not work.rules["fumbles"]:
        return
    r = roll("1d6", work.dice, f"{work.name(token_id)} {what} Fumble", needs=fumble_needs(table))
    low, high, effect, text = next(e for e in table if e[0] <= r.total <= e[1])
    work.emit_roll(r, text)
    if effect == "drop" and weapon.index >= 0 and not weapon.natural:
        work.creature(token_id).setdefault("lost", {})[str(weapon.index)] = "dropped"
        work.creature(token_id).setdefault("lying", {})[str(weapon.index)] = list(
            work.token(token_id).position
        )
        work.emit(
            Note(
                sentence=f"{work.name(token_id)} drops the {weapon.name} at {work.token(token_id).position}.",
                token=token_id,
                data={"weapon": weapon.name, "tile": list(work.token(token_id).position)},
            )
        )


# -- parrying ------------------------------------------------------------------------------------


def shield_side_ok(work: Work, defender: str, attacker: str, weapon: Weapon) -> bool:
    """ "Mounted characters may only use Target or Kite Shields on the shield-side of the mount": the
    shield side is **assumed** to be the rider's left (from its facing); an attacker straight ahead
    or behind may be met on either side."""
    if weapon.id not in SIDE_SHIELDS or ridden_steed(work, defender) is None:
        return True
    d, a = body(work, defender), body(work, attacker)
    fx, fy = Facing(work.token(defender).facing).vector
    dx, dy = a.centre[0] - d.centre[0], a.centre[1] - d.centre[1]
    return fx * dy - fy * dx <= 0


def parry_weapons(work: Work, t: str, attacker: str) -> list[Weapon]:
    """ "The character must have a weapon or shield in hand which can be used to Parry": hand weapons
    and shields that are not projectiles, and the fist when a hand is free. "Kick may not be used
    to Parry"; natural attacks do not parry (**assumed**)."""
    rec = work.record(t)
    if rec["state"] != UP or work.surprised(t) or (work.started and rec.get("woke") == work.round):
        return []  # not up, Surprised, or just come to (work.just_woke)
    if work.budget_left(t)[1] < 1:
        return []
    hand = work.hand_weapons(t)
    held = [
        w
        for w in hand
        if not w.projectile and not usable_why_not(work, t, w) and shield_side_ok(work, t, attacker, w)
    ]
    hands = {w.hand for w in hand}
    if "both" not in hands and not {"main", "off"} <= hands:
        held.append(FIST)
    if {"main", "off"} <= hands:  # work.two_weapons: "Parry twice (once with each)"
        parried = work.parried_with(t)
        held = [w for w in held if w.index not in parried]
    return held


def hit_needs(multiplier: int, parried: Weapon | None) -> str:
    """What the damage roll asked at the table is for: the hit, said first ("a hit: roll damage";
    "a Critical hit: roll damage, ×2"), and the weapon that Parried it."""
    words = f"a Critical hit: roll damage, ×{multiplier}" if multiplier > 1 else "a hit: roll damage"
    return words + (f" (Parried: the {parried.name} takes the blow)" if parried is not None else "")


def _parry_phase(work: Work, a: str, t: str, hit: str) -> Weapon | None:
    """The target's Parry after the hit: the weapon that succeeded in the way, or None."""
    weapons = parry_weapons(work, t, a)
    if not weapons:
        return None
    name = work.name(t)
    choices = question_choices(
        work, t, [*(f"parry-{w.id}" for w in weapons), NO], lambda: _parry_choices(work, t, weapons)
    )
    best = max(weapons, key=lambda w: (w is not FIST, w.armor or 0))
    answer = ask(
        work,
        Decision(
            kind="reaction",
            who=t,
            prompt=f"{hit}: does {name} Parry?",
            choices=choices,
            default=f"parry-{best.id}",
            at=work.token(t).position,
        ),
    )
    if answer == NO:
        return None
    weapon = next(w for w in weapons if f"parry-{w.id}" == answer)
    work.creature(t)["parries"] += 1
    rank = skill_of(work, t, weapon)
    difficulty = work.difficulty(t, "parry", weapon)
    with work.rolls_by(t):
        check = skill.skill_roll(
            work.dice, rank.int_value, difficulty.int_value, f"{name} Parry with {weapon_label(weapon)}"
        )
        work.remember_roll(t, "parry", weapon)
        work.emit_roll(check.roll, check.outcome.split(",")[0])
        if check.fumble:
            _fumble(work, t, weapon, PARRY_FUMBLES, "Parry")
    return weapon if check.success else None


def _parry_choices(work: Work, t: str, weapons: list[Weapon]) -> list[Choice]:
    """A Parry with each weapon that can, with its odds and what it absorbs; or none."""
    choices = []
    for w in weapons:
        rank = skill_of(work, t, w)
        difficulty = work.difficulty(t, "parry", w)
        odds = skill.chance(rank.int_value, difficulty.int_value)
        armor = work.shield_armor(t, w) if w.shield else (w.armor or 0)
        choices.append(
            Choice(
                f"parry-{w.id}",
                f"Parry with {weapon_label(w)}",
                {"parry": odds},
                f"{skill.difficulty_text(difficulty)} against {rank_text(rank)}: "
                f"{round(odds * 100)}%; it absorbs {armor}"
                + (" and lets the excess through" if w is FIST else ""),
            )
        )
    choices.append(Choice(NO, "No Parry", {}, f"{work.name(t)} takes the hit"))
    return choices


def _absorb(work: Work, a: str, t: str, weapon: Weapon, damage: int, track: str, text: str) -> None:
    """The Parry interposes ``weapon``: it absorbs up to its Armor; more threatens the weapon."""
    name = work.name(t)
    if weapon is FIST:
        excess = damage - 2
        if excess <= 0:
            work.emit(
                Note(sentence=f"{name}'s fist parry absorbs all of it ({text}, Fist Armor 2).", token=t)
            )
            return
        armor = work.stats(t).armor
        amount = max(1, excess - armor)
        dying.take_damage(
            work,
            t,
            amount,
            track,
            f" through the fist parry ({text} − Fist Armor 2 = {excess}"
            + (f", − Armor {armor}" if armor else "")
            + (", at least 1" if excess - armor < 1 else "")
            + ")",
        )
        return
    armor = work.shield_armor(t, weapon) if weapon.shield else int(weapon.armor or 0)
    if damage <= armor:
        work.emit(Note(sentence=f"{name}'s {weapon.name} absorbs the blow ({text}, Armor {armor}).", token=t))
        return
    with work.rolls_by(t):
        save = roll("1d20", work.dice, f"{name} saving roll for the {weapon.name}",
                    needs=f"{armor} or less saves (Armor {armor})")
    held = save.total <= armor
    work.emit_roll(save, f"{'saved' if held else 'failed'} (at most Armor {armor})")
    work.emit(
        Note(
            sentence=f"{name}'s {weapon.name} absorbs the blow ({text}, more than its Armor {armor}).",
            token=t,
        )
    )
    if held:
        return
    rec = work.creature(t)
    if weapon.shield:
        left = armor - (damage - armor)
        if left > 0:
            rec.setdefault("shield_armor", {})[str(weapon.index)] = left
            work.emit(
                Note(
                    sentence=f"The {weapon.name} loses {damage - armor} armor points ({left} left).", token=t
                )
            )
            return
        rec.setdefault("shield_armor", {})[str(weapon.index)] = 0
        rec.setdefault("lost", {})[str(weapon.index)] = "destroyed"
        work.emit(
            Note(sentence=f"{name}'s {weapon.name} loses its last armor points and is destroyed.", token=t)
        )
        return
    rec.setdefault("lost", {})[str(weapon.index)] = "broken"
    work.emit(Note(sentence=f"{name}'s {weapon.name} is broken and useless.", token=t))


# -- picking a weapon up --------------------------------------------------------------------------


def pick_up(work: Work, cmd: PickUp) -> None:
    """Pick a dropped or thrown weapon back up from the tile beside (**assumed**: it takes the place
    of an Attack; the text is silent)."""
    name = work.name(cmd.token)
    s = work.stats(cmd.token)
    weapon = s.weapon(cmd.weapon)
    if weapon is None:
        raise CommandRejected(f"{name} has no weapon {cmd.weapon!r}")
    lost = work.record(cmd.token).get("lost", {}).get(str(weapon.index))
    if lost not in ("dropped", "thrown"):
        raise CommandRejected(f"{name}'s {weapon.name} is {lost or 'in hand'}: there is nothing to pick up")
    tile = work.record(cmd.token).get("lying", {}).get(str(weapon.index))
    here = work.token(cmd.token).position
    if tile is not None and max(abs(here[0] - tile[0]), abs(here[1] - tile[1])) > 1:
        raise CommandRejected(f"{name}'s {weapon.name} lies at {tuple(tile)}, not on or beside {name}")
    if work.started:
        require_fighting(work, cmd.token, "pick a weapon up")
        number = require_attack_of_pass(work, cmd.token)
        if work.budget_left(cmd.token)[0] < 1:
            raise CommandRejected(f"{name} has no Attack left this Round to spend picking it up")
        work.creature(cmd.token)["attacks"] += 1
        spend_attack_of_pass(work, cmd.token, number)
    del work.creature(cmd.token)["lost"][str(weapon.index)]
    work.creature(cmd.token).get("lying", {}).pop(str(weapon.index), None)
    work.emit(Note(sentence=f"{name} picks up the {weapon.name}.", token=cmd.token))
