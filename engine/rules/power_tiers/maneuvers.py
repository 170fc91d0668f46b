"""Common combat maneuvers: shove, grab (and breaking free of or reversing one), the defensive
stance, letting go, and an action spent on a skill.

- Shove: "As a Primary Action, make an attack roll vs opponent's defense roll, if the attacker is
  successful they can move their opponent 5 feet away." Where to is the attacker's choice (a
  decision), or the tile the command names.
- Defensive Stance: "As a Primary Action you can take a defensive stance, gaining a bonus +25 to
  defense rolls that round."
- Grab: "As a Primary Action, make an attack roll with your unarmed skill vs the opponent's
  defense or wrestle skill." The opponent chooses which (a decision). "The opponent can also use
  their Primary action to make a Wrestle skill roll or an Unarmed Attack roll on their turn to
  break free of, or to reverse the grab."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.movement import MovementRules, check_path
from vantage.engine.protocol.commands import Maneuver, Stance
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import ManeuverResolved, Note, TokenMoved
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.power_tiers.attacking import check_target
from vantage.engine.rules.power_tiers.contest import (
    attack_bonus,
    contest,
    defence_bonus,
    odds,
    skill_bonus,
    weapon_of,
)
from vantage.engine.rules.power_tiers.damage import end_grabs
from vantage.engine.rules.power_tiers.vocabulary import RULESET_NAME, Release, UseAction
from vantage.engine.rules.power_tiers.work import DEFENSIVE, GRABBED, GRABBING, PTWork

MANEUVERS = ("shove", "grab", "break-free", "reverse")
MANEUVER_OPTIONS: Mapping[str, OptionSpec] = {
    "situational": OptionSpec((int,), 0, "situational bonus (or penalty) to the maneuver's roll"),
    "defence_situational": OptionSpec((int,), 0, "situational bonus (or penalty) to the opponent's roll"),
    "skill": OptionSpec((str,), None, "break-free/reverse: wrestle or unarmed (the higher when null)"),
}
#: A shoved creature moves one tile; the shover's allies do not block it (enemies_block is the
#: target's own enemies), walls and impassable terrain do.
_SHOVED = MovementRules(name="shoved")
#: "They can move their opponent 5 feet away": one 5-ft tile (assumed: a tile of the map's grid).
SHOVE_TILES = 1


def _wrestle_or_unarmed(work: PTWork, token_id: str, skill: str | None, situational: int = 0) -> Breakdown:
    s = work.stats(token_id)
    values = {"wrestle": int(s["wrestle"]), "unarmed": int(s["unarmed"]["skill"])}
    if skill is None:
        skill = max(values, key=lambda k: values[k])
    if skill not in values:
        raise CommandRejected(f"maneuver.options.skill: {skill!r} is not wrestle or unarmed")
    return skill_bonus(skill.capitalize(), values[skill], situational)


def _shove_tiles(work: PTWork, attacker: str, target: str) -> list[tuple[int, int]]:
    """The tiles 5 feet away the target can be moved to: one step, farther from the attacker."""
    t = work.token(target)
    before = footprint_distance(work.token(attacker), t)
    out = []
    x, y = t.position
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            tile = (x + dx, y + dy)
            if (dx, dy) == (0, 0):
                continue
            moved = replace(t, position=tile)
            if footprint_distance(work.token(attacker), moved) <= before:
                continue
            try:
                check_path(work.enc, target, [t.position, tile], SHOVE_TILES, _SHOVED)
            except CommandRejected:
                continue
            out.append(tile)
    away = (x - work.token(attacker).position[0], y - work.token(attacker).position[1])
    # straight away first, then the tiles beside that line
    out.sort(key=lambda p: (-((p[0] - x) * away[0] + (p[1] - y) * away[1]),
                            abs((p[0] - x) * away[1] - (p[1] - y) * away[0])))
    return out


def _place(work: PTWork, token_id: str, tile: tuple[int, int], sentence: str) -> None:
    token = work.token(token_id)
    work.set_token(replace(token, position=tile))
    work.emit(TokenMoved(sentence=sentence, token=token_id, path=(token.position, tile), cost=1.0))


def shove(work: PTWork, cmd: Maneuver, options: dict[str, Any]) -> None:
    a, t = cmd.attacker, cmd.target
    weapon = weapon_of(work, a, cmd.weapon, melee_only=True)
    check_target(work, a, t, int(weapon["reach"]), "shove")
    if work.record(a).get("grabbing"):
        raise CommandRejected(f"{work.name(a)} cannot shove while grabbing: it cannot make any attacks")
    chosen = None
    if cmd.path:
        if len(cmd.path) != 2 or tuple(cmd.path[0]) != work.token(t).position:
            raise CommandRejected(f"maneuver.path: a shove moves {work.name(t)} one tile: "
                                  f"[{list(work.token(t).position)}, [x, y]]")
        chosen = (int(cmd.path[1][0]), int(cmd.path[1][1]))
        if chosen not in _shove_tiles(work, a, t):
            raise CommandRejected(f"maneuver.path: {work.name(t)} cannot be shoved to {chosen}: "
                                  "it must be a free "
                                  f"tile next to it, farther from {work.name(a)}")
    name, target_name = work.name(a), work.name(t)
    work.spend(a, 1, "shove")
    tiles = _shove_tiles(work, a, t)
    stay = False
    if chosen is None and tiles:
        value = work.ask(Decision(
            kind="choice", who=a,
            prompt=f"If the shove works, where does {name} move {target_name} (5 feet)?",
            choices=(*(Choice(f"{x},{y}", f"To ({x}, {y})", {}, f"{target_name} is moved to ({x}, {y})")
                       for x, y in tiles),
                     Choice("stay", "Leave it there", {}, f"{target_name} stays where it is")),
            default=f"{tiles[0][0]},{tiles[0][1]}", at=work.token(t).position))
        stay = value == "stay"
        if not stay:
            chosen = (int(value.split(",")[0]), int(value.split(",")[1]))
    result = contest(work, a, t, attack_bonus(weapon, int(options["situational"]), name="Shove"),
                     defence_bonus(work, t, int(options["defence_situational"])), "shove", criticals=False)
    outcome = "success" if result.won else "failure"
    text = (f"{name} wins the shove against {target_name}." if result.won
            else f"{target_name} withstands {name}'s shove" + (" (a tie goes to the defender)." if
                                                                result.margin == 0 else "."))
    work.emit(ManeuverResolved(sentence=text, attacker=a, target=t, maneuver="shove", outcome=outcome))
    work.emit(Note(sentence=result.explanation[0].upper() + result.explanation[1:] + ".", token=a))
    if not result.won:
        return
    if chosen is None:
        if stay:
            work.emit(Note(sentence=f"{name} leaves {target_name} where it stands.", token=a))
        else:
            work.emit(Note(sentence=f"There is nowhere to move {target_name}: every tile away is blocked.",
                           token=t))
        return
    _place(work, t, chosen, f"{name} shoves {target_name} 5 feet to {chosen}.")
    _grab_contact(work, t)


def _grab_contact(work: PTWork, token_id: str) -> None:
    """A grab ends when the two are no longer side by side (assumed — a shove apart breaks it)."""
    record = work.record(token_id)
    for other in (record.get("grabbing"), record.get("grabbed_by")):
        if other and footprint_distance(work.token(token_id), work.token(str(other))) > 1:
            end_grabs(work, token_id, "pushed apart")


def _grab_defence(work: PTWork, attacker: str, target: str, bonus_attack: int, situational: int) -> Breakdown:
    """The opponent defends against a grab with its defence or its Wrestle skill: its choice (an
    NPC takes the one with the better odds)."""
    s = work.stats(target)
    defence = defence_bonus(work, target, situational)
    wrestle = skill_bonus("Wrestle", int(s["wrestle"]), situational)
    chance_d = 1 - odds(bonus_attack, int(defence.value))[0]
    chance_w = 1 - odds(bonus_attack, int(wrestle.value))[0]
    name, target_name = work.name(attacker), work.name(target)
    best = "defence" if chance_d >= chance_w else "wrestle"
    value = work.ask(Decision(
        kind="choice", who=target,
        prompt=f"{name} tries to grab {target_name}: defend with defence or Wrestle?",
        choices=(Choice("defence", f"Defence {int(defence.value):+d}", {"hold off": chance_d},
                        f"{target_name} rolls d20 {int(defence.value):+d} ({defence.explain()})"),
                 Choice("wrestle", f"Wrestle {int(wrestle.value):+d}", {"hold off": chance_w},
                        f"{target_name} rolls d20 {int(wrestle.value):+d} ({wrestle.explain()})")),
        default=best, at=work.token(target).position))
    return defence if value == "defence" else wrestle


def grab(work: PTWork, cmd: Maneuver, options: dict[str, Any]) -> None:
    a, t = cmd.attacker, cmd.target
    name, target_name = work.name(a), work.name(t)
    if cmd.weapon is not None:
        raise CommandRejected("maneuver.weapon: a grab is made with the unarmed skill "
                              "(leave the weapon null)")
    check_target(work, a, t, 1, "grab")
    record = work.record(a)
    if record.get("grabbing"):
        raise CommandRejected(f"{name} is already grabbing {work.name(record['grabbing'])}")
    if work.record(t).get("grabbed_by"):
        holder = work.name(work.record(t)["grabbed_by"])
        raise CommandRejected(f"{target_name} is already grabbed by {holder}")
    if work.dying(t):
        raise CommandRejected(f"{target_name} is dying: there is nobody to wrestle")
    work.spend(a, 1, "grab")
    unarmed = weapon_of(work, a, "unarmed")
    bonus = attack_bonus(unarmed, int(options["situational"]), "unarmed", name="Grab")
    defence = _grab_defence(work, a, t, int(bonus.value), int(options["defence_situational"]))
    result = contest(work, a, t, bonus, defence, "grab", criticals=False)
    work.emit(Note(sentence=result.explanation[0].upper() + result.explanation[1:] + ".", token=a))
    if not result.won:
        tie = " (a tie goes to the defender)" if result.margin == 0 else ""
        work.emit(ManeuverResolved(sentence=f"{target_name} slips {name}'s grab{tie}.", attacker=a, target=t,
                                   maneuver="grab", outcome="failure"))
        return
    work.emit(ManeuverResolved(sentence=f"{name} grabs {target_name}.", attacker=a, target=t, maneuver="grab",
                               outcome="success"))
    _hold(work, a, t)


def _hold(work: PTWork, grabber: str, held: str) -> None:
    work.creature(grabber)["grabbing"] = held
    work.creature(held)["grabbed_by"] = grabber
    work.add_condition(grabber, GRABBING, why=f"holds {work.name(held)}: no attacks, moves it at half speed")
    work.add_condition(held, GRABBED, why=f"held by {work.name(grabber)}")


def break_free(work: PTWork, cmd: Maneuver, options: dict[str, Any]) -> None:
    """Break free or reverse: the grabbed creature's Wrestle or Unarmed roll against the grabber's
    (assumed — the text does not say what the roll is against: the grabber's d20 + the higher of
    its Wrestle and Unarmed skills; ties to the grabber, the defender)."""
    a, t = cmd.attacker, cmd.target
    name, target_name = work.name(a), work.name(t)
    what = cmd.maneuver
    if work.record(a).get("grabbed_by") != t:
        raise CommandRejected(f"{name} is not grabbed by {target_name}: there is no grab to "
                              f"{what.replace('-', ' ')}")
    skill = options["skill"]
    bonus = _wrestle_or_unarmed(work, a, None if skill is None else str(skill), int(options["situational"]))
    hold = _wrestle_or_unarmed(work, t, None, int(options["defence_situational"]))
    work.spend(a, 1, what.replace("-", " ") + " the grab")
    result = contest(work, a, t, bonus, hold, what.replace("-", " "), criticals=False)
    work.emit(Note(sentence=result.explanation[0].upper() + result.explanation[1:] + ".", token=a))
    if not result.won:
        tie = " (a tie goes to the grabber)" if result.margin == 0 else ""
        work.emit(ManeuverResolved(sentence=f"{target_name} keeps hold of {name}{tie}.", attacker=a, target=t,
                                   maneuver=what, outcome="failure"))
        return
    if what == "break-free":
        work.emit(ManeuverResolved(sentence=f"{name} breaks free of {target_name}'s grab.",
                                   attacker=a, target=t, maneuver=what, outcome="success"))
        end_grabs(work, a, "broken free")
        return
    work.emit(ManeuverResolved(sentence=f"{name} reverses the grab: now {name} holds {target_name}.",
                               attacker=a, target=t, maneuver=what, outcome="success"))
    end_grabs(work, a, "the grab is reversed")
    _hold(work, a, t)


def require_proficiency(work: PTWork, token_id: str, what: str) -> None:
    """"Some combat maneuvers are basic enough that anyone proficient with any combat skill can
    attempt to perform them": a proficient weapon, or proficient unarmed."""
    s = work.stats(token_id)
    if s["unarmed"]["proficient"] or any(w["proficient"] for w in s["weapons"]):
        return
    raise CommandRejected(f"{work.name(token_id)} cannot {what}: a common maneuver needs proficiency with "
                          "some combat skill, and it has none")


