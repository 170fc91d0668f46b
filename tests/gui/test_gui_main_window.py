"""The GM window opens an encounter; a bad file leaves the open one untouched.

DESIGN: "A bad file gets an error that names the place and the problem ... and nothing the user
had open is lost."
"""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from gui.demo_encounter import demo_encounter
from gui.main_window import MainWindow, first_sample


def test_first_sample_opens_something_to_draw():
    encounter, _ = first_sample()
    assert encounter.map.width > 0 and encounter.tokens


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
