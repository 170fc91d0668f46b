"""Baton's light face (:mod:`vantage.engine.rules.face`): what a GM window asks while it is built —
the name, the tactics and move modes, the stat schema, the templates, the layers of a token's
health, and the turn answers of an encounter whose combat has not started — answered as
:class:`~.ruleset.Baton` answers them, without loading its commands, its attacks (and with them
line of sight, numpy and shapely) and its turn rules (issue 32). Anything else, and every question
about a running combat, is the full ruleset's (loaded then)."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import Health, HealthLayer, MoveMode, Overlay, Tactics, Unanswered
from vantage.engine.rules.baton.schema import SCHEMA, TEMPLATES
from vantage.engine.rules.baton.state import BatonWork, stat_problems
from vantage.engine.rules.baton.tables import RULESET_ID, RULESET_NAME
from vantage.engine.rules.face import BeforeCombatFace
from vantage.engine.rules.stat_schema import CreatureTemplate, StatSchema

#: Baton's move modes (``moving.MODES``: the full ruleset's moves read them here, where loading them
#: loads no attack)
MOVE_MODES = (
    MoveMode(
        "disengage",
        "Avoid opportunity attacks",
        "move out of an enemy's reach without an opportunity attack: speed halved",
    ),
    MoveMode(
        "dash",
        "Dash",
        "after all the speed is used: the major action, Agility or Athletics against 8, "
        "5 ft per success level",
    ),
    MoveMode(
        "leap",
        "Leap to attack",
        "a move that ends with a fall next to an opponent: the attack that follows gains +1 on the damage "
        "ladder per 5 ft fallen and its roll settles the fall",
    ),
)


def baton_tactics() -> Tactics:
    """Baton's tactics (the face's and the full ruleset's): no facing and no charge lanes (a Baton
    charge is any straight run); reach zones for opportunity attacks, flanking counts for numerical
    advantage, sight for cover."""
    return Tactics(
        None,
        None,
        overlays=frozenset({Overlay.REACHABLE, Overlay.REACH_ZONES, Overlay.FLANKING, Overlay.SIGHT}),
        path_warnings=frozenset({"leaves_reach", "leaves_cover", "terrain_check", "fall"}),
        move_modes=MOVE_MODES,
    )


def health_answer(work: BatonWork, token_id: str) -> Health | Unanswered:
    """A token's health (the face's and the full ruleset's): the three layers read from the stat
    block and the combat's record (no rule of a running combat is needed to read them)."""
    try:
        s = work.stats(token_id)
    except CommandRejected as exc:
        return Unanswered(exc.reason)
    health = work.health_left(token_id)
    return Health(
        health / s.health,
        work.layers_text(token_id),
        (
            HealthLayer("protection", work.protection_left(token_id), s.protection),
            HealthLayer("stamina", work.stamina_left(token_id), health),
            HealthLayer("health", health, s.health),
        ),
    )


class BatonBook:
    """What the face and the full ruleset (:class:`~.ruleset.Baton`) answer alike, from the stat
    block and the tables alone: the tactics, the stat schema, its validation (the schema, the
    weapons and the armour) and the templates (one definition, both inherit it)."""

    def tactics(self) -> Tactics:
        return baton_tactics()

    def stat_schema(self) -> StatSchema:
        return SCHEMA

    def validate_stats(self, stats: object, place: str = "stats") -> list[tuple[str, str]]:
        """Every problem with a stat block: the schema, the weapons and the armour."""
        return stat_problems(stats, place)

    def templates(self) -> Sequence[CreatureTemplate]:
        return TEMPLATES


class BatonFace(BatonBook, BeforeCombatFace):
    """Baton before anything is played; the full ruleset for the rest."""

    id = RULESET_ID
    name = RULESET_NAME

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        work = BatonWork(encounter, NoDice())
        work.ruleset = self
        return health_answer(work, token_id)
