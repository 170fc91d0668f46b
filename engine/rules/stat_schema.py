"""Stat blocks a GM can edit: each ruleset declares the fields of its stat block (type, range,
default, one line of help), the GUI draws a form from them, and every stat block is checked
against them with its place (``tokens[2].stats.abilities.agility: 31 is above 30``).

A field's ``path`` is dotted (``"abilities.agility"``). Kinds: ``int``, ``number``, ``text``,
``bool``, ``choice`` (one of ``choices``) and ``list`` (a list the form leaves to the raw JSON,
checked by the ruleset's own validator). Keys the schema does not name are refused unless the
schema is ``open`` (a ruleset that keeps free notes).
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

Problems = list[tuple[str, str]]


class FieldKind(StrEnum):
    INT = "int"
    NUMBER = "number"
    TEXT = "text"
    BOOL = "bool"
    CHOICE = "choice"
    LIST = "list"


@dataclass(frozen=True)
class StatField:
    """One field of a stat block: where it is, its kind and range, its default, one line of help."""

    path: str
    kind: FieldKind
    help: str
    default: Any = None
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    required: bool = False
    label: str = ""

    @property
    def title(self) -> str:
        """The label a form shows ("Agility" for ``abilities.agility``)."""
        return self.label or self.path.rsplit(".", 1)[-1].replace("_", " ").capitalize()

    def check(self, value: Any) -> str | None:
        """Why ``value`` does not fit this field, or None when it does."""
        kind = self.kind
        if kind is FieldKind.INT:
            if isinstance(value, bool) or not isinstance(value, int):
                return f"{value!r} is not a whole number"
        elif kind is FieldKind.NUMBER:
            if isinstance(value, bool) or not isinstance(value, int | float):
                return f"{value!r} is not a number"
        elif kind is FieldKind.TEXT:
            if not isinstance(value, str):
                return f"{value!r} is not text"
        elif kind is FieldKind.BOOL:
            if not isinstance(value, bool):
                return f"{value!r} is not true or false"
        elif kind is FieldKind.CHOICE:
            if value not in self.choices:
                return f"{value!r} is not one of {', '.join(self.choices)}"
        elif kind is FieldKind.LIST and not isinstance(value, list | tuple):
            return f"{value!r} is not a list"
        if kind in (FieldKind.INT, FieldKind.NUMBER):
            if self.minimum is not None and value < self.minimum:
                return f"{value} is below {_number(self.minimum)}"
            if self.maximum is not None and value > self.maximum:
                return f"{value} is above {_number(self.maximum)}"
        return None

    @property
    def range_text(self) -> str:
        """``"1–30"``, ``"at least 0"``, ``""`` — for the form's tooltip."""
        if self.minimum is not None and self.maximum is not None:
            return f"{_number(self.minimum)}–{_number(self.maximum)}"
        if self.minimum is not None:
            return f"at least {_number(self.minimum)}"
        if self.maximum is not None:
            return f"at most {_number(self.maximum)}"
        return ""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


#: What :func:`lookup` answers for a field the stat block does not hold.
MISSING = object()


def lookup(stats: Mapping[str, Any], path: str) -> Any:
    """The value at the dotted ``path`` of ``stats``, or :data:`MISSING`."""
    node: Any = stats
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return MISSING
        node = node[part]
    return node


#: The last answers of :meth:`StatSchema.validate`: (schema, stats, a copy of the stats as they
#: were, problems) by (schema id, stats id, place); the references keep the ids from being reused.
_Seen = tuple["StatSchema", object, object, tuple[tuple[str, str], ...]]
_VALIDATED: OrderedDict[tuple[int, int, str], _Seen] = OrderedDict()
_VALIDATED_SIZE = 1024
#: Each schema's defaults, built once: schema id → (schema, defaults).
_DEFAULTS: dict[int, tuple[StatSchema, dict[str, Any]]] = {}


def _fresh_objects(node: dict[str, Any]) -> dict[str, Any]:
    """``node`` with every nested object (dict) new, the values in it the same."""
    return {k: _fresh_objects(v) if type(v) is dict else v for k, v in node.items()}


@dataclass(frozen=True)
class StatSchema:
    """The fields of a ruleset's stat block, in the order a form shows them."""

    fields: tuple[StatField, ...]
    open: bool = False

    def field(self, path: str) -> StatField | None:
        return next((f for f in self.fields if f.path == path), None)

    def defaults(self) -> dict[str, Any]:
        """A stat block with every field that has a default set to it (its objects fresh, the
        default values themselves shared, as they always were; built once per schema)."""
        seen = _DEFAULTS.get(id(self))
        if seen is None or seen[0] is not self:
            seen = (self, self._defaults())
            _DEFAULTS[id(self)] = seen
        return _fresh_objects(seen[1])

    def _defaults(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in self.fields:
            if f.default is None:
                continue
            node = out
            *parents, leaf = f.path.split(".")
            for part in parents:
                node = node.setdefault(part, {})
            node[leaf] = f.default
        return out

    def validate(self, stats: object, place: str = "stats") -> Problems:
        """Every problem of ``stats`` against the schema, as (place, message). A stat block asked
        about again (the same object, still equal to what it was) gets the answer it got then:
        rules read a token's stat block at every command, and it seldom changes."""
        key = (id(self), id(stats), place)
        seen = _VALIDATED.get(key)
        if seen is not None and seen[0] is self and seen[1] is stats and seen[2] == stats:
            _VALIDATED.move_to_end(key)
            return list(seen[3])
        problems = self._validate(stats, place)
        _VALIDATED[key] = (self, stats, copy.deepcopy(stats), tuple(problems))
        if len(_VALIDATED) > _VALIDATED_SIZE:
            _VALIDATED.popitem(last=False)
        return problems

    def _validate(self, stats: object, place: str) -> Problems:
        if not isinstance(stats, Mapping):
            return [(place, "a stat block is an object of named values")]
        problems: Problems = []
        for f in self.fields:
            value = lookup(stats, f.path)
            at = f"{place}.{f.path}"
            if value is MISSING:
                if f.required:
                    problems.append((at, "is missing"))
                continue
            reason = f.check(value)
            if reason:
                problems.append((at, reason))
        if not self.open:
            problems.extend(self._unknown(stats, place, ""))
        return problems

    def _unknown(self, node: Mapping[str, Any], place: str, prefix: str) -> Problems:
        problems: Problems = []
        for key, value in node.items():
            path = f"{prefix}{key}"
            if self.field(path) is not None:
                continue
            if any(f.path.startswith(path + ".") for f in self.fields):
                if isinstance(value, Mapping):
                    problems.extend(self._unknown(value, place, path + "."))
                else:
                    problems.append((f"{place}.{path}", f"{value!r} is not an object of named values"))
                continue
            known = ", ".join(sorted({f.path.split(".")[len(prefix.split(".")) - 1]
                                      for f in self.fields if f.path.startswith(prefix)}))
            problems.append((f"{place}.{path}", f"is not a field of this stat block (known: {known})"))
        return problems


@dataclass(frozen=True)
class CreatureTemplate:
    """A creature a GM can drop in or give a token: a name, its size, its stat block, one line."""

    id: str
    name: str
    stats: Mapping[str, Any]
    size: str = "medium"
    side: str = "enemy"
    help: str = ""
