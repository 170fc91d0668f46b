"""What a ruleset's early check of a command (``RulesetBase.early_checks``) hands on to the run
that follows it, kept by the ruleset instance (never by a module).

``apply_answering`` makes the early check on the encounter as given, then runs the command's
handler on that very encounter: a command whose checks have just passed there need not be checked
again (the writes the run makes before them change nothing they read), and a ruleset that skips
the early check of the first command tried on a fresh encounter (its run checks it at no extra
cost) remembers which encounter that was. Both are remembered by identity — an encounter and a
command are never changed in place — so a stale memory is never mistaken for a fresh one; and
each thread has its own (the simulator's fights may run beside the GUI's commands)."""

from __future__ import annotations

import threading
from typing import Any

from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Command


class EarlyCheckMemo(threading.local):
    """The last command whose early check passed (with the encounter and what the checks found),
    and the encounter a command was last tried on without an early check: one of each per thread
    (a ``threading.local``)."""

    #: (the encounter, the command, what its checks found) of the last early check that passed
    passed: tuple[Encounter, Command, Any] | None = None
    #: the encounter a command was last tried on without an early check
    tried: Encounter | None = None

    def keep_passed(self, encounter: Encounter, command: Command, found: Any = None) -> None:
        """``command``'s checks have passed on ``encounter`` and found ``found``."""
        self.passed = (encounter, command, found)

    def passed_on(self, encounter: Encounter, command: Command) -> bool:
        """Whether the last early check that passed was ``command``'s on ``encounter``."""
        last = self.passed  # one read
        return last is not None and last[0] is encounter and last[1] is command

    def found_on(self, encounter: Encounter, command: Command, missing: Any = None) -> Any:
        """What ``command``'s checks found on ``encounter`` when they passed last, else ``missing``."""
        last = self.passed
        if last is not None and last[0] is encounter and last[1] is command:
            return last[2]
        return missing

    def first_try(self, encounter: Encounter) -> bool:
        """True the first time in a row a command is tried on ``encounter`` (remembered: the
        next try on it is not the first)."""
        if self.tried is encounter:
            return False
        self.tried = encounter
        return True

    def __reduce__(self) -> tuple[type, tuple[()]]:
        """Pickled (with a ruleset instance) as a fresh memo: what a thread remembers stays there."""
        return (EarlyCheckMemo, ())

    def forget(self) -> None:
        """Remember nothing (a test that compares a checked run with a full one)."""
        self.passed = None
        self.tried = None
