"""Reading the commands of an encounter: the encounter's ruleset vocabulary is loaded first, and a
command that belongs to another ruleset is refused with a sentence that names both."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from vantage.engine.rules.registry import load_vocabulary, ruleset_ids, ruleset_name

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command


def _owner_of(kind: str) -> str | None:
    """The ruleset whose own command ``kind`` is, loading every vocabulary to find it."""
    from vantage.engine.protocol.commands import Command  # the command vocabulary loads with a command

    if kind not in Command.owners and kind not in Command.registry:
        for other in ruleset_ids():
            load_vocabulary(other)
    return Command.owners.get(kind)


def foreign_command(kind: str, ruleset_id: str) -> str | None:
    """The sentence refusing command ``kind`` in a ``ruleset_id`` encounter, or None when it is a
    shared command or the ruleset's own."""
    owner = _owner_of(kind)
    if owner is None or owner == ruleset_id:
        return None
    return (f"{kind!r} is a command of {ruleset_name(owner)}, and this encounter plays "
            f"{ruleset_name(ruleset_id)}")


def read_command(data: object, ruleset_id: str) -> Command:
    """The command ``data`` of an encounter that plays ``ruleset_id``; BadCommand says why not
    (another ruleset's command names both rulesets)."""
    from vantage.engine.protocol.commands import command_from_dict
    from vantage.engine.protocol.errors import BadCommand

    load_vocabulary(ruleset_id)
    kind = str(data.get("type")) if isinstance(data, Mapping) else ""
    refused = foreign_command(kind, ruleset_id) if kind else None
    if refused:
        raise BadCommand(refused)
    return command_from_dict(data)
