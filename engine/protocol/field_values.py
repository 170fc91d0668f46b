"""Checking one field of a command or event read from JSON, by the field's type hint, before any
engine code sees it: types, whole and finite numbers in a safe range, lists of the right length,
text that can be written as UTF-8, and free-form values (``options``, ``stats``) that are plain JSON
of a bounded depth. Every refusal names the place (``move.path[1]``) and says in words what was
expected (``a whole number``), never a Python type.

This is generic, so the commands of every ruleset (and of rulesets not written yet) get it for
free: a field annotated ``tuple[int, int]`` only ever holds two whole numbers.
"""

from __future__ import annotations

import math
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

from vantage.engine.protocol.errors import BadCommand

#: The largest magnitude of a number in a command: JSON-safe integers (2**53), far beyond any map,
#: token count or damage, and small enough that every number prints and compares exactly.
MAX_NUMBER = 2**53
#: The longest text in one field (a token name, notes in a stat block).
MAX_TEXT = 100_000
#: How deeply free-form values (``options``, ``stats``) may nest.
MAX_DEPTH = 32


def field_value(place: str, value: Any, hint: Any) -> Any:
    """``value`` read as ``hint`` (lists become tuples, whole floats of int fields become ints);
    BadCommand naming ``place`` if it does not fit."""
    allowed = _alternatives(hint)
    if value is None:
        if type(None) in allowed or typing.Any in allowed:
            return None
        raise BadCommand(f"{place} must not be null")
    refusals: list[str] = []
    for option in allowed:
        if option is type(None):
            continue
        try:
            return _read(place, value, option, 0)
        except BadCommand as exc:
            refusals.append(exc.reason)
    if len(refusals) == 1:
        raise BadCommand(refusals[0])
    raise BadCommand(f"{place}: {short_repr(value)} is not {describe(hint)}")


def _alternatives(hint: Any) -> tuple[Any, ...]:
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return typing.get_args(hint)
    return (hint,)


