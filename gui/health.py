"""How much health each token has left, for the bar under its disc and its tooltip, as the ruleset says.

The GUI holds no rules: the ruleset's ``health`` query (engine/rules/base.py) gives the share left;
tokens it does not track (out of combat, unsupported ruleset) show no bar.
"""

from __future__ import annotations

from collections.abc import Mapping

from vantage.engine.model import Encounter
from vantage.engine.rules.base import Health, ask_health


def token_health(encounter: Encounter) -> Mapping[str, Health]:
    """Token id → the ruleset's health answer (share left and its explanation) for tracked tokens."""
    out: dict[str, Health] = {}
    for token in encounter.tokens:
        answer = ask_health(encounter, token.id)
        if isinstance(answer, Health):
            out[token.id] = answer
    return out
