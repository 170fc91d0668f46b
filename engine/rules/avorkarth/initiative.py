"""Avorkarth combat order: the ambush round, extra turns for swiftness, and players winning ties.

Pure functions over :class:`Contender` values; the round flow (``flow.py``) keeps the list in
``Encounter.combat["order"]`` as ``[token, initiative, extra_turn]`` triples.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

AMBUSHED_PENALTY = 10
EXTRA_TURN_PENALTY = 5
ACTIONS_PER_EXTRA_TURN = 6


@dataclass(frozen=True)
class Contender:
    token: str
    initiative: int
    swiftness: int
    player: bool
    agility: int = 0


@dataclass(frozen=True)
class Entry:
    """One turn in the round: ``extra`` 0 is the creature's own turn, 1.. its extra turns."""

    token: str
    initiative: int
    extra: int = 0

    def as_list(self) -> list[object]:
        return [self.token, self.initiative, self.extra]


def extra_turns(swiftness: int) -> int:
    """"Any creature whose swiftness exceeds 6 actions then gain additional turns per 6 actions"."""
    return max(0, (swiftness - 1) // ACTIONS_PER_EXTRA_TURN)


def _sorted(entries: list[tuple[Entry, Contender]], listed: Sequence[str]) -> list[Entry]:
    """Highest initiative first; players win ties; then higher agility, then the listed order."""
    place: dict[str, int] = {}
    for i, token in enumerate(listed):
        place.setdefault(token, i)  # a token's first place, as ``listed.index`` finds it
    keyed = [((-e.initiative, not c.player, -c.agility, e.extra, place[e.token]), n, e)
             for n, (e, c) in enumerate(entries)]
    keyed.sort()  # every key differs by its place or its extra turn; ``n`` keeps equals in order
    return [e for _, _, e in keyed]


def ambush_order(
    contenders: Sequence[Contender], ambushers: Sequence[str], ambushed: Sequence[str]
) -> tuple[list[Entry], list[str]]:
    """The ambush round: ambushed creatures take −10; those below the lowest ambusher do not act.

    Returns the order and the tokens left out of it.
    """
    listed = [c.token for c in contenders]
    entries = []
    for c in contenders:
        value = c.initiative - (AMBUSHED_PENALTY if c.token in ambushed else 0)
        entries.append((Entry(c.token, value), c))
    lowest = min((e.initiative for e, c in entries if c.token in ambushers), default=None)
    acting = [(e, c) for e, c in entries if lowest is None or e.initiative >= lowest]
    left_out = [c.token for e, c in entries if lowest is not None and e.initiative < lowest]
    return _sorted(acting, listed), left_out


def round_order(contenders: Sequence[Contender]) -> list[Entry]:
    """A normal round: every creature's turn plus extra turns at −5 initiative each."""
    listed = [c.token for c in contenders]
    entries = []
    for c in contenders:
        entries.append((Entry(c.token, c.initiative), c))
        for k in range(1, extra_turns(c.swiftness) + 1):
            entries.append((Entry(c.token, c.initiative - EXTRA_TURN_PENALTY * k, k), c))
    return _sorted(entries, listed)