def _read(place: str, value: Any, hint: Any, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise BadCommand(f"{place}: nested more than {MAX_DEPTH} levels deep")
    if len(_alternatives(hint)) > 1:
        if value is None and type(None) in _alternatives(hint):
            return None
        return field_value(place, value, hint)
    origin = typing.get_origin(hint) or hint
    if hint is typing.Any or hint is object:
        return plain_json(place, value, depth)
    if origin is bool:
        if isinstance(value, bool):
            return value
        raise BadCommand(f"{place}: {short_repr(value)} is not true or false")
    if origin is int:
        return whole_number(place, value)
    if origin is float:
        return number(place, value)
    if origin is str:
        if isinstance(value, str):
            return text(place, value)
        raise BadCommand(f"{place}: {short_repr(value)} is not text")
    if origin is tuple:
        return _tuple(place, value, hint, depth)
    if origin is list:
        if not isinstance(value, list | tuple):
            raise BadCommand(f"{place}: {short_repr(value)} is not {describe(hint)}")
        inner = (typing.get_args(hint) or (typing.Any,))[0]
        return [_read(f"{place}[{i}]", v, inner, depth + 1) for i, v in enumerate(value)]
    if origin is typing.Literal:
        allowed = typing.get_args(hint)
        if any(value == a and type(value) is type(a) for a in allowed):
            return value
        raise BadCommand(f"{place}: {short_repr(value)} is not one of {', '.join(map(short_repr, allowed))}")
    if origin in (dict, Mapping) or origin is typing.Mapping:
        if not isinstance(value, Mapping):
            raise BadCommand(f"{place}: {short_repr(value)} is not an object {{\"name\": value, …}}")
        args = typing.get_args(hint)
        inner = args[1] if len(args) == 2 else typing.Any
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise BadCommand(f"{place}: the key {short_repr(key)} is not text")
            where = f"{place}.{text(place, key)}"
            out[key] = _read(where, item, inner, depth + 1)
        return out
    if isinstance(origin, type) and isinstance(value, origin):
        return value
    raise BadCommand(f"{place}: {short_repr(value)} is not {describe(hint)}")


def _tuple(place: str, value: Any, hint: Any, depth: int) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise BadCommand(f"{place}: {short_repr(value)} is not {describe(hint)}")
    args = typing.get_args(hint)
    if not args:
        return tuple(plain_json(f"{place}[{i}]", v, depth + 1) for i, v in enumerate(value))
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(_read(f"{place}[{i}]", v, args[0], depth + 1) for i, v in enumerate(value))
    if len(value) != len(args):
        raise BadCommand(f"{place}: {short_repr(value)} is not {describe(hint)}")
    pairs = enumerate(zip(value, args, strict=True))
    return tuple(_read(f"{place}[{i}]", v, t, depth + 1) for i, (v, t) in pairs)


def whole_number(place: str, value: Any) -> int:
    """``value`` as a whole number in ±``MAX_NUMBER`` (``2.0`` is 2; ``2.5``, NaN, ``true`` are not)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadCommand(f"{place}: {short_repr(value)} is not a whole number")
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        raise BadCommand(f"{place}: {short_repr(value)} is not a whole number")
    if abs(value) > MAX_NUMBER:
        raise BadCommand(f"{place}: {short_repr(value)} is too large (at most {MAX_NUMBER:,})")
    return int(value)


class NumberTextError(ValueError):
    """Text that is not a whole number :func:`whole_number_text` reads; the message says why."""


_WHOLE_TEXT = re.compile(r"[+-]?[0-9]+")


def whole_number_text(text: str, most: int = MAX_NUMBER) -> int:
    """The whole number written in ``text`` (a sign, then the digits 0–9; blanks around it), at
    most ``most`` either way: the one door through which text becomes a whole number.

    The digits are counted before Python converts them: ``int()`` of more than 4,300 digits raises
    a ValueError meant for programmers, and one of a few hundred thousand digits takes seconds.
    :class:`NumberTextError` says in words what is wrong; the caller adds the place."""
    word = text.strip()
    if not _WHOLE_TEXT.fullmatch(word):  # also refuses 1_000 and non-ASCII digits, which int() reads
        raise NumberTextError(f"{short_repr(word)} is not a whole number")
    digits = word.lstrip("+-").lstrip("0")
    if len(digits) > len(str(most)):
        raise NumberTextError(f"a number of {len(digits):,} digits is too large (at most {most:,})")
    value = int(word)
    if abs(value) > most:
        raise NumberTextError(f"{abs(value):,} is too large (at most {most:,})")
    return value


def number(place: str, value: Any) -> float:
    """``value`` as a finite number in ±``MAX_NUMBER``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadCommand(f"{place}: {short_repr(value)} is not a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise BadCommand(f"{place}: {short_repr(value)} is not a finite number")
    if abs(value) > MAX_NUMBER:
        raise BadCommand(f"{place}: {short_repr(value)} is too large (at most {MAX_NUMBER:,})")
    return float(value)


def text(place: str, value: str) -> str:
    """``value`` if it can be written as UTF-8 (no lone surrogate) and is not too long."""
    if len(value) > MAX_TEXT:
        raise BadCommand(f"{place}: the text is {len(value):,} characters long (at most {MAX_TEXT:,})")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise BadCommand(
            f"{place}: the text holds a character that cannot be written (a lone surrogate "
            f"\\u{ord(value[exc.start]):04x} at character {exc.start + 1})"
        ) from None
    return value


def plain_json(place: str, value: Any, depth: int = 0) -> Any:
    """``value`` if it is plain JSON (objects with text keys, lists, text, true/false, finite
    numbers in range) nested at most ``MAX_DEPTH`` deep. Free-form values keep their JSON shape
    (lists stay lists), so a ruleset reads them as they were written."""
    if depth > MAX_DEPTH:
        raise BadCommand(f"{place}: nested more than {MAX_DEPTH} levels deep")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return whole_number(place, value)
    if isinstance(value, float):
        number(place, value)
        return value
    if isinstance(value, str):
        return text(place, value)
    if isinstance(value, list | tuple):
        return [plain_json(f"{place}[{i}]", v, depth + 1) for i, v in enumerate(value)]
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise BadCommand(f"{place}: the key {short_repr(key)} is not text")
            out[key] = plain_json(f"{place}.{text(place, key)}", item, depth + 1)
        return out
    raise BadCommand(f"{place}: {short_repr(value)} is not a JSON value")


_WORDS: dict[Any, str] = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def describe(hint: Any) -> str:
    """``hint`` in words: ``tuple[int, int]`` → "a pair of whole numbers [x, y]"."""
    options = [h for h in _alternatives(hint) if h is not type(None)]
    nullable = len(options) < len(_alternatives(hint))
    words = " or ".join(_describe_one(h) for h in options) or "null"
    return f"{words} or null" if nullable else words


def _describe_one(hint: Any) -> str:
    if hint in _WORDS:
        return _WORDS[hint]
    origin = typing.get_origin(hint) or hint
    args = typing.get_args(hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list of {_plural(args[0])}"
        if args and all(a is int for a in args) and len(args) == 2:
            return "a pair of whole numbers [x, y]"
        if args and all(a is float for a in args) and len(args) == 2:
            return "a pair of numbers [x, y]"
        if args:
            return f"a list of {len(args)}: " + ", ".join(_describe_one(a) for a in args)
        return "a list"
    if origin is list:
        return f"a list of {_plural(args[0])}" if args else "a list"
    if origin is typing.Literal:
        return "one of " + ", ".join(short_repr(a) for a in args)
    if origin in (dict, Mapping):
        return "an object {\"name\": value, …}"
    if hint is typing.Any:
        return "a JSON value"
    return getattr(hint, "__name__", "a value").lower()


def _plural(hint: Any) -> str:
    one = _describe_one(hint)
    simple = {"a whole number": "whole numbers", "a number": "numbers", "text": "texts",
              "true or false": "true/false values", "a pair of whole numbers [x, y]": "[x, y] tiles",
              "a pair of numbers [x, y]": "[x, y] points"}
    return simple.get(one, one)


def short_repr(value: Any, limit: int = 60) -> str:
    """``value`` as JSON-like text cut to ``limit`` characters, safe to print anywhere."""
    if isinstance(value, bool):
        shown = "true" if value else "false"
    elif value is None:
        shown = "null"
    elif isinstance(value, int) and value.bit_length() > 3 * limit:
        try:
            shown = f"a number of {len(str(abs(value))):,} digits"
        except ValueError:  # more digits than Python converts to text
            shown = f"a number of about {int(value.bit_length() * math.log10(2)) + 1:,} digits"
    else:
        shown = repr(value)
    shown = shown.encode("utf-8", "backslashreplace").decode("utf-8")
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"
