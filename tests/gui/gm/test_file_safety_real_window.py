"""The GM's work through two writers and a half-built window, in real windows (Xvfb, the xcb
platform), with real key presses and the real modal dialogs clicked (issue 33, 1 and 2: "the
two-writer and half-built-window cases also in real windows under Xvfb").

The session script is ``tests/support/file_safety_session.py``; each window is a process of its
own, as two ``vantage`` starts are.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from xvfb import needs_xvfb, real_window_env, xvfb_display

from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.gm.autosave import autosave_path, write_marker_atomically

SESSION = Path(__file__).resolve().parents[2] / "support" / "file_safety_session.py"
TIMEOUT_S = 120

pytestmark = [needs_xvfb,
              pytest.mark.slow]  # real windows under Xvfb, each in a process of its own


def bram(path: Path) -> str:
    return next(t.name for t in load_encounter(path).tokens if t.id == "bram")


def test_two_vantage_windows_on_one_file_never_overwrite_each_other(tmp_path):
    """"Window A saves; window B, opened earlier, saves: A's change is gone." B is asked, and its
    version is kept as a copy beside the file; A's save stays in the file."""
    fight = tmp_path / "fight.json"
    shutil.copyfile(sample_encounters()[0], fight)
    with xvfb_display(1600, 1000) as display:
        env = real_window_env(display, tmp_path)
        second = subprocess.Popen([sys.executable, str(SESSION), "second", str(fight),
                                   str(tmp_path / "b.json")], env=env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert second.stdout is not None and second.stdin is not None
            assert second.stdout.readline().strip() == "ready"
            first = subprocess.run([sys.executable, str(SESSION), "first", str(fight),
                                    str(tmp_path / "a.json")], env=env, timeout=TIMEOUT_S,
                                   capture_output=True, text=True)
            assert first.returncode == 0, first.stderr[-2000:]
            assert bram(fight) == "Bram of A", (tmp_path / "a.json").read_text(encoding="utf-8")
            second.stdin.write("go\n")
            second.stdin.flush()
            assert second.wait(timeout=TIMEOUT_S) == 0
        finally:
            if second.poll() is None:
                second.kill()
            second.wait(timeout=30)
            for pipe in (second.stdin, second.stdout):
                if pipe is not None:
                    pipe.close()
    b = json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))
    asked = [d for d in b["dialogs"] if d["title"] == "The file was changed elsewhere"]
    assert asked and "fight.json was changed on disk" in asked[0]["text"]
    assert {"Keep theirs (reload)", "Keep mine as a copy", "Compare…", "Cancel"} <= set(asked[0]["buttons"])
    # asked when it came to the front or when it saved (Xvfb has no window manager to say which
    # comes first): either way B's version is beside the file under a new name
    copy = Path(b["path"])
    assert copy.parent == tmp_path and copy.name.startswith("fight (mine") and b["modified"] is False
    assert bram(fight) == "Bram of A" and bram(copy) == "Bram of B"
    assert bram(Path(str(fight) + ".bak")) == "Bram"  # the file before A's save: B never touched it


def crashed_run(user: Path) -> None:
    from dataclasses import replace

    folder = user / "autosave"
    folder.mkdir(parents=True)
    target = autosave_path(folder, "deadrun", 0)
    save_encounter(replace(load_encounter(sample_encounters()[0]), name="crashed work"), target,
                   keep_backup=False)
    write_marker_atomically(folder / "session-deadrun.json", target, Path("/maps/fight.json"), "deadrun")


@pytest.mark.parametrize("damage", ["settings.json is a pipe", "player-view.json nested too deep"])
def test_a_window_whose_start_up_meets_damaged_settings_offers_recovery_and_asks_before_closing(
        tmp_path, damage):
    """"A GM window that fails while it finishes opening closes without asking and never offers
    recovery" — here ``vantage FILE`` opens in a real window over a user folder whose settings
    file is a named pipe (it hung the window) or too deeply nested (it stopped start-up)."""
    fight = tmp_path / "fight.json"
    shutil.copyfile(sample_encounters()[0], fight)
    user = tmp_path / "user"
    crashed_run(user)
    name = damage.split()[0]
    if damage.endswith("pipe"):
        os.mkfifo(user / name)
    else:
        (user / name).write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    out = tmp_path / "out.json"
    with xvfb_display(1600, 1000) as display:
        done = subprocess.run([sys.executable, str(SESSION), "half-built", str(fight), str(out)],
                              env=real_window_env(display, tmp_path), timeout=TIMEOUT_S, capture_output=True,
                              text=True)
    assert done.returncode == 0 and out.exists(), done.stderr[-3000:]
    state = json.loads(out.read_text(encoding="utf-8"))
    titles = [d["title"] for d in state["dialogs"]]
    assert "Recover unsaved work?" in titles  # the crashed run is offered
    assert state["after_start"]["complete"] and state["after_start"]["autosave"]
    assert state["autosaved"] not in (None, "None")  # autosave works although settings were damaged
    assert "Unsaved changes" in titles and state["visible"]  # closing asked; Cancel kept the window
    assert any(name in line and "set aside" in line for line in state["report"])
    assert list(user.glob(f"{name}.damaged-*"))
