"""The one door to change an encounter: ``apply(encounter, command, dice) -> (encounter, events)``.

Commands and events are small frozen records with ``to_dict()``/``from_dict()``; a command the
rules refuse raises :class:`CommandRejected` with the reason, and the encounter is untouched.
"""

from engine.session.apply import apply, apply_all
from engine.session.commands import Command, command_from_dict
from engine.session.errors import BadCommand, CommandRejected
from engine.session.events import Event, event_from_dict

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
