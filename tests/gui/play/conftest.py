"""The GM's map for the play tests, shown, active, at zoom 1.

The fast lane, a workspace without the GM window (``tests/support/play_workspace.py``):

- ``demo_play``: the demo encounter in play mode — the play tool and the tactics overlay;
- ``demo_panels``: the same with the attack menu, turn tracker, token and Decisions panels;
- ``skirmish_play`` and ``skirmish_panels``: the same on the Skirmish test ruleset
  (tests/support/skirmish_ruleset.py), registered for the test: Bram (4, 6) and Ada (8, 8) of the
  party against Ghoul (5, 5) and Wight (1, 2);
- ``sample_panels``: a factory, ``sample_panels("04-power-tiers-ambush.json", centre=(7, 7))``, on
  a sample map with every die rolled by Vantage (the test's scripted dice) unless
  ``vantage_rolls=False``.

Whole GM windows (``tests/support/gm_windows.py``), for the tests of the window's own flows, which
are marked slow: ``gm_window`` (tests/gui/conftest.py), ``skirmish_window`` and the factory
``sample_window``, alike; each window is closed at the end of the test."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from gm_windows import open_sample, sample_encounter, show_gm_window
from play_workspace import PlayPanels, PlayWorkspace, play_panels, play_workspace
from skirmish_ruleset import registered
from skirmish_ruleset import sample_encounter as skirmish_encounter

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.model import Tile
from vantage.gui.gm.main_window import MainWindow

SKIRMISH_CENTRE = (6, 5)


@pytest.fixture
def demo_play(qtbot) -> PlayWorkspace:
    return play_workspace(qtbot, demo_encounter())


@pytest.fixture
def demo_panels(qtbot) -> PlayPanels:
    return play_panels(qtbot, demo_encounter())


@pytest.fixture
def skirmish_play(qtbot) -> Iterator[PlayWorkspace]:
    with registered():
        yield play_workspace(qtbot, skirmish_encounter(), centre=SKIRMISH_CENTRE)


@pytest.fixture
def skirmish_panels(qtbot) -> Iterator[PlayPanels]:
    with registered():
        yield play_panels(qtbot, skirmish_encounter(), centre=SKIRMISH_CENTRE)


@pytest.fixture
def sample_panels(qtbot) -> Callable[..., PlayPanels]:
    def open_one(name: str, centre: Tile, vantage_rolls: bool = True) -> PlayPanels:
        encounter, path = sample_encounter(name, vantage_rolls)
        return play_panels(qtbot, encounter, path, centre)

    return open_one


@pytest.fixture
def skirmish_window(qtbot):
    with registered():
        window = show_gm_window(qtbot, MainWindow(skirmish_encounter()), SKIRMISH_CENTRE)
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
