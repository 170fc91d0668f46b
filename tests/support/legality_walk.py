"""The pieces of a random walk that checks "legality never says yes to what apply refuses": every
option a ruleset's menus offer now, an enemy brought next to the creature whose turn it is, and
sending every legal option to ``apply``. Used by each ruleset's legality property test."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from vantage.engine.dice import SeededDice
from vantage.engine.model import Encounter, Tile
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.gm_commands import Place
from vantage.engine.rules.base import ActionOption, Ruleset
from vantage.engine.session import apply


def offered_options(ruleset: Ruleset, enc: Encounter) -> list[ActionOption]:
    """Every option the token menu offers now: attacks and maneuvers of each token on each other
    token with a stat block, each token's own actions, and the turn options."""
    out: list[ActionOption] = list(ruleset.turn_options(enc))
    fighters = [t.id for t in enc.tokens if t.stats]
    for a in fighters:
        own = ruleset.token_actions(enc, a)
        if isinstance(own, list | tuple):
            out.extend(own)
        for t in fighters:
            if a != t:
                found = ruleset.attack_options(enc, a, t)
                if isinstance(found, list | tuple):
                    out.extend(found)
    return out


def bring_an_enemy_next_to_the_actor(ruleset: Ruleset, enc: Encounter, rng: random.Random,
                                     farther: Iterable[tuple[int, int]] = ()) -> Encounter:
    """A random living enemy of the creature whose turn it is, placed (the GM's ``place``) on a
    free tile next to it — or at one of the offsets ``farther`` (a charge's distance)."""
    info = ruleset.turn(enc)
    if info is None or info.actor is None:
        return enc
    me = enc.token(info.actor)
    enemies = [t for t in enc.tokens if t.stats and t.side != me.side and not t.has_condition("dead")]
    if not enemies:
        return enc
    enemy = rng.choice(enemies)
    x, y = me.position
    offsets = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)] + list(farther)
    spots: list[Tile] = [(x + dx, y + dy) for dx, dy in offsets]
    rng.shuffle(spots)
    for spot in spots:
        try:
            return apply(enc, Place(enemy.id, spot), SeededDice(0))[0]
        except CommandRejected:
            continue
    return enc


def send_each(enc: Encounter, options: Sequence[ActionOption], seed: int, where: str) -> int:
    """Send every option in ``options`` (each called legal) to ``apply`` on ``enc``; an
    AssertionError naming ``where`` and the refusal when one is refused. The count sent."""
    for option in options:
        try:
            apply(enc, option.command, SeededDice(seed))
        except CommandRejected as refused:
            raise AssertionError(f"{where}: the menu called {option.label!r} ({option.command}) legal, "
                                 f"apply refused it: {refused.reason}") from None
    return len(options)
