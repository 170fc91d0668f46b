"""Two windows on one file (issue 33, 1): "Window A saves; window B, opened earlier, saves: A's
change is gone, and one more save removes it from the backup too ... Detect a change on disk before
every save (and on focus), and ask: keep theirs, keep mine as a copy, or compare; opening a file
already open in another window brings that window forward."

Window B was opened on the file before A saved it (another process, or a window recovery opened),
so it is built on the file directly; each window renames Bram through an ``edit_token`` command."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.gm_commands import EditToken
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.document import run_command
from vantage.gui.gm.main_window import MainWindow


@pytest.fixture
def fight(tmp_path) -> Path:
    path = tmp_path / "fight.json"
    shutil.copyfile(sample_encounters()[0], path)
    return path


@pytest.fixture
def open_window(qtbot):
    def make(path: Path) -> MainWindow:
        window = MainWindow(load_encounter(path), path)
        window.files.ask_unsaved = lambda: "discard"
        qtbot.addWidget(window)
        return window

    return make


def rename_bram(window: MainWindow, name: str) -> None:
    run_command(window.document, "Rename", EditToken(token="bram", name=name))


def bram(path: Path) -> str:
    return next(t.name for t in load_encounter(path).tokens if t.id == "bram")


def answering(window: MainWindow, *answers: str) -> list[tuple[Path, bool]]:
    """Answer the conflict question with ``answers`` in turn (the last one from then on; a question
    none was given for fails the test); the questions asked are returned."""
    asked: list[tuple[Path, bool]] = []

    def answer(path: Path, saving: bool) -> str:
        asked.append((path, saving))
        assert answers, f"unexpected question about {path}"
        return answers[min(len(asked), len(answers)) - 1]

    window.files.ask_conflict = answer
    return asked


def test_a_save_over_a_file_another_window_saved_asks_and_keeps_mine_as_a_copy(fight, open_window):
    """"A's change is gone" — B's save asks; "keep mine as a copy" saves beside it, under a new
    name, and A's file and its backup keep A's change through B's later saves."""
    a, b = open_window(fight), open_window(fight)
    rename_bram(a, "Bram of A")
    assert a.files.save()
    rename_bram(b, "Bram of B")
    asked = answering(b, "copy")
    assert b.files.save()
    assert asked == [(fight, True)]
    copy = fight.with_name("fight (mine).json")
    assert bram(fight) == "Bram of A" and bram(copy) == "Bram of B"
    assert b.document.path == copy and not b.document.is_modified()
    rename_bram(b, "Bram of B, again")
    assert b.files.save()  # to the copy now: nothing asked, A's file untouched
    assert len(asked) == 1 and bram(fight) == "Bram of A" and bram(copy) == "Bram of B, again"
    assert bram(Path(str(fight) + ".bak")) == "Bram"  # the backup is the file before A's save


def test_a_copy_never_takes_the_name_of_an_existing_file(fight, open_window):
    a, b = open_window(fight), open_window(fight)
    rename_bram(a, "Bram of A")
    a.files.save()
    taken = fight.with_name("fight (mine).json")
    taken.write_text("someone's own file", encoding="utf-8")
    rename_bram(b, "Bram of B")
    answering(b, "copy")
    assert b.files.save()
    assert taken.read_text(encoding="utf-8") == "someone's own file"
    assert b.document.path == fight.with_name("fight (mine 2).json") and bram(b.document.path) == "Bram of B"


def test_keep_theirs_reloads_the_file_and_lets_this_windows_changes_go(fight, open_window):
    a, b = open_window(fight), open_window(fight)
    rename_bram(a, "Bram of A")
    a.files.save()
    rename_bram(b, "Bram of B")
    answering(b, "theirs")
    assert b.files.save()
    assert bram(fight) == "Bram of A" and not b.document.is_modified()
    assert next(t.name for t in b.encounter.tokens if t.id == "bram") == "Bram of A"


def test_compare_shows_both_versions_and_what_differs_then_asks_again(fight, open_window):
    a, b = open_window(fight), open_window(fight)
    rename_bram(a, "Bram of A")
    a.files.save()
    rename_bram(b, "Bram of B")
    asked = answering(b, "compare", "cancel")
    shown: list[str] = []
    b.files.show_comparison = shown.append
    assert not b.files.save()
    assert len(asked) == 2 and bram(fight) == "Bram of A" and b.document.is_modified()
    (text,) = shown
    assert "On disk" in text and "This window" in text
    assert '-      "name": "Bram of A",' in text and '+      "name": "Bram of B",' in text


def test_closing_with_a_conflict_cancelled_keeps_the_window_open(fight, open_window):
    a, b = open_window(fight), open_window(fight)
    rename_bram(a, "Bram of A")
    a.files.save()
    rename_bram(b, "Bram of B")
    asked = answering(b, "cancel")
    b.files.ask_unsaved = lambda: "save"
    b.show()
    b.close()
    assert b.isVisible() and bram(fight) == "Bram of A" and (fight, True) in asked
    b.files.ask_unsaved = lambda: "discard"


def test_a_file_only_touched_or_written_back_unchanged_is_no_conflict(fight, open_window):
    b = open_window(fight)
    os.utime(fight, (1, 1))
    fight.write_bytes(fight.read_bytes())
    rename_bram(b, "Bram of B")
    asked = answering(b)
    assert b.files.save() and asked == [] and bram(fight) == "Bram of B"


def test_coming_to_the_front_asks_about_a_file_changed_on_disk(qtbot, fight, open_window):
    a, b = open_window(fight), open_window(fight)
    for window in (a, b):
        window.show()
    rename_bram(a, "Bram of A")
    a.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is a, timeout=2000)
    a.files.save()
    asked = answering(b, "theirs")
    b.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: len(asked) == 1, timeout=3000)
    assert asked == [(fight, False)]
    qtbot.waitUntil(lambda: next(t.name for t in b.encounter.tokens if t.id == "bram") == "Bram of A")
    a.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is a, timeout=2000)
    b.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is b, timeout=2000)
    qtbot.wait(50)
    assert len(asked) == 1  # reloaded: the same version is not asked about again


def test_opening_a_file_open_in_another_window_brings_that_window_forward(qtbot, fight, open_window,
                                                                          tmp_path):
    a = open_window(fight)
    other = tmp_path / "other.json"
    shutil.copyfile(sample_encounters()[1], other)
    b = open_window(other)
    for window in (a, b):
        window.show()
    b.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is b, timeout=2000)
    assert not b.files.open_file(Path(str(fight)))
    assert b.document.path == other
    qtbot.waitUntil(lambda: QApplication.activeWindow() is a, timeout=2000)
