"""Mounted Combat: a steed is a token of its own and its rider ``rides`` it.

    When attacking from horseback (or other steed), the attacker must use the lower of the weapon
    Skill Rank or the Ride (Animal) Skill Rank for all attack rolls. Normal steeds may not Attack at
    the same time as the rider using hoof or claw attacks, but may bite normally.
    Mounted characters may only use Target or Kite Shields on the shield-side of the mount, but
    Bucklers are small enough to switch back and forth.
    Longbows and two-handed hacking Attacks may not be used by mounted characters.

The steed is attacked like any creature, with its own stats. Where the text is silent (**assumed**,
docs/rules/shattered-world.md): a rider attacks and is attacked from its steed's whole footprint;
the shield side is judged from the steed's centre; the steed moves on its own Initiative and
carries its rider (the rider's own move is refused); a steed that falls dying drops its rider on
the nearest free tile beside it; a rider who falls dying falls from the saddle the same way.
"""

from __future__ import annotations

from vantage.engine.model import Token
from vantage.engine.movement import riding
from vantage.engine.protocol.events import TokenMoved
from vantage.engine.rules.shattered_world.work import Work


def ridden_steed(work: Work, token_id: str) -> str | None:
    """The steed carrying ``token_id``, or None."""
    if work.token(token_id).rides is None:  # most do not ride: no look through the map
        return None
    mount = riding.mount_of(work.enc, token_id)
    return None if mount is None else mount.id


def body(work: Work, token_id: str) -> Token:
    """The footprint a token attacks from and is attacked at: a rider's is its steed's (assumed)."""
    steed = ridden_steed(work, token_id)
    return work.token(steed if steed is not None else token_id)


def rider_of(work: Work, steed: str) -> str | None:
    """The rider ``steed`` carries, or None."""
    return next((t.id for t in work.enc.tokens if t.rides == steed and t.id != steed), None)


def move_with_rider(work: Work, token_id: str, end: tuple[int, int]) -> tuple[riding.Carried, ...]:
    """``token_id`` to ``end``; a steed carries its rider along (the same offset: it stays on it)."""
    moved, carried = riding.carry(work.enc, token_id, end)
    work.set_token(moved.token(token_id))
    for c in carried:
        work.set_token(moved.token(c.token))
    return carried


def announce(work: Work, carried: tuple[riding.Carried, ...]) -> None:
    for c in carried:
        work.emit(
            TokenMoved(sentence=f"{work.name(c.token)} rides along to {c.end}.", token=c.token,
                       path=(c.start, c.end), cost=0.0)
        )


def fall_from_saddle(work: Work, token_id: str) -> None:
    """A rider who is dying or dead falls from its steed; a steed dying or dead drops its rider
    (assumed — the text says nothing of a fallen mount): off the steed, beside it."""
    riders = [token_id] if ridden_steed(work, token_id) is not None else [
        t.id for t in riding.riders_of(work.enc, token_id)
    ]
    for rider in riders:
        steed = ridden_steed(work, rider)
        before = work.token(rider).position
        unseated, tile = riding.unseat(work.enc, rider)
        work.set_token(unseated.token(rider))
        work.emit(
            TokenMoved(sentence=f"{work.name(rider)} falls from {work.name(str(steed))}, landing at {tile}.",
                       token=rider, path=(before, tile), cost=0.0)
        )
