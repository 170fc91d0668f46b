"""What the GUI asks the engine while playing: a token's movement rules and allowance.

The GUI holds no rules. This module only passes on the ruleset's ``movement`` answer (the movement
policy and the token's allowance, engine/rules/base.py), asks the engine's movement search for the
reachable set, and says plainly when the ruleset has no answer ("unsupported ruleset …").
"""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter, GameMap
from vantage.engine.movement import MovementGraph, MovementRules, Reachable, movement_graph, reachable_tiles
from vantage.engine.rules.base import Unanswered, ask_movement

_graphs: list[tuple[GameMap, MovementGraph]] = []


def graph_for(game_map: GameMap) -> MovementGraph:
    """The engine's movement graph of ``game_map``, kept while the map does not change."""
    for cached_map, graph in _graphs:
        if cached_map is game_map:
            return graph
    graph = movement_graph(game_map)
    _graphs[:] = [(game_map, graph)]
    return graph


@dataclass(frozen=True)
class MoveBudget:
    """The rules a token moves by and how far it may go; ``reason`` is set when it cannot be known."""

    rules: MovementRules | None
    allowance: Breakdown | None
    reason: str = ""

    @property
    def known(self) -> bool:
        return self.rules is not None and self.allowance is not None


def move_budget(encounter: Encounter, token_id: str) -> MoveBudget:
    """The ruleset's movement rules and this token's allowance now, as the engine computes them."""
    answer = ask_movement(encounter, token_id)
    if isinstance(answer, Unanswered):
        return MoveBudget(None, None, answer.reason)
    return MoveBudget(answer.rules, answer.allowance)


def reachable_for(encounter: Encounter, token_id: str) -> Reachable | str:
    """The engine's reachable set for the token, or why there is none."""
    budget = move_budget(encounter, token_id)
    if not budget.known:
        return budget.reason
    assert budget.rules is not None and budget.allowance is not None
    graph = graph_for(encounter.map)
    return reachable_tiles(encounter, token_id, budget.allowance, budget.rules, graph=graph)
