"""JSON objects that remember a repeated key, so that ``{"width": 40, "width": 50}`` is reported
instead of silently read as 50."""

from __future__ import annotations

from typing import Any


class ObjectWithRepeatedKeys(dict[str, Any]):
    """A JSON object in which some key appeared more than once (the last value is kept)."""

    repeated: tuple[str, ...] = ()


def object_from_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``json.loads``'s ``object_pairs_hook``: a dict of the pairs, marked when a key repeats."""
    result = dict(pairs)
    if len(result) == len(pairs):
        return result
    marked = ObjectWithRepeatedKeys(result)
    seen: set[str] = set()
    repeated: list[str] = []
    for key, _ in pairs:
        if key in seen and key not in repeated:
            repeated.append(key)
        seen.add(key)
    marked.repeated = tuple(repeated)
    return marked


def repeated_keys(value: object) -> tuple[str, ...]:
    """The keys that appeared more than once in the JSON object ``value`` (usually none)."""
    return getattr(value, "repeated", ()) if isinstance(value, ObjectWithRepeatedKeys) else ()
