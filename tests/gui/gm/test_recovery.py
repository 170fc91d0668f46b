"""Crash recovery under real faults (reliability review, defects 2, 3, 8, 9, 15; docs/reliability.md):
runs are told apart by an id of their own and their liveness by a lock the system drops when they
die, so a repeated process id, a second window, two windows crashing together and a marker cut
short never lose the GM's work, and a failing autosave is shown in the window.

Each "run" below is a real process (``RUN``) that autosaves and then waits; killing it with SIGKILL
is the crash."""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from workspaces import status_line, workspace_on

from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter, GameMap
from vantage.gui.document import EncounterDocument
from vantage.gui.gm import autosave as autosave_module
from vantage.gui.gm import launch
from vantage.gui.gm.autosave import (
    KEEP_DECLINED_SECONDS,
    Autosaver,
    forget,
    pending_recoveries,
    prune_old_autosaves,
    write_marker_atomically,
)

MAIN = Path(__file__).resolve().parents[3]
RUN = textwrap.dedent("""
    import os, sys
    from pathlib import Path
    from PySide6.QtCore import QCoreApplication
    from vantage.engine.model import Encounter, GameMap
    from vantage.gui.document import EncounterDocument
    from vantage.gui.gm.autosave import Autosaver
    app = QCoreApplication([])
    document = EncounterDocument(Encounter(GameMap(5, 4), name=sys.argv[2], ruleset="avorkarth"),
                             Path(sys.argv[2] + ".json"))
    document.mark_unsaved()
    saver = Autosaver(document, folder=Path(sys.argv[1]))
    print(saver.autosave(), flush=True)
    sys.stdin.readline()
    if sys.argv[3:] == ["clean"]:
        saver.clean_exit()
""")


