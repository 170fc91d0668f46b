"""The Shattered World's hints to the encounter simulator (``engine/rules/simulation.py``).

- "Any character reduced to zero Hit Points … is dying … and may not move around, fight, etc.":
  a dying or stable creature is down and does not act; a dead one is dead.
- A thrown weapon leaves the thrower's hand until it is picked up again, so the policy throws
  nothing (it attacks with what it holds).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from vantage.engine.model import Encounter
from vantage.engine.rules.base import ActionOption, Ruleset
from vantage.engine.rules.shattered_world.work import DEAD, UP
from vantage.engine.rules.simulation import SimulationHints, Standing


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


HINTS = SimulationHints(standing=standing, acts=acts, avoid=avoid)
