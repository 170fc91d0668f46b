"""Movement on the battle map (no Qt; networkx only for ``MovementGraph.as_networkx``): the
movement graph of a map, built by region as searches reach it, the ruleset's movement policy,
the reachable set with costs and paths, and the events along a path."""

from vantage.engine.movement.conditions import (
    SLOWING_CONDITIONS,
    Effect,
    SlowingCondition,
    movement_allowance,
)
from vantage.engine.movement.events import path_events
from vantage.engine.movement.graph import MovementGraph, movement_graph
from vantage.engine.movement.path import Path, PathEvent
from vantage.engine.movement.policy import (
    AVORKARTH_MOVEMENT,
    AVORKARTH_TERRAIN_ALLOWANCE,
    BATON_MOVEMENT,
    MOVEMENT_RULES,
    POWER_TIERS_MOVEMENT,
    SHATTERED_WORLD_MOVEMENT,
    DiagonalPolicy,
    MovementRules,
    avorkarth_terrain_allowance,
    feet_to_tiles,
)
from vantage.engine.movement.search import Reachable, check_path, find_path, reachable_tiles

__all__ = [
    "AVORKARTH_MOVEMENT",
    "AVORKARTH_TERRAIN_ALLOWANCE",
    "BATON_MOVEMENT",
    "MOVEMENT_RULES",
    "POWER_TIERS_MOVEMENT",
    "SHATTERED_WORLD_MOVEMENT",
    "SLOWING_CONDITIONS",
    "DiagonalPolicy",
    "Effect",
    "MovementGraph",
    "MovementRules",
    "Path",
    "PathEvent",
    "Reachable",
    "SlowingCondition",
    "avorkarth_terrain_allowance",
    "check_path",
    "feet_to_tiles",
    "find_path",
    "movement_allowance",
    "movement_graph",
    "path_events",
    "reachable_tiles",
]
