"""The Shattered World's light face (:mod:`vantage.engine.rules.face`): what a GM window asks while
it is built — the name, the tactics and move modes, the stat schema, the bestiary, a token's Hit
Points, and the turn answers of an encounter whose combat has not started — answered as
:class:`~.ruleset.ShatteredWorld` answers them, without loading its commands, attacks, dying and
turn rules (issue 32). Anything else, and every question about a running combat, is the full
ruleset's (loaded then)."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import Health, HealthLayer, MoveMode, Overlay, Tactics, Unanswered
from vantage.engine.rules.face import BeforeCombatFace
from vantage.engine.rules.shattered_world import schema
from vantage.engine.rules.shattered_world.bestiary import BESTIARY
from vantage.engine.rules.shattered_world.vocabulary import RULESET_ID, RULESET_NAME
from vantage.engine.rules.shattered_world.work import Work
from vantage.engine.rules.stat_schema import CreatureTemplate, StatSchema

STEP = "step"
NORMAL = "normal"
#: "A Step is 5' (usually one map square on battle maps)": a move of one square is a Step unless
#: the GM says otherwise (the mode ``normal``); the mode ``step`` asks for a Step outright. (Kept
#: here, where loading them loads no attack: the full ruleset's moves read them from here.)
MOVE_MODES = (
    MoveMode(
        "",
        "Step or Normal Move",
        "a move of one square is a Step (keeps the Attack and the Parry); "
        "a longer one is a Normal Move (leaves an Attack or a Parry)",
    ),
    MoveMode(
        NORMAL,
        "Normal Move",
        "even a move of one square is a Normal Move: leaves an Attack or a Parry (the GM says so)",
    ),
)


def shattered_world_tactics() -> Tactics:
    """The Shattered World's tactics (the face's and the full ruleset's): no facing arcs and no
    charges; reachable tiles, the melee reach and sight; the Step."""
    return Tactics(
        None,
        None,
        overlays=frozenset({Overlay.REACHABLE, Overlay.REACH_ZONES, Overlay.SIGHT}),
        move_modes=MOVE_MODES,
    )


def health_answer(work: Work, token_id: str) -> Health | Unanswered:
    """A token's Hit Points left (the face's and the full ruleset's), of its stat block and record."""
    try:
        left, total = work.hp(token_id)
    except CommandRejected as exc:
        return Unanswered(exc.reason)
    return Health(left / total, work.hp_text(token_id), (HealthLayer("hit points", left, total),))


class ShatteredWorldBook:
    """What the face and the full ruleset (:class:`~.ruleset.ShatteredWorld`) answer alike, from
    the stat block and the tables alone: the tactics, the stat schema, its validation and the
    bestiary (one definition, both inherit it)."""

    def tactics(self) -> Tactics:
        return shattered_world_tactics()

    def stat_schema(self) -> StatSchema:
        return schema.STAT_SCHEMA

    def validate_stats(self, stats: object, place: str = "stats") -> list[tuple[str, str]]:
        """Every problem with a stat block (``schema.validate``)."""
        return schema.validate(stats, place)

    def templates(self) -> Sequence[CreatureTemplate]:
        return BESTIARY


class ShatteredWorldFace(ShatteredWorldBook, BeforeCombatFace):
    """The Shattered World before anything is played; the full ruleset for the rest."""

    id = RULESET_ID
    name = RULESET_NAME

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        work = Work(encounter, NoDice())
        work.ruleset = self
        return health_answer(work, token_id)
