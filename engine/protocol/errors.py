"""The one error a rejected command raises: it says why, and the state is left untouched."""

from __future__ import annotations


class CommandRejected(ValueError):
    """A command the rules do not allow now; ``reason`` is a sentence for the GM."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadCommand(CommandRejected):
    """A command that cannot be read at all (unknown type, missing or wrong fields)."""
