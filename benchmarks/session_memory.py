"""Where a long session's memory goes (``long_session.py --why-memory``; issue 32: "memory per
command … find what really grows").

- :func:`history_bytes`: the Python objects the undo history keeps for its later steps and no
  earlier step shares, by type (``sys.getsizeof``: without the allocator's rounding and the
  collector's headers, so a little under what they cost);
- :func:`trimmed_resident_kb`: the resident memory after glibc gave back every free page it can
  (``malloc_trim``): growth that stays after it is memory in use, not heap fragmentation;
- :func:`qt_objects`: how many Qt objects the window holds.
"""

from __future__ import annotations

import collections
import ctypes
import ctypes.util
import gc
import sys
import types
from collections.abc import Callable
from typing import Any

_NOT_DATA = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def history_bytes(steps: list[Any], states: Callable[[Any], tuple[object, ...]]) -> collections.Counter[str]:
    """Bytes by type that the last half of ``steps`` keep beyond what the first half keeps
    (``states(step)``: what one step holds); divide by the steps counted for a figure a step."""
    seen: set[int] = set()
    sizes: collections.Counter[str] = collections.Counter()

    def walk(roots: tuple[object, ...], counter: collections.Counter[str] | None) -> None:
        todo = list(roots)
        while todo:
            obj = todo.pop()
            if id(obj) in seen or isinstance(obj, _NOT_DATA):
                continue
            seen.add(id(obj))
            if counter is not None:
                counter[type(obj).__qualname__] += sys.getsizeof(obj)
            todo.extend(gc.get_referents(obj))

    half = len(steps) // 2
    for step in steps[:half]:
        walk(states(step), None)
    for step in steps[half:]:
        walk(states(step), sizes)
    return sizes


def trimmed_resident_kb(resident_kb: Callable[[], float]) -> float | None:
    """The resident memory after ``malloc_trim(0)`` (None where the C library has none)."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
        trim = getattr(libc, "malloc_trim", None)
    except OSError:
        trim = None
    if trim is None:
        return None
    trim(0)
    return resident_kb()


def qt_objects(root: Any) -> int:
    """How many QObjects ``root`` holds (its children, grandchildren …)."""
    from PySide6.QtCore import QObject

    return len(root.findChildren(QObject))
