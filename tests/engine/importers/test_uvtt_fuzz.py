"""Mutated Universal VTT files always end in an encounter or a clear error.

Issue 8: "a hypothesis test mutates the sample JSON (drop keys, wrong types, truncated base64)
and the importer always ends in an encounter or a clear error".
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.engine.fileformat import encounter_from_dict, encounter_to_dict
from vantage.engine.importers.report import ImportResult, MapImportError
from vantage.engine.importers.uvtt import import_uvtt

SAMPLE = Path(__file__).resolve().parents[3] / "tests/fixtures/uvtt/real/cave-and-doors.dd2vtt"
ORIGINAL = json.loads(SAMPLE.read_text())

WRONG_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
    st.text(max_size=8), st.just([]), st.just({}), st.just([[{"x": 1}]]), st.just({"x": "a", "y": None}),
)


def paths(value: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


PATHS = paths(ORIGINAL)


def parent_of(doc: object, path: tuple) -> object:
    for step in path[:-1]:
        doc = doc[step]
    return doc


@st.composite
def mutated(draw: st.DrawFn) -> dict:
    doc = copy.deepcopy(ORIGINAL)
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(PATHS))
        try:
            parent = parent_of(doc, path)
            key = path[-1]
            _ = parent[key]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced this place
        if not isinstance(parent, dict | list):
            continue  # an earlier mutation put text here
        action = draw(st.sampled_from(["drop", "wrong-type", "truncate-image"]))
        if action == "truncate-image" and isinstance(doc.get("image"), str):
            doc["image"] = doc["image"][: draw(st.integers(0, len(doc["image"])))]
        elif action == "drop":
            del parent[key]
        else:
            parent[key] = draw(WRONG_VALUES)
    return doc


def check(text: str | bytes) -> None:
    try:
        result = import_uvtt(text, source="fuzz.dd2vtt", ruleset="avorkarth")
    except MapImportError as exc:
        message = str(exc)
        assert message and "Traceback" not in message
        return
    assert isinstance(result, ImportResult)
    game_map = result.encounter.map
    assert game_map.width >= 1 and game_map.height >= 1
    assert len(game_map.terrain) == game_map.width * game_map.height
    assert all(w.a != w.b for w in game_map.walls)
    str(result.report)
    # The encounter is one Vantage can save and read back: the file format's checks pass.
    assert encounter_from_dict(encounter_to_dict(result.encounter)) == result.encounter


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_sample_imports_or_fails_clearly(doc: dict) -> None:
    check(json.dumps(doc))


@settings(max_examples=40, deadline=None)
@given(st.floats(0.0, 1.0))
def test_file_cut_anywhere_imports_or_fails_clearly(fraction: float) -> None:
    text = SAMPLE.read_bytes()
    check(text[: int(len(text) * fraction)])


@pytest.mark.parametrize("key", ["resolution", "line_of_sight", "portals", "lights", "image", "format"])
def test_each_top_level_key_dropped(key: str) -> None:
    doc = copy.deepcopy(ORIGINAL)
    del doc[key]
    check(json.dumps(doc))
