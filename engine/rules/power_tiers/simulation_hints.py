"""Power Tiers' hints to the encounter simulator (``engine/rules/simulation.py``): "If a character
is reduced to 0 Health, they are dying" — down, and (as ``PTWork.out_of_fight`` assumes) it does
not act; a dead one is dead."""

from __future__ import annotations

from collections.abc import Mapping

from vantage.engine.model import Encounter
from vantage.engine.rules.base import Ruleset
from vantage.engine.rules.simulation import SimulationHints, Standing


def standing(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Standing:
    creatures = encounter.combat.get("creatures")
    record = creatures.get(token_id) if isinstance(creatures, Mapping) else None
    if not isinstance(record, Mapping):
        return Standing.UP
    if record.get("dead"):
        return Standing.DEAD
    return Standing.DOWN if record.get("dying_rounds") is not None else Standing.UP


def acts(ruleset: Ruleset, encounter: Encounter, token_id: str) -> bool:
    return standing(ruleset, encounter, token_id) is Standing.UP


HINTS = SimulationHints(standing=standing, acts=acts)
