"""Movement on the battle map (no Qt; networkx only for ``MovementGraph.as_networkx``): the
movement graph of a map, built by region as searches reach it, the ruleset's movement policy,
the reachable set with costs and paths, and the events along a path.

The re-exports load with the module that defines them, when first asked for
(``from vantage.engine.movement import MovementRules`` loads ``policy`` only; issue 32, start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vantage.engine.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from vantage.engine.movement.conditions import (
        SLOWING_CONDITIONS,
        Effect,
        SlowingCondition,
        movement_allowance,
    )
    from vantage.engine.movement.events import path_events
    from vantage.engine.movement.graph import MovementGraph, movement_graph
    from vantage.engine.movement.path import Path, PathEvent
    from vantage.engine.movement.policy import DiagonalPolicy, MovementRules, feet_to_tiles
    from vantage.engine.movement.search import (
        Reachable,
        check_path,
        find_path,
        reachable_tiles,
        reachable_until,
    )

#: Each re-exported name and the module of this package that defines it.
_HOME = {
    "SLOWING_CONDITIONS": "conditions", "Effect": "conditions", "SlowingCondition": "conditions",
    "movement_allowance": "conditions",
    "path_events": "events",
    "MovementGraph": "graph", "movement_graph": "graph",
    "Path": "path", "PathEvent": "path",
    "DiagonalPolicy": "policy", "MovementRules": "policy", "feet_to_tiles": "policy",
    "Reachable": "search", "check_path": "search", "find_path": "search", "reachable_tiles": "search",
    "reachable_until": "search",
}


__getattr__ = lazy_exports(__name__, _HOME)


__all__ = [
    "SLOWING_CONDITIONS",
    "DiagonalPolicy",
    "Effect",
    "MovementGraph",
    "MovementRules",
    "Path",
    "PathEvent",
    "Reachable",
    "SlowingCondition",
    "check_path",
    "feet_to_tiles",
    "find_path",
    "movement_allowance",
    "movement_graph",
    "path_events",
    "reachable_tiles",
    "reachable_until",
]
