"""How Baton moves, in the shared movement library's terms: its :class:`~vantage.engine.movement.
MovementRules` preset (the rule text's parameters; :data:`~.moving.MOVE_RULES` adds the weapons'
reach) and its slowing conditions."""

from __future__ import annotations

from collections.abc import Mapping

from vantage.engine.movement import DiagonalPolicy, MovementRules
from vantage.engine.movement.conditions import SLOWING_CONDITIONS, Effect, SlowingCondition, slowing_table
from vantage.engine.rules.baton.tables import RULESET_ID

#: Baton: difficult terrain costs no extra movement but asks for a check (7 + 1 per 5 ft);
#: "when leaving full cover, the character exposes themselves, allowing enemies to immediately
#: make a ranged attack against them"; diagonals cost 1 (assumed — not in the source text).
BATON_MOVEMENT = MovementRules(
    diagonal=DiagonalPolicy.ONE, terrain_check_base=7, leaves_cover=True, name=RULESET_ID
)

#: Baton's slowing table: the shared rows, and prone and disengaging halve the speed.
BATON_SLOWING: Mapping[str, SlowingCondition] = slowing_table(
    *SLOWING_CONDITIONS.values(),
    SlowingCondition("prone", Effect.HALVE, source="baton: \"A prone character's speed is halved\""),
    SlowingCondition("disengaging", Effect.HALVE, source="baton: move out of reach without an opportunity "
                     "attack, \"but in doing so their speed is halved\""),
)
