"""What a ruleset may tell the encounter simulator beyond the platform's queries: its *hints*.

The simulator (``vantage.engine.simulate``) plays every ruleset with one generic policy over the
queries every ruleset answers (``turn``, ``turn_options``, ``movement``, ``attack_options``,
``pending``, ``health``, ``describe_state``). A few things the queries do not say outright — is
this creature out of the fight, does a dying creature still act, which of two attacks is worth
more, how much damage did it take — have a generic answer here, and a ruleset whose text says
otherwise declares its own :class:`SimulationHints` in its package (``<ruleset>/simulation_hints.py``)
and names it as the ruleset's ``simulation_hints``. Shared code never names a ruleset.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import ActionOption, Health, Unanswered

if TYPE_CHECKING:
    from vantage.engine.rules.base import Ruleset


class Standing(StrEnum):
    """Where a creature stands at a moment of the fight: still in it, down (unconscious, dying,
    stable, out of the fight) or dead."""

    UP = "up"
    DOWN = "down"
    DEAD = "dead"


#: How much an outcome of ``ActionOption.chances`` is worth, by words in its name (the first that
#: matches): a failure or miss nothing, a partial success half, a critical one and a half, any
#: other outcome ("hit", "success") one.
OUTCOME_WORTH: tuple[tuple[str, float], ...] = (
    ("fail", 0.0), ("miss", 0.0), ("partial", 0.5), ("critical", 1.5),
)


#: How many outcome names :func:`outcome_worth` keeps (a ruleset names a handful).
OUTCOME_NAMES_KEPT = 256


@functools.lru_cache(maxsize=OUTCOME_NAMES_KEPT)
def outcome_worth(outcome: str) -> float:
    """What one outcome of an option is worth to the one who tries it (:data:`OUTCOME_WORTH`),
    worked out once per name (the simulator weighs every option it ranks)."""
    name = outcome.casefold()
    return next((worth for word, worth in OUTCOME_WORTH if word in name), 1.0)


def expected_result(option: ActionOption) -> float:
    """The generic worth of an attack option: the sum of its outcomes' chances, each weighed by
    :func:`outcome_worth` (an option without odds is worth nothing: its result is not known)."""
    return sum(chance * outcome_worth(name) for name, chance in option.chances.items())


def _state(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
    try:
        return ruleset.describe_state(encounter, token_id)
    except (CommandRejected, KeyError, ValueError):  # a token it cannot describe has no state
        return {}


def generic_standing(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Standing:
    """Dead when the ruleset's state says ``dead``; down when its health bar is empty; else up."""
    if _state(ruleset, encounter, token_id).get("dead") is True:
        return Standing.DEAD
    health = ruleset.health(encounter, token_id)
    if isinstance(health, Health) and health.fraction <= 0:
        return Standing.DOWN
    return Standing.UP


def generic_damage(before: Health | None, after: Health | None) -> float:
    """Damage taken between two health answers: what every layer lost (nothing when unknown)."""
    if before is None or after is None:
        return 0.0
    lost = 0.0
    for old, new in zip(before.layers, after.layers, strict=False):
        lost += max(0.0, float(old.left) - float(new.left))
    return lost


#: The reason of an option whose legality was not asked (see ``SimulationHints.attacks``).
LEGALITY_NOT_ASKED = "legality not asked: the simulator tries the command"


def all_attack_options(ruleset: Ruleset, encounter: Encounter, attacker_id: str,
                       target_id: str) -> Sequence[ActionOption] | Unanswered:
    """The options the simulator weighs: the ruleset's ``attack_options`` (the policy keeps the
    attacks among them)."""
    return ruleset.attack_options(encounter, attacker_id, target_id)


@dataclass(frozen=True)
class OptionNeeds:
    """What an option's command needs at the least to be legal, as a ruleset declares it for the
    simulator (``SimulationHints.needs``): ``slots``, the least it takes of each slot of the
    turn's budget (a slot's name as the ruleset's ``turn`` names it → the amount), ``reach``, the
    farthest the target may stand (the gap between the footprints in tiles: 1 beside it; None: no
    such limit), ``least``, the nearest it may stand (a charge's run-up), and ``sight``, whether
    the attacker must have a line of sight to the target from where both stand, other tokens not
    blocking (as ``line_of_fire.require_line_of_sight`` checks it: not for an attack measured from
    where it ends, as a charge). A command whose needs are not met is certainly refused."""

    slots: tuple[tuple[str, int], ...] = ()
    reach: int | None = None
    least: int = 0
    sight: bool = False


