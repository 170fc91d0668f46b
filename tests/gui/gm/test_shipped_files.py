"""Shipped files are read-only (issue 27, item 7): "A bundled sample opened and changed is saved
through Save as, into the current campaign or the documents folder, never into the install. Save as
starts beside the current file (or in the campaign) with the encounter's own name; the title shows
the file's name and the campaign."

The walkthrough (gm-walkthrough-3 §5): "answering "Save" on a bundled sample wrote into the installed
program, so the next `vantage` opened the sample mid-combat"; "Save as still starts in the working
folder with the name "encounter.json""; "The window title shows the map's internal name
("cave-and-doors") for a file saved as `cave.json`." The same in a real window:
``test_shipped_files_real_window.py``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.engine.protocol.gm_commands import EditToken
from vantage.gui.appdata.resources import install_roots, is_inside_install, resource_dir, sample_encounters
from vantage.gui.document import run_command
from vantage.gui.gm import launch
from vantage.gui.gm.autosave import pending_recoveries, write_marker_atomically
from vantage.gui.gm.file_actions import NewMap
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.gm.save_location import file_name_for, save_as_start, window_title

SAMPLE = sample_encounters()[0]


@pytest.fixture(autouse=True)
def folders(tmp_path, monkeypatch):
    """The user folder and the documents folder of the test (``VANTAGE_DOCUMENTS_DIR``)."""
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    monkeypatch.setenv("VANTAGE_DOCUMENTS_DIR", str(tmp_path / "Documents" / "Vantage"))
    return tmp_path


@pytest.fixture
def documents(folders) -> Path:
    return folders / "Documents" / "Vantage"


def install_state() -> dict[str, str]:
    """Every file of the bundled ``maps/`` folder with the SHA-256 of its bytes (new files show too)."""
    folder = resource_dir("maps")
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def sample_window(qtbot, *, autosave: bool = False) -> MainWindow:
    """The GM window on the first sample, as a plain ``vantage`` opens it."""
    encounter, path = launch.first_sample()
    assert path == SAMPLE
    window = MainWindow(encounter, path, autosave=autosave)
    window.files.ask_unsaved = lambda: "discard"  # closing at teardown must not wait on a question
    qtbot.addWidget(window)
    return window


def change(window: MainWindow, name: str = "Bram, changed") -> None:
    token = window.encounter.tokens[0].id
    run_command(window.document, "Rename", EditToken(token=token, name=name))


def test_the_install_is_the_packages_folder_and_anything_inside_it_however_reached(tmp_path):
    root = install_roots()[0]
    assert (root / "maps").is_dir() and (root / "engine").is_dir()
    assert is_inside_install(SAMPLE) and is_inside_install(SAMPLE.parent / "not-yet-there.json")
    assert is_inside_install(root / "maps" / ".." / "maps" / SAMPLE.name)
    link = tmp_path / "sample-link.json"
    link.symlink_to(SAMPLE)  # a link from the GM's folder into the install still points into it
    assert is_inside_install(link)
    assert not is_inside_install(tmp_path / "fight.json") and not is_inside_install(tmp_path)


def test_save_on_a_changed_sample_is_save_as_and_the_sample_is_never_written(qtbot, documents):
    before = install_state()
    window = sample_window(qtbot)
    change(window)
    asked: list[Path] = []
    chosen = documents / "my courtyard.json"
    window.files.ask_save_path = lambda: asked.append(window.files.save_as_start()) or chosen
    assert window.files.save() is True
    assert asked == [documents / "The ruined courtyard.json"]  # in the documents folder, named after it
    assert window.document.path == chosen and load_encounter(chosen).tokens[0].name == "Bram, changed"
    assert install_state() == before
    # from now on Save writes the GM's own file
    change(window, "Bram, again")
    window.files.ask_save_path = lambda: pytest.fail("Save as asked for a file of the GM's own")
    assert window.files.save() is True and load_encounter(chosen).tokens[0].name == "Bram, again"
    assert install_state() == before


def test_answering_save_to_unsaved_changes_on_a_sample_goes_to_save_as(qtbot, documents):
    before = install_state()
    window = sample_window(qtbot)
    change(window)
    asked: list[Path] = []
    window.files.ask_unsaved = lambda: "save"
    window.files.ask_save_path = lambda: asked.append(window.files.save_as_start()) or None  # cancelled
    window.files.ask_new_map = lambda: NewMap(10, 8, "avorkarth")
    window.files.new_dialog()
    assert asked and window.encounter.map.width != 10  # Save as cancelled: nothing replaced, nothing saved
    assert window.document.is_modified() and window.document.path == SAMPLE
    target = documents / "kept.json"
    window.files.ask_save_path = lambda: target
    window.files.new_dialog()
    assert window.encounter.map.width == 10 and load_encounter(target).tokens[0].name == "Bram, changed"
    assert install_state() == before


def test_save_as_into_the_install_is_refused_and_writes_nothing(qtbot, monkeypatch):
    before = install_state()
    window = sample_window(qtbot)
    change(window)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warned.append(text))
    window.files.ask_save_path = lambda: SAMPLE  # the GM picks the sample itself in the dialog
    assert window.files.save() is False
    assert warned and "inside the installed Vantage program, which is never written" in warned[0]
    assert window.files.save_to(SAMPLE.parent / "elsewhere.json") is False
    assert install_state() == before and window.document.is_modified()


def test_save_as_starts_beside_the_file_or_in_the_default_folder_with_the_encounters_name(
        tmp_path, documents):
    mine = tmp_path / "games" / "cave.json"
    mine.parent.mkdir()
    assert save_as_start(mine, "cave-and-doors") == mine.parent / "cave-and-doors.json"
    assert save_as_start(mine, "cave") == mine  # its own name: the file itself
    (mine.parent / "The Ford.json").write_text("{}", encoding="utf-8")
    assert save_as_start(mine, "The Ford") == mine.parent / "The Ford 2.json"  # never over another file
    assert save_as_start(None, "New map") == documents / "New map.json"
    assert save_as_start(SAMPLE, "The ruined courtyard") == documents / "The ruined courtyard.json"
    campaign = tmp_path / "Campaign"
    assert save_as_start(None, "Ambush", campaign) == campaign / "Ambush.json"  # the hook for campaigns
    assert save_as_start(SAMPLE, "Ambush", campaign) == campaign / "Ambush.json"
    assert save_as_start(mine, "", None) == mine  # no name: the file's own
    # recovered work (no file yet) starts beside the file it came from, unless that is a sample
    assert save_as_start(None, "cave-and-doors", None, came_from=mine) == mine.parent / "cave-and-doors.json"
    assert save_as_start(None, "", None, came_from=mine) == mine
    assert save_as_start(None, "x", None, came_from=SAMPLE) == documents / "x.json"


@pytest.mark.parametrize(("name", "file_name"), [
    ('Ambush: "The Ford" / night?', "Ambush The Ford night.json"),
    ("  ..dots and spaces..  ", "dots and spaces.json"),
    ("line\nbreak\ttab", "line break tab.json"),
    ("CON", "CON encounter.json"),
    ("lpt1.old", "lpt1.old encounter.json"),
    ("", "Untitled.json"),
    ("???", "Untitled.json"),
    ("é" * 300, "é" * 100 + ".json"),
])
def test_the_file_name_is_the_encounters_name_made_safe_everywhere(name, file_name):
    assert file_name_for(name) == file_name


def test_the_title_names_the_file_the_sample_and_the_campaign(tmp_path):
    cave = tmp_path / "cave.json"
    assert window_title(cave, "cave-and-doors", False) == "cave.json — Vantage"
    assert window_title(cave, "cave-and-doors", True) == "cave.json* — Vantage"
    sample_title = f"{SAMPLE.name} (sample, read-only)* — Vantage"
    assert window_title(SAMPLE, "The ruined courtyard", True) == sample_title
    assert window_title(None, "cave-and-doors", True) == "cave-and-doors (not saved)* — Vantage"
    assert window_title(None, "", False) == "Untitled (not saved) — Vantage"
    assert window_title(cave, "x", False, "The Border Wars") == "cave.json — The Border Wars — Vantage"


def test_the_windows_title_follows_the_file_and_its_changes(qtbot, tmp_path):
    window = sample_window(qtbot)
    assert window.windowTitle() == f"{SAMPLE.name} (sample, read-only) — Vantage"
    change(window)
    assert window.windowTitle() == f"{SAMPLE.name} (sample, read-only)* — Vantage"
    cave = tmp_path / "cave.json"
    window.files.ask_save_path = lambda: cave
    assert window.files.save()
    assert window.windowTitle() == "cave.json — Vantage"  # not "The ruined courtyard"
    window.set_campaign_title("The Border Wars")
    assert window.windowTitle() == "cave.json — The Border Wars — Vantage"
    change(window, "Bram, once more")
    assert window.windowTitle() == "cave.json* — The Border Wars — Vantage"


def test_a_crashed_session_on_a_sample_comes_back_as_unsaved_work_never_as_the_sample(
        qtbot, folders, documents, monkeypatch):
    """"The next plain `vantage` opened the courtyard mid-combat". A session on the sample that
    crashes is offered at the next start as unsaved work (its title says so, Save is Save as into
    the documents folder); the sample itself opens as it came."""
    before = install_state()
    crashed = sample_window(qtbot, autosave=True)
    change(crashed, "Bram, mid-combat")
    written = crashed.autosaver.autosave()
    assert written is not None
    assert json.loads(next(written.parent.glob("session-*.json")).read_text())["source"] == str(SAMPLE)
    # the run dies: its lock goes, its marker and autosave stay (as a SIGKILL leaves them)
    run = crashed.autosaver.run
    crashed.autosaver.lock.release(remove=False)
    crashed.autosaver = None
    crashed.files.ask_unsaved = lambda: "discard"
    assert [r.run for r in pending_recoveries(written.parent)] == [run]
    # the next start: the sample, as it came, then the offer
    pristine, path = launch.first_sample()
    assert path == SAMPLE and pristine == load_encounter(SAMPLE)
    assert pristine.tokens[0].name != "Bram, mid-combat"
    window = MainWindow(pristine, path, autosave=True)
    window.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    asked: list[str] = []
    yes = QMessageBox.StandardButton.Yes
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or yes)
    launch.offer_recovery(window)
    assert f"your changes to the sample {SAMPLE.name}" in asked[0]
    assert window.encounter.tokens[0].name == "Bram, mid-combat"
    assert window.document.path is None and window.document.is_modified()
    assert window.files.came_from == SAMPLE  # which Save as does not start beside: it is a sample
    assert window.windowTitle() == "The ruined courtyard (not saved)* — Vantage"
    assert window.files.save_as_start() == documents / "The ruined courtyard.json"
    window.files.ask_save_path = window.files.save_as_start
    assert window.files.save() and load_encounter(documents / "The ruined courtyard.json").tokens[0].name == \
        "Bram, mid-combat"
    assert window.files.came_from is None  # the work has a file of its own now
    assert install_state() == before
    window.autosaver.clean_exit()


def test_a_sample_saved_as_keeps_its_log_beside_the_gms_other_files(qtbot, documents):
    """Both halves together: the record of a fight on a sample travels with the copy the GM saved."""
    window = sample_window(qtbot)
    change(window)
    window.files.ask_save_path = window.files.save_as_start
    assert window.files.save()
    saved = load_encounter(documents / "The ruined courtyard.json")
    assert [e.sentence for e in saved.log.entries] == [window.document.log[-1].sentence]
    assert save_encounter(replace(saved, name="x"), documents / "x.json") == []


def test_open_starts_in_the_open_files_folder_or_the_documents_folder(qtbot, tmp_path, documents):
    window = sample_window(qtbot)
    assert window.files.open_start() == documents  # not the program's maps/ folder
    window.files.ask_save_path = lambda: tmp_path / "cave.json"
    change(window)
    assert window.files.save() and window.files.open_start() == tmp_path


def test_recovered_work_of_a_gms_file_is_saved_as_beside_that_file(qtbot, folders, monkeypatch):
    """"Save as starts beside the current file": recovered work has no file of its own yet (it opens
    unsaved), so Save as starts beside the file it came from, named after the encounter."""
    games = folders / "games"
    games.mkdir()
    cave = games / "cave.json"
    encounter = replace(load_encounter(SAMPLE), name="cave-and-doors")
    save_encounter(encounter, cave)
    autosaves = folders / "user" / "autosave"
    autosaves.mkdir(parents=True)
    crashed = autosaves / "autosave-deadrun-0.json"
    save_encounter(encounter, crashed, keep_backup=False)
    write_marker_atomically(autosaves / "session-deadrun.json", crashed, cave, "deadrun")
    window = MainWindow(load_encounter(SAMPLE), SAMPLE, autosave=True)
    window.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    launch.offer_recovery(window)
    assert window.document.path is None and window.files.came_from == cave
    assert window.files.save_as_start() == games / "cave-and-doors.json"
    window.autosaver.clean_exit()
