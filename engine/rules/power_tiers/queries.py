"""What the GUI asks of Power Tiers: the attack menu with its odds, the token's own actions, the
turn, health layers, movement and the derived values — all without a roll."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack, Command, Maneuver, Stance
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import ActionOption
from vantage.engine.rules.power_tiers.attacking import stamina_cost
from vantage.engine.rules.power_tiers.contest import attack_bonus, defence_bonus, odds, weapon_of
from vantage.engine.rules.power_tiers.vocabulary import Release, UseAction
from vantage.engine.rules.power_tiers.work import DEFENSIVE, PTWork
from vantage.engine.rules.simulation import LEGALITY_NOT_ASKED


def query_work(encounter: Encounter, ruleset: Any) -> PTWork:
    work = PTWork(encounter, NoDice())
    work.ruleset = ruleset
    return work


def _option(ruleset: Any, encounter: Encounter, label: str, command: Command, chances: dict[str, float],
            lines: list[str], ask_legality: bool = True) -> ActionOption:
    legal, reason = ruleset.legality(encounter, command) if ask_legality else (False, LEGALITY_NOT_ASKED)
    odds_text = ", ".join(f"{k} {round(v * 100)}%" for k, v in chances.items())
    head = f"{label}: {odds_text}" if odds_text else label
    explanation = "\n".join([head, *lines])
    if not legal:
        explanation = f"Not now: {reason}\n{explanation}"
    summary = (odds_text or label) if legal else f"Not now: {reason}"
    return ActionOption(label, command, legal, reason, chances, (), summary, explanation)


def _damage_line(weapon: dict[str, Any], style: str, heavy_bonus: int) -> str:
    text = f"damage {weapon['damage']}"
    if weapon["damage_bonus"]:
        text += f" {int(weapon['damage_bonus']):+d}"
    if style == "heavy":
        text += f" +{heavy_bonus} (heavy), two actions"
    if style == "stun":
        text += " as stun damage"
    return text


def attack_options(ruleset: Any, encounter: Encounter, attacker: str, target: str,
                   maneuvers: bool = True, ask_legality: bool = True) -> list[ActionOption]:
    """Every attack of ``attacker`` on ``target`` (each weapon, each style) and then its maneuvers
    (shove, grab, breaking free); ``maneuvers=False``: the attacks alone; ``ask_legality=False``:
    their legality not asked (for the simulator)."""
    work = query_work(encounter, ruleset)
    s = work.stats(attacker)
    work.stats(target)
    margin = int(work.rules["critical_margin"])
    defence = defence_bonus(work, target)
    out: list[ActionOption] = []
    weapons = [w["name"] for w in s["weapons"]] + ["unarmed"]
    for name in weapons:
        weapon = weapon_of(work, attacker, name)
        bonus = attack_bonus(weapon)
        win, crit = odds(int(bonus.value), int(defence.value), margin)
        styles = ["standard"]
        if weapon["proficient"] and not weapon["ranged"]:
            styles += ["stun", "heavy"]
        cost = stamina_cost(weapon)
        for style in styles:
            label = f"{style.capitalize()} attack with the {weapon['name']}" if name != "unarmed" \
                else f"{style.capitalize()} attack unarmed"
            lines = [f"d20 {int(bonus.value):+d} ({bonus.explain()}) against d20 {int(defence.value):+d} "
                     f"({defence.explain()}); ties go to the defender",
                     _damage_line(weapon, style, int(work.rules["heavy_bonus"]))]
            if cost:
                lines.append(f"not proficient: costs {cost} stamina point{'s' if cost != 1 else ''}")
            options = {} if style == "standard" else {"style": style}
            chosen = None if name == weapons[0] and name != "unarmed" else name  # None: the first weapon
            command = Attack(attacker=attacker, target=target, weapon=chosen, options=options)
            out.append(_option(ruleset, encounter, label, command, {"hit": win, "critical": crit}, lines,
                               ask_legality))
    if not maneuvers:
        return out
    # the attacker chooses what it shoves with: one option per melee weapon, and unarmed
    melee = [w["name"] for w in s["weapons"] if not w["ranged"]] + ["unarmed"]
    for index, name in enumerate(melee):
        bonus = attack_bonus(weapon_of(work, attacker, name))
        win, _ = odds(int(bonus.value), int(defence.value), margin)
        with_what = "unarmed" if name == "unarmed" else f"with the {name}"
        chosen = None if index == 0 else name  # None: the first melee weapon (unarmed without one)
        out.append(_option(ruleset, encounter, f"Shove 5 feet {with_what}",
                           Maneuver(attacker=attacker, target=target, maneuver="shove", weapon=chosen),
                           {"success": win}, [f"attack d20 {int(bonus.value):+d} against defence d20 "
                                              f"{int(defence.value):+d}; on a win {work.name(target)} "
                                              "is moved 5 ft"]))
    unarmed = attack_bonus(weapon_of(work, attacker, "unarmed"), label="unarmed")
    wrestle = int(work.stats(target)["wrestle"])
    win = min(odds(int(unarmed.value), int(defence.value), margin)[0],
              odds(int(unarmed.value), wrestle, margin)[0])
    grab = Maneuver(attacker=attacker, target=target, maneuver="grab")
    out.append(_option(ruleset, encounter, "Grab", grab,
                       {"success": win},
                       [f"unarmed d20 {int(unarmed.value):+d} against {work.name(target)}'s "
                                          f"defence d20 {int(defence.value):+d} or Wrestle d20 {wrestle:+d} "
                                          "(its choice)"]))
    if work.record(attacker).get("grabbed_by") == target:
        # "a Wrestle skill roll or an Unarmed Attack roll": the grabbed chooses which
        skills = {"wrestle": ("Wrestle", int(s["wrestle"])),
                  "unarmed": ("an Unarmed roll", int(s["unarmed"]["skill"]))}
        grabber = work.stats(target)
        holding = max(int(grabber["wrestle"]), int(grabber["unarmed"]["skill"]))
        for maneuver, label in (("break-free", "Break free"), ("reverse", "Reverse the grab")):
            for skill, (words, value) in skills.items():
                win, _ = odds(value, holding, margin)
                out.append(_option(ruleset, encounter, f"{label} with {words}",
                                   Maneuver(attacker=attacker, target=target, maneuver=maneuver,
                                            options={"skill": skill}), {"success": win},
                                   [f"d20 {value:+d} ({skill}) against the grabber's d20 {holding:+d} (the "
                                    "higher of its Wrestle and Unarmed skills); ties go to the grabber"]))
    return out


def token_actions(ruleset: Any, encounter: Encounter, token_id: str) -> Sequence[ActionOption]:
    work = query_work(encounter, ruleset)
    work.stats(token_id)
    bonus = int(work.rules["defensive_stance_bonus"])
    out = []
    if not work.has(token_id, DEFENSIVE):
        out.append(ruleset.option(encounter, "Defensive stance", Stance(token=token_id, stance="defensive"),
                                  f"One action: +{bonus} to defence rolls this round."))
    out.append(ruleset.option(encounter, "Use a skill", UseAction(token=token_id, what="uses a skill"),
                              "One action: a skill such as Athletics to climb (the GM rules on it)."))
    held = work.record(token_id).get("grabbing")
    if held:
        out.append(ruleset.option(encounter, f"Let go of {work.name(held)}", Release(token=token_id),
                                  "No action: the grab ends."))
    return out


def safe(call: Any, *args: Any) -> Any:
    """The query's answer, or the refusal's reason (a token without a valid stat block …)."""
    try:
        return call(*args)
    except CommandRejected as exc:
        return exc
