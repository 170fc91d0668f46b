"""The one door to change an encounter: ``apply(encounter, command, dice) -> (encounter, events)``.

Commands and events are small frozen records with ``to_dict()``/``from_dict()``; a command the
rules refuse raises :class:`CommandRejected` with the reason, and the encounter is untouched.

``apply`` and ``apply_all`` load when first asked for (``from vantage.engine.session import apply``),
so a module of this package (the dice formulas, say) loads without every command's handler
(issue 32, start-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vantage.engine.lazy_exports import lazy_exports
from vantage.engine.protocol.commands import Command, command_from_dict
from vantage.engine.protocol.errors import BadCommand, CommandRejected
from vantage.engine.protocol.events import Event, event_from_dict

if TYPE_CHECKING:
    from vantage.engine.session.apply import apply, apply_all


#: ``apply`` and ``apply_all``, loaded with :mod:`vantage.engine.session.apply` on first use
__getattr__ = lazy_exports(__name__, {"apply": "apply", "apply_all": "apply"})


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
