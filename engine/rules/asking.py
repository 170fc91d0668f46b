"""The GUI's questions to the encounter's ruleset: each finds the ruleset by the encounter's id and
turns an unknown ruleset (or a ruleset without the query) into an :class:`Unanswered` the GUI
shows as is. Queries never roll and never change the encounter.

The stat-block questions (:func:`ask_stat_schema`, :func:`ask_templates`, :func:`ask_stat_problems`)
take a ruleset id rather than an encounter: the Ruleset dialog asks a ruleset the encounter is
not played by yet; :func:`ruleset_choices` lists every registered ruleset for the dialogs that
pick one."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vantage.engine.model import Encounter
from vantage.engine.rules.base import (
    ActionOption,
    DamageTrack,
    Health,
    MovementAnswer,
    MoveReading,
    OverlayMark,
    Ruleset,
    Tactics,
    TurnInfo,
    TurnOrderEdits,
    Unanswered,
    unsupported,
)
from vantage.engine.rules.decisions import Decision
from vantage.engine.rules.registry import UnknownRuleset, get_ruleset, ruleset_face, ruleset_ids, ruleset_name
from vantage.engine.rules.stat_schema import CreatureTemplate, StatSchema

if TYPE_CHECKING:  # the movement search loads with the first reachable set asked for (issue 32)
    from vantage.engine.movement.search import Reachable


def _ruleset_of(encounter: Encounter, query: str) -> Ruleset | Unanswered:
    # its light face until the full ruleset is loaded: what the face does not answer loads it
    try:
        ruleset = ruleset_face(encounter.ruleset)
    except UnknownRuleset as unknown:
        return Unanswered(str(unknown))
    if not callable(getattr(ruleset, query, None)):
        return unsupported(ruleset.name, query.replace("_", " "))
    return ruleset


def ask_tactics(encounter: Encounter) -> Tactics | Unanswered:
    """The encounter's ruleset's :meth:`Ruleset.tactics`, or "unsupported ruleset …"."""
    ruleset = _ruleset_of(encounter, "tactics")
    return ruleset if isinstance(ruleset, Unanswered) else ruleset.tactics()


def ask_overlay_marks(encounter: Encounter, overlay_id: str,
                      token_id: str) -> tuple[OverlayMark, ...] | Unanswered:
    """What the encounter's ruleset's own overlay ``overlay_id`` draws for ``token_id``."""
    ruleset = _ruleset_of(encounter, "overlay_marks")
    if isinstance(ruleset, Unanswered):
        return ruleset
    return ruleset.overlay_marks(encounter, overlay_id, token_id)


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


#: The last answer of :func:`ask_reachable`: (encounter, token id, answer). A press on a token asks
#: twice for the same encounter (the drag and the reachable tint); the encounter is immutable.
_last_reachable: list[tuple[Encounter, str, Reachable | Unanswered]] = []


def ask_move_preview(
    encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
) -> str:
    """The encounter's ruleset's words for a move along ``path`` in ``mode`` (:meth:`Ruleset.move_preview`);
    empty when it has none or the ruleset is unknown."""
    ruleset = _ruleset_of(encounter, "move_preview")
    return "" if isinstance(ruleset, Unanswered) else ruleset.move_preview(encounter, token_id, path, mode)


def ask_move_reading(
    encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
) -> MoveReading:
    """The encounter's ruleset's reading of a move along ``path`` in ``mode`` (:meth:`Ruleset.move_reading`:
    the label's words and the path's events as its rules measure the move, for the marks); a ruleset
    without it: its ``move_preview`` words, the path search's events standing."""
    ruleset = _ruleset_of(encounter, "move_reading")
    if isinstance(ruleset, Unanswered):
        return MoveReading(ask_move_preview(encounter, token_id, path, mode))
    return ruleset.move_reading(encounter, token_id, path, mode)


def ask_reachable(encounter: Encounter, token_id: str) -> Reachable | Unanswered:
    """Where the token can move now: the ruleset's movement rules and allowance, searched by the
    engine's movement graph (made once per map, built by region as searches reach it), or why
    there is no answer. Asked again for the same encounter object and token, the same answer."""
    if _last_reachable and _last_reachable[0][0] is encounter and _last_reachable[0][1] == token_id:
        return _last_reachable[0][2]
    answer = ask_movement(encounter, token_id)
    if isinstance(answer, Unanswered):
        found: Reachable | Unanswered = answer
    else:
        from vantage.engine.movement.graph import movement_graph
        from vantage.engine.movement.search import reachable_tiles

        graph = movement_graph(encounter.map)
        found = reachable_tiles(encounter, token_id, answer.allowance, answer.rules, graph=graph)
    _last_reachable[:] = [(encounter, token_id, found)]
    return found


