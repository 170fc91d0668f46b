"""Round trips: load → save → load gives an equal encounter, for every sample and generated ones.

Issue 2, item 3: "Round trip: load → save → load gives an equal encounter for every sample; a
hypothesis test does the same for generated encounters."
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from encounter_strategies import encounters
from hypothesis import HealthCheck, given, settings

from vantage.engine.fileformat import (
    EncounterFileError,
    dumps_encounter,
    encounter_from_dict,
    encounter_to_dict,
    load_encounter,
    loads_encounter,
    save_encounter,
)
from vantage.engine.fileformat.layers import LEGEND_ALPHABET, MAX_TERRAIN_KINDS_PER_MAP, assign_legend
from vantage.engine.model import (
    Cover,
    Encounter,
    Facing,
    GameMap,
    MapObject,
    Side,
    Size,
    Token,
    Wall,
    WallKind,
)
from vantage.engine.terrain import DEFAULT_TERRAIN, MovementClass, TerrainKind
from vantage.gui.appdata.resources import sample_encounters


def _samples() -> list:
    try:
        return sample_encounters()
    except FileNotFoundError:
        return []


def small_encounter() -> Encounter:
    game_map = (
        GameMap(6, 4, walls=(Wall((1, 0), (1, 3)),))
        .with_terrain({(2, 1): "rubble", (3, 1): "deep-water"})
        .with_elevation({(0, 0): 5, (5, 3): 2.5})
    )
    tokens = (
        Token("bram", "Bram", (0, 1), Side.PARTY, Size.MEDIUM, Facing.E, stats={"agility": 6}),
        Token("ogre", "Ogre", (4, 2), Side.ENEMY, Size.LARGE, Facing.W),
    )
    return Encounter(game_map, tokens, name="Small", combat={"round": 1}, ruleset="avorkarth")


def test_small_encounter_round_trips_through_text() -> None:
    enc = small_encounter()
    assert loads_encounter(dumps_encounter(enc)) == enc


def test_every_sample_round_trips_through_a_saved_file(tmp_path) -> None:
    """Prefers the bundled samples in maps/; builds one when maps/ has none yet."""
    paths = _samples()
    if not paths:
        paths = [tmp_path / "built.json"]
        save_encounter(small_encounter(), paths[0])
    for path in paths:
        first = load_encounter(path)
        copy = tmp_path / ("copy-" + path.name)
        save_encounter(first, copy)
        assert load_encounter(copy) == first, path.name


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(encounters())
def test_generated_encounters_round_trip(enc: Encounter) -> None:
    text = dumps_encounter(enc)
    assert loads_encounter(text) == enc
    assert dumps_encounter(loads_encounter(text)) == text  # the writer is stable


def test_whole_floats_are_written_as_ints() -> None:
    """Format design: "floats that are integral are written as ints"."""
    data = encounter_to_dict(small_encounter())
    assert data["map"]["feet_per_tile"] == 5 and isinstance(data["map"]["feet_per_tile"], int)
    assert data["map"]["elevation"]["rows"][0][0] == 5 and isinstance(
        data["map"]["elevation"]["rows"][0][0], int
    )
    assert data["map"]["elevation"]["rows"][3][5] == 2.5
    assert data["map"]["walls"][0]["a"] == [1, 0] and isinstance(data["map"]["walls"][0]["a"][0], int)
    assert data["tokens"][0]["facing"] == "E"


def test_default_layers_are_left_out() -> None:
    data = encounter_to_dict(Encounter(GameMap(3, 3), ruleset="avorkarth"))
    assert "terrain" not in data["map"] and "elevation" not in data["map"]
    assert "terrain_kinds" not in data["map"] and "revealed" not in data["map"]["fog"]
    assert encounter_from_dict(data) == Encounter(GameMap(3, 3), ruleset="avorkarth")


def test_gm_only_is_written_only_when_set_and_read_back() -> None:
    """docs/file-format.md: `gm_only` — true/false, `false` (left out when false)."""
    secret = Wall((2, 0), (2, 1), WallKind.DOOR_CLOSED, gm_only=True)
    trap = MapObject("trap", ((3, 3), (4, 3), (4, 4)), "Pit", False, False, Cover.NONE, gm_only=True)
    plate = replace(trap, id="plate", gm_only=False)
    enc = replace(small_encounter(), map=replace(small_encounter().map, objects=(trap, plate)))
    enc = replace(enc, map=replace(enc.map, walls=(*enc.map.walls, secret)))
    data = encounter_to_dict(enc)
    assert [w.get("gm_only") for w in data["map"]["walls"]] == [None, True]
    assert [o.get("gm_only") for o in data["map"]["objects"]] == [True, None]
    back = loads_encounter(dumps_encounter(enc))
    assert back == enc
    assert [w.gm_only for w in back.map.walls] == [False, True]
    assert [o.gm_only for o in back.map.objects] == [True, False]


def test_terrain_rows_use_one_legend_character_per_tile() -> None:
    data = encounter_to_dict(small_encounter())
    terrain = data["map"]["terrain"]
    assert terrain["legend"] == {".": "open", "r": "rubble", "d": "deep-water"}
    assert terrain["rows"] == ["......", "..rd..", "......", "......"]


def test_text_is_pretty_stable_and_ends_with_a_newline() -> None:
    text = dumps_encounter(small_encounter())
    assert text.endswith("}\n")
    assert text.startswith('{\n  "format": "vantage-encounter",\n  "version": 3,')
    assert '"position": [0, 1]' in text  # short number lists stay on one line
    assert json.loads(text) == encounter_to_dict(small_encounter())


def test_a_map_with_its_own_terrain_kinds_keeps_them() -> None:
    lava = TerrainKind("lava", "Lava", MovementClass.IMPASSABLE, color="#ff3300", blocks_sight=False)
    kinds = dict(DEFAULT_TERRAIN) | {"lava": lava}
    enc = Encounter(GameMap(2, 1, terrain=("lava", "open"), terrain_kinds=kinds), ruleset="avorkarth")
    data = encounter_to_dict(enc)
    assert [k["id"] for k in data["map"]["terrain_kinds"]] == ["lava"]
    assert encounter_from_dict(data) == enc


def test_the_legend_alphabet_avoids_characters_json_escapes() -> None:
    assert '"' not in LEGEND_ALPHABET and "\\" not in LEGEND_ALPHABET and " " not in LEGEND_ALPHABET
    assert len(set(LEGEND_ALPHABET)) == len(LEGEND_ALPHABET) >= 89
    legend = assign_legend([f"k{i}" for i in range(MAX_TERRAIN_KINDS_PER_MAP - 1)] + ["open"])
    assert len(legend) == MAX_TERRAIN_KINDS_PER_MAP and legend["."] == "open"


def test_more_terrain_kinds_than_the_legend_holds_is_a_clear_error_on_save(tmp_path) -> None:
    """Format design: "more than that is an error on save with a clear message"."""
    many = {f"k{i}": TerrainKind(f"k{i}", f"Kind {i}") for i in range(MAX_TERRAIN_KINDS_PER_MAP + 1)}
    kinds = dict(DEFAULT_TERRAIN) | many
    enc = Encounter(GameMap(len(many), 1, terrain=tuple(many), terrain_kinds=kinds), ruleset="avorkarth")
    target = tmp_path / "many.json"
    with pytest.raises(EncounterFileError, match="terrain kinds; a file can hold at most"):
        save_encounter(enc, target)
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_an_encounter_that_would_not_load_is_not_saved(tmp_path) -> None:
    """Saving never writes a file that loading would reject (here: a token off the map)."""
    enc = Encounter(GameMap(3, 3), (Token("a", "A", (5, 0)),), ruleset="avorkarth")
    with pytest.raises(EncounterFileError) as caught:
        save_encounter(enc, tmp_path / "off.json")
    assert [str(p) for p in caught.value.problems] == ["tokens[0].position: (5, 0) is outside the 3×3 map"]
    assert list(tmp_path.iterdir()) == []


def test_non_ascii_text_is_written_as_is_and_a_lone_surrogate_survives_escaped() -> None:
    enc = replace(small_encounter(), name="Café of the Ünd€ad")
    assert '"name": "Café of the Ünd€ad"' in dumps_encounter(enc)
    odd = loads_encounter(
        '{"format": "vantage-encounter", "version": 1, "name": "\\ud800", "ruleset": "avorkarth",'
        ' "map": {"width": 1, "height": 1}}'
    )
    text = dumps_encounter(odd)
    text.encode("utf-8")
    assert loads_encounter(text) == odd


def test_imported_universal_vtt_maps_save_and_load_unchanged() -> None:
    """What the importers produce (walls on the border, doors, lights, backgrounds) is a valid file."""
    from vantage.engine.importers.uvtt import import_uvtt_file

    fixtures = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt"
    paths = sorted(p for p in fixtures.iterdir() if p.suffix.endswith("vtt") and p.stem != "truncated")
    assert len(paths) >= 10
    for path in paths:
        enc = import_uvtt_file(path, ruleset="avorkarth").encounter
        assert loads_encounter(dumps_encounter(enc)) == enc, path.name