class Run:
    """A Vantage run in its own process that has autosaved unsaved work named ``name``."""

    def __init__(self, folder: Path, name: str) -> None:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        self.process = subprocess.Popen([sys.executable, "-c", RUN, str(folder), name], cwd=MAIN, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.autosave = Path(self.process.stdout.readline().strip())
        assert self.autosave.is_file(), self.autosave

    def crash(self) -> None:
        self.process.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
        self.process.wait(timeout=30)
        self.close_pipes()

    def close_pipes(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.crash()


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    path = tmp_path / "user" / "autosave"
    path.mkdir(parents=True)
    return path


@pytest.fixture
def runs(folder):
    started: list[Run] = []

    def start(name: str) -> Run:
        run = Run(folder, name)
        started.append(run)
        return run

    yield start
    for run in started:
        run.stop()


def names(recoveries):
    return sorted(load_encounter(r.autosave).name for r in recoveries)


@pytest.mark.slow  # a crashed run is a real process, started and killed
def test_a_crashed_run_with_the_same_process_id_is_still_offered(folder, runs, monkeypatch):
    """Review 2: "No recovery is offered when the new run gets the same process id as the crashed
    one (as in containers and Flatpak: both were PID 1)". Runs are told apart by a unique id."""
    crashed = runs("fight")
    pid = crashed.process.pid
    crashed.crash()
    monkeypatch.setattr(os, "getpid", lambda: pid)  # the new run has the crashed run's PID
    found = pending_recoveries(folder)
    assert names(found) == ["fight"] and found[0].source == Path("fight.json")
    run_id = found[0].marker.name.removeprefix("session-").removesuffix(".json")
    assert run_id != str(pid) and re.fullmatch("[0-9a-f]{32}", run_id)  # a UUID, not the process id


@pytest.mark.slow  # a crashed run is a real process, started and killed
def test_a_live_window_is_never_offered_and_its_marker_never_deleted(folder, runs):
    """Review 3: "a second window offers to 'recover' a live window's work and answering No
    deletes that window's marker"."""
    live = runs("live")
    markers = sorted(folder.glob("session-*.json"))
    assert len(markers) == 1
    assert pending_recoveries(folder) == []
    forget(pending_recoveries(folder))  # a second window that declines everything it was offered
    assert sorted(folder.glob("session-*.json")) == markers
    live.crash()  # and when that window crashes later, its work is offered
    assert names(pending_recoveries(folder)) == ["live"]


def test_a_clean_exit_leaves_nothing_behind(folder):
    document = EncounterDocument(Encounter(GameMap(5, 4), name="x", ruleset="avorkarth"), None)
    document.mark_unsaved()
    saver = Autosaver(document, folder=folder)
    assert saver.autosave() is not None and saver.marker.exists()
    saver.clean_exit()
    assert list(folder.iterdir()) == []


@pytest.mark.slow  # recovery in the GM window, of runs that are real processes
def test_two_windows_crashing_together_are_both_offered_and_recovered(qtbot, gm_window, folder, runs,
                                                                       monkeypatch):
    """Review 3: "when two windows crash together only one is offered and both markers are
    dropped". Each is offered; the second opens in a window of its own."""
    first, second = runs("a"), runs("b")
    first.crash()
    second.crash()
    assert names(pending_recoveries(folder)) == ["a", "b"]
    asked = []
    yes = QMessageBox.StandardButton.Yes
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or yes)
    opened = launch.offer_recovery(gm_window)
    for window in opened:
        window.files.ask_unsaved = lambda: "discard"
        qtbot.addWidget(window)
    assert len(asked) == 2 and "(1 of 2)" in asked[0] and "(2 of 2)" in asked[1]
    assert sorted([gm_window.encounter.name] + [w.encounter.name for w in opened]) == ["a", "b"]
    assert all(w.document.is_modified() for w in (gm_window, *opened))
    assert pending_recoveries(folder) == []


@pytest.mark.slow  # a crashed run is a real process, started and killed
def test_declining_one_crashed_run_keeps_the_other(folder, runs):
    """"Never delete another run's recovery data": only the run the GM answered for is dropped."""
    first = runs("a")
    first.crash()
    second = runs("b")
    second.crash()
    declined = [r for r in pending_recoveries(folder) if load_encounter(r.autosave).name == "a"]
    forget(declined)
    assert names(pending_recoveries(folder)) == ["b"] and declined[0].autosave.is_file()


@pytest.mark.slow  # a crashed run is a real process, started and killed
def test_a_marker_cut_short_still_leads_to_the_work(folder, runs):
    """Review 9: "a marker cut short is deleted silently ... even though autosave-…-0.json held
    the work". The run's newest autosave is found by its name, and the marker is not deleted."""
    crashed = runs("cut")
    crashed.crash()
    (marker,) = folder.glob("session-*.json")
    marker.write_text(marker.read_text(encoding="utf-8")[:10], encoding="utf-8")
    found = pending_recoveries(folder)
    assert names(found) == ["cut"] and marker.exists()


def test_the_marker_is_written_atomically(folder, monkeypatch):
    """Review 9: "marker.write_text(...) follows each autosave and is not atomic". A write that
    fails half-way leaves the previous marker whole."""
    marker = folder / "session-x.json"
    write_marker_atomically(marker, folder / "autosave-x-0.json", None, "x")
    before = marker.read_text(encoding="utf-8")

    def fail(_fd):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(autosave_module.os, "fsync", fail)
    with pytest.raises(OSError):
        write_marker_atomically(marker, folder / "autosave-x-1.json", None, "x")
    assert marker.read_text(encoding="utf-8") == before and json.loads(before)["latest"].endswith("-0.json")
    assert sorted(p.name for p in folder.iterdir()) == ["session-x.json"]


@pytest.mark.slow  # a crashed run is a real process, started and killed
def test_old_autosaves_of_answered_runs_are_removed_after_a_week(folder, runs):
    """Review 15: "old autosaves are never cleaned". Once answered and a week old they go; a
    crashed run not yet answered keeps its files however old."""
    answered, waiting = runs("answered"), runs("waiting")
    answered.crash()
    waiting.crash()
    forget([r for r in pending_recoveries(folder) if load_encounter(r.autosave).name == "answered"])
    later = time.time() + KEEP_DECLINED_SECONDS + 60
    removed = prune_old_autosaves(folder, now=later)
    assert removed == [answered.autosave]
    assert waiting.autosave.is_file() and names(pending_recoveries(folder)) == ["waiting"]


def test_a_failing_autosave_is_shown_in_the_window_and_logged(qtbot, folder, monkeypatch, caplog):
    """Review 8: "Autosave failing on a full or read-only disk shows nothing". The status bar shows
    it (a red mark stays until an autosave works again) and a log line says it."""
    workspace = workspace_on(qtbot, Encounter(GameMap(6, 4), name="x", ruleset="avorkarth"))
    line = status_line(workspace)
    autosaver = Autosaver(workspace.document, parent=workspace.host)  # as the window makes it, autosave on
    autosaver.failed.connect(line.autosave_failed)
    autosaver.recovered.connect(line.autosave_label.hide)
    workspace.host.show()
    workspace.document.mark_unsaved()

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "could not save the encounter to …: No space left on device")

    real_save = autosave_module.save_encounter
    monkeypatch.setattr(autosave_module, "save_encounter", full)
    assert autosaver.autosave() is None
    mark = line.autosave_label
    assert mark.isVisible() and "No space left" in mark.toolTip()
    assert "Autosave failed" in workspace.host.statusBar().currentMessage()
    assert any("autosave failed" in r.getMessage() for r in caplog.records)
    monkeypatch.setattr(autosave_module, "save_encounter", real_save)
    assert autosaver.autosave() is not None
    assert not line.autosave_label.isVisible()
    autosaver.clean_exit()  # as the window does when it closes: the run's lock goes


