"""Readers for the fields of an encounter file that record every problem instead of stopping.

Each ``read_*`` takes the JSON object, the key, the object's place and the :class:`ProblemLog`.
A missing optional key gives ``default``; a missing required key (``default=REQUIRED``) or a bad
value is logged with its place and gives ``None`` (or ``default`` when there is one), so the
caller can go on and find the next problem.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from typing import Any, TypeGuard, TypeVar

from vantage.engine.fileformat.json_objects import repeated_keys
from vantage.engine.fileformat.problems import ProblemLog, got, item, join, show

T = TypeVar("T")

#: The largest whole number a field holds (JSON-safe integers); beyond it a number is a mistake.
MAX_WHOLE = 2**53


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
_ABSENT: Any = object()

_COLOR = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")


def _get(obj: Mapping[str, Any], key: str, place: str, log: ProblemLog, default: Any) -> Any:
    if key in obj:
        return obj[key]
    if default is REQUIRED:
        log.add(join(place, key), "is missing (it is required)")
    return _ABSENT


def _fallback(default: Any) -> Any:
    return None if default is REQUIRED else default


def check_object(value: Any, place: str, log: ProblemLog) -> dict[str, Any] | None:
    if isinstance(value, dict):
        bad_keys = [key for key in value if not isinstance(key, str)]
        if bad_keys:
            log.add(place, f"key {show(bad_keys[0])} is not a string")
            return None
        report_repeated_keys(value, place, log)
        return value
    log.add(place, f"expected an object {{…}}, got {got(value)}")
    return None


def report_repeated_keys(value: dict[str, Any], place: str, log: ProblemLog) -> None:
    for key in repeated_keys(value):
        log.add(place, f"the key {show(key)} appears more than once; which one is meant is unclear")


def check_list(value: Any, place: str, log: ProblemLog) -> list[Any] | None:
    if isinstance(value, list | tuple):  # tuples: data built in Python rather than parsed
        return list(value)
    log.add(place, f"expected a list […], got {got(value)}")
    return None


def is_number(value: Any) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_number(
    value: Any,
    place: str,
    log: ProblemLog,
    *,
    whole: bool = False,
    minimum: float | None = None,
    positive: bool = False,
    maximum: float | None = None,
) -> float | None:
    """``value`` as a finite number within the limits, or ``None`` after logging why not."""
    if not is_number(value):
        log.add(place, f"expected a number, got {got(value)}")
        return None
    if not math.isfinite(value):
        log.add(place, f"{show(value)} is not a finite number")
        return None
    if whole and not float(value).is_integer():
        log.add(place, f"must be a whole number, got {show(value)}")
        return None
    if whole and abs(value) > MAX_WHOLE:
        log.add(place, f"{show(value)} is too large to be a whole number here (at most {MAX_WHOLE:,})")
        return None
    if positive and value <= 0:
        log.add(place, f"must be more than 0, got {show(value)}")
        return None
    if minimum is not None and value < minimum:
        log.add(place, f"must be at least {minimum:g}, got {show(value)}")
        return None
    if maximum is not None and value > maximum:
        log.add(place, f"must be at most {maximum:g}, got {show(value)}")
        return None
    return value


def read_number(
    obj: Mapping[str, Any],
    key: str,
    place: str,
    log: ProblemLog,
    default: Any = REQUIRED,
    **limits: Any,
) -> float | None:
    value = _get(obj, key, place, log, default)
    if value is _ABSENT:
        return _fallback(default)
    checked = check_number(value, join(place, key), log, **limits)
    return _fallback(default) if checked is None else float(checked)


def read_int(
    obj: Mapping[str, Any], key: str, place: str, log: ProblemLog, default: Any = REQUIRED, **limits: Any
) -> int | None:
    value = _get(obj, key, place, log, default)
    if value is _ABSENT:
        return _fallback(default)
    checked = check_number(value, join(place, key), log, whole=True, **limits)
    return _fallback(default) if checked is None else int(checked)


def read_str(
    obj: Mapping[str, Any],
    key: str,
    place: str,
    log: ProblemLog,
    default: Any = REQUIRED,
    *,
    non_empty: bool = False,
    nullable: bool = False,
) -> str | None:
    value = _get(obj, key, place, log, default)
    if value is _ABSENT:
        return _fallback(default)
    if value is None and nullable:
        return None
    if not isinstance(value, str):
        wanted = "a string or null" if nullable else "a string"
        log.add(join(place, key), f"expected {wanted}, got {got(value)}")
        return _fallback(default)
    if non_empty and not value.strip():
        log.add(join(place, key), "must not be empty")
        return _fallback(default)
    return value


def read_bool(
    obj: Mapping[str, Any], key: str, place: str, log: ProblemLog, default: Any = REQUIRED
) -> bool | None:
    value = _get(obj, key, place, log, default)
    if value is _ABSENT:
        return _fallback(default)
    if not isinstance(value, bool):
        log.add(join(place, key), f"expected true or false, got {got(value)}")
        return _fallback(default)
    return value


def check_choice(value: Any, choices: Mapping[str, T], place: str, log: ProblemLog) -> T | None:
    """``choices[value]``, or ``None`` after logging the allowed names."""
    if isinstance(value, str) and value in choices:
        return choices[value]
    log.add(place, f"{show(value)} is not one of {', '.join(choices)}")
    return None


def read_choice(
    obj: Mapping[str, Any], key: str, place: str, log: ProblemLog, choices: Mapping[str, T], default: Any
) -> T | None:
    value = _get(obj, key, place, log, default)
    if value is _ABSENT:
        return _fallback(default)
    checked = check_choice(value, choices, join(place, key), log)
    return _fallback(default) if checked is None else checked


def read_color(obj: Mapping[str, Any], key: str, place: str, log: ProblemLog, default: Any) -> str | None:
    value = read_str(obj, key, place, log, default)
    if value is None or value is default:
        return value
    if not _COLOR.fullmatch(value):
        log.add(join(place, key), f'{show(value)} is not a colour like "#rrggbb" or "#aarrggbb"')
        return _fallback(default)
    return value


def check_point(
    value: Any, place: str, log: ProblemLog, *, whole: bool = False
) -> tuple[float, float] | None:
    """A ``[x, y]`` pair of finite numbers (whole numbers for tiles)."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        shape = "[x, y] with whole numbers" if whole else "[x, y]"
        log.add(place, f"expected a point {shape}, got {got(value)}")
        return None
    x = check_number(value[0], item(place, 0), log, whole=whole)
    y = check_number(value[1], item(place, 1), log, whole=whole)
    if x is None or y is None:
        return None
    return (int(x), int(y)) if whole else (float(x), float(y))


