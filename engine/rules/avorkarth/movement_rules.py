"""How Avorkarth moves, in the shared movement library's terms: its terrain rule applied to the
whole move, and its :class:`~vantage.engine.movement.MovementRules` preset (the rule text's
parameters; :data:`~.other_commands.MOVE_RULES` adds who locks whom). Its slowing conditions are in
:mod:`.slowing`."""

from __future__ import annotations

import math

from vantage.engine.explain import Breakdown
from vantage.engine.movement import DiagonalPolicy, MovementRules
from vantage.engine.rules.avorkarth.vocabulary import RULESET_ID
from vantage.engine.terrain import MovementClass


def avorkarth_terrain_allowance(base: float, worst: MovementClass) -> Breakdown:
    """Avorkarth's DIFFICULT TERRAIN rule applied to the whole move.

    "Tame (Sand/Rocky Terrain/Undergrowth) :-2 Movement (Min. 1)"; "Difficult Terrain (Brush,
    Marshlands, Ruin Rubble) : Half or -4 Movement (whichever is worse, Min 1)"; "Harsh Terrain
    (Quicksand) : No Movement". Half rounds down and the minimum of 1 never lifts an allowance
    that was already below 1 (both assumed — not in the source text).
    """
    allowance = Breakdown("Movement", base, "base")
    floor_value = min(1.0, base)
    if worst is MovementClass.TAME:
        return allowance.plus("tame terrain", -2).clamped(minimum=floor_value)
    if worst is MovementClass.DIFFICULT:
        half = math.floor(base / 2)
        minus_four = base - 4
        if half <= minus_four:
            allowance = allowance.plus("difficult terrain: half", half - base)
        else:
            allowance = allowance.plus("difficult terrain: −4 (worse than half)", -4)
        return allowance.clamped(minimum=floor_value)
    if worst is MovementClass.HARSH:
        return allowance.replaced("harsh terrain: no movement", 0)
    if worst is MovementClass.IMPASSABLE:
        return allowance.replaced("impassable terrain", 0)
    return allowance


#: Avorkarth: 1 per step, diagonals included (assumed — not in the source text); terrain lowers
#: the whole move's allowance instead of costing per step; locked tokens may only retreat;
#: "A charge cannot change direction", so bends are marked.
AVORKARTH_MOVEMENT = MovementRules(
    diagonal=DiagonalPolicy.ONE,
    allowance_for_worst=avorkarth_terrain_allowance,
    locked_must_retreat=True,
    charges=True,
    name=RULESET_ID,
)
