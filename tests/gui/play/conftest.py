"""A GM window on the Skirmish test ruleset (tests/support/skirmish_ruleset.py), registered for the
test: Bram (4, 6) and Ada (8, 8) of the party against Ghoul (5, 5) and Wight (1, 2)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from skirmish_ruleset import registered, sample_encounter

from vantage.gui.gm.main_window import MainWindow


@pytest.fixture
def skirmish_window(qtbot):
    with registered():
        window = MainWindow(sample_encounter())
        window.files.ask_unsaved = lambda: "discard"  # closing at teardown must not wait on a dialog
        qtbot.addWidget(window)
        window.docks["Legend"].hide()
        window.resize(1900, 1100)
        window.show()
        window.windowHandle().requestActivate()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
        window.view.set_zoom(1.0)
        window.view.center_on_tile((6, 5))
        yield window
        window.close()
