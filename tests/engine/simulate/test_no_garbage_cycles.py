"""A simulated fight leaves no reference cycles behind: every command's working objects (its
states, events, dice and the answers it asked) are freed by their reference counts as soon as the
player drops them, not kept alive until Python's cycle collector finds them. A cycle in `apply`
(the answering closure and its answers, each holding the other) once kept every command's
encounter and events alive, and the collector's passes over them cost a tenth of a fight."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from vantage.engine.fileformat import load_encounter
from vantage.engine.simulate.fight import fight_seed, play_fight

MAPS = Path(__file__).resolve().parents[3] / "maps"


@pytest.fixture
def collector_off() -> Iterator[None]:
    """The cycle collector stopped, with nothing of the tests before left for it to find."""
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@pytest.mark.parametrize("sample", sorted(p.name for p in MAPS.glob("*.json")))
def test_a_fight_leaves_no_garbage_cycles(sample: str, collector_off: None) -> None:
    encounter = load_encounter(MAPS / sample)
    play_fight(encounter, fight_seed(3, 0))  # the first fight fills the caches, kept on purpose
    gc.collect()
    record = play_fight(encounter, fight_seed(3, 1))
    assert record.commands > 10  # a fight was played: commands asked answers, attacks were rolled
    unreachable = gc.collect()
    assert unreachable == 0, f"{sample}: a fight left {unreachable} objects in reference cycles"
