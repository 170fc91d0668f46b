"""Fixtures for GUI tests: a GM window on the demo encounter, shown, active and at zoom 1."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from vantage.engine.demo_encounter import demo_encounter
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.workspace import GmWorkspace


@pytest.fixture(autouse=True)
def no_unexpected_dialogs(monkeypatch):
    """A message box no test expected fails the test at once instead of waiting forever offscreen
    (a test that expects one patches it itself, after this)."""

    def unexpected(*args, **kwargs):
        text = next((a for a in args if isinstance(a, str) and a), "")
        raise AssertionError(f"unexpected modal dialog: {text!r}")

    for name in ("question", "warning", "critical", "information"):
        monkeypatch.setattr(QMessageBox, name, unexpected)


@pytest.fixture
def gm_window(qtbot):
    window = MainWindow(demo_encounter())
    window.files.ask_unsaved = lambda: "discard"  # closing at teardown must not wait on a dialog
    qtbot.addWidget(window)
    window.docks["Legend"].hide()
    window.resize(1900, 1100)  # the whole 24×16 demo map fits the view at zoom 1
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    window.view.set_zoom(1.0)
    window.view.center_on_tile((8, 8))
    return window


@pytest.fixture
def workspace(qtbot) -> GmWorkspace:
    """The fast lane: a GM workspace on the demo encounter over a bare ``QMainWindow`` (no GM window,
    no panels, no rules loaded until a test asks), for a test of one panel, tool or add-on."""
    host = QMainWindow()
    qtbot.addWidget(host)
    workspace = GmWorkspace(demo_encounter(), None, host)
    host.setCentralWidget(workspace.view)
    return workspace
