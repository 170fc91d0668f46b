"""Ruleset plug-ins, found by id: ``get_ruleset("avorkarth")`` (the registry is in :mod:`.base`)."""

from __future__ import annotations

from vantage.engine.rules.base import UnknownRuleset, get_ruleset, register, ruleset_ids

__all__ = ["UnknownRuleset", "get_ruleset", "register", "ruleset_ids"]
