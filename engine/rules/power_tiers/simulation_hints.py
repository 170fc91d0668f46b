"""Power Tiers' hints to the encounter simulator (``engine/rules/simulation.py``): "If a character
is reduced to 0 Health, they are dying" — down, and (as ``PTWork.out_of_fight`` assumes) it does
not act; a dead one is dead."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import ActionOption, Ruleset, Unanswered
from vantage.engine.rules.power_tiers import queries
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


def attacks(ruleset: Ruleset, encounter: Encounter, attacker_id: str,
            target_id: str) -> Sequence[ActionOption] | Unanswered:
    """The attack options without the maneuvers (the policy takes attacks only) and their
    legality not asked (the policy tries the command), refused as ``attack_options`` refuses."""
    found = queries.safe(queries.attack_options, ruleset, encounter, attacker_id, target_id, False, False)
    return Unanswered(found.reason) if isinstance(found, CommandRejected) else found


HINTS = SimulationHints(standing=standing, acts=acts, attacks=attacks)
