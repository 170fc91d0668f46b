"""What an encounter's ruleset says about its tokens' stat blocks.

The file format checks the shape of a file; the stat blocks inside belong to the ruleset, which
validates them here. A token with an empty stat block is scenery or not statted yet: it is left
alone (the rules refuse to let it fight, with their own message).

:func:`stat_block_problems` lists every problem of a file with its place in the file
(``tokens[2].stats.abilities.agility: 31 is above 30``), for ``vantage check`` and the warning
the GM sees on opening a file; :func:`stat_misfits` groups them by token and can ask another
ruleset than the encounter's, for the Ruleset dialog (which stat blocks would not fit after a
switch).
"""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.model import Encounter
from vantage.engine.rules import UnknownRuleset
from vantage.engine.rules.registry import ruleset_face

Problems = list[tuple[str, str]]


def stat_block_problems(encounter: Encounter) -> Problems:
    """Every problem with the encounter's ruleset id and its tokens' stat blocks, as (place, message)."""
    try:  # a ruleset's light face validates as the ruleset does (issue 32: not loaded to open a file)
        ruleset = ruleset_face(encounter.ruleset)
    except UnknownRuleset as exc:
        return [("ruleset", str(exc))]
    problems: Problems = []
    for i, token in enumerate(encounter.tokens):
        if token.stats:
            problems += ruleset.validate_stats(token.stats, f"tokens[{i}].stats")
    return problems


@dataclass(frozen=True)
class StatMisfit:
    """A token whose stat block a ruleset does not accept, and every problem it has, each placed
    inside the block (``stats.abilities.agility``)."""

    token: str
    name: str
    problems: tuple[tuple[str, str], ...]

    @property
    def first(self) -> str:
        """The first problem as one line, ``"stats.speed: 13 is above 12"``."""
        place, message = self.problems[0]
        return f"{place}: {message}"


def stat_misfits(encounter: Encounter, ruleset_id: str | None = None) -> tuple[StatMisfit, ...]:
    """The tokens whose (non-empty) stat blocks ``ruleset_id`` — the encounter's own ruleset when
    None — does not accept, in token order. An unknown id raises :class:`UnknownRuleset`."""
    ruleset = ruleset_face(encounter.ruleset if ruleset_id is None else ruleset_id)
    misfits: list[StatMisfit] = []
    for token in encounter.tokens:
        if not token.stats:
            continue
        problems = ruleset.validate_stats(dict(token.stats))
        if problems:
            misfits.append(StatMisfit(token.id, token.name or token.id, tuple(problems)))
    return tuple(misfits)
