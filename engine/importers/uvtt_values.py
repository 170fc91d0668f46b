"""Reading typed values out of Universal VTT JSON, with the key path in every complaint."""

from __future__ import annotations

import math

from vantage.engine.importers.report import MapImportError
from vantage.engine.model import Point


class BadValue(ValueError):
    """One malformed value; ``str()`` names its key, e.g. ``line_of_sight[2][5].x: not a number``."""


def number(value: object, key: str) -> float:
    if type(value) is float and -math.inf < value < math.inf:  # the common case, checked first
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise BadValue(f"{key}: expected a number, found {_kind(value)}")
    try:
        result = float(value)
    except ValueError:
        raise BadValue(f"{key}: expected a number, found {value!r:.40}") from None
    if not math.isfinite(result):
        raise BadValue(f"{key}: {value!r} is not a finite number")
    return result


#: Number types read without further checks (bool is not one: ``type(True) is bool``).
_PLAIN = (float, int)


def plain_point(value: object) -> Point | None:
    """A ``{"x": …, "y": …}`` point of two plain finite numbers (what exporters write), or None
    for anything else (which :func:`point` checks, naming the key): the quick path of reading."""
    if type(value) is dict:
        x, y = value.get("x"), value.get("y")
        if type(x) in _PLAIN and type(y) in _PLAIN:
            fx, fy = float(x), float(y)  # type: ignore[arg-type]
            if -math.inf < fx < math.inf and -math.inf < fy < math.inf:
                return (fx, fy)
    return None


def point(value: object, key: str) -> Point:
    """A ``{"x": …, "y": …}`` point (a ``[x, y]`` pair is accepted too)."""
    plain = plain_point(value)
    if plain is not None:
        return plain
    if isinstance(value, dict):
        if "x" not in value or "y" not in value:
            raise BadValue(f"{key}: a point needs both 'x' and 'y'")
        return (number(value["x"], f"{key}.x"), number(value["y"], f"{key}.y"))
    if isinstance(value, list | tuple) and len(value) == 2:
        return (number(value[0], f"{key}[0]"), number(value[1], f"{key}[1]"))
    raise BadValue(f"{key}: expected a point {{\"x\": …, \"y\": …}}, found {_kind(value)}")


def required_dict(data: dict, key: str, place: str = "") -> dict:
    name = f"{place}.{key}" if place else key
    if key not in data:
        raise MapImportError(f"{name}: missing (this key is required)")
    value = data[key]
    if not isinstance(value, dict):
        raise MapImportError(f"{name}: expected an object, found {_kind(value)}")
    return value


def optional_list(data: dict, key: str, warnings: list[str]) -> list:
    """``data[key]`` as a list; missing or null is empty; any other type is a warning."""
    value = data.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        warnings.append(f"{key}: expected a list, found {_kind(value)}; ignored")
        return []
    return value


def flag(value: object, key: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    raise BadValue(f"{key}: expected true or false, found {value!r:.40}")


def _kind(value: object) -> str:
    if value is None:
        return "null"
    return {dict: "an object", list: "a list", str: "text", bool: "true/false"}.get(
        type(value), type(value).__name__
    )