def health_of_tokens(encounter: Encounter) -> Mapping[str, Health]:
    """Token id → the ruleset's health answer for every token it tracks (out of combat, or under an
    unsupported ruleset, a token has none and shows no bar)."""
    out: dict[str, Health] = {}
    for token in encounter.tokens:
        answer = ask_health(encounter, token.id)
        if isinstance(answer, Health):
            out[token.id] = answer
    return out


def ask_turn(encounter: Encounter) -> TurnInfo | None:
    """The current turn, or None before combat (or under a ruleset Vantage does not know)."""
    ruleset = _ruleset_of(encounter, "turn")
    return None if isinstance(ruleset, Unanswered) else ruleset.turn(encounter)


def ask_turn_options(encounter: Encounter) -> Sequence[ActionOption]:
    """What may end or pass the turn now, as the ruleset lists it (nothing when unknown)."""
    ruleset = _ruleset_of(encounter, "turn_options")
    return () if isinstance(ruleset, Unanswered) else ruleset.turn_options(encounter)


def ask_pending(encounter: Encounter) -> tuple[Decision, ...]:
    """The decisions the engine waits for from the table (none under an unknown ruleset)."""
    ruleset = _ruleset_of(encounter, "pending")
    return () if isinstance(ruleset, Unanswered) else tuple(ruleset.pending(encounter))


def ask_turn_order_edits(encounter: Encounter, token_id: str | None = None) -> TurnOrderEdits:
    """What the GM may change in the running combat's turn order now: whether turns can be moved
    by hand (and if not, why), and for ``token_id`` "Add to combat" or "Remove from combat",
    "Move up", "Move down" with their legality and reasons (the tracker and the token's menu)."""
    ruleset = _ruleset_of(encounter, "turn_order_edits")
    if isinstance(ruleset, Unanswered):
        return TurnOrderEdits(ruleset.reason)
    return ruleset.turn_order_edits(encounter, token_id)


def ask_token_actions(encounter: Encounter, token_id: str) -> Sequence[ActionOption] | Unanswered:
    """The token's untargeted actions (stand up, stance, drink, dash), or why there are none."""
    ruleset = _ruleset_of(encounter, "token_actions")
    return ruleset if isinstance(ruleset, Unanswered) else ruleset.token_actions(encounter, token_id)


@dataclass(frozen=True)
class RulesetChoice:
    """A registered ruleset as a dialog offers it: its id (what the encounter names) and its name."""

    id: str
    name: str


def ruleset_choices() -> tuple[RulesetChoice, ...]:
    """Every registered ruleset, by name: for the New map, Import and Ruleset dialogs."""
    choices = [RulesetChoice(rid, ruleset_name(rid) or rid) for rid in ruleset_ids()]
    return tuple(sorted(choices, key=lambda c: (c.name.casefold(), c.id)))


def _ruleset_named(ruleset_id: str, query: str) -> Ruleset | Unanswered:
    try:
        ruleset = ruleset_face(ruleset_id)
    except UnknownRuleset as unknown:
        return Unanswered(str(unknown))
    if not callable(getattr(ruleset, query, None)):
        return unsupported(ruleset.name, query.replace("_", " "))
    return ruleset


def ask_stat_schema(ruleset_id: str) -> StatSchema | Unanswered:
    """The fields of ``ruleset_id``'s stat block (for the form), or why there is no answer."""
    ruleset = _ruleset_named(ruleset_id, "stat_schema")
    return ruleset if isinstance(ruleset, Unanswered) else ruleset.stat_schema()


def ask_templates(ruleset_id: str) -> tuple[CreatureTemplate, ...]:
    """``ruleset_id``'s bestiary (nothing under a ruleset Vantage does not know)."""
    ruleset = _ruleset_named(ruleset_id, "templates")
    return () if isinstance(ruleset, Unanswered) else tuple(ruleset.templates())


def ask_stat_problems(ruleset_id: str, stats: object, place: str = "stats") -> list[tuple[str, str]]:
    """Every problem ``ruleset_id`` finds in ``stats`` as (place, message); an unknown ruleset is
    one problem at ``"ruleset"`` (nothing can be checked, so nothing passes)."""
    ruleset = _ruleset_named(ruleset_id, "validate_stats")
    if isinstance(ruleset, Unanswered):
        return [("ruleset", ruleset.reason)]
    return list(ruleset.validate_stats(stats, place))


def ask_damage_tracks(ruleset_id: str) -> tuple[DamageTrack, ...]:
    """The tracks ``ruleset_id`` takes damage and healing on, first the default one (nothing under
    a ruleset Vantage does not know)."""
    try:
        return tuple(get_ruleset(ruleset_id).damage_tracks)
    except UnknownRuleset:
        return ()
