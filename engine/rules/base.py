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

- ``turn_order_edits(enc, token)`` → :class:`TurnOrderEdits`: add a token to a running combat,
  remove one, move a turn by hand — each legal or not with the reason.
- ``turn(enc)`` → :class:`TurnInfo`, ``turn_options(enc)`` → what may end or pass the turn,
  ``pending(enc)`` → the :class:`~.decisions.Decision` the engine waits for from the table,
  ``token_actions(enc, token)`` → untargeted actions, ``tactics()`` → what the map shows.

:class:`~.ruleset_base.RulesetBase` gives every query a default ("unsupported …" or nothing), and
:mod:`.asking` finds the encounter's ruleset and turns an unknown ruleset into an
:class:`Unanswered` as well. The registry is in :mod:`.registry`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from vantage.engine.dice import DiceSource
from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter
from vantage.engine.terrain import MovementClass

if TYPE_CHECKING:
    from vantage.engine.geometry.arcs import ArcWidths
    from vantage.engine.movement import MovementRules, PathEvent
    from vantage.engine.protocol.commands import Command
    from vantage.engine.protocol.events import Event
    from vantage.engine.rules.combat_work import CombatWork
    from vantage.engine.rules.decisions import Decision
    from vantage.engine.rules.stat_schema import CreatureTemplate, StatSchema
    from vantage.engine.rules.time_span import TimeSpan


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
    """What a ruleset is, for the shared code and the GUI: its turn structure, action economy and
    health model, and what follows from them that shared code acts on (each said by the ruleset,
    never guessed from one ruleset's enum value).

    ``initiative_passed_between_sides``: the initiative is handed from side to side among the
    participants, with no per-token order — the shared ``join_combat`` lets a newcomer join as one
    more participant, and the shared reorder refusal says there is no order to rearrange.
    ``side_in_the_open``: the table is told which side holds the initiative (the player view
    names it).
    """

    turn_structure: TurnStructure
    action_economy: ActionEconomy
    actions_per_turn: int | None
    health_model: HealthModel
    health_layers: tuple[str, ...] = ()
    initiative_passed_between_sides: bool = False
    side_in_the_open: bool = False


@dataclass(frozen=True)
class TurnEntry:
    """One entry of the turn order: whose, its score (initiative; None where there is none), a
    label ("turn", "extra turn", "attack pass 2", "side: party"), and whether it has been used."""

    token: str
    score: int | None
    label: str
    done: bool = False


@dataclass(frozen=True)
class ActionSlot:
    """A named part of the actor's budget and what is left of it: "actions" 6 of 10 (Avorkarth),
    "actions" 2 of 3 (Power Tiers), "major" 1 of 1, "minor" 0 of 1, "movement" 1 of 1 (Baton),
    "step or move", "attack", "parry" (Shattered World)."""

    name: str
    left: int
    total: int


@dataclass(frozen=True)
class TurnInfo:
    """Whose turn it is and what is left, for the turn bar, the player view and the log.

    ``side`` is the side holding the initiative (the actor's side, or the side a baton-style
    ruleset has given it to); ``entries`` the order, ``current`` the index of the entry acting
    now (None between turns); ``slots`` the actor's budget; ``note`` one line of what constrains
    it ("a Dodge may replace the Attack or the Parry"); ``waiting_on`` who the engine is waiting
    for (a token id, or "GM"), when a decision is pending.
    """

    round: int | None
    actor: str | None
    side: str | None = None
    entries: tuple[TurnEntry, ...] = ()
    current: int | None = None
    slots: tuple[ActionSlot, ...] = ()
    note: str = ""
    round_label: str = ""
    waiting_on: str | None = None


@dataclass(frozen=True)
class TurnOrderEdits:
    """What the GM may change in a running combat's turn order now (``ask_turn_order_edits``).

    ``reorder`` is "" when turns can be moved by hand, else why not (Baton: there is no per-token
    order, the initiative is passed like a baton); ``note`` what a move means under the ruleset
    (Avorkarth: for this round only); ``options`` for one token: "Add to combat" when it is not
    in the combat, else "Remove from combat", "Move up" and "Move down" — each with the command it
    sends, whether it is legal now and why not; ``in_combat`` whether the token takes part."""

    reorder: str
    note: str = ""
    options: tuple[ActionOption, ...] = ()
    in_combat: bool = False


@dataclass(frozen=True)
class Unanswered:
    """A query the ruleset cannot answer (now), and why — a sentence the GUI shows as is."""

    reason: str


