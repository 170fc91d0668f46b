"""The one door to change an encounter: ``apply(encounter, command, dice) -> (encounter, events)``.

Commands and events are small frozen records with ``to_dict()``/``from_dict()``; a command the
rules refuse raises :class:`CommandRejected` with the reason, and the encounter is untouched.

``apply`` and ``apply_all`` load when first asked for (``from vantage.engine.session import apply``),
so a module of this package (the dice formulas, say) loads without every command's handler
(issue 32, start-up); so do the command and event classes this package names (``Command``,
``Event``, ``command_from_dict``, ``event_from_dict``): the GM window's dice box reads its formulas
without the ~90 command and event classes (issue 32, "window complete").
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from vantage.engine.lazy_exports import lazy_exports
from vantage.engine.protocol.errors import BadCommand, CommandRejected

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command, command_from_dict
    from vantage.engine.protocol.events import Event, event_from_dict
    from vantage.engine.session.applying import apply, apply_all


#: ``apply`` and ``apply_all``, loaded with :mod:`vantage.engine.session.applying` on first use (a
#: module named as the name it exports would leave, once imported on its own, the package's
#: ``apply`` naming that module instead of the function)
_apply_exports = lazy_exports(__name__, {"apply": "applying", "apply_all": "applying"})
#: the vocabulary this package names, loaded with its module on first use
_VOCABULARY = {"Command": "vantage.engine.protocol.commands",
               "command_from_dict": "vantage.engine.protocol.commands",
               "Event": "vantage.engine.protocol.events", "event_from_dict": "vantage.engine.protocol.events"}


def __getattr__(name: str) -> object:
    home = _VOCABULARY.get(name)
    if home is None:
        return _apply_exports(name)
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


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
