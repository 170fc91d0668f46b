"""The bundled maps/ and assets/ are found inside a PyInstaller bundle (engine/resources.py).

Issue 7: "with maps/ and assets/ bundled and found through importlib.resources or sys._MEIPASS".
"""

from __future__ import annotations

import sys

from engine import resources


def test_a_bundle_folder_comes_before_the_source_tree(monkeypatch, tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "assets").mkdir()
    (tmp_path / "maps" / "b-second.json").write_text("{}")
    (tmp_path / "maps" / "a-first.json").write_text("{}")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.resource_dir("maps") == tmp_path / "maps"
    assert resources.resource_dir("assets") == tmp_path / "assets"
    assert [path.name for path in resources.sample_encounters()] == ["a-first.json", "b-second.json"]


def test_a_bundle_without_the_folder_falls_back_to_the_installed_one(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    found = resources.resource_dir("maps")
    assert found != tmp_path / "maps" and found.is_dir()
