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
from vantage.engine.movement.policy import DiagonalPolicy, MovementRules, feet_to_tiles
from vantage.engine.movement.search import Reachable, check_path, find_path, reachable_tiles

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
]
