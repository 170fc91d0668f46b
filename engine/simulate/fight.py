"""One simulated fight: played by the generic policy with seeded dice, summed up as a
:class:`FightRecord` (plain values, cheap to send from a worker process)."""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.dice import SeededDice
from vantage.engine.model import Encounter
from vantage.engine.simulate.policy import FightPlayer

#: A fight still undecided after this many rounds stops there (neither side wins).
DEFAULT_MAX_ROUNDS = 20

#: Mixes a fight's index into the seed (a large odd constant: fights of one run never share dice).
_SEED_STRIDE = 0x9E3779B97F4A7C15


def fight_seed(seed: int, index: int) -> int:
    """The seed of fight ``index`` of a run seeded ``seed``: the same whatever process plays it."""
    return (seed * 1_000_003 + index * _SEED_STRIDE) % (2**63)


@dataclass(frozen=True)
class FightRecord:
    """How one fight ended: the ``winner`` side ("party", "enemy"; None when the round limit
    came first or both fell), the ``rounds`` played, each fighter's standing at the end ("up",
    "down", "dead"), the damage each took, and who dropped each party member that fell."""

    winner: str | None
    rounds: int
    standing: tuple[tuple[str, str], ...]
    damage: tuple[tuple[str, float], ...]
    dropped_by: tuple[tuple[str, str], ...]
    commands: int


def play_fight(encounter: Encounter, seed: int, max_rounds: int = DEFAULT_MAX_ROUNDS, *,
               strict: bool = False) -> FightRecord:
    """Play ``encounter`` once, from its current state, with dice seeded ``seed`` (``strict``:
    legality asked before each command, see :meth:`FightPlayer.take`)."""
    player = FightPlayer(encounter, SeededDice(seed), strict=strict)
    player.play(max_rounds)
    party, enemy = player.up_sides()
    winner = "party" if party and not enemy else "enemy" if enemy and not party else None
    start, end = player.started_at, player.enc
    damage = tuple(
        (tid, player.hints.damage(player.health(start, tid), player.health(end, tid)))
        for tid in player.fighters
    )
    return FightRecord(
        winner=winner,
        rounds=max(1, min(player.round(), max_rounds)),
        standing=tuple((tid, player.standing[tid].value) for tid in player.fighters),
        damage=damage,
        dropped_by=tuple(sorted(player.log.dropped_by.items())),
        commands=len(player.log.commands),
    )
