"""Baton's hints to the encounter simulator (``engine/rules/simulation.py``): damage soaks through
Protection, then Stamina, then Health, and Stamina can never be above the current Health ("maximum
Stamina equals their current Health value"), so a wound that takes Health takes as much Stamina:
the damage taken is the Protection and Stamina lost, plus any Health lost beyond the Stamina lost
(counted once). Who is down or dead is the generic answer (dead, or no Health left)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from vantage.engine.model import Encounter
from vantage.engine.rules.base import ActionOption, Health, Ruleset, Unanswered
from vantage.engine.rules.baton.schema import StatBlock
from vantage.engine.rules.baton.state import DEAD, checked_stats, health_lost
from vantage.engine.rules.simulation import SimulationHints, Standing


def _left(health: Health, name: str) -> float:
    return float(next((layer.left for layer in health.layers if layer.name == name), 0.0))


def damage(before: Health | None, after: Health | None) -> float:
    if before is None or after is None:
        return 0.0
    lost = {name: max(0.0, _left(before, name) - _left(after, name))
            for name in ("protection", "stamina", "health")}
    return lost["protection"] + lost["stamina"] + max(0.0, lost["health"] - lost["stamina"])


def standing(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Standing:
    """The generic reading (dead when its state says ``dead``; down when its Health is gone),
    read from the encounter itself instead of the whole state description and health answer."""
    token = None
    for t in encounter.tokens:  # a loop: no generator per call
        if t.id == token_id:
            token = t
            break
    block = checked_stats(token.stats) if token is not None and token.stats else None
    if token is None or not isinstance(block, StatBlock):  # no usable stat block: nothing to read
        return Standing.UP
    if token.has_condition(DEAD):
        return Standing.DEAD
    record = encounter.combat.get("creatures", {}).get(token_id) or {}
    left = max(0, block.health - health_lost(record))
    return Standing.DOWN if left / block.health <= 0 else Standing.UP


def attacks(ruleset: Ruleset, encounter: Encounter, attacker_id: str,
            target_id: str) -> Sequence[ActionOption] | Unanswered:
    """The attack options without the maneuvers (the policy takes attacks only), their legality
    not asked (the policy tries the command)."""
    return cast(Any, ruleset).attack_options(encounter, attacker_id, target_id, maneuvers=False,
                                             ask_legality=False)


HINTS = SimulationHints(standing=standing, damage=damage,
                        damage_unit="points of Protection, Stamina and Health", attacks=attacks)
