"""``vantage simulate``: the report as text or JSON, the same JSON for the same seed whatever
``--jobs``, and bad input refused with the problem named."""

from __future__ import annotations

import io
import json
from pathlib import Path

from vantage.gui.cli.simulate import run

SAMPLE = str(Path(__file__).resolve().parents[3] / "maps" / "04-power-tiers-ambush.json")


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_json_report_has_the_odds_the_rounds_and_every_creature():
    status, out, _ = _run(SAMPLE, "--fights", "3", "--jobs", "1", "--rounds", "6", "--json")
    assert status == 0
    report = json.loads(out)
    assert report["fights"] == 3 and set(report["sides"]) == {"party", "enemy"}
    low, high = report["sides"]["party"]["interval95"]
    assert low <= report["sides"]["party"]["chance"] <= high
    assert {"lower_quartile", "median", "upper_quartile", "histogram"} <= set(report["rounds"])
    assert {c["id"] for c in report["creatures"]} == {"bram", "ilse", "aldric", "brigand", "archer", "wolf",
                                                       "wrestler"}
    assert report["damage_unit"] and report["policy"]


def test_same_seed_same_json_with_one_or_two_jobs():
    one = _run(SAMPLE, "--fights", "4", "--seed", "9", "--jobs", "1", "--rounds", "5", "--json")[1]
    two = _run(SAMPLE, "--fights", "4", "--seed", "9", "--jobs", "2", "--rounds", "5", "--json")[1]
    assert one == two


def test_text_report_names_the_chances_and_the_policy():
    status, out, _ = _run(SAMPLE, "--fights", "2", "--jobs", "1", "--rounds", "4")
    assert status == 0
    assert "The party wins" in out and "95 % interval" in out
    assert out.rstrip().splitlines()[-1].startswith("Policy:")


def test_a_missing_file_is_named(tmp_path):
    status, _, err = _run(str(tmp_path / "none.json"), "--fights", "2")
    assert status == 1 and "none.json" in err


def test_fights_must_be_a_positive_number(capsys):
    try:
        run([SAMPLE, "--fights", "0"])
    except SystemExit as stop:
        assert stop.code == 2
    assert "0 is not at least 1" in capsys.readouterr().err
