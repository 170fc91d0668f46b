"""Ruleset plug-ins, found by id: ``get_ruleset("avorkarth")``.

Rulesets register a factory under their id; the module is imported only when first asked for,
so importing the engine stays cheap and plug-ins cannot form import cycles.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vantage.engine.rules.base import Ruleset

#: id → "module:attribute" of a Ruleset instance.
_KNOWN: dict[str, str] = {
    "avorkarth": "vantage.engine.rules.avorkarth.ruleset:AVORKARTH",
}
_LOADED: dict[str, Ruleset] = {}


class UnknownRuleset(KeyError):
    pass


def register(ruleset_id: str, target: str) -> None:
    """Make ``"module:attribute"`` the ruleset for ``ruleset_id``."""
    _KNOWN[ruleset_id] = target
    _LOADED.pop(ruleset_id, None)


def ruleset_ids() -> tuple[str, ...]:
    return tuple(sorted(_KNOWN))


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset registered as ``ruleset_id``; UnknownRuleset names the known ones."""
    found = _LOADED.get(ruleset_id)
    if found is not None:
        return found
    target = _KNOWN.get(ruleset_id)
    if target is None:
        raise UnknownRuleset(f"unsupported ruleset {ruleset_id!r} (known: {', '.join(ruleset_ids())})")
    module_name, attr = target.split(":")
    ruleset = getattr(importlib.import_module(module_name), attr)
    _LOADED[ruleset_id] = ruleset
    return ruleset
