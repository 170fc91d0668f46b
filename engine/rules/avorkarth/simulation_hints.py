"""Avorkarth's hints to the encounter simulator (``engine/rules/simulation.py``): a creature is out
of the fight while it is unconscious and gone when dead — the conditions that "keep a creature
from acting at all" (``state.OUT_OF_ACTION``) — and such a creature does not act; what an attack
needs at the least (its actions and the move action, the weapon's reach: :func:`needs`); and what
lets a creature fight again, first on its turn (stand up, pick up the weapon it dropped:
:func:`recover`)."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack, Command, PickUp, StandUp
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.options import attack_kind
from vantage.engine.rules.avorkarth.queries import attack_options
from vantage.engine.rules.avorkarth.situation import locked_by
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION, query_work
from vantage.engine.rules.avorkarth.tactics import CHARGE_MIN_DISTANCE
from vantage.engine.rules.avorkarth.untargeted import untargeted_actions
from vantage.engine.rules.base import ActionOption, Ruleset, Unanswered
from vantage.engine.rules.simulation import OptionNeeds, SimulationHints, Standing

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
    """The attack options without the menu maneuvers (the policy takes attacks only) and without a
    lethal weapon's non-lethal attack — it "counts all their roll values with lethal weaponry as
    one category lower", so the plain attack with the weapon has the better odds, and the same
    checks (one is refused when the other is): the policy never takes it — their legality not
    asked (the policy tries the command)."""
    return attack_options(encounter, attacker_id, target_id, maneuvers=False, ask_legality=False,
                          non_lethal=False)


#: The slots of the turn's budget as ``Avorkarth.turn`` names them: the actions left of the turn,
#: and the move action (1 while unused).
ACTIONS_SLOT = "actions"
MOVE_SLOT = "move action"


def needs(ruleset: Ruleset, encounter: Encounter, option: ActionOption) -> OptionNeeds | None:
    """What an attack of :func:`attacks` needs at the least, as the attack command checks it
    (``attack_command.attack_checks``): its cost in actions ("an attack costs 3" — the rules'
    ``action_costs``); a lesser attack the move action too ("A creature may use it's given move
    action to instead do a lesser attack"), a charge too while one move action a turn is the
    reading ("instead of simply moving and attacking"); the target within the weapon's reach
    (not for a charge: its reach is measured from where it ends), and for a charge at least
    ``CHARGE_MIN_DISTANCE`` tiles away ("is at least 3 tiles away"); and a line of sight to the
    target (``situation.check_reach``: "no attack, ranged or melee, without a line of sight", the
    assumed default; not for a charge either). None for a kind of attack the
    simulator does not make, or a weapon the attacker does not have (the command says why)."""
    command = option.command
    if not isinstance(command, Attack):
        return None
    try:
        how = attack_kind(command)
        work = query_work(encounter)
        weapon = work.block(command.attacker).weapon(command.weapon)
    except (CommandRejected, KeyError, IndexError):
        return None
    if how.secondary or how.opportunity or how.dual_wield:
        return None
    if how.charge:
        move = 1 if work.rules.get("one_move_action", True) else 0
        return OptionNeeds(((ACTIONS_SLOT, work.cost("charge")), (MOVE_SLOT, move)),
                           least=CHARGE_MIN_DISTANCE)
    if how.lesser:
        return OptionNeeds(((ACTIONS_SLOT, work.cost("lesser_attack")), (MOVE_SLOT, 1)), weapon.reach,
                           sight=True)
    return OptionNeeds(((ACTIONS_SLOT, work.cost("attack")),), weapon.reach, sight=True)


def recover(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Sequence[Command]:
    """Of the creature's untargeted actions (:func:`.untargeted.untargeted_actions`, its token's
    action menu), standing up when prone (a tripped creature is "unable to move/attack until they
    use the standing up action") and picking up each weapon it dropped that lies on or next to it
    (a ranged critical fail: "Fumble and drop your weapon"; it "must pick it up first") — not
    while it is locked, when the engine would refuse it ("can only do two actions while as such.
    Attack back, or retreat": it fights on with another weapon). Most turns have neither: a
    creature without conditions or a dropped weapon is not asked."""
    conditions = encounter.token(token_id).conditions
    dropped = any(item.get("owner") == token_id for item in encounter.combat.get("dropped", ()))
    if not conditions and not dropped:
        return []
    work = query_work(encounter)
    try:
        found = untargeted_actions(work, token_id)
    except CommandRejected:
        return []
    locked = bool(locked_by(work, token_id))
    return [a.command for a in found
            if isinstance(a.command, StandUp) or (isinstance(a.command, PickUp) and not locked)]


HINTS = SimulationHints(standing=standing, acts=acts, attacks=attacks, needs=needs, recover=recover)
