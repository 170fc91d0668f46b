"""Avorkarth's slowing conditions: what each of its conditions does to the tiles of a move action.

Every row quotes the rule text it comes from. The wounded states (Hurt "-1 Movement", Wounded "Half
Movement", Crippled "1 Movement") are not conditions: they follow from the wound ledger and are
applied by :func:`~vantage.engine.rules.avorkarth.attributes.movement` before this table, as is
the partial grapple's halving ("before any other movement calculations"); its row is here so the
table alone reads a ``grappled`` token the same way.
"""

from __future__ import annotations

from collections.abc import Mapping

from vantage.engine.movement.conditions import Effect, SlowingCondition, slowing_table

AVORKARTH_SLOWING: Mapping[str, SlowingCondition] = slowing_table(
    SlowingCondition("grappled", Effect.HALVE, source="avorkarth: Partial Grapple \"The grappled target "
                     "lowers their movement by half before any other movement calculations\""),
    SlowingCondition("crippled", Effect.HALVE, source="avorkarth: Cripple \"reducing movement by half for "
                     "1+X rounds\""),
    SlowingCondition("hips-crippled", Effect.CAP, 1, source="avorkarth: critical wound Hips \"Hips and lower "
                     "limbs are crippled. 1 tile movement\""),
    SlowingCondition("fully-grappled", Effect.STOP, source="avorkarth: Full Grapple \"the grappled target "
                     "may no longer move or use any limbs\""),
    SlowingCondition("pinned", Effect.STOP, source="avorkarth: Pin \"allows the grappler to use rope or "
                     "bindings to tie up the target\""),
    SlowingCondition("prone", Effect.STOP, source="avorkarth: Trip \"fall down and unable to move/attack "
                     "until they use the standing up action\""),
    SlowingCondition("unconscious", Effect.STOP, source="avorkarth: Unconsciousness \"the character cannot "
                     "move, take any actions or defend themselves\""),
    SlowingCondition("immobilised", Effect.STOP, source="avorkarth: Immobilised \"Should a character be "
                     "unable to move\""),
)
