"""`vantage check` asks the encounter's ruleset about every stat block (issue: "stat block (a
mapping the ruleset validates)"; "stat blocks are validated on load with their place
(`tokens[2].stats.abilities.agility: 31 is above 30`)"), and the Ruleset dialog asks another
ruleset which blocks would not fit ("Vantage says which stat blocks do not fit")."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from vantage.engine.fileformat import dumps_encounter, load_encounter
from vantage.engine.model import Token
from vantage.engine.rules import UnknownRuleset, ruleset_ids
from vantage.engine.rules.stat_problems import stat_block_problems, stat_misfits
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
    data["tokens"][2]["stats"]["abilities"]["agility"] = 31
    del data["tokens"][4]["stats"]["abilities"]["will"]
    data["tokens"][5]["stats"] = {}  # an unstatted token is allowed
    path = tmp_path / "bad-stats.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert check.run([str(path)], out=out, err=io.StringIO()) == 1
    lines = out.getvalue().splitlines()
    assert lines == [
        f"{path}: tokens[2].stats.abilities.agility: 31 is above 30",
        f"{path}: tokens[2].stats.wounds: 0 is below 1",
        f"{path}: tokens[4].stats.abilities.will: missing",
    ]


def test_an_unknown_ruleset_is_named(tmp_path: Path) -> None:
    data = _sample_dict()
    data["ruleset"] = "chess"
    path = tmp_path / "chess.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert check.run([str(path)], out=out, err=io.StringIO()) == 1
    known = ", ".join(ruleset_ids())  # every registered ruleset, named
    assert f"ruleset: unsupported ruleset 'chess' (known: {known})" in out.getvalue()


def test_misfits_name_each_token_and_its_problems_under_another_ruleset() -> None:
    """"an encounter can switch ruleset, and Vantage says which stat blocks do not fit": under
    Skirmish every Avorkarth block is a misfit; the unstatted token is left alone."""
    from skirmish_ruleset import registered

    encounter = load_encounter(sample_encounters()[0])
    encounter = encounter.with_token(Token("barrel", "Barrel", (0, 0)))
    assert stat_misfits(encounter) == ()
    with registered():
        misfits = stat_misfits(encounter, "skirmish")
    statted = [t for t in encounter.tokens if t.stats]
    assert [m.token for m in misfits] == [t.id for t in statted]
    assert misfits[0].first == "stats.health: is missing"
    assert ("stats.abilities", "is not a field of this stat block (known: attack, defence, guard, health, "
            "player, reach, speed)") in misfits[0].problems
    with pytest.raises(UnknownRuleset, match="known: avorkarth"):
        stat_misfits(encounter, "chess")
