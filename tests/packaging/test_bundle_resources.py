"""The bundled maps/ and assets/ are found as package data of ``vantage`` (gui/appdata/resources.py).

Issue 7: "with maps/ and assets/ bundled and found through importlib.resources or sys._MEIPASS".
Issue 11: "with maps/ and assets/ as package data of vantage". A checkout, a wheel and a PyInstaller
bundle all keep them beside ``vantage/__init__.py`` (the bundle in ``_MEIPASS/vantage/``).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import pytest

from vantage.gui.appdata import resources


def test_the_folders_are_found_beside_the_vantage_package():
    package = Path(str(files("vantage")))
    assert resources.resource_dir("maps") == package / "maps"
    assert resources.resource_dir("assets") == package / "assets"
    assert [p.name for p in resources.sample_encounters()][0] == "01-ruined-courtyard.json"


def test_samples_are_listed_in_name_order_from_wherever_vantage_lives(monkeypatch, tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "b-second.json").write_text("{}")
    (tmp_path / "maps" / "a-first.json").write_text("{}")
    monkeypatch.setattr(resources, "package_dir", lambda: tmp_path)
    assert resources.resource_dir("maps") == tmp_path / "maps"
    assert [path.name for path in resources.sample_encounters()] == ["a-first.json", "b-second.json"]


def test_a_missing_folder_is_named_in_the_error(monkeypatch, tmp_path):
    monkeypatch.setattr(resources, "package_dir", lambda: tmp_path)
    with pytest.raises(FileNotFoundError, match="'maps' is missing"):
        resources.resource_dir("maps")
