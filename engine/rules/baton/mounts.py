"""Mounted Combat: a mount is a token of its own, linked to its rider (the rider ``rides`` it).

    While mounted:
    • The character is treated as being on higher ground.
    • The character adds the mount's Defense to their skill to defend against attacks, but the mount
      can also be targeted by attacks (in which case it uses only its own Defense).
    • The character uses the mount's speed.
    • The mount acts using the rider's major action and minor action.
    • If the rider or the mount takes damage, the rider must pass a Ride [Animal] check with a
      difficulty equal to 7 + the damage taken to avoid being thrown off.

Where the text is silent (**assumed**, docs/rules/baton.md): a rider thrown off lands prone on the
nearest free tile beside its mount; a mount that dies throws its rider the same way, without a check;
a rider who dies falls from the saddle; a ridden mount never receives the initiative (it acts in its
rider's turn); moving the rider moves the mount with it; a rider reaches and is reached from its
mount's whole footprint. The Ride check and a fall from the saddle are the working state's
(:meth:`BatonWork.after_damage`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from vantage.engine.explain import Breakdown
from vantage.engine.model import Tile, Token
from vantage.engine.movement import riding
from vantage.engine.rules.baton.state import BatonWork


def mount_of(work: BatonWork, token_id: str) -> str | None:
    """The mount ``token_id`` rides ("While mounted"), or None."""
    if work.token(token_id).rides is None:  # most ride nothing: no look through the map
        return None
    mount = riding.mount_of(work.enc, token_id)
    return None if mount is None else mount.id


def rider_of(work: BatonWork, mount_id: str) -> str | None:
    """The rider a mount carries, or None when it carries nobody."""
    return work.riders().get(mount_id)


def riders(work: BatonWork) -> Mapping[str, str]:
    """Each ridden mount's rider (the first on the map): :meth:`BatonWork.riders`."""
    return work.riders()


def body(work: BatonWork, token_id: str) -> Token:
    """The footprint a token attacks from and is attacked at: a rider's is its mount's (assumed)."""
    mount = mount_of(work, token_id)
    return work.token(mount if mount is not None else token_id)


def acts_for(work: BatonWork, token_id: str) -> str:
    """Whose turn and actions a token uses: "The mount acts using the rider's major action and minor
    action" — a ridden mount's are its rider's."""
    rider = rider_of(work, token_id)
    return rider if rider is not None else token_id


def higher_ground(work: BatonWork, attacker: str, target: str) -> bool:
    """ "The character is treated as being on higher ground" against a target that is not mounted."""
    return mount_of(work, attacker) is not None and mount_of(work, target) is None


def defence(work: BatonWork, target: str, against: Breakdown) -> Breakdown:
    """The rider "adds the mount's Defense to their skill to defend against attacks"; a ridden mount
    "uses only its own Defense" (its Dodge and Shield are left out by :func:`own_defence_only`)."""
    mount = mount_of(work, target)
    if mount is not None:
        value = work.stats(mount).defense
        return against.plus(f"{work.name(mount)}'s Defense", value) if value else against
    if rider_of(work, target) is not None:
        value = work.stats(target).defense
        return against.plus("its own Defense", value) if value else against
    return against


def own_defence_only(work: BatonWork, target: str) -> bool:
    """A ridden mount targeted by an attack "uses only its own Defense"."""
    return rider_of(work, target) is not None


def speed_feet(work: BatonWork, token_id: str) -> int:
    """The feet of one movement (:func:`speed` without its label)."""
    mount = mount_of(work, token_id)
    return work.stats(token_id if mount is None else mount).speed_feet


def speed(work: BatonWork, token_id: str) -> tuple[int, str]:
    """ "The character uses the mount's speed": the feet of one movement and their label."""
    mount = mount_of(work, token_id)
    if mount is None:
        feet = work.stats(token_id).speed_feet
        return feet, f"speed {feet} ft"
    feet = work.stats(mount).speed_feet
    return feet, f"{work.name(mount)}'s speed {feet} ft"


def carried_path(work: BatonWork, rider: str, path: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """A rider's path as its mount's: the same steps, from the mount's position."""
    mount = work.token(str(mount_of(work, rider)))
    here = work.token(rider).position
    dx, dy = mount.position[0] - here[0], mount.position[1] - here[1]
    return tuple((x + dx, y + dy) for x, y in path)


def moved_with(work: BatonWork, mover: str, end: Tile) -> None:
    """After ``mover`` (a rider or a mount) moved to ``end`` on its own: the other moves with it."""
    mount = mount_of(work, mover)
    if mount is not None:  # the rider moved: its mount carries it (the same offset)
        start = work.token(mover).position
        m = work.token(mount)
        dx, dy = end[0] - start[0], end[1] - start[1]
        work.set_token(replace(m, position=(m.position[0] + dx, m.position[1] + dy)))
        work.set_token(replace(work.token(mover), position=end))
        return
    moved, carried = riding.carry(work.enc, mover, end)
    work.set_token(moved.token(mover))
    for c in carried:
        work.set_token(moved.token(c.token))