class Overlay(StrEnum):
    """The map overlays a ruleset may declare; the GUI draws only the declared ones."""

    REACHABLE = "reachable"  # where the selected token can move, tinted by cost
    ARCS = "arcs"  # front / flank / back arcs of the selected token
    REACH_ZONES = "reach-zones"  # enemy reach zones and who is locked with whom
    CHARGE = "charge"  # charge lanes to the enemies
    FLANKING = "flanking"  # how many allies flank each enemy
    SIGHT = "sight"  # line of sight and cover to the hovered token


class MarkTone(StrEnum):
    """What a ruleset's own overlay mark means, for its colour: good for the selected token (a safe
    tile, a clear line), bad (a threat, a blocked line), a warning, or plain information."""

    GOOD = "good"
    BAD = "bad"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class OverlayDescription:
    """An overlay a ruleset draws beyond the platform's own (:class:`Overlay`), declared in
    :attr:`Tactics.own_overlays`: its ``id`` (not one of :class:`Overlay`'s), its name in View ▸
    Overlays, and what it shows, for its tooltip. What it draws for the selected token comes from
    :meth:`Ruleset.overlay_marks`, so a ruleset with a new overlay touches no shared file."""

    id: str
    label: str
    help: str = ""


@dataclass(frozen=True)
class OverlayMark:
    """One thing a ruleset's own overlay draws: ``tiles`` shaded, and/or a ``line`` between two
    points in tile units (a tile's centre is ``(x + 0.5, y + 0.5)``), in a ``tone``; ``label`` a
    few words drawn beside it, ``tip`` the sentence its tooltip says."""

    tone: MarkTone
    tiles: tuple[tuple[int, int], ...] = ()
    line: tuple[tuple[float, float], tuple[float, float]] | None = None
    label: str = ""
    tip: str = ""


@dataclass(frozen=True)
class MoveMode:
    """A way of moving a drag can take (Baton's disengage and dash, Shattered World's step):
    ``id`` goes into ``Move.options["mode"]``, ``label`` and ``help`` into the GUI."""

    id: str
    label: str
    help: str = ""


@dataclass(frozen=True)
class Tactics:
    """How a ruleset's tactics look on the map, declared by the ruleset (the GUI guesses nothing):
    the widths of its facing arcs (None: no facing), the shortest charge lane (None: no charges),
    the overlays it draws, the path events that warn on a drag (``"leaves_reach"``,
    ``"breaks_charge"``, ``"terrain_check"``, ``"fall"``, ``"leaves_cover"``), the move modes
    a drag can take, and the terrain classes a charge lane may not cross."""

    arc_widths: ArcWidths | None
    charge_min_tiles: int | None
    overlays: frozenset[Overlay] = frozenset({Overlay.REACHABLE, Overlay.SIGHT})
    path_warnings: frozenset[str] = frozenset()
    move_modes: tuple[MoveMode, ...] = ()
    charge_stopping_terrain: frozenset[MovementClass] = frozenset({MovementClass.IMPASSABLE})
    #: the shortest distance to the target a charge may start from (0: none; Avorkarth: 3)
    charge_min_distance: int = 0
    #: overlays of the ruleset's own, beyond the platform's (drawn from ``overlay_marks``)
    own_overlays: tuple[OverlayDescription, ...] = ()


@dataclass(frozen=True)
class MovementAnswer:
    """How a token moves now: the ruleset's movement policy and its allowance in tiles per move."""

    rules: MovementRules
    allowance: Breakdown


@dataclass(frozen=True)
class MoveReading:
    """What a move along a path would be, as the ruleset reads it for the drag: ``note``, its words
    for the label (``move_preview``), and ``events``, the path's events as its rules measure this
    move (where the marks go) — None: the path search's own events stand (a mover measured from its
    own footprint). One answer, so the label and the marks never disagree."""

    note: str = ""
    events: tuple[PathEvent, ...] | None = None


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
    """One named track of a health model (wounds, Fortitude, Protection …): what is left of it,
    and the colour its part of the token's bar is drawn in (``"#RRGGBB"``; "": the platform's
    colours by the layer's place, the last one green to red by what is left)."""

    name: str
    left: float
    maximum: float
    colour: str = ""


@dataclass(frozen=True)
class Health:
    """How much health a token has left: ``fraction`` 0…1 for the bar, ``text`` for its tooltip."""

    fraction: float
    text: str
    layers: tuple[HealthLayer, ...] = ()


