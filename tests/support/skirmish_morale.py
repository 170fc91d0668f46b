"""A fifth ruleset's presentation, added without a shared edit: Skirmish with morale.

It is the test-only Skirmish ruleset (``skirmish_ruleset.py``) with two things the platform has
no name for, declared the open way (issue 26: "a fifth ruleset with a new overlay touches no shared
file"):

- an overlay of its own, **Threatened tiles**: the tiles around each enemy of the selected token
  (a step there comes within that enemy's reach), declared in ``Tactics.own_overlays`` and drawn
  from ``overlay_marks``;
- a health layer of its own, **morale**, drawn in its own blue after guard and health: a
  creature's ``morale`` (5 unless its stat block says otherwise), less 1 for each ally that is down.

Nothing in ``engine/`` or ``gui/`` names it; ``registered()`` makes it the ruleset
``skirmish-morale`` for the block of a test.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import ClassVar

from skirmish_ruleset import Skirmish

from vantage.engine.model import Encounter, Token
from vantage.engine.rules.base import (
    Health,
    HealthLayer,
    MarkTone,
    OverlayDescription,
    OverlayMark,
    Tactics,
    Unanswered,
)
from vantage.engine.rules.registry import register, unregister

RULESET_ID = "skirmish-morale"
TARGET = "skirmish_morale:SKIRMISH_WITH_MORALE"
THREAT = OverlayDescription("threat", "Threatened tiles",
                            "Tiles next to an enemy of the selected token: a step there comes within "
                            "its reach")
MORALE_COLOUR = "#2c7bb6"
#: a creature's morale when its stat block does not say
DEFAULT_MORALE = 5


class SkirmishWithMorale(Skirmish):
    """Skirmish, with the Threatened tiles overlay and a morale layer on every health bar."""

    id: ClassVar[str] = RULESET_ID
    name: ClassVar[str] = "Skirmish with morale"

    def tactics(self) -> Tactics:
        return replace(super().tactics(), own_overlays=(THREAT,))

    def overlay_marks(self, encounter: Encounter, overlay_id: str,
                      token_id: str) -> tuple[OverlayMark, ...] | Unanswered:
        if overlay_id != THREAT.id:
            return super().overlay_marks(encounter, overlay_id, token_id)
        me = encounter.token(token_id)
        return tuple(OverlayMark(MarkTone.BAD, around(encounter, enemy), label=enemy.name,
                                 tip=f"next to {enemy.name}")
                     for enemy in encounter.tokens if enemy.side != me.side)

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        health = super().health(encounter, token_id)
        if isinstance(health, Unanswered):
            return health
        me = encounter.token(token_id)
        allies_down = sum(1 for t in encounter.tokens
                          if t.side == me.side and t.id != token_id and self._down(encounter, t))
        maximum = int(me.stats.get("morale", DEFAULT_MORALE))
        morale = HealthLayer("morale", max(0, maximum - allies_down), maximum, colour=MORALE_COLOUR)
        return replace(health, layers=(*health.layers, morale))

    def _down(self, encounter: Encounter, token: Token) -> bool:
        health = super().health(encounter, token.id)
        return not isinstance(health, Unanswered) and health.fraction <= 0


def around(encounter: Encounter, token: Token) -> tuple[tuple[int, int], ...]:
    """The tiles on the map next to ``token``'s footprint."""
    covered = set(token.footprint_tiles())
    ring = {(x + dx, y + dy) for x, y in covered for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return tuple(sorted(t for t in ring - covered if encounter.map.in_bounds(t)))


SKIRMISH_WITH_MORALE = SkirmishWithMorale()


@contextmanager
def registered() -> Iterator[SkirmishWithMorale]:
    """The ruleset registered as ``"skirmish-morale"`` for the block, forgotten after."""
    register(RULESET_ID, TARGET)
    try:
        yield SKIRMISH_WITH_MORALE
    finally:
        unregister(RULESET_ID)
