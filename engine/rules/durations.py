"""How much game time one command may cover: the bound of every duration a command takes (a rest,
minutes without air, a timed condition), by the unit it counts in, and the refusal in words.

A command that covers more than this is refused before any rule runs; the GM gives a longer
stretch in parts. Ten years of rest is far beyond any campaign's time-skip, a day without air
beyond anyone's breath, and 10,000 rounds (about 17 hours at six seconds a round) beyond any fight;
a condition that lasts longer is given untimed. A ruleset's rest kinds name their unit
(:class:`~vantage.engine.rules.base.RestKind`); a unit missing here gets :data:`DEFAULT_LONGEST`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from vantage.engine.protocol.commands import Rest
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import RestKind

#: unit of game time → the most of it one command may cover (docs/reliability.md, "Limits").
LONGEST: Mapping[str, int] = MappingProxyType({
    "rounds": 10_000,
    "turns": 10_000,
    "side turns": 10_000,
    "minutes": 1_440,  # a day
    "hours": 87_600,  # ten years
    "rests": 3_650,  # ten years of one a day
    "nights": 3_650,
    "days": 3_650,
    "weeks": 520,
})
#: The bound of a unit the table above does not name.
DEFAULT_LONGEST = 10_000


def longest(unit: str) -> int:
    """The most of ``unit`` one command may cover."""
    return LONGEST.get(unit, DEFAULT_LONGEST)


def check_duration(place: str, count: int, unit: str, what: str = "one command may cover") -> None:
    """CommandRejected naming ``place`` when ``count`` ``unit`` is more than :func:`longest`."""
    most = longest(unit)
    if count > most:
        raise CommandRejected(
            f"{place}: {count:,} {unit} is longer than {what} (at most {most:,} {unit}); "
            "give a longer stretch in parts"
        )


def check_rest(cmd: Rest, kinds: Sequence[RestKind]) -> None:
    """CommandRejected when ``cmd`` rests longer than its kind's unit allows (a kind the ruleset
    does not know is left to the ruleset, which names its kinds)."""
    for kind in kinds:
        if kind.id == cmd.rest:
            check_duration("rest.duration", cmd.duration, kind.unit, "one rest may be")
