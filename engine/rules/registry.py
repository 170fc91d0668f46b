"""The ruleset registry: id → the ruleset and its own vocabulary, imported when first asked for.

python-chess finds a variant by name (``chess.variant.find_variant``); Vantage finds a ruleset by
the id an encounter names: ``get_ruleset("avorkarth")``. Each entry names the ruleset instance
(``"module:attribute"``) and, when the ruleset has commands or events of its own, the module that
defines them (its *vocabulary*). Modules are imported only when needed, so importing the engine
stays cheap and plug-ins form no cycles; :func:`load_vocabulary` imports a ruleset's vocabulary
before its commands are read (``read_command`` in :mod:`.vocabulary`). An entry may name a light
*face* (:mod:`.face`): :func:`ruleset_face` hands it out until the full ruleset is loaded, so that a
window being built asks the face and the full ruleset loads with the first command or query of a
running combat (issue 32).

Which ids exist and where each ruleset lives is the table of :mod:`vantage.engine.ruleset_index`,
below every layer that reads it; a new ruleset adds one line to its ``_KNOWN`` (or calls
:func:`register` from a plug-in).
"""

from __future__ import annotations

import importlib
from typing import cast

from vantage.engine.rules.base import Ruleset
from vantage.engine.ruleset_index import RulesetEntry, add_entry, remove_entry, ruleset_entry, ruleset_ids

__all__ = ["RulesetEntry", "UnknownRuleset", "get_ruleset", "load_vocabulary", "register", "ruleset_face",
           "ruleset_ids", "ruleset_name", "unregister"]

_LOADED: dict[str, Ruleset] = {}
_FACES: dict[str, Ruleset] = {}


class UnknownRuleset(LookupError):
    """No ruleset is registered under ``ruleset_id``; ``str()`` says so and names the known ids.

    The text is a reason in the engine's style (lowercase, so that it reads inside a longer
    sentence such as "Bram cannot act on Ghoul: unsupported ruleset 'baton' (known: avorkarth)").
    """

    def __init__(self, ruleset_id: str, known: tuple[str, ...]) -> None:
        super().__init__(f"unsupported ruleset {ruleset_id!r} (known: {', '.join(known) or 'none'})")
        self.ruleset_id = ruleset_id
        self.known = known

    def __str__(self) -> str:
        return str(self.args[0])


def register(ruleset_id: str, target: str, vocabulary: str | None = None) -> None:
    """Make ``"module:attribute"`` the ruleset for ``ruleset_id``, with its vocabulary module."""
    add_entry(ruleset_id, RulesetEntry(target, vocabulary))
    _LOADED.pop(ruleset_id, None)
    _FACES.pop(ruleset_id, None)


def unregister(ruleset_id: str) -> None:
    """Forget ``ruleset_id`` (a plug-in a test registered for itself)."""
    remove_entry(ruleset_id)
    _LOADED.pop(ruleset_id, None)
    _FACES.pop(ruleset_id, None)


def _entry(ruleset_id: str) -> RulesetEntry:
    entry = ruleset_entry(ruleset_id)
    if entry is None:
        raise UnknownRuleset(ruleset_id, ruleset_ids())
    return entry


def load_vocabulary(ruleset_id: str) -> None:
    """Import ``ruleset_id``'s own commands and events: its vocabulary module, or the ruleset's
    own module when the entry names none (a small plug-in keeps both in one module)."""
    entry = _entry(ruleset_id)
    importlib.import_module(entry.vocabulary or entry.target.split(":")[0])


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset registered as ``ruleset_id``; :class:`UnknownRuleset` names the known ones."""
    found = _LOADED.get(ruleset_id)
    if found is not None:
        return found
    entry = _entry(ruleset_id)
    load_vocabulary(ruleset_id)
    module_name, attr = entry.target.split(":")
    ruleset: Ruleset = getattr(importlib.import_module(module_name), attr)
    _LOADED[ruleset_id] = ruleset
    return ruleset


def ruleset_face(ruleset_id: str) -> Ruleset:
    """What to ask ``ruleset_id`` a question that does not play: the full ruleset once it is
    loaded; before that its light face when its entry names one (the face answers what it knows and
    loads the full ruleset for anything else); else the full ruleset, loaded now.
    :class:`UnknownRuleset` names the known ones."""
    found = _LOADED.get(ruleset_id)
    if found is None:
        found = _FACES.get(ruleset_id)
    if found is not None:
        return found
    entry = _entry(ruleset_id)
    if entry.face is None:
        return get_ruleset(ruleset_id)
    module_name, attr = entry.face.split(":")
    face_class = getattr(importlib.import_module(module_name), attr)
    face = _FACES[ruleset_id] = cast(Ruleset, face_class(lambda: get_ruleset(ruleset_id)))
    return face


def ruleset_name(ruleset_id: str) -> str:
    """The display name of ``ruleset_id`` ("Avorkarth"), or the id itself when it is unknown."""
    try:
        return ruleset_face(ruleset_id).name
    except UnknownRuleset:
        return ruleset_id
