"""The Linux, Windows and release builds all go through packaging/build.py (issue 34).

Issue 34: "`.ci/run` runs [packaging/check_windows.sh] after the Linux bundle; it may skip only
when Wine cannot be installed on the machine at all, and says so loudly. The Wine-only
workarounds never reach the bundle. [...] Keep the Linux and Windows scripts and the workflow
calling the same `build.py`." and "Make the release workflow's macOS job complete (the `.app`
with its icon and `Info.plist`, ad-hoc signed [...], a DMG or zip)".
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK_WINDOWS = ROOT / "packaging" / "check_windows.sh"
CI_RUN = ROOT / ".ci" / "run"
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_every_build_goes_through_build_py():
    assert ".ci-venv/bin/python packaging/build.py --skip-venv" in CI_RUN.read_text(encoding="utf-8")
    assert '"$PY" clone/packaging/build.py --skip-venv' in CHECK_WINDOWS.read_text(encoding="utf-8")
    assert "python packaging/build.py --skip-venv --archive" in WORKFLOW.read_text(encoding="utf-8")


def test_ci_runs_the_windows_check_after_the_linux_bundle():
    text = CI_RUN.read_text(encoding="utf-8")
    assert text.index("packaging/build.py --skip-venv") < text.index("bash packaging/check_windows.sh")


def test_the_windows_check_is_valid_bash_and_skips_only_when_wine_cannot_be_installed():
    assert subprocess.run(["bash", "-n", str(CHECK_WINDOWS)], check=False).returncode == 0
    text = CHECK_WINDOWS.read_text(encoding="utf-8")
    apt_section = text[text.index('step_start "apt'):text.index('step_end', text.index('step_start "apt'))]
    calls = [line for line in text.splitlines() if "skip_loudly " in line and "() {" not in line]
    assert calls and all(line.strip() in apt_section for line in calls)
    assert "SKIPPED" in text and "exit 0" in text


def test_the_windows_check_plays_every_golden_fight_byte_for_byte_and_reports_sizes():
    text = CHECK_WINDOWS.read_text(encoding="utf-8")
    assert 'cmp "play-$name.txt" "$fight/log.txt"' in text
    assert "PYTHONUTF8" not in text  # the program writes UTF-8 by itself
    for bench in ("BENCH bundle_size_windows $SIZE MiB target $TARGET", "BENCH archive_size_windows",
                  "BENCH build_time_windows"):
        assert bench in text


def test_the_wine_workarounds_stay_in_the_work_folder_and_out_of_the_bundle():
    text = CHECK_WINDOWS.read_text(encoding="utf-8")
    # the bundle brings its own font: nothing hands Qt the host's fonts
    assert "/v QT_QPA_FONTDIR" not in text and "QT_QPA_FONTDIR=" not in text
    assert re.search(r"find \"\$BUNDLE\" .*icuuc", text)
    assert 'cp icuuc.dll "$WINEPREFIX/drive_c/windows/system32/icuuc.dll"' in text
    assert "windows-wine-pins.txt" in text
    pins = (ROOT / "packaging" / "windows-wine-pins.txt").read_text(encoding="utf-8")
    pinned = [line for line in pins.splitlines() if line and not line.startswith("#")]
    assert pinned and all("==" in line for line in pinned)


def test_the_macos_job_signs_ad_hoc_checks_the_app_and_ships_a_dmg_and_a_zip():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert "macos-latest" in text
    assert 'codesign --verify --deep --strict --verbose=2 "$app"' in text
    assert "Signature=adhoc" in text and "plutil -lint" in text and "CFBundleIconFile" in text
    assert "hdiutil verify" in text
    assert "vantage-release/*.dmg" in text and "vantage-release/*.zip" in text
