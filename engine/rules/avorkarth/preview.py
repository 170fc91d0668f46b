"""Previews: what an attack or maneuver would roll against, and whether it is legal now — without
rolling. For tooltips and menus ("Attack 6 vs Dodge 3: back attack +3 → 65 % to hit").

Legality is decided by running the real command up to its first die roll (the ruleset base's
``legality``): every check the engine makes is made, in the same order, and nothing can drift
apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from vantage.engine.dice import NoDice
from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter, Facing
from vantage.engine.protocol.commands import Attack, Command, Maneuver
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.attack_command import dual_wielded, held_weapon
from vantage.engine.rules.avorkarth.attack_roll import hit_category
from vantage.engine.rules.avorkarth.chart import DiceRollsChart, Outcome, outcome_chances
from vantage.engine.rules.avorkarth.maneuvers import MANEUVERS, penalty
from vantage.engine.rules.avorkarth.options import AttackKind, attack_kind
from vantage.engine.rules.avorkarth.situation import situation_for
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.avorkarth.tactics import (
    CHARGE_MIN_DISTANCE,
    CHARGE_MIN_TILES,
    CHARGE_STOPPING_TERRAIN,
)
from vantage.engine.rules.avorkarth.vocabulary import RULESET_ID
from vantage.engine.rules.registry import get_ruleset
from vantage.engine.rules.simulation import LEGALITY_NOT_ASKED


@dataclass(frozen=True)
class AttackPreview:
    command: Command
    legal: bool
    reason: str
    attack: Breakdown
    dodge: Breakdown
    category: Breakdown
    chances: Mapping[str, float]
    automatic: str | None
    notes: tuple[str, ...]

    @property
    def hit_chance(self) -> float:
        """Partial success or better."""
        return sum(p for o, p in self.chances.items() if Outcome(o).succeeded)

    @property
    def explanation(self) -> str:
        if self.automatic:
            head = f"{self.automatic}: no hit roll"
        else:
            head = (f"Attack {self.attack.int_value} vs Dodge {self.dodge.int_value} → hit category "
                    f"{self.category.int_value:+d}, {self.hit_chance:.0%} to hit")
        lines = [head, str(self.category), str(self.attack), str(self.dodge), *self.notes]
        if not self.legal:
            lines.insert(0, f"Not now: {self.reason}")
        return "\n".join(lines)


def chances(chart: DiceRollsChart, category: int, shift: int = 0) -> dict[str, float]:
    """The chance of each outcome of one roll on the chart at ``category`` (``shift`` added to the
    result, as a head wound does)."""
    return outcome_chances(chart, category, shift)


def legality(encounter: Encounter, command: Command) -> tuple[bool, str]:
    """(True, "") when the command would be carried out now, else (False, the reason): the
    ruleset base runs the real command up to its first roll."""
    return get_ruleset(RULESET_ID).legality(encounter, command)


def preview(encounter: Encounter, command: Attack | Maneuver, *, ask_legality: bool = True) -> AttackPreview:
    """The odds of ``command`` (an attack or a maneuver) and whether it is legal now
    (``ask_legality=False``: not asked — not legal, with ``not_asked`` as the reason)."""
    legal, reason = legality(encounter, command) if ask_legality else (False, LEGALITY_NOT_ASKED)
    a, t = command.attacker, command.target
    work = Work(encounter, NoDice())
    how = attack_kind(command) if isinstance(command, Attack) else AttackKind()
    if how.charge:
        from vantage.engine.geometry.charge import charge_lane  # numpy, shapely: with the first charge

        lane = charge_lane(encounter, a, t, min_tiles=CHARGE_MIN_TILES,
                           stopping_terrain=CHARGE_STOPPING_TERRAIN,
                           min_distance=CHARGE_MIN_DISTANCE)
        if lane.valid and lane.end_tile is not None:
            me, them = work.token(a), work.token(t)
            facing = Facing.from_vector(them.centre[0] - me.centre[0], them.centre[1] - me.centre[1])
            work.set_token(replace(me, position=lane.end_tile, facing=facing))
    weapon = held_weapon(work, a, command.weapon, secondary=how.secondary)
    if isinstance(command, Maneuver):
        if command.maneuver not in MANEUVERS:
            raise CommandRejected(f"unknown maneuver {command.maneuver!r}")
        situation, notes = situation_for(work, a, t, weapon, maneuver=command.maneuver,
                                         maneuver_penalty=penalty(command))
    else:
        situation, notes = situation_for(
            work, a, t, weapon, charge=how.charge, lethal=how.lethal, lesser=how.lesser,
            dual_extra=max(0, len(dual_wielded(work, a)) - 1) if how.dual_wield else 0,
        )
    attack, dodge, category = hit_category(work.combatant(a), work.combatant(t), weapon, situation)
    automatic = None
    if situation.defender_immobilised:
        automatic = f"{work.name(t)} cannot move: an extreme critical"
    elif situation.defender_defensive and situation.arc == "front" and situation.maneuver is None:
        automatic = f"{work.name(t)} is in defensive stance: the blow lands"
    odds = chances(work.chart, int(category.value), situation.roll_shift)
    return AttackPreview(command, legal, reason, attack, dodge, category, odds, automatic, tuple(notes))
