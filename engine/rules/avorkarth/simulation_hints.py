"""Avorkarth's hints to the encounter simulator (``engine/rules/simulation.py``): a creature is out
of the fight while it is unconscious and gone when dead — the conditions that "keep a creature
from acting at all" (``state.OUT_OF_ACTION``) — and such a creature does not act."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack, Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.attack_command import held_weapon
from vantage.engine.rules.avorkarth.options import attack_kind
from vantage.engine.rules.avorkarth.queries import attack_options
from vantage.engine.rules.avorkarth.situation import check_lock, check_reach
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION, Work
from vantage.engine.rules.avorkarth.turns import actions_left
from vantage.engine.rules.base import ActionOption, Ruleset, Unanswered
from vantage.engine.rules.simulation import SimulationHints, Standing


def standing(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Standing:
    names = {c.name for c in encounter.token(token_id).conditions}
    if "dead" in names:
        return Standing.DEAD
    return Standing.DOWN if names & OUT_OF_ACTION else Standing.UP


def acts(ruleset: Ruleset, encounter: Encounter, token_id: str) -> bool:
    return standing(ruleset, encounter, token_id) is Standing.UP


def attacks(ruleset: Ruleset, encounter: Encounter, attacker_id: str,
            target_id: str) -> Sequence[ActionOption] | Unanswered:
    """The attack options without the menu maneuvers (the policy takes attacks only), their
    legality not asked (the policy tries the command)."""
    return attack_options(encounter, attacker_id, target_id, maneuvers=False, ask_legality=False)


def refused(ruleset: Ruleset, encounter: Encounter, command: Command) -> str:
    """Why the engine would refuse an attack on one's own turn now, by the attack command's own
    checks before its first roll (``attack_command.attack``), each of which refuses whatever the
    others say: the move action a lesser attack or a charge needs, the actions it costs, the
    weapon held, being locked, and — not for a charge, which moves first — reach or range and
    the line of sight. "" when these pass (or for another command): the policy tries it."""
    if not isinstance(command, Attack):
        return ""
    try:
        how = attack_kind(command)
        if how.opportunity or how.secondary or how.dual_wield or how.damage is not None:
            return ""
        work = Work(encounter, NoDice())
        a, t = command.attacker, command.target
        seen = work.record(a)
        if how.lesser:
            if seen["move_used"]:
                return f"{work.name(a)} has already used the move action this turn"
            action = "lesser_attack"
        elif how.charge:
            if seen["move_used"] and work.rules.get("one_move_action", True):
                return f"{work.name(a)} has already used the move action this turn: no charge"
            action = "charge"
        else:
            action = "attack"
        cost, left = work.cost(action), actions_left(work, a)
        if cost > left:
            return f"{work.name(a)} has {left} actions left; this attack costs {cost}"
        weapon = held_weapon(work, a, command.weapon)
        check_lock(work, a, t)
        if not how.charge:
            check_reach(work, a, t, weapon)
    except CommandRejected as refusal:
        return refusal.reason
    except (KeyError, TypeError, ValueError):  # not a creature the combat tracks: try it
        return ""
    return ""


HINTS = SimulationHints(standing=standing, acts=acts, attacks=attacks, refused=refused)
