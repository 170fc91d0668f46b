"""A file already open in another Vantage program (issue 33, 1: "opening a file already open in
another window brings that window forward ... across processes, if feasible with a small
lock/registry file in the user data folder").

Each running Vantage lists the files its windows have open in ``open-files/`` and holds a lock for
its life; a second start on one of them asks that program to bring its window forward and does not
open a second window. The owner here is a real process (``OWNER``); killing it is its crash."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.gm import open_files

MAIN = Path(__file__).resolve().parents[3]
OWNER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from vantage.engine.fileformat import load_encounter
    from vantage.gui.gm.file_actions import FileActions
    from vantage.gui.gm.main_window import MainWindow

    def brought_forward(self):
        print("brought forward", self.document.path, flush=True)

    FileActions.bring_forward = brought_forward
    app = QApplication([])
    path = Path(sys.argv[1])
    window = MainWindow(load_encounter(path), path)
    window.show()
    print("ready", flush=True)
    app.exec()
""")

#: a program of its own, started and killed
pytestmark = pytest.mark.slow


@pytest.fixture
def owner(tmp_path, monkeypatch):
    user = tmp_path / "user"
    monkeypatch.setenv("VANTAGE_USER_DIR", str(user))
    fight = tmp_path / "fight.json"
    shutil.copyfile(sample_encounters()[0], fight)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", VANTAGE_USER_DIR=str(user))
    process = subprocess.Popen([sys.executable, "-c", OWNER, str(fight)], cwd=MAIN, env=env,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    yield process, fight
    if process.poll() is None:
        process.kill()
    process.wait(timeout=30)
    process.stdout.close()


def test_a_second_start_on_an_open_file_brings_the_first_window_forward(owner, tmp_path):
    process, fight = owner
    assert open_files.owner_elsewhere(fight) is not None
    assert open_files.owner_elsewhere(tmp_path / "other.json") is None
    assert open_files.bring_forward_elsewhere(fight)
    assert process.stdout.readline().strip() == f"brought forward {fight}"
    assert list((tmp_path / "user" / "open-files").glob("*.raise-*")) == []  # the request was answered


def test_vantage_file_on_an_open_file_opens_no_second_window(owner, tmp_path):
    process, fight = owner
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", VANTAGE_USER_DIR=str(tmp_path / "user"))
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "vantage.gui", str(fight)], cwd=MAIN, env=env, timeout=60,
                          capture_output=True, text=True)
    assert done.returncode == 0 and "is open in another Vantage window" in done.stderr
    assert time.monotonic() - started < 30
    assert process.stdout.readline().strip() == f"brought forward {fight}"


def test_a_program_that_is_gone_holds_nothing_open(owner, tmp_path):
    process, fight = owner
    process.kill()
    process.wait(timeout=30)
    assert open_files.owner_elsewhere(fight) is None
    assert not open_files.bring_forward_elsewhere(fight)
    assert list((tmp_path / "user" / "open-files").glob("*.json")) == []  # its stale list is removed
