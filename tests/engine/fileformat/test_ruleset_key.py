"""An encounter names its ruleset: no ruleset is a silent default (issue 26: "a file without a
ruleset is refused or asked about, with a sentence").

A file without ``"ruleset"`` is refused with the place and the fix — the installed rulesets, from
the registry — and, when that is its only problem, as :class:`RulesetMissing`, so the GUI can ask
the GM instead and read the file with the answer (``chosen_ruleset``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from skirmish_ruleset import registered

from vantage.engine.fileformat import (
    EncounterFileError,
    RulesetMissing,
    encounter_from_dict,
    load_encounter,
    loads_encounter,
)
from vantage.engine.model import Encounter, GameMap

ROOT = Path(__file__).resolve().parents[3]
MISSING = ("ruleset: is missing — an encounter names the ruleset it is played by: "
           "one of avorkarth, baton, power-tiers, shattered-world")


def unnamed() -> dict[str, Any]:
    """A sound file in every way but one: it names no ruleset."""
    return {"format": "vantage-encounter", "version": 1, "name": "Ford", "map": {"width": 4, "height": 3},
            "tokens": [{"id": "bram", "name": "Bram", "side": "party", "position": [1, 1]}]}


def test_a_file_without_a_ruleset_is_refused_with_the_place_and_the_fix(tmp_path: Path):
    path = tmp_path / "ford.json"
    path.write_text(json.dumps(unnamed()), encoding="utf-8")
    with pytest.raises(RulesetMissing) as caught:
        load_encounter(path)
    assert [str(p) for p in caught.value.problems] == [MISSING]
    assert str(caught.value) == f"{path}: {MISSING}"
    assert isinstance(caught.value, EncounterFileError)  # every caller that shows file errors shows it


def test_the_fix_lists_every_registered_ruleset():
    with registered(), pytest.raises(RulesetMissing) as caught:
        encounter_from_dict(unnamed())
    fix = str(caught.value.problems[0])
    assert fix.endswith("one of avorkarth, baton, power-tiers, shattered-world, skirmish")


def test_the_answer_the_gm_chose_reads_the_file():
    """What the GUI does after asking: read the same text with the ruleset chosen."""
    text = json.dumps(unnamed())
    with pytest.raises(RulesetMissing):
        loads_encounter(text)
    encounter = loads_encounter(text, chosen_ruleset="baton")
    assert encounter.ruleset == "baton" and encounter.token("bram").name == "Bram"


def test_a_ruleset_the_file_names_wins_over_a_chosen_one():
    data = {**unnamed(), "ruleset": "power-tiers"}
    assert encounter_from_dict(data, chosen_ruleset="baton").ruleset == "power-tiers"


def test_with_other_problems_the_missing_ruleset_is_one_of_them_and_nothing_is_asked():
    data = {**unnamed(), "map": {"width": -3, "height": 3}}
    with pytest.raises(EncounterFileError) as caught:
        encounter_from_dict(data)
    assert not isinstance(caught.value, RulesetMissing)
    assert MISSING in [str(p) for p in caught.value.problems]
    assert len(caught.value.problems) > 1


@pytest.mark.parametrize(("value", "message"), [
    ("", "ruleset: must not be empty"),
    (None, "ruleset: expected a string, got null"),
    (7, "ruleset: expected a string, got a number 7"),
])
def test_a_ruleset_that_is_not_a_name_is_refused(value: object, message: str):
    with pytest.raises(EncounterFileError) as caught:
        encounter_from_dict({**unnamed(), "ruleset": value}, chosen_ruleset="baton")
    assert not isinstance(caught.value, RulesetMissing)
    assert [str(p) for p in caught.value.problems] == [message]


def test_an_encounter_built_in_code_names_its_ruleset():
    with pytest.raises(TypeError, match="ruleset"):
        Encounter(GameMap(2, 2))
    assert Encounter(GameMap(2, 2), ruleset="baton").ruleset == "baton"


def _bundled_encounter_files() -> list[Path]:
    folders = (ROOT / "maps", ROOT / "tests" / "fixtures", ROOT / "tests" / "golden")
    found = []
    for folder in folders:
        for path in sorted(folder.rglob("*.json")):
            data = json.loads(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("format") == "vantage-encounter":
                found.append(path)
    return found


def test_every_bundled_encounter_file_names_its_ruleset_and_loads():
    files = _bundled_encounter_files()
    assert len(files) >= 6 + 9  # the sample maps and the golden fights
    for path in files:
        assert isinstance(load_encounter(path).ruleset, str), path