@dataclass(frozen=True)
class DamageTrack:
    """A track damage and healing land on, in the ruleset's own unit (Avorkarth: "lethal" and
    "non-lethal" in minor wounds; hit points; Fortitude, Health; Protection, Stamina, Health)."""

    id: str
    label: str
    unit: str
    help: str = ""


@dataclass(frozen=True)
class RestKind:
    """A kind of rest the ``rest`` command takes, and the unit of its duration."""

    id: str
    label: str
    unit: str
    help: str = ""


class Ruleset(Protocol):
    """What the engine and the GUI need of a ruleset. :class:`~.ruleset_base.RulesetBase` gives
    every member a default; a ruleset overrides the ones its text speaks to."""

    id: str
    name: str
    traits: RulesetTraits
    damage_tracks: tuple[DamageTrack, ...]
    rest_kinds: tuple[RestKind, ...]
    #: the movement rules its moves are checked by (None: none for the whole ruleset)
    movement_rules: MovementRules | None

    def validate_stats(self, stats: object, place: str = "stats") -> list[tuple[str, str]]:
        """Every problem with a token's stat block as (place, message)."""
        ...

    def stat_schema(self) -> StatSchema:
        """The fields of this ruleset's stat block, for the form and for validation."""
        ...

    def templates(self) -> Sequence[CreatureTemplate]:
        """The ruleset's bestiary: creatures a GM can give a token."""
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

    def turn_options(self, encounter: Encounter) -> Sequence[ActionOption]:
        """What may end or pass the turn now (end turn, pass to X, delay, resume), each with
        whether it is legal and why not; the turn tracker shows exactly these."""
        ...

    def turn_order_edits(self, encounter: Encounter, token_id: str | None = None) -> TurnOrderEdits:
        """What the GM may change in the running combat's turn order now (for ``token_id``: add
        or remove it, move its next turn), each with whether it is legal and why not."""
        ...

    def pending(self, encounter: Encounter) -> tuple[Decision, ...]:
        """The decisions the engine waits for from the table (empty when none)."""
        ...

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        """The token's changing state in plain data (wounds, stamina, fear …) for panels."""
        ...

    def tactics(self) -> Tactics | Unanswered:
        """How the ruleset's tactics look: arcs, charges, overlays, path warnings, move modes."""
        ...

    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        """The movement policy and the token's allowance now, or why it cannot move/be known."""
        ...

    def move_preview(
        self, encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
    ) -> str:
        """What a move along ``path`` (start first) in move ``mode`` would be and what it leaves, in
        the ruleset's words, for the drag's label ("a Step: keeps the Attack and the Parry");
        empty when there is nothing to say."""
        ...

    def move_reading(
        self, encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
    ) -> MoveReading:
        """``move_preview``'s words for a move along ``path`` and the path's events as the rules
        measure that move (:class:`MoveReading`: a Baton rider's reach is its mount's footprint)."""
        ...

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str
    ) -> Sequence[ActionOption] | Unanswered:
        """What ``attacker_id`` may try on ``target_id`` with odds and legality, or why nothing."""
        ...

    def token_actions(self, encounter: Encounter, token_id: str) -> Sequence[ActionOption] | Unanswered:
        """What the token may do without a target (stand up, stance, drink, dash), with legality."""
        ...

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        """How much health the token has left, or why the ruleset tracks none for it."""
        ...

    def overlay_marks(self, encounter: Encounter, overlay_id: str,
                      token_id: str) -> tuple[OverlayMark, ...] | Unanswered:
        """What the ruleset's own overlay ``overlay_id`` draws for the selected ``token_id``."""
        ...

    def lasting_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        """What of the token's state outlasts the fight (wounds, Durability, dying …), plain JSON."""
        ...

    def restore_lasting_state(self, encounter: Encounter, token_id: str,
                              state: Mapping[str, Any]) -> Encounter:
        """``encounter`` with a lasting ``state`` put back on its token ``token_id``."""
        ...

    def lasting_summary(self, encounter: Encounter, token_id: str) -> str:
        """The token's lasting state in the ruleset's own words, for the roster's summary."""
        ...

    def pass_time(self, work: CombatWork, span: TimeSpan) -> None:
        """The ruleset's recovery over a span of game time between fights (the campaign clock)."""
        ...

    def clock_text(self, minutes: int) -> str:
        """A minute of the clock in the ruleset's words."""
        ...


def unsupported(ruleset_name: str, query: str) -> Unanswered:
    return Unanswered(f"unsupported ruleset: {ruleset_name} does not answer {query} yet")
