"""Saving a changed bundled sample never writes into the install, in real windows (Xvfb, the xcb
platform), with real key presses and the real dialogs answered (issue 27, "Done when": "another
[GUI test in a real window] shows that saving a changed bundled sample never writes into the
install").

The walkthrough (gm-walkthrough-3 §5): "During Open…, the dialog "The encounter has unsaved changes.
Save them first?" was answered with Save. It saved silently into the installed package"; "The next
plain `vantage` opened the courtyard mid-combat". Each start below is a plain ``vantage`` (its first
sample) in a process of its own: Ctrl+S, then "Unsaved changes" answered Save, then a third start
that must find the sample as it came. The session script is ``tests/support/shipped_files_session.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from xvfb import needs_xvfb, real_window_env, xvfb_display

from vantage.engine.fileformat import load_encounter
from vantage.gui.appdata.resources import install_roots, sample_encounters

SESSION = Path(__file__).resolve().parents[2] / "support" / "shipped_files_session.py"
TIMEOUT_S = 120
#: Folders of the checkout that are not the program (tools' caches, the virtual environment, git).
NOT_THE_PROGRAM = {".venv", ".git", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache",
                   ".typecheck"}

pytestmark = [needs_xvfb,
              pytest.mark.slow]  # real windows under Xvfb, each in a process of its own


def install_state() -> dict[str, str]:
    """What a save could leave in the install: every file of the samples' folder with its size,
    modification time and SHA-256, and anywhere in the program every encounter, backup, temp file of
    a save and backup generation (with the same)."""
    state: dict[str, str] = {}
    samples = sample_encounters()[0].parent
    for root in install_roots():
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in NOT_THE_PROGRAM]
            for name in names:
                path = Path(folder) / name
                if path.parent == samples or name.endswith((".json", ".bak")) or ".tmp-" in name \
                        or ".vantage-backups" in path.parts:
                    info = path.stat()
                    digest = hashlib.sha256(path.read_bytes()).hexdigest()
                    state[str(path)] = f"{info.st_size} {info.st_mtime_ns} {digest}"
    return state


def start(role: str, display: str, home: Path) -> dict:
    out = home / f"{role}.json"
    env = real_window_env(display, home) | {"VANTAGE_DOCUMENTS_DIR": str(home / "Documents" / "Vantage")}
    done = subprocess.run([sys.executable, str(SESSION), role, str(out)], env=env, timeout=TIMEOUT_S,
                          capture_output=True, text=True)
    assert done.returncode == 0 and out.exists(), done.stderr[-3000:]
    return json.loads(out.read_text(encoding="utf-8"))


def test_saving_a_changed_bundled_sample_never_writes_into_the_install(tmp_path):
    sample = sample_encounters()[0]
    before = install_state()
    assert str(sample) in before and len(before) >= len(sample_encounters())
    documents = tmp_path / "Documents" / "Vantage"
    with xvfb_display(1600, 1000) as display:
        ctrl_s = start("ctrl-s", display, tmp_path)
        close_save = start("close-save", display, tmp_path)
        again = start("look", display, tmp_path)
    # Ctrl+S on the sample: Save as, in the documents folder, named after the encounter
    assert ctrl_s["opened"]["path"] == str(sample)
    assert ctrl_s["opened"]["title"] == f"{sample.name} (sample, read-only) — Vantage"
    (save_as,) = ctrl_s["dialogs"]
    assert save_as["title"] == "Save encounter as" and save_as["folder"] == str(documents)
    assert save_as["file"] == str(documents / "The ruined courtyard.json")
    first = documents / "The ruined courtyard.json"
    saved = ctrl_s["saved"]
    assert (saved["title"], saved["path"], saved["modified"]) == (
        "The ruined courtyard.json — Vantage", str(first), False)  # the file's name, not the map's
    assert load_encounter(first).tokens[0].name == "Renamed in ctrl-s"
    assert [e.sentence for e in load_encounter(first).log.entries] == ctrl_s["saved"]["log"]
    # "Unsaved changes?" answered Save on the sample: Save as again, beside the first copy, a free name
    asked, save_as = close_save["dialogs"]
    assert asked["title"] == "Unsaved changes" and "Save" in asked["buttons"]
    assert save_as["file"] == str(documents / "The ruined courtyard 2.json")
    second = documents / "my fight.json"  # typed without ".json": the suffix is added
    assert close_save["closed"] is True and close_save["saved"]["path"] == str(second)
    assert load_encounter(second).tokens[0].name == "Renamed in close-save"
    # the next plain start finds the sample as it came: not changed, not mid-combat
    assert again["dialogs"] == [] and again["opened"]["path"] == str(sample)
    assert again["opened"]["first_token"] == load_encounter(sample).tokens[0].name == "Bram"
    assert again["opened"]["log"] == [] and "round" not in again["opened"]["combat"]
    assert install_state() == before
