"""The overlay screenshots (issue 5: "Screenshots of each overlay ... saved by a test or a script
under docs/screenshots/") can be made again, and each overlay shows something different."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "make_screenshots.py"


@pytest.mark.slow  # the docs' screenshot script: a picture of the map per overlay
def test_the_script_writes_one_distinct_picture_per_overlay(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    spec = importlib.util.spec_from_file_location("make_screenshots", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.make(tmp_path)
    assert [p.name for p in written] == [*module.SHOTS.values(), "drag-path.png"]
    pictures = [QImage(str(p)) for p in written]
    assert all(not p.isNull() for p in pictures)
    assert len({bytes(p.constBits()) for p in pictures}) == len(pictures)
