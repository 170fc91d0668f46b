"""Ruleset plug-ins, found by id: ``get_ruleset("avorkarth")``. The interface is in :mod:`.base`,
the shared machinery in :mod:`.ruleset_base`, the registry in :mod:`.registry`, the GUI's
questions in :mod:`.asking`; docs/rules/writing-a-ruleset.md walks through adding one."""

from __future__ import annotations

from vantage.engine.rules.registry import (
    UnknownRuleset,
    get_ruleset,
    load_vocabulary,
    register,
    ruleset_ids,
    ruleset_name,
    unregister,
)
from vantage.engine.rules.vocabulary import read_command

__all__ = [
    "UnknownRuleset", "get_ruleset", "load_vocabulary", "read_command", "register", "ruleset_ids",
    "ruleset_name", "unregister",
]
