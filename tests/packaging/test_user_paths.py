"""Where the user's own files go (engine/user_paths.py).

Issue 7: "user data (settings, autosaves, recent files, calibration) goes to the platform's user
data folder (platformdirs or Qt's QStandardPaths), never inside the bundle."
"""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from vantage.gui.appdata import resources, user_paths


@pytest.fixture
def no_override(monkeypatch, tmp_path):
    """Real platformdirs, with the home and XDG folders moved into tmp_path."""
    monkeypatch.delenv(user_paths.OVERRIDE_VARIABLE, raising=False)
    for name in ("HOME", "XDG_DATA_HOME", "APPDATA", "LOCALAPPDATA", "USERPROFILE"):
        monkeypatch.setenv(name, str(tmp_path / "home" / name.lower()))
    return tmp_path


def test_the_override_variable_chooses_the_folder_and_it_is_created(monkeypatch, tmp_path):
    target = tmp_path / "portable" / "vantage-data"
    monkeypatch.setenv(user_paths.OVERRIDE_VARIABLE, str(target))
    assert user_paths.user_data_dir() == target.resolve()
    assert target.is_dir()


def test_every_kind_of_user_file_lives_in_the_user_folder_and_its_folder_exists(monkeypatch, tmp_path):
    monkeypatch.setenv(user_paths.OVERRIDE_VARIABLE, str(tmp_path / "data"))
    base = (tmp_path / "data").resolve()
    assert user_paths.autosave_dir() == base / "autosave" and (base / "autosave").is_dir()
    assert user_paths.calibration_dir() == base / "calibration" and (base / "calibration").is_dir()
    assert user_paths.settings_path() == base / "settings.json"
    assert user_paths.recent_files_path() == base / "recent-files.json"
    assert user_paths.settings_path().parent.is_dir()
    text = user_paths.describe()
    assert str(base / "autosave") in text and str(base / "settings.json") in text


def test_without_the_override_the_platform_user_data_folder_is_used(no_override):
    expected = Path(platformdirs.user_data_dir("Vantage", appauthor=False)).resolve()
    assert user_paths.user_data_dir() == expected
    assert expected.is_relative_to(no_override)  # the fixture moved the home folder


def test_the_user_folder_is_never_the_bundled_data(no_override):
    bundled = resources.resource_dir("maps").parent
    assert not user_paths.user_data_dir().is_relative_to(bundled)


def frozen_at(monkeypatch, executable: Path, meipass: Path) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(meipass), raising=False)
    monkeypatch.setattr(sys, "executable", str(executable))


def test_a_frozen_program_refuses_a_user_folder_inside_its_bundle(monkeypatch, tmp_path):
    bundle = tmp_path / "vantage"
    frozen_at(monkeypatch, bundle / "vantage", bundle / "_internal")
    monkeypatch.setenv(user_paths.OVERRIDE_VARIABLE, str(bundle / "_internal" / "userdata"))
    with pytest.raises(user_paths.UserDataInsideBundleError, match="inside the installed program"):
        user_paths.user_data_dir()
    assert not (bundle / "_internal" / "userdata").exists()


def test_a_frozen_macos_app_counts_as_one_bundle(monkeypatch, tmp_path):
    app = tmp_path / "Vantage.app"
    frozen_at(monkeypatch, app / "Contents" / "MacOS" / "vantage", app / "Contents" / "Frameworks")
    assert app.resolve() in user_paths.bundle_roots()
    monkeypatch.setenv(user_paths.OVERRIDE_VARIABLE, str(app / "Contents" / "Resources" / "data"))
    with pytest.raises(user_paths.UserDataInsideBundleError):
        user_paths.user_data_dir()


def test_a_frozen_program_with_the_platform_folder_is_fine(monkeypatch, no_override):
    bundle = no_override / "opt" / "vantage"
    frozen_at(monkeypatch, bundle / "vantage", bundle / "_internal")
    folder = user_paths.user_data_dir()
    assert not any(folder.is_relative_to(root) for root in user_paths.bundle_roots())


def test_from_source_there_is_no_bundle_to_avoid(monkeypatch):
    monkeypatch.delattr(sys, "frozen", raising=False)
    assert user_paths.bundle_roots() == []
