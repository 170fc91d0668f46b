"""Bad encounter files: each kind of mistake gives a clear message with its place, never a traceback.

Issue 2, item 3: "Loading validates everything and reports *all* problems with their place
(`tokens[3].position: (52, 4) is outside the 40×30 map`, `map.terrain: 1199 values for a 40×30
map`, `tokens[1].size: "colossal" is not one of …`, unknown version, not JSON, not an encounter,
file too large)" and "At least 12 kinds of bad input are tested … each gives a clear message,
never a traceback."
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.fileformat import (
    MAX_FILE_BYTES,
    EncounterFileError,
    Problem,
    encounter_from_dict,
    load_encounter,
    loads_encounter,
)


def good() -> dict[str, Any]:
    return {
        "format": "vantage-encounter",
        "version": 1,
        "name": "Crossing",
        "ruleset": "avorkarth",
        "map": {
            "width": 40,
            "height": 30,
            "terrain": {"legend": {".": "open", "r": "rubble"}, "rows": ["." * 39 + "r"] + ["." * 40] * 29},
            "walls": [{"a": [1, 1], "b": [1, 5], "kind": "door-closed"}],
            "objects": [{"id": "pillar", "outline": [[2, 2], [3, 2], [3, 3]], "cover": "full"}],
        },
        "tokens": [
            {"id": "bram", "name": "Bram", "side": "party", "position": [3, 4], "facing": "NE"},
            {"id": "ogre", "name": "Ogre", "side": "enemy", "size": "large", "position": [10, 10]},
        ],
        "combat": {},
    }


def problems_of(data: Any) -> list[str]:
    with pytest.raises(EncounterFileError) as caught:
        encounter_from_dict(data)
    return [str(p) for p in caught.value.problems]


def text_problems(text: str | bytes) -> list[str]:
    with pytest.raises(EncounterFileError) as caught:
        loads_encounter(text)
    return [str(p) for p in caught.value.problems]


def test_the_good_file_loads() -> None:
    enc = encounter_from_dict(good())
    assert enc.token("ogre").position == (10, 10)
    assert enc.map.terrain_at((39, 0)).id == "rubble"


def with_change(path: str, value: Any) -> dict[str, Any]:
    """``good()`` with the value at a dotted path (``tokens.0.size``) set, or removed if ``...``."""
    data = copy.deepcopy(good())
    *parents, last = path.split(".")
    target: Any = data
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    elif value is ...:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        # out-of-map positions, incl. a large token's footprint spilling over the edge
        ("tokens.0.position", [52, 4], "tokens[0].position: (52, 4) is outside the 40×30 map"),
        (
            "tokens.1.position",
            [39, 29],
            "tokens[1].position: a large token at (39, 29) covers up to (40, 30)",
        ),
        ("tokens.0.position", [-1, 0], "tokens[0].position: (-1, 0) is outside the 40×30 map"),
        # wrong types
        ("tokens.0.position", "3,4", "tokens[0].position: expected a point [x, y] with whole numbers"),
        ("tokens.0.position", [3.5, 4], "tokens[0].position[0]: must be a whole number, got 3.5"),
        ("tokens.0.hidden", "yes", 'tokens[0].hidden: expected true or false, got a string "yes"'),
        ("map.width", "40", 'map.width: expected a number, got a string "40"'),
        ("tokens.0.stats", [1, 2], "tokens[0].stats: expected an object {…}, got a list [1, 2]"),
        ("combat", "none", 'combat: expected an object {…}, got a string "none"'),
        ("tokens", {"bram": {}}, "tokens: expected a list […], got an object"),
        # unknown enum values list the allowed ones
        (
            "tokens.0.size",
            "colossal",
            'tokens[0].size: "colossal" is not one of tiny, small, medium, large, huge, gargantuan',
        ),
        ("tokens.0.size", -1, "tokens[0].size: -1 is not one of tiny, small"),
        ("tokens.0.facing", "north", 'tokens[0].facing: "north" is not one of N, NE, E, SE, S, SW, W, NW'),
        ("tokens.0.side", "foe", 'tokens[0].side: "foe" is not one of party, enemy, neutral'),
        (
            "map.walls.0.kind",
            "gate",
            'map.walls[0].kind: "gate" is not one of wall, door-closed, door-open, door-locked, window',
        ),
        ("map.objects.0.cover", "some", 'map.objects[0].cover: "some" is not one of none, half, full'),
        # the GM-only layer flag is a true/false, never a truthy string or number
        ("map.walls.0.gm_only", "yes", 'map.walls[0].gm_only: expected true or false, got a string "yes"'),
        ("map.objects.0.gm_only", 1, "map.objects[0].gm_only: expected true or false, got a number 1"),
        # sizes and numbers
        ("map.width", -40, "map.width: must be at least 1, got -40"),
        ("map.height", 0, "map.height: must be at least 1, got 0"),
        ("map.width", 5000, "map.width: must be at most 1000, got 5000"),
        ("map.feet_per_tile", -5, "map.feet_per_tile: must be more than 0, got -5"),
        ("tokens.0.elevation", float("nan"), "tokens[0].elevation: NaN is not a finite number"),
        ("tokens.0.elevation", float("inf"), "tokens[0].elevation: Infinity is not a finite number"),
        ("tokens.0.stats", {"hp": float("nan")}, "tokens[0].stats.hp: NaN is not a finite number"),
        # layers: unknown terrain, wrong row counts and lengths
        ("map.terrain.legend.r", "lava", 'map.terrain.legend["r"]: "lava" is not a terrain this map knows'),
        ("map.terrain.rows.0", "." * 39, "map.terrain.rows[0]: 39 characters for a map 40 tiles wide"),
        (
            "map.terrain.rows.3",
            "." * 20 + "x" + "." * 19,
            'map.terrain.rows[3]: column 20: "x" is not in the legend (. r)',
        ),
        ("map.terrain.rows", ["." * 40] * 29, "map.terrain.rows: 29 rows for a map 30 tiles high"),
        ("map.elevation", {"rows": [[0] * 40] * 30 + [[0] * 40]}, "map.elevation.rows: 31 rows for a map 30"),
        (
            "map.elevation",
            {"rows": [[0] * 40] * 29 + [[0] * 39 + ["high"]]},
            'map.elevation.rows[29][39]: expected a number, got a string "high"',
        ),
        (
            "map.fog",
            {"enabled": True, "revealed": {"rows": ["2" * 40] * 30}},
            'map.fog.revealed.rows[0]: column 0: "2" is not "0" or "1" (and 39 more in this row)',
        ),
        # walls, objects, ids
        ("map.walls.0.b", [1, 1], "map.walls[0]: both ends are at (1, 1); a wall needs two different points"),
        ("map.walls.0.b", [300, 1], "map.walls[0].b: (300, 1) is far outside the 40×30 map"),
        (
            "map.objects.0.outline",
            [[2, 2], [3, 3]],
            "map.objects[0].outline: has 2 points; an outline needs at least 3",
        ),
        ("tokens.1.id", "bram", 'tokens[1].id: "bram" is already the id of tokens[0]'),
        ("tokens.1.id", "", "tokens[1].id: must not be empty"),
        (
            "map.terrain_kinds",
            [{"id": "lava", "movement": "deadly"}],
            'map.terrain_kinds[0].movement: "deadly" is not one of open, tame, difficult, harsh, impassable',
        ),
        (
            "map.terrain_kinds",
            [{"id": "lava", "color": "red"}],
            'map.terrain_kinds[0].color: "red" is not a colour like "#rrggbb"',
        ),
        # missing required keys
        ("tokens.0.position", ..., "tokens[0].position: is missing (it is required)"),
        ("map.width", ..., "map.width: is missing (it is required)"),
        ("map", ..., "map: is missing (it is required)"),
        (
            "tokens.0.conditions",
            [{"name": "prone", "rounds_left": -2}],
            "tokens[0].conditions[0].rounds_left: must be at least 0, got -2",
        ),
    ],
)
def test_each_mistake_is_reported_at_its_place(path: str, value: Any, expected: str) -> None:
    found = problems_of(with_change(path, value))
    assert any(p.startswith(expected) for p in found), found


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ([1, 2], "the file holds a list, not an encounter"),
        ("hello", "the file holds a string, not an encounter"),
        ({"type": "map"}, 'format: is missing; this is not a Vantage encounter file (it needs "format"'),
        ({"format": "tiled-map", "version": 1}, 'format: "tiled-map" is not "vantage-encounter"'),
        ({"format": "vantage-encounter"}, "version: is missing (this Vantage reads version 3)"),
        (
            {"format": "vantage-encounter", "version": 7},
            "version: version 7 is newer than this Vantage understands (3)",
        ),
        ({"format": "vantage-encounter", "version": "1"}, 'version: "1" is not a file version'),
        ({"format": "vantage-encounter", "version": 0}, "version: 0 is not a file version"),
    ],
)
def test_not_an_encounter_or_an_unknown_version_is_said_plainly(data: Any, expected: str) -> None:
    assert problems_of(data) == [next(p for p in problems_of(data) if p.startswith(expected))]


def test_five_different_mistakes_are_all_reported() -> None:
    data = good()
    data["map"]["terrain"]["rows"] = data["map"]["terrain"]["rows"][:-1]
    data["tokens"][0]["position"] = [52, 4]
    data["tokens"][1]["size"] = "colossal"
    data["tokens"][1]["id"] = "bram"
    data["map"]["walls"][0]["b"] = [1, 1]
    assert problems_of(data) == [
        "map.terrain.rows: 29 rows for a map 30 tiles high",
        "map.walls[0]: both ends are at (1, 1); a wall needs two different points",
        "tokens[0].position: (52, 4) is outside the 40×30 map",
        'tokens[1].size: "colossal" is not one of tiny, small, medium, large, huge, gargantuan',
        'tokens[1].id: "bram" is already the id of tokens[0]',
    ]


def test_a_layer_with_many_bad_rows_reports_ten_and_a_count() -> None:
    found = problems_of(with_change("map.terrain.rows", ["?" * 40] * 30))
    assert len(found) == 11
    assert found[-1] == "map.terrain.rows: … and 20 more problems in this layer"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "the file is empty"),
        ("   \n", "the file is empty"),
        (
            '{"format": "vantage-encounter", "version": 1, "map": {"width": 4,',
            "line 1, column 66: not valid JSON",
        ),
        (
            '{"format": "vantage-encounter",\n  "version": 1 "map": {}}',
            "line 2, column 16: not valid JSON: Expecting ','",
        ),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "this is a binary file, not an encounter"),
        (b'{"name": "caf\xe9"}', "this is not UTF-8 text (byte 0xe9 at offset 13)"),
        ("[" * 100_000 + "]" * 100_000, "the JSON is nested too deeply"),
        ("null", "the file holds null, not an encounter"),
    ],
)
def test_text_that_is_not_an_encounter_is_said_plainly(text: str | bytes, expected: str) -> None:
    assert any(p.startswith(expected) for p in text_problems(text)), text_problems(text)


def test_truncated_json_says_the_file_seems_cut_short() -> None:
    text = json.dumps(good(), indent=2)
    found = text_problems(text[: len(text) // 2])
    assert len(found) == 1 and found[0].endswith("(the file seems cut short)")


def test_a_file_larger_than_the_limit_is_refused_before_reading(tmp_path) -> None:
    big = tmp_path / "huge.json"
    with open(big, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)  # sparse: no real disk use
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(big)
    # 256 MiB and one byte is shown in bytes: "256.0 MiB; … at most 256 MiB" would read as no excess
    assert caught.value.problems == (
        Problem("", f"the file is {MAX_FILE_BYTES + 1:,} bytes; an encounter file may be at most 256 MiB"),
    )
    assert str(caught.value).startswith(f"{big}: the file is {MAX_FILE_BYTES + 1:,} bytes")


def test_missing_files_and_folders_are_problems_not_tracebacks(tmp_path) -> None:
    with pytest.raises(EncounterFileError, match="cannot read the file: No such file"):
        load_encounter(tmp_path / "nope.json")
    with pytest.raises(EncounterFileError, match="folder, not a file"):
        load_encounter(tmp_path)


def test_the_error_text_lists_every_problem_under_the_file_name(tmp_path) -> None:
    path = tmp_path / "two.json"
    path.write_text(json.dumps(with_change("tokens.0.size", "colossal") | {"notes": 5}), encoding="utf-8")
    with pytest.raises(EncounterFileError) as caught:
        load_encounter(path)
    lines = str(caught.value).splitlines()
    assert lines[0] == f"{path}: 2 problems"
    assert lines[1:] == [
        "  notes: expected a string, got a number 5",
        '  tokens[0].size: "colossal" is not one of tiny, small, medium, large, huge, gargantuan',
    ]
    assert caught.value.path == str(path)


def test_unknown_extra_keys_are_accepted_and_ignored() -> None:
    data = good()
    data["written_by"] = "another tool"
    data["tokens"][0]["mood"] = "grim"
    data["map"]["grid_color"] = "#000000"
    assert encounter_from_dict(data) == encounter_from_dict(good())


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_give_a_traceback(raw: bytes) -> None:
    try:
        loads_encounter(raw)
    except EncounterFileError as exc:
        assert exc.problems and all(p.message for p in exc.problems)


_json_leaf = st.none() | st.booleans() | st.integers(-5, 60) | st.floats() | st.text(max_size=6)
_mutants = st.recursive(
    _json_leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)
_paths = st.sampled_from(
    [
        "map.width",
        "map.height",
        "map.terrain",
        "map.terrain.rows",
        "map.terrain.legend",
        "map.walls",
        "map.walls.0",
        "map.walls.0.a",
        "map.objects.0.outline",
        "map.elevation",
        "map.fog",
        "map.lights",
        "map.background",
        "map.terrain_kinds",
        "tokens",
        "tokens.0",
        "tokens.0.position",
        "tokens.1.size",
        "tokens.0.conditions",
        "tokens.0.stats",
        "version",
        "format",
        "combat",
        "name",
    ]
)


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_paths, _mutants), min_size=1, max_size=3))
def test_any_value_at_any_place_gives_problems_or_an_encounter_never_a_traceback(changes) -> None:
    data = good()
    for path, value in changes:
        try:
            data = with_change_in(data, path, value)
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    try:
        encounter_from_dict(data)
    except EncounterFileError as exc:
        assert exc.problems and all(isinstance(p, Problem) and p.message for p in exc.problems)


def with_change_in(data: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    *parents, last = path.split(".")
    target: Any = data
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value
    return data


def test_an_integer_too_long_for_python_is_a_problem_not_a_traceback() -> None:
    text = json.dumps(good()).replace('"version": 1', '"version": ' + "1" * 5000)
    # "It gives no place and ends with advice for Python programmers" (review 18): now it has both
    with pytest.raises(EncounterFileError) as caught:
        loads_encounter(text)
    said = "a number has more than 4,300 digits; no value in an encounter is that large"
    assert list(caught.value.problems) == [Problem("line 1, column 44", said)]


def test_data_built_in_python_with_tuples_is_read_and_bad_keys_are_reported() -> None:
    data = good()
    data["tokens"][0]["position"] = (3, 4)
    assert encounter_from_dict(data).token("bram").position == (3, 4)
    data["tokens"][0]["stats"] = {1: "one"}
    assert problems_of(data) == ["tokens[0].stats: key 1 is not a string"]


def test_a_key_given_twice_is_reported_where_it_repeats() -> None:
    text = json.dumps(good())
    text = text.replace('"width": 40', '"width": 40, "width": 40', 1)
    text = text.replace('"name": "Bram"', '"name": "Bram", "name": "Brom"', 1)
    text = text.replace('"combat": {}', '"combat": {"log": {"a": 1, "a": 2}}', 1)
    assert text_problems(text) == [
        'combat.log: the key "a" appears more than once; which one is meant is unclear',
        'map: the key "width" appears more than once; which one is meant is unclear',
        'tokens[0]: the key "name" appears more than once; which one is meant is unclear',
    ]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs a POSIX /dev/zero")
def test_an_endless_device_is_not_read() -> None:
    with pytest.raises(EncounterFileError, match="not a regular file"):
        load_encounter("/dev/zero")


def test_a_byte_order_mark_and_windows_line_endings_are_fine(tmp_path) -> None:
    path = tmp_path / "notepad.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good(), indent=2).replace("\n", "\r\n").encode("utf-8"))
    assert load_encounter(path) == encounter_from_dict(good())
