"""Baton's hints to the encounter simulator (``engine/rules/simulation.py``): damage soaks through
Protection, then Stamina, then Health, and Stamina can never be above the current Health ("maximum
Stamina equals their current Health value"), so a wound that takes Health takes as much Stamina:
the damage taken is the Protection and Stamina lost, plus any Health lost beyond the Stamina lost
(counted once). Who is down or dead is the generic answer (dead, or no Health left)."""

from __future__ import annotations

from vantage.engine.rules.base import Health
from vantage.engine.rules.simulation import SimulationHints


def _left(health: Health, name: str) -> float:
    return float(next((layer.left for layer in health.layers if layer.name == name), 0.0))


def damage(before: Health | None, after: Health | None) -> float:
    if before is None or after is None:
        return 0.0
    lost = {name: max(0.0, _left(before, name) - _left(after, name))
            for name in ("protection", "stamina", "health")}
    return lost["protection"] + lost["stamina"] + max(0.0, lost["health"] - lost["stamina"])


HINTS = SimulationHints(damage=damage, damage_unit="points of Protection, Stamina and Health")
