"""What an early check hands on to its run (engine/rules/early_memo.py), kept by the ruleset
instance, one per thread: "Both are remembered by identity … and each thread has its own"."""

from __future__ import annotations

import pickle
import threading

from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.commands import Attack
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.early_memo import EarlyCheckMemo


def _encounter() -> Encounter:
    return Encounter(map=GameMap(width=4, height=4), ruleset="avorkarth")


def test_a_passed_check_stands_for_that_very_encounter_and_command_only():
    memo = EarlyCheckMemo()
    enc, cmd = _encounter(), Attack("a", "b")
    memo.keep_passed(enc, cmd, "found")
    assert memo.passed_on(enc, cmd) and memo.found_on(enc, cmd) == "found"
    # an equal command or an equal encounter is not the one checked
    assert not memo.passed_on(enc, Attack("a", "b")) and not memo.passed_on(_encounter(), cmd)
    assert memo.found_on(_encounter(), cmd, "missing") == "missing"
    memo.forget()
    assert not memo.passed_on(enc, cmd)


def test_the_first_try_on_an_encounter_is_told_once():
    memo = EarlyCheckMemo()
    first, second = _encounter(), _encounter()
    assert memo.first_try(first) and not memo.first_try(first)
    assert memo.first_try(second) and memo.first_try(first)


def test_each_thread_has_its_own_memory():
    memo = EarlyCheckMemo()
    enc, cmd = _encounter(), Attack("a", "b")
    memo.keep_passed(enc, cmd)
    seen: list[bool] = []
    worker = threading.Thread(target=lambda: seen.append(memo.passed_on(enc, cmd)))
    worker.start()
    worker.join()
    assert seen == [False] and memo.passed_on(enc, cmd)


def test_every_ruleset_with_an_early_check_owns_its_memo_and_pickles_without_it():
    for name in ("avorkarth", "baton"):
        ruleset = get_ruleset(name)
        assert isinstance(ruleset.early_memo, EarlyCheckMemo)
        assert ruleset.early_memo is ruleset.early_memo  # made once per instance
        ruleset.early_memo.keep_passed(_encounter(), Attack("a", "b"))
        copied = pickle.loads(pickle.dumps(ruleset.early_memo))
        assert copied.passed is None
