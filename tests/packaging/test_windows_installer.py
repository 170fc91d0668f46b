"""The Inno Setup script for the optional Windows installer (packaging/vantage.iss).

Issue 7: "a Windows zip (an installer is a bonus)". Inno Setup does not run here; these check
that the script points at what the build produces.
"""

from __future__ import annotations

import re
from pathlib import Path

import bundle_plan

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
SCRIPT = (PACKAGING / "vantage.iss").read_text(encoding="utf-8")


def setting(name: str) -> str:
    match = re.search(rf"^{name}=(.*)$", SCRIPT, re.MULTILINE)
    assert match, f"{name} is not set"
    return match.group(1).strip()


def test_the_installer_needs_no_administrator_rights():
    assert setting("PrivilegesRequired") == "lowest"
    assert setting("DefaultDirName") == r"{autopf}\Vantage"


def test_the_installer_icon_is_the_committed_ico():
    icon = (PACKAGING / setting("SetupIconFile").replace("\\", "/")).resolve()
    assert icon == (PACKAGING.parent / "assets" / "icons" / "vantage.ico").resolve()
    assert icon.is_file()


def test_shortcuts_start_the_windowed_program():
    program = f"{bundle_plan.APP_NAME}.exe"
    assert setting("UninstallDisplayIcon") == rf"{{app}}\{program}"
    shortcuts = re.findall(r'Filename: "\{app\}\\([^"]+)"', SCRIPT)
    assert shortcuts and set(shortcuts) == {program}


def test_the_whole_bundle_folder_is_installed_and_the_name_carries_the_version():
    assert 'Source: "{#BundleDir}\\*"' in SCRIPT and "recursesubdirs" in SCRIPT
    assert setting("OutputBaseFilename") == "vantage-{#AppVersion}-windows-setup"
    assert setting("AppVersion") == "{#AppVersion}"
