"""Avorkarth's light face (:mod:`vantage.engine.rules.face`): what a GM window asks while it is
built — the name, the tactics and move modes, the stat schema, the bestiary, and the answers of an
encounter whose combat has not started — answered as :class:`~.ruleset.Avorkarth` answers them,
without loading its commands, queries and attack resolution (issue 32). Anything else, and every
question about a running combat, is the full ruleset's (loaded then)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from vantage.engine.model import Encounter
from vantage.engine.rules.avorkarth.bestiary import BESTIARY
from vantage.engine.rules.avorkarth.schema import STAT_SCHEMA
from vantage.engine.rules.avorkarth.statblock import validate_stat_block
from vantage.engine.rules.avorkarth.tactics import TACTICS
from vantage.engine.rules.base import Health, Tactics, Unanswered
from vantage.engine.rules.face import BeforeCombatFace
from vantage.engine.rules.stat_schema import CreatureTemplate, StatSchema

#: why a token has no wound ledger (``queries.health``): the combat keeps the ledgers
NO_LEDGER = "Avorkarth keeps a wound ledger only for tokens in combat"


class AvorkarthStatics:
    """What Avorkarth answers without an encounter — its tactics, stat schema and its check, and
    bestiary — shared by the light face and the full ruleset (:class:`~.ruleset.Avorkarth`), so
    that the two cannot answer differently."""

    def tactics(self) -> Tactics:
        """Front 135°, flanks 45° each, back 135°; a charge lane of at least 3 tiles; every overlay."""
        return TACTICS

    def stat_schema(self) -> StatSchema:
        """Every field of the stat block with its range, default and help (``schema.py``)."""
        return STAT_SCHEMA

    def validate_stats(self, stats: object, place: str = "stats") -> list[tuple[str, str]]:
        """The full check: the schema's fields, weapons and unknown keys (``statblock.py``)."""
        return validate_stat_block(stats, place)

    def templates(self) -> Sequence[CreatureTemplate]:
        """The bestiary (``bestiary.py``): warriors, a gladiator, bandits, beasts and a drake."""
        return BESTIARY


class AvorkarthFace(AvorkarthStatics, BeforeCombatFace):
    """Avorkarth before anything is played; the full ruleset for the rest."""

    id = "avorkarth"
    name = "Avorkarth"

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        """No ledger for a token outside the combat's creatures (``queries.health``)."""
        creatures = encounter.combat.get("creatures", {})
        if not isinstance(creatures, Mapping) or token_id not in creatures:
            return Unanswered(NO_LEDGER)
        answer: Health | Unanswered = self.full().health(encounter, token_id)
        return answer
