"""What the GUI asks the engine while playing: a token's movement rules and allowance.

The GUI holds no rules. This module only picks the engine's answer for the encounter's ruleset
(``engine.movement.MOVEMENT_RULES``; the allowance from the ruleset's stat block and the
engine's slowing conditions) and says plainly when the engine has none.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.explain import Breakdown
from engine.model import Encounter, GameMap
from engine.movement import (
    MOVEMENT_RULES,
    MovementGraph,
    MovementRules,
    Reachable,
    movement_graph,
    reachable_tiles,
)

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
    rules = MOVEMENT_RULES.get(encounter.ruleset)
    if rules is None:
        return MoveBudget(None, None, f"no movement rules for the {encounter.ruleset} ruleset")
    if encounter.ruleset != "avorkarth":
        reason = f"the {encounter.ruleset} ruleset does not give a movement allowance yet"
        return MoveBudget(rules, None, reason)
    from engine.dice import ScriptedDice
    from engine.rules.avorkarth.actions import allowance_for
    from engine.rules.avorkarth.state import Work
    from engine.session import CommandRejected

    try:
        allowance = allowance_for(Work(encounter, ScriptedDice([])), token_id)
    except CommandRejected as refused:
        return MoveBudget(rules, None, refused.reason)
    assert isinstance(allowance, Breakdown)
    return MoveBudget(rules, allowance)


def reachable_for(encounter: Encounter, token_id: str) -> Reachable | str:
    """The engine's reachable set for the token, or why there is none."""
    budget = move_budget(encounter, token_id)
    if not budget.known:
        return budget.reason
    assert budget.rules is not None and budget.allowance is not None
    graph = graph_for(encounter.map)
    return reachable_tiles(encounter, token_id, budget.allowance, budget.rules, graph=graph)