def read_point(
    obj: Mapping[str, Any],
    key: str,
    place: str,
    log: ProblemLog,
    default: Any = REQUIRED,
    *,
    whole: bool = False,
) -> Any:
    value = _get(obj, key, place, log, default)
    if value is _ABSENT:
        return _fallback(default)
    checked = check_point(value, join(place, key), log, whole=whole)
    return _fallback(default) if checked is None else checked


def read_list(obj: Mapping[str, Any], key: str, place: str, log: ProblemLog) -> list[Any]:
    """An optional list (absent: empty); a value of another type is logged and read as empty."""
    value = _get(obj, key, place, log, [])
    if value is _ABSENT:
        return []
    return check_list(value, join(place, key), log) or []


def read_objects(
    obj: Mapping[str, Any], key: str, place: str, log: ProblemLog
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each object of the optional list ``obj[key]`` with its place (``walls[2]``); an element
    that is not an object is logged and skipped, as a list of another type is by :func:`read_list`."""
    list_place = join(place, key)
    for index, entry in enumerate(read_list(obj, key, place, log)):
        at = item(list_place, index)
        checked = check_object(entry, at, log)
        if checked is not None:
            yield at, checked


def check_plain_data(value: Any, place: str, log: ProblemLog, *, depth: int = 0) -> None:
    """Log every place inside free-form data (stats, combat) that JSON cannot hold faithfully."""
    if depth > 100:
        log.add(place, "is nested more than 100 levels deep")
    elif isinstance(value, dict):
        if depth:  # the object itself was checked by check_object
            report_repeated_keys(value, place, log)
        for key, inner in value.items():
            if not isinstance(key, str):
                log.add(place, f"key {show(key)} is not a string")
            else:
                check_plain_data(inner, join(place, key), log, depth=depth + 1)
    elif isinstance(value, list | tuple):
        for index, inner in enumerate(value):
            check_plain_data(inner, item(place, index), log, depth=depth + 1)
    elif isinstance(value, float) and not math.isfinite(value):
        log.add(place, f"{show(value)} is not a finite number")
    elif not (value is None or isinstance(value, str | int | float | bool)):
        log.add(place, f"a {type(value).__name__} cannot be stored in a file")
