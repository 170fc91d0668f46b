"""How much health a token has left, for the bar under its disc, read from the ruleset's state.

Avorkarth: the share of the wound ledger still free before death (lethal damage against the
Wounds stat, in minor wounds). Rulesets without such a ledger show no bar.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.model import Encounter


def health_fractions(encounter: Encounter) -> Mapping[str, float]:
    """Token id → remaining share (0…1) for the tokens the ruleset tracks in combat."""
    creatures = encounter.combat.get("creatures", {}) if isinstance(encounter.combat, Mapping) else {}
    if encounter.ruleset != "avorkarth" or not creatures:
        return {}
    from engine.dice import ScriptedDice
    from engine.rules.avorkarth.ledger import MINOR_PER_WOUND
    from engine.rules.avorkarth.state import Work
    from engine.session import CommandRejected

    work = Work(encounter, ScriptedDice([]))
    out: dict[str, float] = {}
    for token in encounter.tokens:
        if token.id not in creatures:
            continue
        try:
            ledger = work.ledger(token.id)
        except (CommandRejected, KeyError):
            continue
        limit = ledger.wounds_stat * MINOR_PER_WOUND
        out[token.id] = max(0.0, 1.0 - ledger.lethal / limit) if limit else 0.0
    return out
