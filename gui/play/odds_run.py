"""A simulation run in the background for the GM window: a thread that plays the fights on a pool
of worker processes (every core) and reports its progress, its result or its failure as signals,
so the window stays responsive. Cancelling stops the workers between batches.

Worker processes are started by ``forkserver`` where the platform has it (else ``spawn``): a Qt
process must not be forked with its threads running.
"""

from __future__ import annotations

import multiprocessing
import threading
from multiprocessing.context import BaseContext

from PySide6.QtCore import QThread, Signal

from vantage.engine.model import Encounter
from vantage.engine.rules import UnknownRuleset
from vantage.engine.simulate.fight import DEFAULT_MAX_ROUNDS
from vantage.engine.simulate.policy import PolicyError
from vantage.engine.simulate.report import SimulationReport
from vantage.engine.simulate.runner import SimulationCancelled, available_cores, simulate


def worker_context() -> BaseContext:
    """How the GUI starts worker processes: ``forkserver`` where there is one, else ``spawn``."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


class SimulationRun(QThread):
    """Plays ``fights`` fights of ``encounter`` seeded ``seed`` on ``jobs`` processes."""

    progressed = Signal(int, int)  # fights done, fights in all
    succeeded = Signal(object)  # the SimulationReport
    failed = Signal(str)  # why the run stopped (cancelled, or the fight cannot be simulated)

    def __init__(self, encounter: Encounter, fights: int, seed: int, jobs: int | None = None,
                 max_rounds: int | None = None, context: BaseContext | None = None) -> None:
        super().__init__()
        self.encounter = encounter
        self.fights = fights
        self.seed = seed
        self.jobs = jobs or available_cores()
        self.max_rounds = max_rounds
        self.context = context
        self._stop = threading.Event()
        self.report: SimulationReport | None = None

    def cancel(self) -> None:
        """Stop after the batches under way (the workers are ended)."""
        self._stop.set()

    @property
    def cancelling(self) -> bool:
        return self._stop.is_set()

    def run(self) -> None:  # the thread's body
        try:
            self.report = simulate(
                self.encounter, self.fights, seed=self.seed, jobs=self.jobs,
                progress=lambda done, total: self.progressed.emit(done, total),
                cancelled=self._stop.is_set, context=self.context or worker_context(),
                max_rounds=self.max_rounds or DEFAULT_MAX_ROUNDS,
            )
        except SimulationCancelled as stop:
            self.failed.emit(f"Cancelled: {stop}.")
        except (PolicyError, UnknownRuleset, ValueError) as exc:
            self.failed.emit(f"This encounter cannot be simulated: {exc}")
        else:
            self.succeeded.emit(self.report)
