"""Avorkarth's hints to the encounter simulator (``engine/rules/simulation.py``): a creature is out
of the fight while it is unconscious and gone when dead — the conditions that "keep a creature
from acting at all" (``state.OUT_OF_ACTION``) — and such a creature does not act."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.dice import NoDice
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack, Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.attack_command import _charge_ground, _terrain_allowance, held_weapon
from vantage.engine.rules.avorkarth.board import avorkarth_charge_lane, charge_open, read_once
from vantage.engine.rules.avorkarth.options import attack_kind
from vantage.engine.rules.avorkarth.other_commands import allowance_for
from vantage.engine.rules.avorkarth.queries import attack_options
from vantage.engine.rules.avorkarth.situation import check_lock, possessive
from vantage.engine.rules.avorkarth.statblock import Weapon
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION, Work
from vantage.engine.rules.avorkarth.turns import actions_left
from vantage.engine.rules.base import ActionOption, Ruleset, Unanswered
from vantage.engine.rules.line_of_fire import no_sight_reason
from vantage.engine.rules.simulation import SimulationHints, Standing

#: The standings, read once (reading a member off its enum class is slow; the simulator asks
#: after every command).
_UP, _DOWN, _DEAD = Standing.UP, Standing.DOWN, Standing.DEAD


def standing(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Standing:
    conditions = encounter.token(token_id).conditions
    if not conditions:
        return _UP
    names = {c.name for c in conditions}
    if "dead" in names:
        return _DEAD
    return _DOWN if names & OUT_OF_ACTION else _UP


def acts(ruleset: Ruleset, encounter: Encounter, token_id: str) -> bool:
    return standing(ruleset, encounter, token_id) is _UP


def attacks(ruleset: Ruleset, encounter: Encounter, attacker_id: str,
            target_id: str) -> Sequence[ActionOption] | Unanswered:
    """The attack options without the menu maneuvers (the policy takes attacks only), their
    legality not asked (the policy tries the command)."""
    return attack_options(encounter, attacker_id, target_id, maneuvers=False, ask_legality=False)


class _Reading:
    """What :func:`refused` has read of one state (the policy asks about several attacks on it
    before one is carried out): its working copy, and per attacker and target why it may not
    attack that one at all (locked elsewhere), the distance, and why it cannot see it."""

    def __init__(self, encounter: Encounter) -> None:
        self.encounter = encounter
        self.work = Work(encounter, NoDice())
        self.locks: dict[tuple[str, str], str] = {}
        self.distances: dict[tuple[str, str], int] = {}
        self.sight: dict[tuple[str, str], str] = {}
        #: attacker → (actions left, whether it has used its move action)
        self.budgets: dict[str, tuple[int, bool]] = {}
        #: action → what it costs (``Work.cost``)
        self.costs: dict[str, int] = {}

    def budget(self, a: str) -> tuple[int, bool]:
        found = self.budgets.get(a)
        if found is None:
            found = self.budgets[a] = (actions_left(self.work, a), bool(self.work.record(a)["move_used"]))
        return found

    def cost(self, action: str) -> int:
        found = self.costs.get(action)
        if found is None:
            found = self.costs[action] = self.work.cost(action)
        return found

    def lock(self, a: str, t: str) -> str:
        found = self.locks.get((a, t))
        if found is None:
            try:
                check_lock(self.work, a, t)
                found = ""
            except CommandRejected as refusal:
                found = refusal.reason
            self.locks[(a, t)] = found
        return found

    def reach(self, a: str, t: str, weapon: Weapon) -> str:
        """:func:`~vantage.engine.rules.avorkarth.situation.check_reach`'s refusal ("" : none),
        the distance and the line of sight read once per pair."""
        work = self.work
        distance = self.distances.get((a, t))
        if distance is None:
            distance = self.distances[(a, t)] = footprint_distance(work.token(a), work.token(t))
        if distance > weapon.reach:
            return (f"{work.name(t)} is {distance} tiles from {work.name(a)}, beyond the "
                    f"{possessive(weapon.name)} reach")
        seen = self.sight.get((a, t))
        if seen is None:
            seen = self.sight[(a, t)] = no_sight_reason(work.enc, a, t, (work.name(a), work.name(t)))
        return seen


    def charge(self, a: str, t: str) -> str:
        """``attack_command._charge``'s refusal ("" : none): crippled hips, no lane open
        (``charge_open``: a target too near, or no lane; its reasons are not worked out), or a
        lane longer than the allowance on its ground."""
        work = self.work
        if work.has(a, "hips-crippled"):
            return f"{work.name(a)}'s hips are crippled: no charge"
        if not charge_open(work.enc, a, t):
            return f"{work.name(a)} cannot charge {work.name(t)}"
        lane = avorkarth_charge_lane(work.enc, a, t)
        if not lane.valid or lane.end_tile is None:
            return f"{work.name(a)} cannot charge {work.name(t)}"
        worst = read_once(work.enc, ("charge ground", a, t), lambda: _charge_ground(work, a, lane.tiles))
        base = allowance_for(work, a)
        allowance = _terrain_allowance(base.value, worst) if worst is not None else base
        if lane.length > allowance.value:
            return f"{work.name(a)} cannot charge {lane.length} tiles: {allowance.value} allowed"
        return ""


#: The state :func:`refused` read last (asked again about the same state, it reads no more).
_LAST: list[_Reading] = []


def _reading(encounter: Encounter) -> _Reading:
    if _LAST and _LAST[0].encounter is encounter:
        return _LAST[0]
    found = _Reading(encounter)
    _LAST[:] = [found]
    return found


def refused(ruleset: Ruleset, encounter: Encounter, command: Command) -> str:
    """Why the engine would refuse an attack on one's own turn now, by the attack command's own
    checks before its first roll (``attack_command.attack``), each of which refuses whatever the
    others say: the move action a lesser attack or a charge needs, the actions it costs, the
    weapon held, being locked, for a charge its lane (``_charge``), and for another attack reach
    or range and the line of sight (``check_reach``: a charge moves first). "" when these pass
    (or for another command): the policy tries it."""
    if not isinstance(command, Attack):
        return ""
    try:
        how = attack_kind(command)
        if how.opportunity or how.secondary or how.dual_wield or how.damage is not None:
            return ""
        reading = _reading(encounter)
        work = reading.work
        a, t = command.attacker, command.target
        left, move_used = reading.budget(a)
        if how.lesser:
            if move_used:
                return "the move action is used: no lesser attack"
            action = "lesser_attack"
        elif how.charge:
            if move_used and work.rules.get("one_move_action", True):
                return "the move action is used: no charge"
            action = "charge"
        else:
            action = "attack"
        cost = reading.cost(action)
        if cost > left:
            return f"{left} actions left; this attack costs {cost}"
        weapon = held_weapon(work, a, command.weapon)
        found = reading.lock(a, t)
        if found or how.charge:
            return found or reading.charge(a, t)
        return reading.reach(a, t, weapon)
    except CommandRejected as refusal:
        return refusal.reason
    except (KeyError, TypeError, ValueError):  # not a creature the combat tracks: try it
        return ""


HINTS = SimulationHints(standing=standing, acts=acts, attacks=attacks, refused=refused)
