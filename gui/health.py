"""How much health each token has left, for the bar under its disc — as the ruleset answers it.

The GUI holds no rules: the ruleset's ``health`` query (engine/rules/base.py) gives the share left;
tokens it does not track (out of combat, unsupported ruleset) show no bar.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.model import Encounter
from engine.rules.base import Health, ask_health


def health_fractions(encounter: Encounter) -> Mapping[str, float]:
    """Token id → remaining share (0…1) for the tokens the ruleset tracks."""
    out: dict[str, float] = {}
    for token in encounter.tokens:
        answer = ask_health(encounter, token.id)
        if isinstance(answer, Health):
            out[token.id] = answer.fraction
    return out
