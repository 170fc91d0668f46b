"""The one door to change an encounter: ``apply(encounter, command, dice) -> (encounter, events)``.

Commands and events are small frozen records with ``to_dict()``/``from_dict()``; a command the
rules refuse raises :class:`CommandRejected` with the reason, and the encounter is untouched.
"""

from vantage.engine.protocol.commands import Command, command_from_dict
from vantage.engine.protocol.errors import BadCommand, CommandRejected
from vantage.engine.protocol.events import Event, event_from_dict
from vantage.engine.session.apply import apply, apply_all

__all__ = [
    "BadCommand",
    "Command",
    "CommandRejected",
    "Event",
    "apply",
    "apply_all",
    "command_from_dict",
    "event_from_dict",
]
