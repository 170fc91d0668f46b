"""GM windows for the play tests, shown, active, at zoom 1 (``tests/support/gm_windows.py``):

- ``skirmish_window``: the Skirmish test ruleset (tests/support/skirmish_ruleset.py), registered for
  the test: Bram (4, 6) and Ada (8, 8) of the party against Ghoul (5, 5) and Wight (1, 2);
- ``sample_window``: a factory, ``sample_window("04-power-tiers-ambush.json", centre=(7, 7))``, a
  window on a sample map with every die rolled by Vantage (the test's scripted dice) unless
  ``vantage_rolls=False``; each window it opens is closed at the end of the test."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from gm_windows import open_sample, show_gm_window
from skirmish_ruleset import registered, sample_encounter

from vantage.engine.model import Tile
from vantage.gui.gm.main_window import MainWindow


@pytest.fixture
def skirmish_window(qtbot):
    with registered():
        window = show_gm_window(qtbot, MainWindow(sample_encounter()), (6, 5))
        yield window
        window.close()


@pytest.fixture
def sample_window(qtbot) -> Iterator[Callable[..., MainWindow]]:
    opened: list[MainWindow] = []

    def open_one(name: str, centre: Tile, vantage_rolls: bool = True) -> MainWindow:
        window = open_sample(qtbot, name, centre, vantage_rolls)
        opened.append(window)
        return window

    yield open_one
    for window in opened:
        window.close()
