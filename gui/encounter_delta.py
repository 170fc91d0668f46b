"""An encounter as what one command changed in the encounter before it (issue 32: "store per step
only what the step changed").

A command's answer shares every part it did not change with the encounter it was made from, but
each one is still a new :class:`~vantage.engine.model.Encounter` with a new tuple of tokens and,
on a turn change, new combat mappings down to the records it touched: most of the memory the
undo history kept a step. :func:`delta` is the change alone, as flat tuples — the fields that are
other objects, the tokens that are other objects by their place, and the combat data's changed
entries, level by level — holding the very objects of the answer for what is new, and
:func:`applied` to the encounter before gives back an encounter equal to the answer in every
value, type and key order (a mapping whose keys moved is kept whole, as it is).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from typing import Any

from vantage.engine.model import Encounter

_FIELDS = tuple(f.name for f in fields(Encounter))


class Delta(tuple[Any, ...]):
    """What a command changed: ``(field, value, field, value, …)``; a value is the new one, a
    :class:`_Tokens` or a :class:`_Changes`."""

    __slots__ = ()


class _Tokens(tuple[Any, ...]):
    """``(place, token, place, token, …)``: the tokens that are other objects (same count and ids)."""

    __slots__ = ()


class _Changes(tuple[Any, ...]):
    """``(key, value, key, value, …)``: a plain dict's changed entries (a value may be a
    :class:`_Changes` of the dict there, or :data:`_REMOVED`)."""

    __slots__ = ()


class _Removed:
    __slots__ = ()

    def __repr__(self) -> str:
        return "REMOVED"


_REMOVED = _Removed()


def delta(before: Encounter, after: Encounter) -> Delta:
    """What ``after`` changed from ``before`` (an empty delta: nothing)."""
    out: list[Any] = []
    for name in _FIELDS:
        old, new = getattr(before, name), getattr(after, name)
        if new is old:
            continue
        if name == "tokens":
            new = _tokens_changes(old, new)
        elif type(old) is dict and type(new) is dict:
            changes = _changes(old, new)
            new = changes if changes is not None else new
        out += (name, new)
    return Delta(out)


def applied(before: Encounter, change: Delta) -> Encounter:
    """``before`` with ``change`` (from :func:`delta`) made: the encounter it was made from."""
    if not change:
        return before
    values: dict[str, Any] = {}
    for k in range(0, len(change), 2):
        name, value = change[k], change[k + 1]
        if type(value) is _Tokens:
            tokens = list(before.tokens)
            for j in range(0, len(value), 2):
                tokens[value[j]] = value[j + 1]
            value = tuple(tokens)
        elif type(value) is _Changes:
            value = _changed(getattr(before, name), value)
        values[name] = value
    return replace(before, **values)


def _tokens_changes(old: tuple[Any, ...], new: Any) -> Any:
    if type(new) is not tuple or type(old) is not tuple or len(old) != len(new):
        return new
    out: list[Any] = []
    for place, (was, token) in enumerate(zip(old, new, strict=True)):
        if token is not was:
            if getattr(token, "id", None) != getattr(was, "id", None):
                return new  # another order: the tuple as it is
            out += (place, token)
    return _Tokens(out)


def _changes(old: Mapping[Any, Any], new: Mapping[Any, Any]) -> _Changes | None:
    """The change from ``old`` to ``new`` (plain dicts), or None when ``new`` must be kept whole
    (its keys are not ``old``'s in the same order with the new ones after)."""
    if [k for k in old if k in new] + [k for k in new if k not in old] != list(new):
        return None
    out: list[Any] = []
    for key in old:
        if key not in new:
            out += (key, _REMOVED)
    for key, value in new.items():
        was = old.get(key, _ABSENT)
        if value is was:
            continue
        if type(value) is dict and type(was) is dict:
            sub = _changes(was, value)
            out += (key, sub if sub is not None else value)
        else:
            out += (key, value)
    return _Changes(out)


def _changed(old: Mapping[Any, Any], changes: _Changes) -> dict[Any, Any]:
    out = dict(old)
    for k in range(0, len(changes), 2):
        key, value = changes[k], changes[k + 1]
        if value is _REMOVED:
            del out[key]
        elif type(value) is _Changes:
            out[key] = _changed(old[key], value)
        else:
            out[key] = value
    return out


_ABSENT = object()
