"""Avorkarth's light face (:mod:`vantage.engine.rules.face`): what a GM window asks while it is
built — the name, the tactics and move modes, the stat schema, the bestiary, and the answers of an
encounter whose combat has not started — answered as :class:`~.ruleset.Avorkarth` answers them,
without loading its commands, queries and attack resolution (issue 32). Anything else, and every
question about a running combat, is the full ruleset's (loaded then)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vantage.engine.model import Encounter
from vantage.engine.rules import turn_order
from vantage.engine.rules.avorkarth.bestiary import BESTIARY
from vantage.engine.rules.avorkarth.schema import STAT_SCHEMA
from vantage.engine.rules.avorkarth.tactics import TACTICS
from vantage.engine.rules.base import Health, Tactics, TurnInfo, TurnOrderEdits, Unanswered
from vantage.engine.rules.decisions import PENDING, Decision
from vantage.engine.rules.face import RulesetFace
from vantage.engine.rules.stat_schema import CreatureTemplate, StatSchema

#: why a token has no wound ledger (``queries.health``): the combat keeps the ledgers
NO_LEDGER = "Avorkarth keeps a wound ledger only for tokens in combat"


def _started(encounter: Encounter) -> bool:
    return bool(encounter.combat.get("started"))


def _plain_before_combat(encounter: Encounter) -> bool:
    """Not started and no rules options set: the full ruleset's working copy would take the
    defaults and find nothing to answer (a rules option it must check is the full ruleset's)."""
    return not _started(encounter) and "rules" not in encounter.combat


class AvorkarthFace(RulesetFace):
    """Avorkarth before anything is played; the full ruleset for the rest."""

    id = "avorkarth"
    name = "Avorkarth"

    def tactics(self) -> Tactics:
        return TACTICS

    def stat_schema(self) -> StatSchema:
        return STAT_SCHEMA

    def templates(self) -> Sequence[CreatureTemplate]:
        return BESTIARY

    def turn(self, encounter: Encounter) -> TurnInfo | None:
        """No turn before the combat starts."""
        if _plain_before_combat(encounter):
            return None
        turn: TurnInfo | None = self.full().turn(encounter)
        return turn

    def pending(self, encounter: Encounter) -> tuple[Decision, ...]:
        """Nothing waits for the table while the combat data holds no pending decision."""
        if PENDING not in encounter.combat:
            return ()
        return tuple(self.full().pending(encounter))

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        """No ledger for a token outside the combat's creatures (``queries.health``)."""
        creatures = encounter.combat.get("creatures", {})
        if not isinstance(creatures, Mapping) or token_id not in creatures:
            return Unanswered(NO_LEDGER)
        answer: Health | Unanswered = self.full().health(encounter, token_id)
        return answer

    def reorder_refusal(self, encounter: Encounter) -> str:
        """Before the combat starts, the shared sentence (start combat first)."""
        if _started(encounter):
            refusal: str = self.full().reorder_refusal(encounter)
            return refusal
        return turn_order.reorder_refusal(self._as_order_ruleset(), encounter)

    def turn_order_edits(self, encounter: Encounter, token_id: str | None = None) -> TurnOrderEdits:
        """Before the combat starts: nothing to move, "Add to combat" greyed (the shared rule,
        asked of this face: its refusal and its turn)."""
        if _started(encounter):
            edits: TurnOrderEdits = self.full().turn_order_edits(encounter, token_id)
            return edits
        return turn_order.turn_order_edits(self._as_order_ruleset(), encounter, token_id)

    def _as_order_ruleset(self) -> Any:
        return self
