"""Many fights of one encounter, on one core or a pool of worker processes.

Fight ``i`` of a run seeded ``S`` is always played with the dice seeded :func:`fight_seed(S, i)`,
and the records are put back in fight order, so the same seed gives the same numbers whatever the
number of processes. ``progress(done, total)`` is called as fights come back; ``cancelled()`` is
asked between batches, and a cancelled run stops its workers and raises
:class:`SimulationCancelled`.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from collections.abc import Callable, Iterator
from multiprocessing.context import BaseContext
from typing import Any

from vantage.engine.fileformat import encounter_from_dict, encounter_to_dict
from vantage.engine.model import Encounter, Side
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.simulation import damage_unit
from vantage.engine.simulate.fight import DEFAULT_MAX_ROUNDS, FightRecord, fight_seed, play_fight
from vantage.engine.simulate.report import SimulationReport, summarise

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]

#: At most this many fights in one batch handed to a worker (smaller batches: finer progress).
MAX_BATCH = 16
#: Each batch is about 1/this of each process's share of the fights still to hand out.
BATCHES_PER_SHARE = 4
#: How often a pooled run that waits for its workers looks whether it was cancelled (seconds).
CANCEL_POLL_SECONDS = 0.2


class SimulationCancelled(Exception):
    """The run was cancelled before every fight was played."""


def available_cores() -> int:
    """The processor cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def play_batch(encounter: Encounter, seed: int, first: int, stop: int, max_rounds: int) -> list[FightRecord]:
    """Fights ``first`` … ``stop - 1`` of the run seeded ``seed``."""
    return [play_fight(encounter, fight_seed(seed, i), max_rounds) for i in range(first, stop)]


#: In a worker process: (encounter, seed, round limit) of the run it plays batches of.
_WORKER: list[tuple[Encounter, int, int]] = []


def _worker_start(data: dict[str, Any] | Encounter, seed: int, max_rounds: int) -> None:
    encounter = data if isinstance(data, Encounter) else encounter_from_dict(data)
    _WORKER[:] = [(encounter, seed, max_rounds)]


def _worker_batch(span: tuple[int, int]) -> list[FightRecord]:
    encounter, seed, max_rounds = _WORKER[0]
    return play_batch(encounter, seed, span[0], span[1], max_rounds)


def batches(fights: int, jobs: int, first: int = 0) -> list[tuple[int, int]]:
    """Fights ``first`` … ``fights - 1`` cut into batches, guided: each batch about a quarter of
    each process's share of the fights still to hand out (at most :data:`MAX_BATCH`), so that the
    batches shrink toward the end and no process is left with a long batch while the others wait."""
    spans = []
    share = max(1, jobs) * BATCHES_PER_SHARE
    while first < fights:
        size = max(1, min(MAX_BATCH, -(-(fights - first) // share)))
        spans.append((first, min(fights, first + size)))
        first += size
    return spans


def _records(encounter: Encounter, fights: int, seed: int, jobs: int, max_rounds: int,
             context: BaseContext | None, cancelled: Cancelled | None = None) -> Iterator[list[FightRecord]]:
    spans = batches(fights, jobs)
    if jobs <= 1 or len(spans) <= 1:
        for first, stop in spans:
            yield play_batch(encounter, seed, first, stop, max_rounds)
        return
    ctx = context or multiprocessing.get_context()
    data: dict[str, Any] | Encounter
    if ctx.get_start_method() == "fork":
        # a forked worker starts with this process's memory: the first fight played here first
        # leaves the caches it fills (movement graphs, stat memos …, kept by the identity of this
        # encounter and its map, handed over as they are) warm in every worker, not cold in each
        yield play_batch(encounter, seed, 0, 1, max_rounds)
        spans = batches(fights, jobs, 1)
        data = encounter
    else:
        data = encounter_to_dict(encounter)  # plain JSON: any start method can send it
    if not spans:
        return
    # the workers forked now never have their collector walk what they were handed: every object
    # alive here is set aside as permanent in them (Python's advice for fork without exec: no
    # full collection in a worker goes through the parent's modules, caches and first fight), and
    # this process takes them back at once (2-3 % of 400 fights of the Avorkarth samples)
    gc.freeze()
    try:
        pool = ctx.Pool(min(jobs, len(spans)), _worker_start, (data, seed, max_rounds))
    finally:
        gc.unfreeze()
    with pool:
        try:
            results = pool.imap(_worker_batch, spans)
            for _ in spans:
                while True:  # wait for the next batch, looking for a cancel every few moments
                    try:
                        batch = results.next(timeout=CANCEL_POLL_SECONDS)
                        break
                    except multiprocessing.TimeoutError:
                        if cancelled is not None and cancelled():
                            raise SimulationCancelled("cancelled while the fights were played") from None
                yield batch
        finally:
            pool.terminate()


def simulate(encounter: Encounter, fights: int, *, seed: int = 0, jobs: int = 1,
             max_rounds: int = DEFAULT_MAX_ROUNDS, progress: Progress | None = None,
             cancelled: Cancelled | None = None, context: BaseContext | None = None) -> SimulationReport:
    """Play ``encounter`` ``fights`` times from its current state and sum the fights up."""
    if fights < 1:
        raise ValueError(f"the number of fights must be at least 1, not {fights}")
    if max_rounds < 1:
        raise ValueError(f"the round limit must be at least 1, not {max_rounds}")
    for side in (Side.PARTY, Side.ENEMY):
        if not any(t.side is side and t.stats for t in encounter.tokens):
            raise ValueError(f"there is no {side.value} creature with a stat block to fight: a simulated "
                             "fight needs at least one on each side (party and enemy)")
    ruleset = get_ruleset(encounter.ruleset)
    # every fight starts from the encounter as its file holds it, in this process or a worker
    encounter = encounter_from_dict(encounter_to_dict(encounter))
    records: list[FightRecord] = []
    batches_in = _records(encounter, fights, seed, jobs, max_rounds, context, cancelled)
    try:
        for batch in batches_in:
            records.extend(batch)
            if progress is not None:
                progress(len(records), fights)
            if cancelled is not None and cancelled() and len(records) < fights:
                raise SimulationCancelled
    except SimulationCancelled:
        raise SimulationCancelled(f"cancelled after {len(records)} of {fights} fights") from None
    finally:
        close = getattr(batches_in, "close", None)
        if close is not None:
            close()
    return summarise(encounter, records, seed, max_rounds, ruleset.name, damage_unit(ruleset))
