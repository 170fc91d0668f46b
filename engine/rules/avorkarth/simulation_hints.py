"""Avorkarth's hints to the encounter simulator (``engine/rules/simulation.py``): a creature is out
of the fight while it is unconscious and gone when dead — the conditions that "keep a creature
from acting at all" (``state.OUT_OF_ACTION``) — and such a creature does not act."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.model import Encounter
from vantage.engine.rules.avorkarth.queries import attack_options
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION
from vantage.engine.rules.base import ActionOption, Ruleset, Unanswered
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


HINTS = SimulationHints(standing=standing, acts=acts, attacks=attacks)