def needs_unknown(ruleset: Ruleset, encounter: Encounter, option: ActionOption) -> OptionNeeds | None:
    return None


def always_acts(ruleset: Ruleset, encounter: Encounter, token_id: str) -> bool:
    return True


def never_avoided(option: ActionOption) -> bool:
    return False


def recovers_nothing(ruleset: Ruleset, encounter: Encounter, token_id: str) -> Sequence[Command]:
    return ()


@dataclass(frozen=True)
class SimulationHints:
    """A ruleset's hints to the simulator (each has a generic default):

    - ``standing(ruleset, encounter, token)``: up, down or dead now;
    - ``acts(ruleset, encounter, token)``: whether the creature takes its turn (a dying creature
      whose text lets it do nothing ends its turn at once);
    - ``worth(option)``: the expected result of an attack option, to pick the best;
    - ``avoid(option)``: an option the policy never takes (throwing away one's only weapon);
    - ``damage(before, after)``: damage taken between two health answers, in ``damage_unit``
      ("" : the unit of the ruleset's first damage track);
    - ``attacks(ruleset, encounter, attacker, target)``: the options the policy weighs — by default
      ``attack_options``; a ruleset whose options also list maneuvers (which the policy never
      takes) may give the same attack options alone, in the same order, and save working out
      the odds and legality of the rest. Their legality need not be asked either (the policy
      tries the command itself, or asks before it when strict): such an option says so with
      ``legal`` False and the reason :data:`LEGALITY_NOT_ASKED`;
    - ``needs(ruleset, encounter, option)``: what an option of ``attacks`` needs at the least to be
      legal (:class:`OptionNeeds`; None, the default: not known) — the policy does not send an
      option whose needs the turn's slots left, the target's distance or the line of sight do
      not meet, since the engine would only refuse it. Asked once per option of a fight: a
      ruleset declares only what stays true while the fight is played (its costs, a weapon's
      reach, that the attack needs a line of sight), never more than its own checks refuse;
    - ``recover(ruleset, encounter, token)``: what the creature does first on its turn to fight
      again — stand up when its text keeps a prone creature from moving and attacking, pick up a
      weapon it dropped — as commands, tried in order (one the engine refuses, the creature still
      locked in melee, say, is passed over). Asked at the start of every turn: it should only
      read. None by default.
    """

    standing: Callable[[Ruleset, Encounter, str], Standing] = generic_standing
    acts: Callable[[Ruleset, Encounter, str], bool] = always_acts
    worth: Callable[[ActionOption], float] = expected_result
    avoid: Callable[[ActionOption], bool] = never_avoided
    damage: Callable[[Health | None, Health | None], float] = generic_damage
    damage_unit: str = ""
    attacks: Callable[[Ruleset, Encounter, str, str], Sequence[ActionOption] | Unanswered] = \
        all_attack_options
    needs: Callable[[Ruleset, Encounter, ActionOption], OptionNeeds | None] = needs_unknown
    recover: Callable[[Ruleset, Encounter, str], Sequence[Command]] = recovers_nothing


#: The hints of a ruleset that declares none.
GENERIC_HINTS = SimulationHints()


def hints_of(ruleset: Ruleset) -> SimulationHints:
    """The ruleset's own hints (its ``simulation_hints``), else the generic ones."""
    found = getattr(ruleset, "simulation_hints", None)
    return found if isinstance(found, SimulationHints) else GENERIC_HINTS


def damage_unit(ruleset: Ruleset) -> str:
    """The unit the simulator counts ``ruleset``'s damage in."""
    hints = hints_of(ruleset)
    if hints.damage_unit:
        return hints.damage_unit
    tracks = tuple(getattr(ruleset, "damage_tracks", ()))
    return tracks[0].unit if tracks else "points"
