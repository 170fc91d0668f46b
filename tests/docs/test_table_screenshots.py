"""The screenshots of the tools at the table (issue 16: "docs/gui.md covers the new tools with
screenshots made by the screenshot scripts") can be made again: one picture per tool, none blank,
no two alike, each named in docs/gui.md."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "screenshots" / "make_table_screenshots.py"


def _colours(image: QImage) -> int:
    """How many different colours a coarse sample of the picture holds (1: blank)."""
    step_x, step_y = max(1, image.width() // 40), max(1, image.height() // 40)
    return len({image.pixel(x, y) for x in range(0, image.width(), step_x)
                for y in range(0, image.height(), step_y)})


@pytest.mark.slow  # the docs' screenshot script: GM windows and player views at the table
def test_the_script_writes_every_picture_of_the_table_tools(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    spec = importlib.util.spec_from_file_location("make_table_screenshots", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.make(tmp_path / "shots")
    assert [p.name for p in written] == list(module.SHOTS)
    pictures = [QImage(str(p)) for p in written]
    assert all(not p.isNull() and p.width() > 100 and p.height() > 50 for p in pictures)
    blank = [path.name for path, image in zip(written, pictures, strict=True) if _colours(image) <= 3]
    assert blank == []
    assert len({bytes(p.constBits()) for p in pictures}) == len(pictures)


def test_each_picture_is_in_the_checkout_and_shown_in_the_gui_doc():
    spec = importlib.util.spec_from_file_location("make_table_screenshots", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc = (ROOT / "docs" / "gui.md").read_text(encoding="utf-8")
    for name in module.SHOTS:
        assert (SCRIPT.parent / name).is_file(), name
        assert f"screenshots/{name}" in doc, name
