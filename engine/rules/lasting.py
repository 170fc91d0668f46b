"""What outlasts a fight: the part of a creature's state a campaign's roster keeps between
encounters, declared by each ruleset.

A ruleset names the keys of its per-creature record (``combat["creatures"][id]``) that outlast a
fight (:attr:`~.ruleset_base.RulesetBase.lasting_keys`: wound ledgers, damage tracks, armour
Durability, shield wear, dying, spent resources) and the conditions that do
(:attr:`~.ruleset_base.RulesetBase.lasting_conditions`: dying, unconscious, dead …). The lasting
state is plain JSON::

    {"record": {"lethal": 12, "nonlethal": 12}, "conditions": ["unconscious"]}

:func:`lasting_state` reads it from an encounter; :func:`restore_lasting_state` puts it on a token
of another encounter (over the record a new creature starts with); :func:`lasting_summary` says it
in the ruleset's own words (its health text and the conditions). A ruleset whose text needs more
overrides the hooks on its class.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from vantage.engine.dice import NoDice
from vantage.engine.model import Condition, Encounter
from vantage.engine.rules.combat_work import CombatWork, copy_json
from vantage.engine.rules.decisions import Answers


def lasting_state(ruleset: Any, encounter: Encounter, token_id: str) -> dict[str, Any]:
    """The lasting part of ``token_id``'s state in ``encounter`` (plain JSON)."""
    token = encounter.token(token_id)
    record = encounter.combat.get("creatures", {}).get(token_id, {})
    keys: frozenset[str] = ruleset.lasting_keys
    kept = {k: copy_json(v) for k, v in record.items() if k in keys} if isinstance(record, Mapping) else {}
    conditions = [c.name for c in token.conditions if c.name in ruleset.lasting_conditions]
    return {"record": kept, "conditions": conditions}


def restore_lasting_state(ruleset: Any, encounter: Encounter, token_id: str,
                          state: Mapping[str, Any]) -> Encounter:
    """``encounter`` with ``state`` (from :func:`lasting_state`) on its token ``token_id``: the
    record a new creature of the ruleset starts with, the lasting keys over it, the lasting
    conditions given (untimed)."""
    work: CombatWork = ruleset.new_work(encounter, NoDice(), Answers())
    record = dict(work.new_creature(token_id)) if ruleset.lasting_keys else {}
    given = state.get("record", {})
    if isinstance(given, Mapping):
        record.update({k: copy_json(v) for k, v in given.items() if k in ruleset.lasting_keys})
    combat = dict(encounter.combat)
    creatures = dict(combat.get("creatures", {}))
    if record:
        creatures[token_id] = record
    else:
        creatures.pop(token_id, None)
    combat["creatures"] = creatures
    token = encounter.token(token_id)
    names = [str(n) for n in state.get("conditions", ()) if str(n) in ruleset.lasting_conditions]
    others = tuple(c for c in token.conditions if c.name not in names)
    token = replace(token, conditions=(*others, *(Condition(n) for n in dict.fromkeys(names))))
    return replace(encounter.with_token(token), combat=combat)


def lasting_summary(ruleset: Any, encounter: Encounter, token_id: str, text: str | None = None) -> str:
    """The lasting state in the ruleset's words: ``text`` (by default its health text), then the
    lasting conditions."""
    if text is None:
        health = ruleset.health(encounter, token_id)
        text = str(getattr(health, "text", "")) if not hasattr(health, "reason") else ""
    kept = ruleset.lasting_conditions
    conditions = [c.name for c in encounter.token(token_id).conditions if c.name in kept]
    parts = [p for p in (text, ", ".join(conditions)) if p]
    return "; ".join(parts) if parts else "unhurt"
