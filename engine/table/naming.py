"""Telling tokens apart: identical names are numbered (Ghoul 1, Ghoul 2, Ghoul 3).

A name is the token's own, shown on the token, in the turn tracker and in every sentence of the
log, so numbering lives in the data: a new token whose name is taken gets the next free number
(:func:`numbered_name`), and an encounter that arrives with identical names (a file written by
hand, an older sample) is numbered once by the GM window (:func:`identical_name_fixes`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from vantage.engine.model import Token

_NUMBERED = re.compile(r"^(?P<base>.*\S)\s+(?P<number>\d+)$")


def base_name(name: str) -> str:
    """``"Ghoul 2"`` → ``"Ghoul"``; a name without a number is its own base."""
    match = _NUMBERED.match(name.strip())
    return match.group("base") if match else name.strip()


def numbered_name(name: str, taken: Iterable[str]) -> str:
    """``name`` if no token has it, else its base with the lowest number ≥ 2 that is free
    (``"Ghoul"`` beside ``"Ghoul"`` → ``"Ghoul 2"``; beside ``"Ghoul 2"`` too → ``"Ghoul 3"``)."""
    used = {t.strip().casefold() for t in taken}
    name = name.strip()
    if name.casefold() not in used:
        return name
    base = base_name(name)
    number = 2
    while f"{base} {number}".casefold() in used:
        number += 1
    return f"{base} {number}"


def identical_name_fixes(tokens: Iterable[Token]) -> list[tuple[str, str]]:
    """``(token id, new name)`` for every token whose name another token shares: they become
    ``"<name> 1"``, ``"<name> 2"`` … in the order of the tokens, skipping numbers in use."""
    tokens = list(tokens)
    counts = Counter(t.name.strip().casefold() for t in tokens)
    used = {t.name.strip().casefold() for t in tokens}
    fixes: list[tuple[str, str]] = []
    next_number: dict[str, int] = {}
    for token in tokens:
        key = token.name.strip().casefold()
        if counts[key] < 2:
            continue
        number = next_number.get(key, 1)
        while f"{token.name.strip()} {number}".casefold() in used:
            number += 1
        new = f"{token.name.strip()} {number}"
        used.add(new.casefold())
        next_number[key] = number + 1
        fixes.append((token.id, new))
    return fixes
