"""The one timer every benchmark uses: the median of a few runs of an action."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(
    action: Callable[[], object], repeats: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Median seconds one call of ``action`` takes over ``repeats`` calls, by ``clock``
    (wall time by default; ``time.process_time`` for CPU time on a shared machine)."""
    times = []
    for _ in range(repeats):
        start = clock()
        action()
        times.append(clock() - start)
    return statistics.median(times)


def median_ms(
    action: Callable[[], object], repeats: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """:func:`median_seconds` in milliseconds."""
    return median_seconds(action, repeats, clock) * 1000
