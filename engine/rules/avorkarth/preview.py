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
from vantage.engine.rules.avorkarth.attack_roll import Combatant, Situation, hit_category
from vantage.engine.rules.avorkarth.board import avorkarth_charge_lane
from vantage.engine.rules.avorkarth.chart import DiceRollsChart, Outcome, outcome_chances
from vantage.engine.rules.avorkarth.maneuvers import MANEUVERS, penalty
from vantage.engine.rules.avorkarth.options import AttackKind, attack_kind
from vantage.engine.rules.avorkarth.situation import standing_situation, with_attack_kind
from vantage.engine.rules.avorkarth.state import Work
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


class MenuReading:
    """What the previews of one attacker's attacks on one target share, read once: a working copy
    of the encounter (only read, never changed: ``work``, the encounter's read-only one of
    :func:`.state.query_work` when given, else its own), the situation as they stand before the
    kind of attack is known (:func:`.standing_situation`) and both combatants. A charge is read
    apart, with the attacker at the lane's end (on a working copy of its own: it moves the
    attacker)."""

    def __init__(self, encounter: Encounter, attacker_id: str, target_id: str, *,
                 work: Work | None = None) -> None:
        self.work = work if work is not None else Work(encounter, NoDice())
        self.attacker_id, self.target_id = attacker_id, target_id
        self._read: tuple[Situation, tuple[str, ...], Combatant, Combatant] | None = None

    def reads(self, command: Attack | Maneuver) -> bool:
        """Whether ``command`` is one of the attacks this reading is for."""
        return (command.attacker, command.target) == (self.attacker_id, self.target_id)

    def standing(self) -> tuple[Situation, tuple[str, ...], Combatant, Combatant]:
        """The situation, its notes, the attacker and the target (read on the first call)."""
        if self._read is None:
            a, t = self.attacker_id, self.target_id
            situation, notes = standing_situation(self.work, a, t)
            self._read = (situation, notes, self.work.combatant(a), self.work.combatant(t))
        return self._read


def preview(encounter: Encounter, command: Attack | Maneuver, *, ask_legality: bool = True,
            menu: MenuReading | None = None) -> AttackPreview:
    """The odds of ``command`` (an attack or a maneuver) and whether it is legal now
    (``ask_legality=False``: not asked — not legal, with ``not_asked`` as the reason). ``menu``:
    what the previews of the same attacker and target share (:class:`MenuReading`)."""
    legal, reason = legality(encounter, command) if ask_legality else (False, LEGALITY_NOT_ASKED)
    a, t = command.attacker, command.target
    how = attack_kind(command) if isinstance(command, Attack) else AttackKind()
    if menu is None or how.charge or not menu.reads(command):
        menu = MenuReading(encounter, a, t)
    work = menu.work
    if how.charge:
        lane = avorkarth_charge_lane(encounter, a, t)
        if lane.valid and lane.end_tile is not None:
            me, them = work.token(a), work.token(t)
            facing = Facing.from_vector(them.centre[0] - me.centre[0], them.centre[1] - me.centre[1])
            work.set_token(replace(me, position=lane.end_tile, facing=facing))
    weapon = held_weapon(work, a, command.weapon, secondary=how.secondary)
    if isinstance(command, Maneuver) and command.maneuver not in MANEUVERS:
        raise CommandRejected(f"unknown maneuver {command.maneuver!r}")
    standing, notes, attacker, target = menu.standing()
    if isinstance(command, Maneuver):
        situation = with_attack_kind(standing, maneuver=command.maneuver, maneuver_penalty=penalty(command))
    else:
        situation = with_attack_kind(
            standing, charge=how.charge, lethal=how.lethal, lesser=how.lesser,
            dual_extra=max(0, len(dual_wielded(work, a)) - 1) if how.dual_wield else 0,
        )
    attack, dodge, category = hit_category(attacker, target, weapon, situation)
    automatic = None
    if situation.defender_immobilised:
        automatic = f"{work.name(t)} cannot move: an extreme critical"
    elif situation.defender_defensive and situation.arc == "front" and situation.maneuver is None:
        automatic = f"{work.name(t)} is in defensive stance: the blow lands"
    odds = chances(work.chart, int(category.value), situation.roll_shift)
    return AttackPreview(command, legal, reason, attack, dodge, category, odds, automatic, notes)
