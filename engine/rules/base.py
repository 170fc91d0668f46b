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

The GUI holds no rules, so it asks a few narrow questions, each answered with plain data or an
:class:`Unanswered` reason it shows as is (queries never roll and never change the encounter):

- ``movement(enc, token)`` → :class:`MovementAnswer`: the movement policy and the allowance in
  tiles per move (Avorkarth: a move action; Shattered World: a normal move, halved by heavy armour
  or when disabled; Power Tiers: speed in feet from Dex + Stamina + tier, one action; Baton: the
  movement, halved when prone).
- ``attack_options(enc, attacker, target)`` → :class:`ActionOption` list: each the command it
  would send, whether it is legal now and why not, the chance of each outcome and the explained
  modifiers (Avorkarth attacks, charges and maneuvers; Shattered World attack/parry/dodge;
  Power Tiers opposed d20 and grabs; Baton major actions and opportunity attacks).
- ``health(enc, token)`` → :class:`Health`: the share left for the bar under a token and its
  layers (Avorkarth wounds; Shattered World hit points; Power Tiers Fortitude → Health;
  Baton Protection → Stamina → Health).

:class:`UnansweredQueries` answers every query with "unsupported" so a ruleset can grow them one
by one; ``ask_movement``/``ask_attack_options``/``ask_health`` find the encounter's ruleset and turn
an unknown ruleset or a missing query into an :class:`Unanswered` as well.

The registry is here too: :func:`get_ruleset` finds a ruleset by id (``get_ruleset("avorkarth")``)
and raises :class:`UnknownRuleset` for an id nobody registered.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from vantage.engine.dice import DiceSource
from vantage.engine.explain import Breakdown
from vantage.engine.geometry.arcs import ArcWidths
from vantage.engine.model import Encounter
from vantage.engine.movement import MovementRules, Reachable, movement_graph, reachable_tiles

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command
    from vantage.engine.protocol.events import Event


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


@dataclass(frozen=True)
class Unanswered:
    """A query the ruleset cannot answer (now), and why — a sentence the GUI shows as is."""

    reason: str


@dataclass(frozen=True)
class Tactics:
    """The map parameters of a ruleset's tactics: how wide its facing arcs are, and the shortest
    charge lane (None: the ruleset has no charges). Geometry takes them; nobody else guesses them."""

    arc_widths: ArcWidths
    charge_min_tiles: int | None


@dataclass(frozen=True)
class MovementAnswer:
    """How a token moves now: the ruleset's movement policy and its allowance in tiles per move."""

    rules: MovementRules
    allowance: Breakdown


@dataclass(frozen=True)
class ActionOption:
    """One thing an attacker may try against a target, as the ruleset sees it now (no roll made).

    ``chances``: outcome name → probability (empty when the outcome is automatic);
    ``modifiers``: the breakdowns the odds come from; ``summary``: one line for a menu;
    ``explanation``: every line, for a tooltip (it starts with "Not now: …" when not legal).
    """

    label: str
    command: Command
    legal: bool
    reason: str
    chances: Mapping[str, float]
    modifiers: tuple[Breakdown, ...]
    summary: str
    explanation: str


@dataclass(frozen=True)
class HealthLayer:
    """One named track of a health model (wounds, Fortitude, Protection …): what is left of it."""

    name: str
    left: float
    maximum: float


@dataclass(frozen=True)
class Health:
    """How much health a token has left: ``fraction`` 0…1 for the bar, ``text`` for its tooltip."""

    fraction: float
    text: str
    layers: tuple[HealthLayer, ...] = ()


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

    def tactics(self) -> Tactics | Unanswered:
        """Arc widths and the minimum charge length this ruleset plays with."""
        ...

    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        """The movement policy and the token's allowance now, or why it cannot move/be known."""
        ...

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str
    ) -> Sequence[ActionOption] | Unanswered:
        """What ``attacker_id`` may try on ``target_id`` with odds and legality, or why nothing."""
        ...

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        """How much health the token has left, or why the ruleset tracks none for it."""
        ...


def unsupported(ruleset_name: str, query: str) -> Unanswered:
    return Unanswered(f"unsupported ruleset: {ruleset_name} does not answer {query} yet")


class UnansweredQueries:
    """Defaults for a ruleset that does not answer the GUI's queries yet: each says so."""

    name: str

    def tactics(self) -> Tactics | Unanswered:
        return unsupported(self.name, "tactics")

    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        return unsupported(self.name, "movement")

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str
    ) -> Sequence[ActionOption] | Unanswered:
        return unsupported(self.name, "attack options")

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        return unsupported(self.name, "health")


