"""The actions a ruleset allows against a target, with their current modifiers explained.

For the right-click menu: each :class:`ActionOption` holds the engine command it would send and
the engine's own breakdown of the odds ("Attack 6 vs Dodge 3: back attack +3, flanked by 1
more −1"). A ruleset that offers ``attack_options`` is asked directly; for Avorkarth the preview
reads the same situation and hit category the engine resolves the attack with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.explain import Breakdown
from engine.model import Encounter
from engine.session import Command, CommandRejected
from engine.session.commands import Attack, Maneuver

#: Maneuvers offered from the menu; shove and drag need a path and are made by dragging.
MENU_MANEUVERS = ("trip", "disarm", "cripple", "grapple", "tackle")


@dataclass(frozen=True)
class ActionOption:
    label: str
    command: Command
    explanation: str


def _odds(attack: Breakdown, dodge: Breakdown, category: Breakdown) -> str:
    shifts = [*category.terms, *dodge.terms]
    head = f"Attack {attack.int_value} vs Dodge {dodge.int_value}"
    tail = ", ".join(str(t) for t in shifts)
    text = f"{head}: {tail}" if tail else head
    return f"{text} → hit category {category.int_value:+d}"


def _avorkarth_options(encounter: Encounter, attacker_id: str, target_id: str) -> list[ActionOption]:
    from engine.dice import ScriptedDice
    from engine.geometry import charge_lane
    from engine.rules.avorkarth.attack import hit_category
    from engine.rules.avorkarth.maneuvers import penalty
    from engine.rules.avorkarth.situation import situation_for
    from engine.rules.avorkarth.state import Work

    work = Work(encounter, ScriptedDice([]))
    block = work.block(attacker_id)
    work.block(target_id)
    attacker, target = work.combatant(attacker_id), work.combatant(target_id)
    options: list[ActionOption] = []

    def preview(label: str, command: Command, weapon_name: str | None, **situation: object) -> None:
        weapon = block.weapon(weapon_name)
        found, notes = situation_for(work, attacker_id, target_id, weapon, **situation)  # type: ignore[arg-type]
        attack, dodge, category = hit_category(attacker, target, weapon, found)
        explanation = "\n".join([_odds(attack, dodge, category), str(attack), str(dodge), *notes])
        options.append(ActionOption(label, command, explanation))

    lane = charge_lane(encounter, attacker_id, target_id)
    for weapon in block.primary_weapons:
        name = weapon.name
        preview(f"Attack with the {name}", Attack(attacker=attacker_id, target=target_id, weapon=name), name)
        if lane.valid and not weapon.ranged:
            charge = Attack(attacker=attacker_id, target=target_id, weapon=name, charge=True)
            preview(f"Charge with the {name}", charge, name, charge=True)
        preview(f"Lesser attack with the {name}",
                Attack(attacker=attacker_id, target=target_id, weapon=name, lesser=True), name, lesser=True)
        if weapon.lethal:
            preview(f"Non-lethal attack with the {name}",
                    Attack(attacker=attacker_id, target=target_id, weapon=name, lethal=False), name,
                    lethal=False)
    for kind in MENU_MANEUVERS:
        command = Maneuver(attacker=attacker_id, target=target_id, maneuver=kind)
        preview(f"{kind.capitalize()}", command, None, maneuver=kind, maneuver_penalty=penalty(command))
    return options


_PREVIEWS: dict[str, Callable[[Encounter, str, str], list[ActionOption]]] = {
    "avorkarth": _avorkarth_options,
}


def attack_options(encounter: Encounter, attacker_id: str, target_id: str) -> list[ActionOption] | str:
    """The actions ``attacker_id`` may try on ``target_id``, or the reason there are none."""
    if attacker_id == target_id:
        return "a token cannot attack itself"
    from engine.rules import UnknownRuleset, get_ruleset

    try:
        ruleset = get_ruleset(encounter.ruleset)
    except UnknownRuleset as unknown:
        return str(unknown.args[0])
    offered = getattr(ruleset, "attack_options", None)
    try:
        if offered is not None:
            return list(offered(encounter, attacker_id, target_id))
        preview = _PREVIEWS.get(encounter.ruleset)
        if preview is None:
            return f"the {encounter.ruleset} ruleset does not list its attacks yet"
        return preview(encounter, attacker_id, target_id)
    except CommandRejected as refused:
        return refused.reason
