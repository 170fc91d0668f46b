"""The Shattered World's hints to the encounter simulator (``engine/rules/simulation.py``).

- "Any character reduced to zero Hit Points … is dying … and may not move around, fight, etc.":
  a dying or stable creature is down and does not act; a dead one is dead.
- A thrown weapon leaves the thrower's hand until it is picked up again, so the policy throws
  nothing (it attacks with what it holds).
- What an attack needs at the least (:func:`needs`): an Attack of the turn's budget, and a blow
  the next square.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import ActionOption, Ruleset
from vantage.engine.rules.shattered_world.attacking import MELEE_REACH, range_row
from vantage.engine.rules.shattered_world.weapons import find_weapon
from vantage.engine.rules.shattered_world.work import DEAD, UP, Work
from vantage.engine.rules.simulation import OptionNeeds, SimulationHints, Standing


def standing(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Standing:
    creatures = encounter.combat.get("creatures")
    record = creatures.get(token_id) if _mapping(creatures) else None
    state = record.get("state", UP) if _mapping(record) else UP
    if state == DEAD:
        return Standing.DEAD
    return Standing.UP if state == UP else Standing.DOWN


def _mapping(value: object) -> TypeGuard[Mapping[str, Any]]:
    """Whether ``value`` is a mapping (a JSON object is a dict: no look through the ABC first)."""
    return type(value) is dict or isinstance(value, Mapping)


def acts(ruleset: Ruleset, encounter: Encounter, token_id: str) -> bool:
    return standing(ruleset, encounter, token_id) is Standing.UP


def avoid(option: ActionOption) -> bool:
    """Throwing the weapon away is never the policy's choice."""
    return bool(getattr(option.command, "options", {}).get("throw"))


#: The slot of the turn's budget an Attack takes, as ``ShatteredWorld.turn`` names it (the Attacks
#: left this Round: ``Work.budget_left``).
ATTACK_SLOT = "attack"
#: What every Attack takes of that slot: one ("Take a Step, Attack once and Parry once").
AN_ATTACK = 1


def needs(ruleset: Ruleset, encounter: Encounter, option: ActionOption) -> OptionNeeds | None:
    """What an attack needs at the least, as the attack command checks it
    (``attacking.check_attack``): an Attack left this Round (the turn's ``attack`` slot: "has no
    Attack left this Round"), and for a blow — a weapon neither shot nor thrown, ``range_row``
    None — the target within :data:`attacking.MELEE_REACH` ("a melee Attack reaches the next
    square"). No reach for a missile (the text lets it be tried at any range: "Attacks beyond
    this range will fail"), nor when the attacker or the target rides (the distance is then
    measured from the steed's footprint, not the token's). None for what is not an Attack, or a
    weapon the attacker does not have or has lost now (the command says why)."""
    command = option.command
    if not isinstance(command, Attack):
        return None
    make_work = getattr(ruleset, "work", None)
    work = make_work(encounter) if callable(make_work) else None
    if not isinstance(work, Work):
        return None
    thrown = bool(command.options.get("throw")) if command.options else False
    try:
        weapon = find_weapon(work, command.attacker, command.weapon)
        riding = encounter.token(command.attacker).rides or encounter.token(command.target).rides
        melee = range_row(weapon, thrown) is None and not riding
    except (CommandRejected, KeyError):
        return None
    return OptionNeeds(((ATTACK_SLOT, AN_ATTACK),), MELEE_REACH if melee else None)


HINTS = SimulationHints(standing=standing, acts=acts, avoid=avoid, needs=needs)