#: ruleset id → "module:attribute" of a Ruleset instance; the module is imported only when the
#: ruleset is first asked for, so importing the engine stays cheap and plug-ins form no cycles.
_KNOWN: dict[str, str] = {
    "avorkarth": "vantage.engine.rules.avorkarth.ruleset:AVORKARTH",
}
_LOADED: dict[str, Ruleset] = {}


class UnknownRuleset(LookupError):
    """No ruleset is registered under ``ruleset_id``; ``str()`` says so and names the known ids.

    The text is a reason in the engine's style (lowercase, so that it reads inside a longer
    sentence such as "Bram cannot act on Ghoul: unsupported ruleset 'baton' (known: avorkarth)").
    """

    def __init__(self, ruleset_id: str, known: tuple[str, ...]) -> None:
        super().__init__(f"unsupported ruleset {ruleset_id!r} (known: {', '.join(known) or 'none'})")
        self.ruleset_id = ruleset_id
        self.known = known

    def __str__(self) -> str:
        return str(self.args[0])


def register(ruleset_id: str, target: str) -> None:
    """Make ``"module:attribute"`` the ruleset for ``ruleset_id``."""
    _KNOWN[ruleset_id] = target
    _LOADED.pop(ruleset_id, None)


def ruleset_ids() -> tuple[str, ...]:
    """The ids of every registered ruleset, sorted."""
    return tuple(sorted(_KNOWN))


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset registered as ``ruleset_id``; :class:`UnknownRuleset` names the known ones."""
    found = _LOADED.get(ruleset_id)
    if found is not None:
        return found
    target = _KNOWN.get(ruleset_id)
    if target is None:
        raise UnknownRuleset(ruleset_id, ruleset_ids())
    module_name, attr = target.split(":")
    ruleset: Ruleset = getattr(importlib.import_module(module_name), attr)
    _LOADED[ruleset_id] = ruleset
    return ruleset


def _ruleset_of(encounter: Encounter, query: str) -> Ruleset | Unanswered:
    try:
        ruleset = get_ruleset(encounter.ruleset)
    except UnknownRuleset as unknown:
        return Unanswered(str(unknown))
    if not callable(getattr(ruleset, query, None)):
        return unsupported(ruleset.name, query.replace("_", " "))
    return ruleset


def ask_tactics(encounter: Encounter) -> Tactics | Unanswered:
    """The encounter's ruleset's :meth:`Ruleset.tactics`, or "unsupported ruleset …"."""
    ruleset = _ruleset_of(encounter, "tactics")
    return ruleset if isinstance(ruleset, Unanswered) else ruleset.tactics()


def ask_movement(encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
    """The encounter's ruleset's :meth:`Ruleset.movement`, or "unsupported ruleset …"."""
    ruleset = _ruleset_of(encounter, "movement")
    return ruleset if isinstance(ruleset, Unanswered) else ruleset.movement(encounter, token_id)


def ask_attack_options(
    encounter: Encounter, attacker_id: str, target_id: str
) -> Sequence[ActionOption] | Unanswered:
    """The encounter's ruleset's :meth:`Ruleset.attack_options`, or "unsupported ruleset …"."""
    ruleset = _ruleset_of(encounter, "attack_options")
    if isinstance(ruleset, Unanswered):
        return ruleset
    return ruleset.attack_options(encounter, attacker_id, target_id)


def ask_health(encounter: Encounter, token_id: str) -> Health | Unanswered:
    """The encounter's ruleset's :meth:`Ruleset.health`, or "unsupported ruleset …"."""
    ruleset = _ruleset_of(encounter, "health")
    return ruleset if isinstance(ruleset, Unanswered) else ruleset.health(encounter, token_id)


def ask_reachable(encounter: Encounter, token_id: str) -> Reachable | Unanswered:
    """Where the token can move now: the ruleset's movement rules and allowance, searched by the
    engine's movement graph (built once per map), or why there is no answer."""
    answer = ask_movement(encounter, token_id)
    if isinstance(answer, Unanswered):
        return answer
    graph = movement_graph(encounter.map)
    return reachable_tiles(encounter, token_id, answer.allowance, answer.rules, graph=graph)


def health_of_tokens(encounter: Encounter) -> Mapping[str, Health]:
    """Token id → the ruleset's health answer for every token it tracks (out of combat, or under an
    unsupported ruleset, a token has none and shows no bar)."""
    out: dict[str, Health] = {}
    for token in encounter.tokens:
        answer = ask_health(encounter, token.id)
        if isinstance(answer, Health):
            out[token.id] = answer
    return out
