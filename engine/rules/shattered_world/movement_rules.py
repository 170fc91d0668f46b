"""How Shattered World moves, in the shared movement library's terms: its :class:`~vantage.engine.
movement.MovementRules` preset (the rule text's parameters; :data:`~.moving.MOVE_RULES` adds melee
reach) and the slowing conditions of its rule text (:data:`~.moving.SLOWING` adds dying, loads and
clothing)."""

from __future__ import annotations

from collections.abc import Mapping

from vantage.engine.movement import DiagonalPolicy, MovementRules
from vantage.engine.movement.conditions import SLOWING_CONDITIONS, Effect, SlowingCondition, slowing_table
from vantage.engine.rules.shattered_world.vocabulary import RULESET_ID

#: Shattered World: 5' squares; no terrain rule in the text, diagonals cost 1 (assumed — not in
#: the source text).
SHATTERED_WORLD_MOVEMENT = MovementRules(diagonal=DiagonalPolicy.ONE, name=RULESET_ID)

#: Shattered World's slowing table: the shared rows, and heavy armour and being disabled halve movement.
SHATTERED_WORLD_SLOWING: Mapping[str, SlowingCondition] = slowing_table(
    *SLOWING_CONDITIONS.values(),
    SlowingCondition("heavy-armour", Effect.HALVE, source="shattered-world: heavy armor \"reduced to 1/2 "
                     "normal movement rate\""),
    SlowingCondition("disabled", Effect.HALVE, source="shattered-world: Disabled \"Movement is 1/2 normal\""),
)
