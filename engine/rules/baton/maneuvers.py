"""Combat maneuvers: disarm; grapple, knock down or push; breaking free."""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.dice import roll
from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.movement import MovementRules, check_path
from vantage.engine.protocol.commands import Maneuver, PickUp
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import ManeuverResolved, Note, TokenMoved
from vantage.engine.rules.baton.attacking import check_reach, weapon_of
from vantage.engine.rules.baton.check import CheckResult, difficulty, make_check
from vantage.engine.rules.baton.movement_rules import BATON_MOVEMENT
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.baton.tables import DIRECTIONS, RULESET_NAME
from vantage.engine.rules.baton.turns import (
    confusion_refusal,
    note_check,
    require_alive,
    require_combat,
    require_turn,
    spend,
)
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.line_of_fire import require_line_of_sight

#: A push moves the target through the shared movement check (walls, creatures, impassable ground).
PUSH_RULES: MovementRules = BATON_MOVEMENT

MANEUVERS = ("disarm", "grapple", "break_free")
EFFECTS = ("grapple", "knock_down", "push")
MANEUVER_OPTIONS = {
    "effect": OptionSpec(
        (str,), None, "on a success: grapple, knock_down or push (null: chosen after the roll)"
    ),
}


def _check(
    work: BatonWork, who: str, purpose: str, skill: tuple[str, int], against: Breakdown
) -> CheckResult:
    chances = work.own_chances(who, skill[0])
    result = make_check(
        work.dice, purpose, Breakdown("Skill", skill[1], skill[0]), against, chances, work.table
    )
    work.spend_boon(who, chances)
    work.emit_roll(result.roll, "success" if result.success else "failure")
    note_check(work, who, result.natural)
    return result


def _best(work: BatonWork, tid: str, *names: str) -> tuple[str, int]:
    s = work.stats(tid)
    label = {"physique": "Physique", "fight_unarmed": "Fight Unarmed", "dodge": "Dodge"}
    return max(((label[n], s.skill(n)) for n in names), key=lambda kv: kv[1])


def maneuver(work: BatonWork, cmd: Maneuver) -> None:
    options = read_options("maneuver", cmd.options, MANEUVER_OPTIONS, RULESET_NAME)
    if cmd.maneuver not in MANEUVERS:
        raise CommandRejected(
            f"maneuver.maneuver: {cmd.maneuver!r} is not a {RULESET_NAME} maneuver "
            f"(known: {', '.join(MANEUVERS)})"
        )
    if options["effect"] is not None and options["effect"] not in EFFECTS:
        raise CommandRejected(
            f"maneuver.options.effect: {options['effect']!r} is not one of {', '.join(EFFECTS)}"
        )
    require_combat(work, "maneuvers")
    a, t = cmd.attacker, cmd.target
    work.stats(a)
    work.stats(t)
    require_turn(work, a)
    require_alive(work, a, "maneuver")
    refusal = confusion_refusal(work, a, f"a {cmd.maneuver.replace('_', ' ')}")
    if refusal:
        raise CommandRejected(refusal)
    if a == t:
        raise CommandRejected(f"{work.name(a)} cannot maneuver against themselves")
    if work.dead(t):
        raise CommandRejected(f"{work.name(t)} is already dead")
    if cmd.maneuver == "disarm":
        _disarm(work, cmd)
    elif cmd.maneuver == "grapple":
        _grapple(work, cmd, options["effect"])
    else:
        _break_free(work, cmd)


