"""Mutated Tiled maps end in an encounter or a clear error ("handled or refused with a clear
message"), never another exception."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.fileformat import encounter_from_dict, encounter_to_dict
from vantage.engine.importers.report import MapImportError
from vantage.engine.importers.tiled import import_tiled

TMJ = {
    "type": "map", "orientation": "orthogonal", "width": 4, "height": 3, "tilewidth": 32, "tileheight": 32,
    "infinite": False,
    "tilesets": [
        {"firstgid": 1, "tileheight": 32, "tiles": [
            {"id": 1, "properties": [{"name": "terrain", "value": "harsh"}],
             "objectgroup": {"objects": [
                 {"x": 0, "y": 0, "width": 32, "height": 16},
                 {"x": 4, "y": 4, "polygon": [{"x": 0, "y": 0}, {"x": 8, "y": 0}, {"x": 0, "y": 8}]},
             ]}},
        ]}
    ],
    "layers": [
        {"type": "tilelayer", "name": "g", "width": 4, "height": 3,
         "data": [1, 2, 1, 1, 1, 2, 1, 0, 1, 1, 1, 1],
         "properties": [{"name": "terrain", "value": "difficult"}]},
        {"type": "objectgroup", "name": "Walls", "objects": [
            {"x": 0, "y": 0, "width": 64, "height": 32, "rotation": 0},
            {"x": 0, "y": 0, "polyline": [{"x": 0, "y": 0}, {"x": 96, "y": 64}]},
            {"x": 32, "y": 0, "width": 32, "height": 4, "class": "door",
             "properties": [{"name": "open", "type": "bool", "value": True}]},
        ]},
    ],
}
WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**40), 2**40), st.floats(allow_nan=True), st.text(max_size=6),
    st.just([]), st.just({}), st.just([{"x": "a"}]), st.just("eJzLSM3JyVcozy/KSQEAGgQEXQ=="),
)


def places(value: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += places(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += places(v, (*prefix, i))
    return out


PLACES = places(TMJ)


@st.composite
def mutated(draw: st.DrawFn) -> dict:
    doc = copy.deepcopy(TMJ)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PLACES))
        parent = doc
        try:
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]]  # noqa: B018 (does the place still exist?)
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(parent, dict | list):
            continue  # an earlier mutation put text here
        if draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(WRONG)
    return doc


@settings(max_examples=150, deadline=None)
@given(mutated())
def test_mutated_tmj_imports_or_fails_clearly(doc: dict) -> None:
    try:
        result = import_tiled(json.dumps(doc).encode(), ".tmj", ruleset="avorkarth")
    except MapImportError as exc:
        assert str(exc)
        return
    assert encounter_from_dict(encounter_to_dict(result.encounter)) == result.encounter


def test_non_finite_numbers_are_refused_by_name() -> None:
    for key in ("width", "tilewidth"):
        doc = copy.deepcopy(TMJ)
        doc[key] = float("nan")
        try:
            import_tiled(json.dumps(doc).encode(), ".tmj", ruleset="avorkarth")
        except MapImportError as exc:
            assert key in str(exc) and "finite" in str(exc)
        else:
            raise AssertionError(f"{key}: NaN was accepted")


def test_a_tile_shape_far_beyond_its_tile_is_skipped_not_an_overflow() -> None:
    """Found by the fuzz test: a collision polygon point at 1.3e154 px overflowed shapely's union."""
    doc = copy.deepcopy(TMJ)
    doc["tilesets"] = [{"firstgid": 1, "tileheight": 32, "tiles": [{"id": 1, "objectgroup": {"objects": [
        {"x": 0, "y": 0, "width": 32, "height": 16},
        {"x": 4, "y": 4,
         "polygon": [{"x": 0, "y": 0}, {"x": 8, "y": 1.3407807929942597e154}, {"x": 0, "y": 8}]},
    ]}}]}]
    result = import_tiled(json.dumps(doc).encode(), ".tmj", ruleset="avorkarth")
    assert result.encounter.map.walls  # the sound shape of the tile still makes walls