@pytest.mark.slow  # recovery in the GM window, of runs that are real processes
def test_an_autosave_that_cannot_be_read_is_reported_and_kept(qtbot, gm_window, folder, runs, monkeypatch):
    """A broken autosave is said in a dialog; its marker stays, so it is offered again."""
    crashed = runs("broken")
    crashed.crash()
    crashed.autosave.write_text('{"format": "vantage-encounter", "version":', encoding="utf-8")
    warned = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    before = gm_window.encounter
    assert launch.offer_recovery(gm_window) == []
    assert warned and "could not be read" in warned[0] and gm_window.encounter is before
    assert [r.autosave for r in pending_recoveries(folder)] == [crashed.autosave]


@pytest.mark.slow  # recovery in the GM window, of a run that is a real process
def test_recovering_onto_a_full_disk_keeps_the_crashed_runs_work_until_it_is_saved(
        qtbot, folder, runs, monkeypatch):
    """Issue 33, 3: "Recovering onto a full disk, then crashing again, loses the first crash's work
    ... A crashed run's work is forgotten only after it has been saved somewhere that reopens." The
    recovering window's autosave fails: the crashed run stays on disk (its marker and autosave), no
    other window is offered it while this one holds it, and when this window crashes too it is
    offered again; once an autosave works, it is forgotten (this run's own marker leads to it)."""
    crashed = runs("first crash")
    crashed.crash()
    window = launch_window(qtbot)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(autosave_module, "save_encounter", full)
    assert launch.offer_recovery(window) == []
    assert window.encounter.name == "first crash" and window.status_line.autosave_label.isVisibleTo(window)
    (marker,) = [m for m in folder.glob("session-*.json") if m.name != window.autosaver.marker.name]
    assert crashed.autosave.is_file()
    assert pending_recoveries(folder) == []  # held by the recovering window: never offered twice
    assert prune_old_autosaves(folder, now=time.time() + KEEP_DECLINED_SECONDS + 60) == []
    # the recovering window dies: the system drops its locks, and nothing else happens
    for lock in (window.autosaver.lock, *(held.lock for held in window.autosaver.adopted)):
        lock.release(remove=False)
    assert [r.autosave for r in pending_recoveries(folder)] == [crashed.autosave] and marker.exists()
    window.autosaver.adopted.clear()
    window.autosaver.clean_exit()


@pytest.mark.slow  # recovery in the GM window, of a run that is a real process
def test_a_recovered_run_is_forgotten_once_its_work_is_autosaved_again(qtbot, folder, runs, monkeypatch):
    """Issue 33, 3: the crashed run is forgotten once the recovering run's own autosave (whose
    marker leads to the work) was written, not before."""
    crashed = runs("first crash")
    crashed.crash()
    (marker,) = folder.glob("session-*.json")
    window = launch_window(qtbot)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    real_save = autosave_module.save_encounter
    monkeypatch.setattr(autosave_module, "save_encounter", lambda *a, **k: (_ for _ in ()).throw(
        OSError(errno.ENOSPC, "No space left on device")))
    launch.offer_recovery(window)
    assert marker.exists()
    monkeypatch.setattr(autosave_module, "save_encounter", real_save)
    written = window.autosaver.autosave()
    assert written is not None and load_encounter(written).name == "first crash"
    assert not marker.exists() and pending_recoveries(folder) == []
    window.autosaver.clean_exit()


def launch_window(qtbot):
    """A GM window with autosave on, as ``vantage`` opens it (closing it discards)."""
    from vantage.gui.gm.main_window import MainWindow

    window = MainWindow(Encounter(GameMap(6, 4), name="open", ruleset="avorkarth"), None, autosave=True)
    window.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    return window
