"""Power Tiers' light face (:mod:`vantage.engine.rules.face`): what a GM window asks while it is
built — the name, the tactics, the stat schema, the bestiary, a token's Fortitude and Health, and
the turn answers of an encounter whose combat has not started — answered as
:class:`~.ruleset.PowerTiers` answers them, without loading its commands, attacks, manoeuvres and
turn rules (issue 32). Anything else, and every question about a running combat, is the full
ruleset's (loaded then)."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import Health, HealthLayer, Overlay, Tactics, Unanswered
from vantage.engine.rules.face import BeforeCombatFace
from vantage.engine.rules.power_tiers.bestiary import BESTIARY
from vantage.engine.rules.power_tiers.schema import STAT_SCHEMA, validate_stat_block
from vantage.engine.rules.power_tiers.vocabulary import RULESET_ID, RULESET_NAME
from vantage.engine.rules.power_tiers.work import PTWork
from vantage.engine.rules.stat_schema import CreatureTemplate, StatSchema

#: What the map shows (the face's and the full ruleset's): reachable tiles, melee reach (for shoves
#: and grabs) and sight. No facing and no charges in the text; no path warnings either (nothing in
#: the text happens along a path).
TACTICS = Tactics(None, None, overlays=frozenset({Overlay.REACHABLE, Overlay.REACH_ZONES, Overlay.SIGHT}),
                  path_warnings=frozenset(), move_modes=())


def health_answer(work: PTWork, token_id: str) -> Health | Unanswered:
    """A token's Fortitude and Health (the face's and the full ruleset's), of its stat block and
    record."""
    try:
        s = work.stats(token_id)
    except CommandRejected as exc:
        return Unanswered(exc.reason)
    r = work.record(token_id)
    fraction = 0.0 if r["dead"] else r["health"] / s["health"]
    return Health(fraction, work.layers_text(token_id),
                  (HealthLayer("Fortitude", r["fortitude"], s["fortitude"]),
                   HealthLayer("Health", r["health"], s["health"])))

class PowerTiersBook:
    """What the face and the full ruleset (:class:`~.ruleset.PowerTiers`) answer alike, from the
    stat block and the tables alone: the tactics, the stat schema, its validation and the bestiary
    (one definition, both inherit it)."""

    def tactics(self) -> Tactics:
        return TACTICS

    def stat_schema(self) -> StatSchema:
        return STAT_SCHEMA

    def validate_stats(self, stats: object, place: str = "stats") -> list[tuple[str, str]]:
        """Every problem with a stat block (``schema.validate_stat_block``)."""
        return validate_stat_block(stats, place)

    def templates(self) -> Sequence[CreatureTemplate]:
        return BESTIARY


class PowerTiersFace(PowerTiersBook, BeforeCombatFace):
    """Power Tiers before anything is played; the full ruleset for the rest."""

    id = RULESET_ID
    name = RULESET_NAME

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        work = PTWork(encounter, NoDice())
        work.ruleset = self
        return health_answer(work, token_id)
