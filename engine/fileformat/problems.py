"""What is wrong with an encounter file: each problem with its place, and the error carrying them all.

A *place* is a path into the file in the way a reader would write it: ``tokens[3].position``,
``map.terrain.rows[4]``, ``line 3, column 5``; an empty place means the file as a whole.
"""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: ``place`` (where) and ``message`` (what, in plain words)."""

    place: str
    message: str

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message


class EncounterFileError(Exception):
    """A file (or data) that is not a valid encounter; ``problems`` lists *every* problem found."""

    def __init__(self, problems: tuple[Problem, ...] | list[Problem], path: str | None = None) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        self.path = path
        super().__init__(str(self))

    def __str__(self) -> str:
        where = printable_name(self.path) if self.path else "the encounter"
        if len(self.problems) == 1:
            return f"{where}: {self.problems[0]}"
        lines = [f"{where}: {len(self.problems)} problems"]
        lines += [f"  {p}" for p in self.problems]
        return "\n".join(lines)


class RulesetMissing(EncounterFileError):
    """A file whose only problem is that it names no ruleset (:func:`ruleset_missing`): rather
    than show the problem, a caller may ask the GM which ruleset plays it and read the file again
    with the answer (``load_encounter(path, chosen_ruleset=…)``)."""


def ruleset_missing(known: tuple[str, ...]) -> Problem:
    """The problem of a file without ``ruleset``, naming the fix: one of the ``known`` ids."""
    choices = ", ".join(known) if known else "none is installed"
    return Problem("ruleset", "is missing — an encounter names the ruleset it is played by: "
                   f"one of {choices}")


class ProblemLog:
    """Collects problems while a file is read, so that one pass reports all of them."""

    def __init__(self) -> None:
        self._problems: list[Problem] = []

    def add(self, place: str, message: str) -> None:
        self._problems.append(Problem(place, message))

    @property
    def problems(self) -> tuple[Problem, ...]:
        return tuple(self._problems)

    def __bool__(self) -> bool:
        return bool(self._problems)

    def __len__(self) -> int:
        return len(self._problems)


def join(place: str, key: str) -> str:
    """The place of ``key`` inside the object at ``place`` (``map`` + ``width`` → ``map.width``)."""
    return f"{place}.{key}" if place else key


def item(place: str, index: int) -> str:
    """The place of element ``index`` of the list at ``place`` (``tokens[3]``)."""
    return f"{place}[{index}]"


def count(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless n is 1 (``1 row``, ``29 rows``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def printable_name(name: str) -> str:
    """A file name for a message on one line: control characters (a newline in the name) and lone
    surrogates are escaped (``new\\nline.json``)."""
    if name.isprintable():
        return name.encode("utf-8", "backslashreplace").decode("utf-8")
    escaped = "".join(c if c.isprintable() else repr(c)[1:-1] for c in name)
    return escaped.encode("utf-8", "backslashreplace").decode("utf-8")


def got(value: object) -> str:
    """``a string "x"``, ``a number 3``, ``null`` (not "null null"): what a message says it got."""
    return "null" if value is None else f"{kind_of(value)} {show(value)}"


def show(value: object, limit: int = 40) -> str:
    """A short JSON rendering of a bad value for a message (``"colossal"``, ``[52, 4]``)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**15:
        # a huge whole number reads as 1e+308, not as 309 digits — beyond a float too (2.36e+400);
        # past Python's limit for turning digits into text, only its size is said
        if value.bit_length() > 1023:
            if value.bit_length() >= 14_000:
                return "a whole number of thousands of digits"
            text = str(abs(value))
            return f"{'-' if value < 0 else ''}{text[0]}.{text[1:3]}e+{len(text) - 1}"
        value = float(value)
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def kind_of(value: object) -> str:
    """What sort of JSON value ``value`` is, in words (``a string``, ``a list``, ``null``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def problems_text(error: Exception) -> str:
    """An error's problems, one ``place: message`` a line (or the error's own text)."""
    problems = getattr(error, "problems", None)
    if problems:
        return "\n".join(str(p) for p in problems)
    return str(error)
