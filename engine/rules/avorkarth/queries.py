"""What the GUI may ask Avorkarth while playing: movement, the attack menu, health. No roll is made.

- Movement: "tiles per move action" from the stat block, the wounded state and slowing conditions,
  with the policy the ``move`` command checks paths with (terrain comes per path).
- Attack options: every attack, charge, lesser and non-lethal attack and menu maneuver, each read by
  :func:`~vantage.engine.rules.avorkarth.preview.preview` — the same situation, hit category and Dice Rolls
  chart the attack is resolved with — and its legality now (run up to the first die roll).
- Health: the share of the wound ledger still free before death ("a character dies once they
  reach their wound stat in wounds"), for tokens the combat tracks.
"""

from __future__ import annotations

from collections.abc import Mapping

from vantage.engine.dice import NoDice
from vantage.engine.geometry.charge import charge_lane
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack, Maneuver
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth import other_commands
from vantage.engine.rules.avorkarth.chart import Outcome
from vantage.engine.rules.avorkarth.ledger import MINOR_PER_WOUND
from vantage.engine.rules.avorkarth.preview import AttackPreview, preview
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.avorkarth.tactics import (
    CHARGE_MIN_DISTANCE,
    CHARGE_MIN_TILES,
    CHARGE_STOPPING_TERRAIN,
)
from vantage.engine.rules.base import ActionOption, Health, HealthLayer, MovementAnswer, Unanswered

#: Maneuvers offered from the menu; shove and drag need a path and are made by dragging.
MENU_MANEUVERS = ("trip", "disarm", "cripple", "grapple", "tackle")


def movement(encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
    """The ``move`` command's movement policy and the token's allowance in tiles per move action."""
    try:
        allowance = other_commands.allowance_for(Work(encounter, NoDice()), token_id)
    except CommandRejected as refused:
        return Unanswered(refused.reason)
    return MovementAnswer(other_commands.MOVE_RULES, allowance)


def health(encounter: Encounter, token_id: str) -> Health | Unanswered:
    """The share of lethal wounds still free before death, for a token the combat tracks."""
    creatures = encounter.combat.get("creatures", {})
    if not isinstance(creatures, Mapping) or token_id not in creatures:
        return Unanswered("Avorkarth keeps a wound ledger only for tokens in combat")
    try:
        ledger = Work(encounter, NoDice()).ledger(token_id)
    except (CommandRejected, KeyError) as problem:
        reason = problem.reason if isinstance(problem, CommandRejected) else f"no ledger entry {problem}"
        return Unanswered(reason)
    limit = ledger.wounds_stat * MINOR_PER_WOUND
    left = max(0, limit - ledger.lethal)
    fraction = left / limit if limit else 0.0
    layers = (HealthLayer("wounds (in minor wounds)", left, limit),)
    return Health(fraction, ledger.text(), layers)


def odds_text(chances: Mapping[str, float]) -> str:
    """``"critical success 5 % · success 40 % · …"``, best outcome first, impossible ones left out."""
    order = [o.value for o in reversed(Outcome)]
    return " · ".join(f"{name} {chances[name]:.0%}" for name in order if chances.get(name, 0) > 0)


def summary_line(seen: AttackPreview) -> str:
    """One line: attack vs dodge, every shift of the hit category, the category and the hit chance."""
    if seen.automatic:
        return f"{seen.automatic}: no hit roll"
    shifts = ", ".join(str(t) for t in (*seen.category.terms, *seen.dodge.terms) if t.label != "dodge")
    head = f"Attack {seen.attack.int_value} vs Dodge {seen.dodge.int_value}"
    head = f"{head}: {shifts}" if shifts else head
    return f"{head} → hit category {seen.category.int_value:+d}, {seen.hit_chance:.0%} to hit"


def option(encounter: Encounter, label: str, command: Attack | Maneuver) -> ActionOption:
    """The option of sending ``command``: its legality, odds and modifiers, read without rolling."""
    try:
        seen = preview(encounter, command)
    except CommandRejected as refused:
        text = f"Not now: {refused.reason}"
        return ActionOption(label, command, False, refused.reason, {}, (), text, text)
    summary = summary_line(seen)
    lines = [summary, str(seen.category), str(seen.attack), str(seen.dodge), *seen.notes]
    if not seen.automatic:
        lines.insert(1, f"Odds: {odds_text(seen.chances)}")
    if not seen.legal:
        lines.insert(0, f"Not now: {seen.reason}")
    chances = {} if seen.automatic else dict(seen.chances)
    return ActionOption(label, command, seen.legal, seen.reason, chances,
                        (seen.attack, seen.dodge, seen.category), summary, "\n".join(lines))


def attack_options(encounter: Encounter, attacker_id: str, target_id: str) -> list[ActionOption] | Unanswered:
    """Every attack and menu maneuver of ``attacker_id`` on ``target_id``, or why there are none."""
    if attacker_id == target_id:
        return Unanswered("a token cannot attack itself")
    work = Work(encounter, NoDice())
    try:
        block = work.block(attacker_id)
        work.block(target_id)
    except CommandRejected as refused:
        return Unanswered(refused.reason)
    a, t = attacker_id, target_id
    lane_open = charge_lane(encounter, a, t, min_tiles=CHARGE_MIN_TILES,
                            stopping_terrain=CHARGE_STOPPING_TERRAIN,
                           min_distance=CHARGE_MIN_DISTANCE).valid
    commands: list[tuple[str, Attack | Maneuver]] = []
    for weapon in block.primary_weapons:
        name = weapon.name
        commands.append((f"Attack with the {name}", Attack(attacker=a, target=t, weapon=name)))
        if lane_open and not weapon.ranged:
            charge = Attack(attacker=a, target=t, weapon=name, options={"charge": True})
            commands.append((f"Charge with the {name}", charge))
        lesser = Attack(attacker=a, target=t, weapon=name, options={"lesser": True})
        commands.append((f"Lesser attack with the {name}", lesser))
        if weapon.lethal:
            gentle = Attack(attacker=a, target=t, weapon=name, options={"lethal": False})
            commands.append((f"Non-lethal attack with the {name}", gentle))
    for kind in MENU_MANEUVERS:
        commands.append((kind.capitalize(), Maneuver(attacker=a, target=t, maneuver=kind)))
    return [option(encounter, label, command) for label, command in commands]
