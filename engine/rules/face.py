"""A ruleset's light face: what a window asks of a ruleset while it is built, answered without
loading the ruleset's commands, queries and attack resolution (issue 32, "window complete").

A ruleset may name a face in its registry entry (``RulesetEntry.face``, ``"module:Class"``): a
subclass of :class:`RulesetFace` in a small module of its own that answers the questions a window
asks before anything is played (its name, tactics and move modes, stat schema, bestiary, and the
answers of an encounter that is not in combat) exactly as the ruleset would. Anything else asked of
the face — every command, every query of a running combat — loads the full ruleset
(:func:`~vantage.engine.rules.registry.get_ruleset`) and is answered by it. The registry hands out
the face only until the full ruleset is loaded (:func:`~vantage.engine.rules.registry.ruleset_face`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from vantage.engine.rules import turn_order
from vantage.engine.rules.decisions import PENDING

if TYPE_CHECKING:
    from vantage.engine.model import Encounter
    from vantage.engine.rules.base import TurnInfo, TurnOrderEdits
    from vantage.engine.rules.decisions import Decision


class RulesetFace:
    """The light entry point of one ruleset; a subclass defines what it answers itself, and
    anything it does not define is the full ruleset's (loaded on that first use)."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""

    def __init__(self, load_full: Callable[[], Any]) -> None:
        self._load_full = load_full

    def full(self) -> Any:
        """The full ruleset (imported the first time it is asked for)."""
        return self._load_full()

    def __getattr__(self, attribute: str) -> Any:
        # only reached for what the face does not define itself
        if attribute.startswith("_"):
            raise AttributeError(attribute)
        return getattr(self.full(), attribute)


def combat_started(encounter: Encounter) -> bool:
    """Whether the encounter's combat has started (``combat["started"]``, as every ruleset reads it)."""
    return bool(encounter.combat.get("started"))


def plain_before_combat(encounter: Encounter) -> bool:
    """Not started and no rules options set: the full ruleset's working copy would take the
    defaults and find nothing to answer (a rules option it must check is the full ruleset's)."""
    return not combat_started(encounter) and "rules" not in encounter.combat


class BeforeCombatFace(RulesetFace):
    """A face that also answers the turn questions of an encounter whose combat has not started,
    as :class:`~vantage.engine.rules.ruleset_base.RulesetBase` answers them for a ruleset that keeps
    its shared ``turn``-less, ``pending`` and turn-order answers before the combat: no turn, nothing
    waiting while the combat data holds no pending decision, the shared "start combat first" refusal
    and a greyed "Add to combat". Every question about a started combat is the full ruleset's."""

    def turn(self, encounter: Encounter) -> TurnInfo | None:
        """No turn before the combat starts."""
        if plain_before_combat(encounter):
            return None
        turn: TurnInfo | None = self.full().turn(encounter)
        return turn

    def pending(self, encounter: Encounter) -> tuple[Decision, ...]:
        """Nothing waits for the table while the combat data holds no pending decision."""
        if PENDING not in encounter.combat:
            return ()
        return tuple(self.full().pending(encounter))

    def reorder_refusal(self, encounter: Encounter) -> str:
        """Before the combat starts, the shared sentence (start combat first)."""
        if combat_started(encounter):
            refusal: str = self.full().reorder_refusal(encounter)
            return refusal
        return turn_order.reorder_refusal(self, encounter)

    def turn_order_edits(self, encounter: Encounter, token_id: str | None = None) -> TurnOrderEdits:
        """Before the combat starts: nothing to move, "Add to combat" greyed (the shared rule,
        asked of this face: its refusal and its turn)."""
        if combat_started(encounter):
            edits: TurnOrderEdits = self.full().turn_order_edits(encounter, token_id)
            return edits
        return turn_order.turn_order_edits(self, encounter, token_id)
