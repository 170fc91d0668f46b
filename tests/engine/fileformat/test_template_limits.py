"""Area templates are checked by one validation for files and commands (issue 33, item 7: sizes and
directions of 1e308 loaded from a file although the commands refuse them; a file with 100,000
templates never finished opening). ``vantage.engine.protocol.template_limits`` holds the limits
and the sentences; the file loader and ``place_template`` / ``move_template`` both use them."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from vantage.engine.dice import NoDice
from vantage.engine.fileformat import loads_encounter
from vantage.engine.fileformat.problems import EncounterFileError
from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.template_commands import MoveTemplate, PlaceTemplate
from vantage.engine.protocol.template_limits import MAX_TEMPLATE_FEET, MAX_TEMPLATES
from vantage.engine.session import apply

ROOT = Path(__file__).resolve().parents[3]
COURTYARD = ROOT / "maps/01-ruined-courtyard.json"


def _file_with(templates: list[dict]) -> bytes:
    data = json.loads(COURTYARD.read_text(encoding="utf-8"))
    data["templates"] = templates
    return json.dumps(data).encode("utf-8")


def _problems(raw: bytes) -> list[str]:
    with pytest.raises(EncounterFileError) as refused:
        loads_encounter(raw, source="fight.json")
    return [f"{p.place}: {p.message}" for p in refused.value.problems]


def _cone(**changes: object) -> dict:
    return {"id": "t", "shape": "cone", "origin": [1, 1], "size_feet": 15, "direction": 90, **changes}


@pytest.mark.parametrize(("field", "value", "command"), [
    ("size_feet", 1e308, {"size_feet": 1e308}),
    ("size_feet", MAX_TEMPLATE_FEET + 1, {"size_feet": MAX_TEMPLATE_FEET + 1}),
    ("width_feet", 1e308, {"width_feet": 1e308}),
    ("direction", 1e308, {"direction": 1e308}),
])
def test_a_file_refuses_what_the_command_refuses_in_the_same_words(field: str, value: float,
                                                                   command: dict) -> None:
    (problem,) = _problems(_file_with([_cone(**{field: value})]))
    enc = Encounter(GameMap(12, 10), ruleset="avorkarth")
    place = PlaceTemplate(id="t", shape="cone", origin=(1.0, 1.0), size_feet=15, direction=90)
    with pytest.raises(CommandRejected) as refused:
        apply(enc, PlaceTemplate(**{**place.__dict__, **command}), NoDice())
    file_words = problem.split(": ", 1)[1]
    assert problem.startswith(f"templates[0].{field}: ")
    assert refused.value.reason.endswith(file_words), (refused.value.reason, problem)


def test_a_template_moved_or_turned_past_the_limits_is_refused_in_the_same_words() -> None:
    enc = Encounter(GameMap(12, 10), ruleset="avorkarth")
    enc, _ = apply(enc, PlaceTemplate(id="t", shape="cone", origin=(1.0, 1.0), size_feet=15), NoDice())
    with pytest.raises(CommandRejected, match="1e\\+308° is not a direction"):
        apply(enc, MoveTemplate(template="t", direction=1e308), NoDice())


def test_a_file_with_more_templates_than_the_limit_is_refused_at_once() -> None:
    templates = [{"id": f"t{i}", "shape": "circle", "origin": [1, 1], "size_feet": 5} for i in range(100_000)]
    started = time.monotonic()
    problems = _problems(_file_with(templates))
    assert time.monotonic() - started < 5
    assert problems == [f"templates: 100,000 templates; an encounter holds at most {MAX_TEMPLATES:,}"]


def test_the_limit_itself_loads_and_the_command_refuses_one_more() -> None:
    templates = [{"id": f"t{i}", "shape": "circle", "origin": [1, 1], "size_feet": 5}
                 for i in range(MAX_TEMPLATES)]
    enc = loads_encounter(_file_with(templates), source="fight.json")
    assert len(enc.templates) == MAX_TEMPLATES
    with pytest.raises(CommandRejected) as refused:
        apply(enc, PlaceTemplate(id="one-more", shape="circle", origin=(1.0, 1.0), size_feet=5), NoDice())
    assert refused.value.reason == (f"the map already holds {MAX_TEMPLATES:,} templates, the most an "
                                    "encounter holds; remove one first")


def test_a_tiny_negative_direction_is_0_not_360() -> None:
    """Found by tests/engine/test_limits_fuzz.py: ``-1e-94 % 360`` is 360.0 in floating point."""
    enc = Encounter(GameMap(12, 10), ruleset="avorkarth")
    after, _ = apply(enc, PlaceTemplate(id="t", shape="cone", origin=(1.0, 1.0), size_feet=15,
                                        direction=-2.3e-94), NoDice())
    assert after.templates[0].direction == 0.0
    loaded = loads_encounter(_file_with([_cone(direction=-2.3e-94)]), source="fight.json")
    assert loaded.templates[0].direction == 0.0
