"""What an encounter's ruleset says about its tokens' stat blocks.

The file format checks the shape of a file; the stat blocks inside belong to the ruleset, which
validates them here. A token with an empty stat block is scenery or not statted yet: it is left
alone (the rules refuse to let it fight, with their own message).
"""

from __future__ import annotations

from vantage.engine.model import Encounter
from vantage.engine.rules import UnknownRuleset, get_ruleset


def stat_block_problems(encounter: Encounter) -> list[tuple[str, str]]:
    """Every problem with the encounter's ruleset id and its tokens' stat blocks, as (place, message)."""
    try:
        ruleset = get_ruleset(encounter.ruleset)
    except UnknownRuleset as exc:
        return [("ruleset", str(exc))]
    problems: list[tuple[str, str]] = []
    for i, token in enumerate(encounter.tokens):
        if token.stats:
            problems += ruleset.validate_stats(token.stats, f"tokens[{i}].stats")
    return problems
