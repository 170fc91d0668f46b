"""Frozen records that turn into plain JSON dicts and back: the base of commands and events."""

from __future__ import annotations

import dataclasses
import importlib
import types
import typing
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from vantage.engine.protocol.errors import BadCommand
from vantage.engine.protocol.field_values import describe, field_value, short_repr

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

R = TypeVar("R", bound="Record")

#: The modules of the vocabulary every ruleset shares: the GM's commands and events, the party's,
#: the templates' and the turn order's (a ruleset's own vocabulary loads with its ruleset:
#: :func:`vantage.engine.rules.load_vocabulary`). Read as text, like the rulesets' modules.
SHARED_VOCABULARY = (
    "vantage.engine.protocol.commands",
    "vantage.engine.protocol.events",
    "vantage.engine.protocol.gm_commands",
    "vantage.engine.protocol.gm_events",
    "vantage.engine.protocol.party_commands",
    "vantage.engine.protocol.template_commands",
    "vantage.engine.protocol.turn_order_commands",
)
_shared_vocabulary = {"loaded": False}


def load_shared_vocabulary() -> None:
    """Import every module of :data:`SHARED_VOCABULARY` (once): afterwards each registry knows
    every shared kind. A registry calls it when it is first read, so nothing that only decodes an
    encounter file (its map, tokens and log) loads the ~90 command and event classes (issue 32)."""
    if _shared_vocabulary["loaded"]:
        return
    _shared_vocabulary["loaded"] = True  # set first: a module being loaded may register (write) more
    try:
        for module in SHARED_VOCABULARY:
            importlib.import_module(module)
    except BaseException:
        _shared_vocabulary["loaded"] = False
        raise


class KindRegistry(dict[str, type["Record"]]):
    """kind → record class (``Command.registry``, ``Event.registry``): a dict whose every read
    first loads the shared vocabulary (:func:`load_shared_vocabulary`), so it always knows every
    shared kind, whichever module of the vocabulary was imported; :func:`register` writes to it
    without reading it."""

    def __getitem__(self, kind: str) -> type[Record]:
        load_shared_vocabulary()
        return super().__getitem__(kind)

    def get(self, kind: str, default: Any = None) -> Any:
        load_shared_vocabulary()
        return super().get(kind, default)

    def __contains__(self, kind: object) -> bool:
        load_shared_vocabulary()
        return super().__contains__(kind)

    def __iter__(self) -> Iterator[str]:
        load_shared_vocabulary()
        return super().__iter__()

    def __len__(self) -> int:
        load_shared_vocabulary()
        return super().__len__()

    def keys(self) -> dict_keys[str, type[Record]]:
        load_shared_vocabulary()
        return super().keys()

    def values(self) -> dict_values[str, type[Record]]:
        load_shared_vocabulary()
        return super().values()

    def items(self) -> dict_items[str, type[Record]]:
        load_shared_vocabulary()
        return super().items()

    def copy(self) -> dict[str, type[Record]]:
        load_shared_vocabulary()
        return dict(super().items())


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


class Record:
    """Mixin for frozen dataclasses with a ``kind`` tag: ``to_dict()`` / ``from_dict()``."""

    kind: ClassVar[str] = ""
    registry: ClassVar[dict[str, type[Record]]]
    #: kind → the id of the ruleset whose vocabulary it belongs to (shared kinds are absent)
    owners: ClassVar[dict[str, str]]
    #: whether ``from_dict`` checks every field in depth (commands: input from people and files)
    #: or only its outer type (events, which the engine itself wrote)
    checked_fields: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            out[f.name] = _plain(getattr(self, f.name))
        return out

    @classmethod
    def from_dict(cls: type[R], data: Mapping[str, Any]) -> R:
        if not isinstance(data, Mapping):
            raise BadCommand(f"expected an object with a \"type\", not {short_repr(data)}")
        kind = data.get("type")
        target = cls.registry.get(kind) if isinstance(kind, str) else None
        if target is None:
            known = ", ".join(sorted(cls.registry))
            raise BadCommand(f"unknown {cls.__name__.lower()} type {short_repr(kind)} (known: {known})")
        hints, names = _shape(target)
        unknown = set(data) - names - {"type"}
        if unknown:
            raise BadCommand(f"{kind}: unknown field(s) {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {}
        for name in names & set(data):
            read = _convert if target.checked_fields else _convert_loose
            values[name] = read(kind, name, data[name], hints.get(name))
        try:
            return target(**values)  # type: ignore[return-value]
        except TypeError as exc:
            missing = [
                f.name for f in dataclasses.fields(target)  # type: ignore[arg-type]
                if f.name not in values and f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING
            ]
            raise BadCommand(f"{kind}: missing field(s) {', '.join(missing) or exc}") from None


#: Each record class's field types and names (:func:`_shape`).
_SHAPES: dict[type, tuple[dict[str, Any], frozenset[str]]] = {}


def _shape(target: type[Record]) -> tuple[dict[str, Any], frozenset[str]]:
    """A record class's field types and names, read once per class (reading the type hints
    evaluates every annotation's text: a few milliseconds each time)."""
    found = _SHAPES.get(target)
    if found is None:
        names = frozenset(f.name for f in dataclasses.fields(target))  # type: ignore[arg-type]
        found = _SHAPES[target] = (typing.get_type_hints(target), names)
    return found


def _convert(kind: str | None, name: str, value: Any, hint: Any) -> Any:
    """``value`` checked and read as ``hint`` (see field_values); BadCommand names ``kind.name``."""
    return field_value(f"{kind}.{name}", value, hint)


def _tupled(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_tupled(v) for v in value)
    return value


def _convert_loose(kind: str | None, name: str, value: Any, hint: Any) -> Any:
    """The light reading of a record that the engine wrote (an event): the outer type only."""
    allowed = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    if value is None:
        if type(None) in allowed:
            return None
        raise BadCommand(f"{kind}.{name} must not be null")
    for t in allowed:
        origin = typing.get_origin(t) or t
        if origin is tuple and isinstance(value, list | tuple):
            return _tupled(value)
        if origin is bool and isinstance(value, bool):
            return value
        if origin is int and isinstance(value, int) and not isinstance(value, bool):
            return value
        if origin is float and isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        if origin is str and isinstance(value, str):
            return value
        if origin is dict and isinstance(value, Mapping):
            return dict(value)
        if origin is typing.Any:
            return value
    raise BadCommand(f"{kind}.{name}: {short_repr(value)} is not {describe(hint)}")


def register(base: type[Record], owner: str | None = None) -> Any:
    """Class decorator: record ``cls.kind`` in ``base.registry``; ``owner`` is the ruleset id of a
    plug-in's own command or event (None: shared by every ruleset)."""

    def wrap(cls: type[R]) -> type[R]:
        known = dict.get(base.registry, cls.kind)  # a write: the registry is not read (and not completed)
        if known is not None and known is not cls and known.__qualname__ != cls.__qualname__:
            raise ValueError(f"{base.__name__.lower()} type {cls.kind!r} is registered twice")
        base.registry[cls.kind] = cls
        if owner is not None:
            base.owners[cls.kind] = owner
        return cls

    return wrap
