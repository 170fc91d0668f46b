"""The GM window opens an encounter; a bad file leaves the open one untouched.

DESIGN: "A bad file gets an error that names the place and the problem ... and nothing the user
had open is lost."
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox
from workspaces import status_line

from vantage.engine.demo_encounter import demo_encounter
from vantage.gui.gm.launch import first_sample
from vantage.gui.gm.main_window import MainWindow


def test_first_sample_opens_something_to_draw():
    encounter, _ = first_sample()
    assert encounter.map.width > 0 and encounter.tokens


@pytest.mark.slow  # opening a file in the whole window: its dialog, its status bar
def test_a_file_that_cannot_be_read_leaves_the_open_encounter_and_says_why(qtbot, tmp_path):
    encounter = demo_encounter()
    window = MainWindow(encounter)
    qtbot.addWidget(window)
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    assert window.open_file(bad) is False
    assert window.encounter is encounter
    boxes = window.findChildren(QMessageBox)
    assert boxes and str(bad) in boxes[-1].text()
    assert "bad.json" in window.statusBar().currentMessage()


@pytest.mark.slow  # start-up: run() opens the staged window and its event loop
def test_vantage_without_arguments_opens_the_gm_window_on_the_first_sample(qtbot, tmp_path, monkeypatch):
    # issue 2: "`vantage` opens the GM window on the first sample encounter"
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from vantage.gui.gm import launch

    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path))
    seen = []
    earlier = set(QApplication.topLevelWidgets())  # windows of earlier tests, some not deleted yet

    def close_it():
        (window,) = [w for w in QApplication.topLevelWidgets()
                     if isinstance(w, MainWindow) and w.isVisible() and w not in earlier]
        if not window.is_complete:  # run() opens it staged: the rest comes right after the first frame
            QTimer.singleShot(50, close_it)
            return
        seen.append((window.encounter.name, window.autosaver is not None))
        QApplication.closeAllWindows()  # the last window closing ends run()'s event loop

    QTimer.singleShot(200, close_it)
    guard = QTimer(singleShot=True, interval=20_000)  # never hang the suite, whatever is left open
    guard.timeout.connect(QApplication.quit)
    guard.start()
    try:
        assert launch.run([]) == 0
    finally:
        guard.stop()
    assert seen == [(first_sample()[0].name, True)]


def test_hovering_names_the_tile_its_terrain_and_height(workspace):
    line = status_line(workspace)
    workspace.view.hovered_tile.emit((2, 2))  # the raised corner of the demo map
    hover = line.hover_label.text()
    assert "(2, 2)" in hover and "elevation 5 ft" in hover
    assert workspace.scene.terrain.toolTip() == hover
