"""How Power Tiers moves, in the shared movement library's terms: its :class:`~vantage.engine.
movement.MovementRules` preset (the rule text's parameters; :data:`~.moving.MOVE_RULES` adds the
weapons' reach)."""

from __future__ import annotations

from vantage.engine.movement import DiagonalPolicy, MovementRules
from vantage.engine.rules.power_tiers.vocabulary import RULESET_ID

#: Power Tiers: speed in feet on 5-foot areas, "round up to the nearest number divisible by 5";
#: no terrain rule in the text, diagonals cost 1 (assumed — not in the source text).
POWER_TIERS_MOVEMENT = MovementRules(diagonal=DiagonalPolicy.ONE, speed_round_up_feet=5.0, name=RULESET_ID)
