"""A ruleset's options on a shared command (``attack``, ``maneuver``, ``move``, ``start_combat``),
read and checked: each known option has a type and a default, and anything else is refused with a
sentence that lists what the ruleset knows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vantage.engine.protocol.errors import CommandRejected


@dataclass(frozen=True)
class OptionSpec:
    """One option: the Python types it may hold, its default, one line of help."""

    types: tuple[type, ...]
    default: Any
    help: str


def read_options(
    kind: str, given: Mapping[str, Any], known: Mapping[str, OptionSpec], ruleset_name: str,
) -> dict[str, Any]:
    """``given`` with every known option filled in; CommandRejected names an unknown option or a
    value of the wrong type (``attack.options.charge: "yes" is not true or false``)."""
    unknown = sorted(set(given) - set(known))
    if unknown:
        listed = ", ".join(sorted(known)) or "none"
        raise CommandRejected(
            f"{kind}.options: {ruleset_name} has no option {', '.join(repr(u) for u in unknown)} "
            f"(its {kind} options: {listed})"
        )
    out: dict[str, Any] = {}
    for name, spec in known.items():
        value = given.get(name)
        if value is None:  # not given, or null: the default
            value = spec.default
        elif value is not spec.default:
            types = (*spec.types, int) if float in spec.types else spec.types  # 3 is a number
            wrong = isinstance(value, bool) and bool not in spec.types
            if wrong or not isinstance(value, types):
                raise CommandRejected(f"{kind}.options.{name}: {value!r} is not {_describe(spec.types)}")
        out[name] = value
    return out


_TYPE_WORDS = {bool: "true or false", int: "a whole number", str: "text", list: "a list",
               tuple: "a list", float: "a number"}


def _describe(types: tuple[type, ...]) -> str:
    return " or ".join(dict.fromkeys(_TYPE_WORDS.get(t, t.__name__) for t in types))
