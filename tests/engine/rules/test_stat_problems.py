"""`vantage check` asks the encounter's ruleset about every stat block (issue: "stat block (a
mapping the ruleset validates)")."""

from __future__ import annotations

import io
import json
from pathlib import Path

from vantage.engine.fileformat import dumps_encounter, load_encounter
from vantage.engine.rules.stat_problems import stat_block_problems
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.cli import check


def _sample_dict() -> dict:
    return json.loads(dumps_encounter(load_encounter(sample_encounters()[0])))


def test_the_samples_have_sound_stat_blocks() -> None:
    for path in sample_encounters():
        assert stat_block_problems(load_encounter(path)) == [], path


def test_check_reports_a_bad_stat_block_with_its_place(tmp_path: Path) -> None:
    data = _sample_dict()
    data["tokens"][2]["stats"]["wounds"] = 0
    del data["tokens"][4]["stats"]["abilities"]["will"]
    data["tokens"][5]["stats"] = {}  # an unstatted token is allowed
    path = tmp_path / "bad-stats.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert check.run([str(path)], out=out, err=io.StringIO()) == 1
    lines = out.getvalue().splitlines()
    assert lines == [
        f"{path}: tokens[2].stats.wounds: must be at least 1, not 0",
        f"{path}: tokens[4].stats.abilities.will: missing",
    ]


def test_an_unknown_ruleset_is_named(tmp_path: Path) -> None:
    data = _sample_dict()
    data["ruleset"] = "chess"
    path = tmp_path / "chess.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert check.run([str(path)], out=out, err=io.StringIO()) == 1
    assert "ruleset: unsupported ruleset 'chess' (known: avorkarth)" in out.getvalue()
