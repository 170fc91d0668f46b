"""A memo of a one-argument function keyed by the identity of its argument, for immutable values.

Engine values (maps, token tuples, stat blocks) are never changed in place, so a value built from
one of them stays right for as long as that very object lives. :func:`identity_cache` keeps the
last ``size`` results keyed by ``id(argument)`` and holds a reference to each argument, so that its
id cannot be reused by another object while the entry is cached. An equal but different object is
a miss (equality may be expensive, and identity is what the callers know to be safe).
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityCache(Generic[K, V]):
    """``build`` memoised by the identity of its argument, the ``size`` most recently used kept."""

    def __init__(self, build: Callable[[K], V], size: int) -> None:
        if size < 1:
            raise ValueError(f"an identity cache holds at least 1 entry, not {size}")
        self.build = build
        self.size = size
        self._entries: OrderedDict[int, tuple[K, V]] = OrderedDict()
        #: the id of the entry used last (the one at the end of ``_entries``), -1: none
        self._last = -1
        #: the entry used last itself, (argument, result), or None: asked again at once (most
        #: calls in a row are about one value), answered without the dict's lookups
        self._last_entry: tuple[K, V] | None = None
        functools.update_wrapper(self, build)

    def __call__(self, key: K) -> V:
        last = self._last_entry  # one read: another thread may put its own entry meanwhile
        if last is not None and last[0] is key:
            return last[1]
        entries = self._entries
        ident = id(key)
        entry = entries.get(ident)
        if entry is not None and entry[0] is key:
            if self._last != ident:  # the most recent already: nothing to move
                entries.move_to_end(ident)
                self._last = ident
            self._last_entry = entry
            return entry[1]
        value = self.build(key)
        entries[ident] = entry = (key, value)
        entries.move_to_end(ident)
        self._last = ident
        self._last_entry = entry
        if len(entries) > self.size:
            entries.popitem(last=False)
        return value

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        """Forget every cached result."""
        self._entries.clear()
        self._last = -1
        self._last_entry = None


def identity_cache(size: int) -> Callable[[Callable[[K], V]], IdentityCache[K, V]]:
    """A decorator: memoise a one-argument function by its argument's identity (module text)."""

    def decorate(build: Callable[[K], V]) -> IdentityCache[K, V]:
        return IdentityCache(build, size)

    return decorate
