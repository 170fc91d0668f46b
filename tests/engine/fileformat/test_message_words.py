"""Messages about bad files read as sentences (reliability review, defect 18): "Huge whole floats are
printed as 309-digit integers (version: 1e308, tokens[3].position) … 'expected a number, got null
null' doubles a word. A file name with a newline is printed raw." """

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vantage.engine.fileformat import EncounterFileError, loads_encounter
from vantage.engine.fileformat.problems import printable_name

COURTYARD = Path(__file__).resolve().parents[3] / "maps" / "01-ruined-courtyard.json"


def problems(change) -> list[str]:
    data = json.loads(COURTYARD.read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(EncounterFileError) as caught:
        loads_encounter(json.dumps(data))
    return [str(p) for p in caught.value.problems]


def test_a_huge_version_reads_as_a_number_not_309_digits():
    said = problems(lambda d: d.__setitem__("version", 1e308))
    assert said == ["version: 1e+308 is not a file version (a whole number from 1)"]


def test_a_huge_position_is_too_large_not_309_digits():
    said = problems(lambda d: d["tokens"][3].__setitem__("position", [1e300, 2]))
    assert said == ["tokens[3].position[0]: 1e+300 is too large to be a whole number here "
                    "(at most 9,007,199,254,740,992)"]


def test_null_is_said_once():
    said = problems(lambda d: d["tokens"][3].__setitem__("position", [None, 2]))
    assert said == ["tokens[3].position[0]: expected a number, got null"]


def test_a_file_name_with_a_newline_stays_on_one_line():
    assert printable_name("new\nline.json") == "new\\nline.json"
    assert str(EncounterFileError([], path="a\nb.json")).startswith("a\\nb.json: ")
