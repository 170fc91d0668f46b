"""The ruleset plug-in interface, shaped by all four rule texts.

- *Turn structure*: Avorkarth and Shattered World keep an ordered initiative list (Avorkarth adds
  extra turns for swiftness, Shattered World attack passes); Baton passes the initiative between
  sides like a baton; Power Tiers rounds of three actions.
- *Action economy*: Avorkarth spends up to 10 actions a turn; Power Tiers 3 actions a round; Baton
  one major, one minor action and one movement.
- *Health*: Avorkarth wound ledgers (wounds/lesser/minor and a non-lethal track); Shattered World
  hit points; Power Tiers Fortitude → Health; Baton Protection → Stamina → Health.

A ruleset states these as :class:`RulesetTraits` (the GUI reads them to draw the turn bar and the
health bars) and does all the work in ``apply``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from engine.dice import DiceSource
from engine.explain import Breakdown
from engine.model import Encounter

if TYPE_CHECKING:
    from engine.session.commands import Command
    from engine.session.events import Event


class TurnStructure(StrEnum):
    INITIATIVE_LIST = "initiative-list"  # ordered list, extra turns/passes re-enter it
    BATON = "baton"  # the initiative is handed from side to side


class ActionEconomy(StrEnum):
    ACTION_POINTS = "action-points"  # a budget of actions per turn (Avorkarth: 10)
    ACTIONS_PER_ROUND = "actions-per-round"  # Power Tiers: three actions
    MAJOR_MINOR_MOVE = "major-minor-move"  # Baton


class HealthModel(StrEnum):
    WOUND_LEDGER = "wound-ledger"
    HIT_POINTS = "hit-points"
    LAYERS = "layers"  # damage soaks through named layers in order


@dataclass(frozen=True)
class RulesetTraits:
    turn_structure: TurnStructure
    action_economy: ActionEconomy
    actions_per_turn: int | None
    health_model: HealthModel
    health_layers: tuple[str, ...] = ()
    arcs: tuple[str, ...] = ("front", "flank", "back")


@dataclass(frozen=True)
class TurnInfo:
    """Whose turn it is, for the GUI's turn bar: the round, the actor, the order, actions left."""

    round: int
    actor: str | None
    order: tuple[tuple[str, int], ...]
    actions_left: int | None


class Ruleset(Protocol):
    id: str
    name: str
    traits: RulesetTraits

    def validate_stats(self, stats: object, place: str = "stats") -> list[tuple[str, str]]:
        """Every problem with a token's stat block as (place, message)."""
        ...

    def apply(
        self, encounter: Encounter, command: Command, dice: DiceSource
    ) -> tuple[Encounter, list[Event]]:
        """Resolve a command; raise CommandRejected (state untouched) when it is not legal now."""
        ...

    def legality(self, encounter: Encounter, command: Command) -> tuple[bool, str]:
        """(True, "") if ``command`` would be carried out now, else (False, the reason) — no roll."""
        ...

    def explain(self, encounter: Encounter, token_id: str) -> Mapping[str, Breakdown]:
        """The token's derived values as breakdowns, for tooltips and the stat panel."""
        ...

    def turn(self, encounter: Encounter) -> TurnInfo | None:
        """The current turn, or None before combat starts."""
        ...

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        """The token's changing state in plain data (wounds, stamina, fear …) for panels."""
        ...
