"""A memo for what a ruleset reads from a stat block (its problems, its parsed block): rules read a
token's stat block at every command, and it seldom changes.

:func:`memo_by_stats` keys an answer by the identity of the stat block (and the other arguments),
and gives it again only while that very object is still equal to a copy taken when the answer was
made — so a stat block changed in place is read afresh. A list answer is handed out as a new list
(callers extend it); other answers must be immutable values (frozen dataclasses).
"""

from __future__ import annotations

import copy
import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")


def memo_by_stats(size: int = 1024) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """Decorate ``func(stats, *more)``: the last ``size`` answers kept (module text)."""

    def decorate(func: Callable[..., T]) -> Callable[..., T]:
        entries: OrderedDict[tuple[int, tuple[Hashable, ...]], tuple[object, object, T]] = OrderedDict()

        @functools.wraps(func)
        def remembered(stats: object, *more: Hashable) -> T:
            key = (id(stats), more)
            seen = entries.get(key)
            if seen is not None and seen[0] is stats and seen[1] == stats:
                entries.move_to_end(key)
                value = seen[2]
            else:
                value = func(stats, *more)
                entries[key] = (stats, copy.deepcopy(stats), value)
                if len(entries) > size:
                    entries.popitem(last=False)
            return list(value) if isinstance(value, list) else value  # type: ignore[return-value]

        remembered.cache_clear = entries.clear  # type: ignore[attr-defined]
        return remembered

    return decorate