_MANEUVER_HANDLERS = {"shove": shove, "grab": grab, "break-free": break_free, "reverse": break_free}


def maneuver(work: PTWork, cmd: Maneuver) -> None:
    options = read_options("maneuver", cmd.options, MANEUVER_OPTIONS, RULESET_NAME)
    handler = _MANEUVER_HANDLERS.get(cmd.maneuver)
    if handler is None:
        raise CommandRejected(f"maneuver.maneuver: {cmd.maneuver!r} is not a {RULESET_NAME} maneuver "
                              f"(known: {', '.join(MANEUVERS)})")
    work.require_started("maneuvers")
    work.stats(cmd.attacker)
    work.stats(cmd.target)
    work.require_turn(cmd.attacker)
    work.require_able(cmd.attacker, cmd.maneuver.replace("-", " "))
    if cmd.maneuver in ("shove", "grab"):
        require_proficiency(work, cmd.attacker, cmd.maneuver)
    handler(work, cmd, options)


def stance(work: PTWork, cmd: Stance) -> None:
    """The defensive stance (one action): +25 to defence rolls until the round ends."""
    if cmd.stance != "defensive":
        raise CommandRejected(f"stance.stance: {cmd.stance!r} is not a {RULESET_NAME} stance "
                              "(known: defensive)")
    if work.started and work.has(cmd.token, DEFENSIVE):
        raise CommandRejected(f"{work.name(cmd.token)} is already in a defensive stance this round")
    work.stats(cmd.token)
    require_proficiency(work, cmd.token, "take a defensive stance")
    work.in_combat_turn(cmd.token, 1, "take a defensive stance")
    bonus = int(work.rules["defensive_stance_bonus"])
    work.add_condition(cmd.token, DEFENSIVE, 1, why=f"+{bonus} to defence rolls")


def release(work: PTWork, cmd: Release) -> None:
    """Letting go costs no action (assumed — the text does not say)."""
    record = work.record(cmd.token)
    held = record.get("grabbing")
    if not held:
        raise CommandRejected(f"{work.name(cmd.token)} is not grabbing anyone")
    work.emit(Note(sentence=f"{work.name(cmd.token)} lets go of {work.name(held)}.", token=cmd.token))
    end_grabs(work, cmd.token, "let go")


def use_action(work: PTWork, cmd: UseAction) -> None:
    """An action on a skill ("using Athletics to climb") or anything the map does not model."""
    what = cmd.what.strip()
    if not what:
        raise CommandRejected("use_action.what: say what the action is for (\"climbs the wall (Athletics)\")")
    work.in_combat_turn(cmd.token, 1, what)
    left = work.record(cmd.token)["actions"]
    work.emit(Note(sentence=f"{work.name(cmd.token)} spends an action: {what}; {left} "
                            f"action{'s' if left != 1 else ''} left.",
                   token=cmd.token,
                   data={"action": what}))
