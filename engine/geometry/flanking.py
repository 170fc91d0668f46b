"""Flanking: the attacker's allies that also threaten the target.

Avorkarth: "For each additional ally within melee range of a creature, reduce its dodge by 1.
Positioning does not matter for flanking." So flanking is a count, not a geometry of opposite
sides: the allies of the attacker (same side, not the attacker, not neutral) that have the
target within their own melee reach. What the count does is the ruleset's business.
"""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.geometry.reach import ReachOf, reach_distance, reach_one
from vantage.engine.model import Encounter, Side


@dataclass(frozen=True)
class Flanking:
    """The allies of an attacker within melee reach of ``target`` (ids, nearest first)."""

    target: str
    allies: tuple[str, ...]
    explanation: str

    @property
    def count(self) -> int:
        return len(self.allies)


def flanking_allies(
    encounter: Encounter,
    attacker_id: str,
    target_id: str,
    reach_of: ReachOf = reach_one,
    *,
    vertical_threshold_ft: float | None = None,
) -> Flanking:
    """The attacker's allies (not the attacker) that have ``target_id`` within their melee reach."""
    attacker = encounter.token(attacker_id)
    target = encounter.token(target_id)
    found: list[tuple[int, int, str, str]] = []
    if attacker.side is not Side.NEUTRAL:
        for order, ally in enumerate(encounter.tokens):
            if ally.id in (attacker.id, target.id) or ally.side is not attacker.side:
                continue
            distance = reach_distance(
                ally, target, game_map=encounter.map, vertical_threshold_ft=vertical_threshold_ft
            )
            if distance <= reach_of(ally):
                found.append((distance, order, ally.id, ally.name))
    found.sort()
    allies = tuple(ally_id for _, _, ally_id, _ in found)
    if not found:
        text = f"no ally of {attacker.name} has {target.name} within melee reach: not flanked"
    else:
        names = ", ".join(f"{name} ({d} tile{'s' if d != 1 else ''})" for d, _, _, name in found)
        text = f"{target.name} is flanked by {len(found)} all{'y' if len(found) == 1 else 'ies'} " \
            f"of {attacker.name} within melee reach: {names}"
    return Flanking(target.id, allies, text)
