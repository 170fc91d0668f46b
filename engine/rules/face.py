"""A ruleset's light face: what a window asks of a ruleset while it is built, answered without
loading the ruleset's commands, queries and attack resolution (issue 32, "window complete").

A ruleset may name a face in its registry entry (``RulesetEntry.face``, ``"module:Class"``): a
subclass of :class:`RulesetFace` in a small module of its own that answers the questions a window
asks before anything is played (its name, tactics and move modes, stat schema, bestiary, and the
answers of an encounter that is not in combat) exactly as the ruleset would. Anything else asked of
the face — every command, every query of a running combat — loads the full ruleset
(:func:`~vantage.engine.rules.registry.get_ruleset`) and is answered by it. The registry hands out
the face only until the full ruleset is loaded (:func:`~vantage.engine.rules.registry.ruleset_face`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar


class RulesetFace:
    """The light entry point of one ruleset; a subclass defines what it answers itself, and
    anything it does not define is the full ruleset's (loaded on that first use)."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""

    def __init__(self, load_full: Callable[[], Any]) -> None:
        self._load_full = load_full

    def full(self) -> Any:
        """The full ruleset (imported the first time it is asked for)."""
        return self._load_full()

    def __getattr__(self, attribute: str) -> Any:
        # only reached for what the face does not define itself
        if attribute.startswith("_"):
            raise AttributeError(attribute)
        return getattr(self.full(), attribute)