def _disarm(work: BatonWork, cmd: Maneuver) -> None:
    """ "a Fight with [Weapon] check with a difficulty equal to 7 + the opponent's Fight with
    [Weapon] skill. On a success, the weapon falls in a random direction 5 feet away from the
    disarmed character per success level"."""
    a, t = cmd.attacker, cmd.target
    weapon = weapon_of(work, a, cmd.weapon)
    check_reach(work, a, t, weapon)
    theirs = weapon_of(work, t, None)
    if theirs.name == "Unarmed":
        raise CommandRejected(f"{work.name(t)} holds no weapon to disarm")
    spend(work, a, "major", "a disarm")
    against = difficulty(work.table.base_difficulty, (f"Fight with {theirs.name}", theirs.skill))
    result = _check(
        work,
        a,
        f"{work.name(a)} disarms {work.name(t)}",
        (f"Fight with {weapon.name}", weapon.skill),
        against,
    )
    outcome = "success" if result.success else "failure"
    work.emit(
        ManeuverResolved(
            sentence=f"{work.name(a)} {'disarms' if result.success else 'fails to disarm'} "
            f"{work.name(t)} — {result.explanation()}.",
            attacker=a,
            target=t,
            maneuver="disarm",
            outcome=outcome,
        )
    )
    if not result.success:
        return
    direction = roll("1d8", work.dice, f"Where {work.name(t)}'s {theirs.name} falls")
    word, (dx, dy) = DIRECTIONS[direction.total - 1]
    work.emit_roll(direction, word)
    tiles = int(result.levels * 5 // work.enc.map.feet_per_tile)
    x, y = work.token(t).position
    m = work.enc.map
    fx, fy = x, y
    for _ in range(tiles):  # the weapon stops at the edge of the map and at impassable ground (assumed)
        nx, ny = fx + dx, fy + dy
        if (
            not (0 <= nx < m.width and 0 <= ny < m.height)
            or not m.terrain_kinds[m.terrain[ny * m.width + nx]].passable
        ):
            break
        fx, fy = nx, ny
    work.combat.setdefault("items", []).append({"name": theirs.name, "tile": [fx, fy], "owner": t})
    work.emit(
        Note(
            sentence=f"{work.name(t)}'s {theirs.name} falls {result.levels * 5} ft {word}, at {(fx, fy)}.",
            token=t,
            data={"item": theirs.name, "tile": [fx, fy]},
        )
    )


def _grapple(work: BatonWork, cmd: Maneuver, effect: str | None) -> None:
    """ "a Physique or Fight Unarmed check with a difficulty equal to 7 + the opponent's Physique,
    Fight Unarmed, or Dodge. On a success, the character chooses one of the effects"."""
    a, t = cmd.attacker, cmd.target
    if footprint_distance(work.token(a), work.token(t)) > 1:
        raise CommandRejected(
            f"{work.name(t)} is out of reach: a grapple, knock down or push is made within 5 ft (1 tile)"
        )
    # assumed — the text speaks of ranged attacks only: no grapple through a wall
    require_line_of_sight(work.enc, a, t, (work.name(a), work.name(t)))
    spend(work, a, "major", "a grapple, knock down or push")
    mine = _best(work, a, "physique", "fight_unarmed")
    theirs = _best(work, t, "physique", "fight_unarmed", "dodge")
    against = difficulty(work.table.base_difficulty, theirs)
    result = _check(work, a, f"{work.name(a)} grapples with {work.name(t)} ({mine[0]})", mine, against)
    if not result.success:
        work.emit(
            ManeuverResolved(
                sentence=f"{work.name(a)} fails to get hold of {work.name(t)} — {result.explanation()}.",
                attacker=a,
                target=t,
                maneuver="grapple",
                outcome="failure",
            )
        )
        return
    if effect is None:
        effect = work.ask(
            Decision(
                "choice",
                a,
                f"{work.name(a)} overpowers {work.name(t)}: grapple, knock down or push?",
                (
                    Choice("grapple", "Grapple", {}, f"{work.name(t)} becomes grappled"),
                    Choice("knock_down", "Knock down", {}, f"{work.name(t)} becomes prone"),
                    Choice(
                        "push",
                        "Push",
                        {},
                        f"{work.name(t)} is pushed back 5 ft per 2 success levels ({result.levels} levels)",
                    ),
                ),
                "grapple",
                at=work.token(t).position,
            )
        )
    work.emit(
        ManeuverResolved(
            sentence=f"{work.name(a)} overpowers {work.name(t)} ({effect.replace('_', ' ')}) — "
            f"{result.explanation()}.",
            attacker=a,
            target=t,
            maneuver=effect,
            outcome="success",
        )
    )
    if effect == "grapple":
        grab(work, a, t)
    elif effect == "knock_down":
        work.add_condition(t, "prone", why=f"knocked down by {work.name(a)}")
    else:
        _push(work, a, t, result.levels // 2)


def grab(work: BatonWork, a: str, t: str) -> None:
    """GRAPPLED / GRAPPLING: the sizes decide who is burdened, restrained or carried."""
    mine, theirs = work.token(a).size.rank, work.token(t).size.rank
    work.creature(a)["grappling"] = t
    work.creature(t)["grappled_by"] = a
    work.add_condition(t, "grappled", why=f"by {work.name(a)}")
    work.add_condition(a, "grappling", why=work.name(t))
    if mine == theirs:
        work.add_condition(t, "burdened", why="grappled by someone of the same size")
        work.add_condition(a, "burdened", why="grappling someone of the same size")
    elif mine > theirs:
        work.add_condition(t, "restrained", why="grappled by someone larger")


def release(work: BatonWork, t: str, why: str) -> None:
    a = work.record(t).get("grappled_by")
    work.creature(t).pop("grappled_by", None)
    for cond in ("grappled", "burdened", "restrained"):
        work.remove_condition(t, cond, why)
    if a:
        work.creature(str(a)).pop("grappling", None)
        work.remove_condition(str(a), "grappling", why)
        work.remove_condition(str(a), "burdened", why)


def _push(work: BatonWork, a: str, t: str, tiles: int) -> None:
    """ "The target is pushed back 5 feet for every 2 success levels", straight away from the
    attacker; it stops before a wall, a creature or impassable ground (assumed)."""
    if tiles < 1:
        work.emit(
            Note(sentence=f"{work.name(t)} is not pushed: it takes 2 success levels to push 5 ft.", token=t)
        )
        return
    (ax, ay), (tx, ty) = work.token(a).position, work.token(t).position
    dx, dy = (tx > ax) - (tx < ax), (ty > ay) - (ty < ay)
    path = [(tx, ty)]
    m = work.enc.map
    for _ in range(tiles):
        x, y = path[-1]
        nx, ny = x + dx, y + dy
        if not (0 <= nx < m.width and 0 <= ny < m.height):
            break
        try:  # the shared movement check refuses walls, creatures and impassable ground
            check_path(work.enc, t, [*path, (nx, ny)], 10_000, PUSH_RULES)
        except CommandRejected:
            break
        path.append((nx, ny))
    if len(path) == 1:
        work.emit(Note(sentence=f"{work.name(t)} cannot be pushed back: something is in the way.", token=t))
        return
    work.set_token(replace(work.token(t), position=path[-1]))
    work.emit(
        TokenMoved(
            sentence=f"{work.name(t)} is pushed back {(len(path) - 1) * 5} ft to {path[-1]}.",
            token=t,
            path=tuple(path),
            cost=0.0,
        )
    )


def _break_free(work: BatonWork, cmd: Maneuver) -> None:
    """ "the grappled character can use their major action to make a Physique check with a
    difficulty equal to 7 + the Physique or Fight Unarmed of the grappling character"; restrained
    by terrain: "Trying to break free costs a major action" (Physique against 7 + the terrain's
    1 per 5 ft, assumed: against 8)."""
    a, t = cmd.attacker, cmd.target
    if work.record(a).get("grappled_by") != t:
        raise CommandRejected(f"{work.name(a)} is not grappled by {work.name(t)}")
    spend(work, a, "major", "breaking free")
    against = difficulty(work.table.base_difficulty, _best(work, t, "physique", "fight_unarmed"))
    result = _check(
        work,
        a,
        f"{work.name(a)} breaks free of {work.name(t)} (Physique)",
        ("Physique", work.stats(a).physique),
        against,
    )
    work.emit(
        ManeuverResolved(
            sentence=f"{work.name(a)} {'breaks free of' if result.success else 'fails to break free of'} "
            f"{work.name(t)} — {result.explanation()}.",
            attacker=a,
            target=t,
            maneuver="break_free",
            outcome="success" if result.success else "failure",
        )
    )
    if result.success:
        release(work, a, "broke free")


def pick_up(work: BatonWork, cmd: PickUp) -> None:
    """ "Drop or pick up an item from the ground" — a minor action, the item on or next to the character."""
    tid = cmd.token
    work.stats(tid)
    require_combat(work, "picking up")
    require_turn(work, tid)
    items = work.combat.get("items", [])
    x, y = work.token(tid).position
    found = next(
        (
            i
            for i in items
            if str(i["name"]).lower() == cmd.weapon.lower()
            and max(abs(i["tile"][0] - x), abs(i["tile"][1] - y)) <= 1
        ),
        None,
    )
    if found is None:
        raise CommandRejected(f"there is no {cmd.weapon} on or next to {work.name(tid)}")
    spend(work, tid, "minor", "picking up")
    items.remove(found)
    if found.get("owner") != tid:
        found_owner = found.get("owner")
        work.emit(
            Note(
                sentence=f"{work.name(tid)} picks up {work.name(str(found_owner))}'s {found['name']}.",
                token=tid,
            )
        )
        return
    work.emit(Note(sentence=f"{work.name(tid)} picks up the {found['name']}.", token=tid))
