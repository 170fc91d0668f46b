"""The README's pictures (issue 30: "The README's opening says what Vantage is today ... and shows
one screenshot per ruleset") can be made again: one picture per ruleset at 1920×1080, each in the
middle of a fight, none blank, no two alike, each shown in the README."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "screenshots" / "make_ruleset_screenshots.py"


def _colours(image: QImage) -> int:
    step_x, step_y = max(1, image.width() // 40), max(1, image.height() // 40)
    return len({image.pixel(x, y) for x in range(0, image.width(), step_x)
                for y in range(0, image.height(), step_y)})


@pytest.mark.slow  # the docs' screenshot script: four GM windows playing a few turns each
def test_the_script_writes_one_mid_fight_picture_per_ruleset_shown_in_the_readme(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    spec = importlib.util.spec_from_file_location("make_ruleset_screenshots", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = module.make(tmp_path / "shots")
    names = [name for name, _turns, _seed in module.SHOTS.values()]
    assert [p.name for p in written] == names
    rulesets = {sample.split("-", 1)[1] for sample in module.SHOTS}
    assert len(rulesets) == 4  # Avorkarth's courtyard, Power Tiers, The Shattered World, Baton
    pictures = [QImage(str(p)) for p in written]
    assert all((p.width(), p.height()) == (1920, 1080) for p in pictures)
    assert all(_colours(p) > 20 for p in pictures)
    assert len({bytes(p.constBits()) for p in pictures}) == 4
    for name in names:
        round_shown, log_lines = module.FIGHTS[name]
        assert round_shown is not None and round_shown >= 1, name  # combat is on
        assert log_lines >= 5, name  # turns were played
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(f"docs/screenshots/{name}" in readme for name in names)
    assert all((ROOT / "docs" / "screenshots" / name).exists() for name in names)
