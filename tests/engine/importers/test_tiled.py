"""Tiled maps: "Orthogonal maps: tile layers (csv, base64, zlib/gzip; zstd reported as
unsupported), flip bits masked off; object layers named like walls/collision → walls, objects of
class or type door → doors; a tile or layer property terrain (open/tame/difficult/harsh/impassable)
→ terrain. Infinite maps and external tilesets handled or refused with a clear message."""

from __future__ import annotations

import base64
import gzip
import json
import struct
import zlib
from pathlib import Path

import pytest

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.importers.report import MapImportError
from vantage.engine.importers.tiled import import_tiled, import_tiled_file
from vantage.engine.model import WallKind
from vantage.engine.terrain import MovementClass

H_FLIP = 0x80000000
# 4 × 3 tiles; gid 2 is the tileset's tile 1, which says terrain=difficult; one is flipped.
GIDS = [1, 2, 1, 1, 1, 2 | H_FLIP, 1, 0, 1, 1, 1, 1]
TILESET_XML = (
    '<tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="2">'
    '<tile id="1"><properties><property name="terrain" value="difficult"/></properties></tile></tileset>'
)
OBJECTS_XML = (
    '<objectgroup name="Walls"><object id="1" x="0" y="0" width="128" height="96"/></objectgroup>'
    '<objectgroup name="Props"><object id="2" type="door" x="32" y="-4" width="32" height="8"/>'
    '<object id="3" class="door" x="128" y="32"><polyline points="0,0 0,32"/>'
    '<properties><property name="open" type="bool" value="true"/></properties></object>'
    '<object id="4" x="10" y="10" width="5" height="5"/></objectgroup>'
)


def tmx(data_xml: str, extra: str = "", tileset: str = TILESET_XML, attrs: str = "") -> bytes:
    return (
        '<?xml version="1.0" encoding="UTF-8"?><map version="1.10" orientation="orthogonal" '
        f'renderorder="right-down" width="4" height="3" tilewidth="32" tileheight="32" infinite="0" {attrs}>'
        f'{tileset}<layer id="1" name="Ground" width="4" height="3">{data_xml}</layer>{extra}</map>'
    ).encode()


def packed(gids: list[int]) -> bytes:
    return struct.pack(f"<{len(gids)}I", *gids)


CSV = '<data encoding="csv">' + ",".join(str(g) for g in GIDS) + "</data>"


def terrain_rows(result) -> list[str]:
    m = result.encounter.map
    return ["".join(m.terrain[y * m.width + x][0] for x in range(m.width)) for y in range(m.height)]


def test_csv_layer_tile_property_terrain_with_flip_bits_masked() -> None:
    result = import_tiled(tmx(CSV), ".tmx", ruleset="avorkarth")
    assert terrain_rows(result) == ["odoo", "odoo", "oooo"]
    assert result.encounter.map.terrain_at((1, 0)).movement is MovementClass.DIFFICULT


@pytest.mark.parametrize(
    ("compression", "pack"),
    [("", lambda b: b), ("zlib", zlib.compress), ("gzip", gzip.compress)],
)
def test_base64_layers_give_the_same_terrain(compression: str, pack) -> None:
    text = base64.b64encode(pack(packed(GIDS))).decode()
    comp = f' compression="{compression}"' if compression else ""
    data = tmx(f'<data encoding="base64"{comp}>\n  {text}\n</data>')
    result = import_tiled(data, ".tmx", ruleset="avorkarth")
    assert terrain_rows(result) == terrain_rows(import_tiled(tmx(CSV), ".tmx", ruleset="avorkarth"))


def test_zstd_is_refused_with_what_to_do() -> None:
    with pytest.raises(MapImportError, match="zstd.*not supported.*Tile Layer Format"):
        import_tiled(
            tmx('<data encoding="base64" compression="zstd">AAAA</data>'), ".tmx", ruleset="avorkarth"
        )


def test_layer_property_terrain_and_upper_layers_win() -> None:
    upper = (
        '<layer id="2" name="Pit" width="4" height="3"><properties><property name="terrain" '
        'value="impassable"/></properties><data encoding="csv">0,0,0,0,0,0,0,0,0,0,1,1</data></layer>'
    )
    result = import_tiled(tmx(CSV, extra=upper), ".tmx", ruleset="avorkarth")
    assert terrain_rows(result)[2] == "ooii"
    assert result.encounter.map.terrain_at((3, 2)).movement is MovementClass.IMPASSABLE


def test_wall_layer_objects_become_walls_and_doors_cut_them() -> None:
    result = import_tiled(tmx(CSV, extra=OBJECTS_XML), ".tmx", ruleset="avorkarth")
    walls = result.encounter.map.walls
    doors = {(w.kind, frozenset((w.a, w.b))) for w in walls if w.kind.is_door}
    assert doors == {
        (WallKind.DOOR_CLOSED, frozenset({(1.0, 0.0), (2.0, 0.0)})),
        (WallKind.DOOR_OPEN, frozenset({(4.0, 1.0), (4.0, 2.0)})),
    }
    plain = [w for w in walls if w.kind is WallKind.WALL]
    assert sum(abs(w.b[0] - w.a[0]) + abs(w.b[1] - w.a[1]) for w in plain) == pytest.approx(2 * (4 + 3) - 2)
    # The unnamed 5 px box in "Props" is neither a wall nor a door.
    assert result.report.walls == len(plain) and result.report.doors == 2


def test_external_tileset_beside_the_map_and_missing_one(tmp_path: Path) -> None:
    (tmp_path / "tiles.tsx").write_text(TILESET_XML.replace('firstgid="1" ', ""))
    (tmp_path / "m.tmx").write_bytes(tmx(CSV, tileset='<tileset firstgid="1" source="tiles.tsx"/>'))
    assert terrain_rows(import_tiled_file(tmp_path / "m.tmx", ruleset="avorkarth"))[0] == "odoo"
    (tmp_path / "tiles.tsx").unlink()
    with pytest.raises(MapImportError, match="external tileset 'tiles.tsx' is not beside the map"):
        import_tiled_file(tmp_path / "m.tmx", ruleset="avorkarth")


def tmj(layers: list, **extra) -> bytes:
    doc = {
        "type": "map", "orientation": "orthogonal", "width": 4, "height": 3, "tilewidth": 32,
        "tileheight": 32, "infinite": False, "layers": layers,
        "tilesets": [{"firstgid": 1, "tiles": [{"id": 1, "properties": [
            {"name": "terrain", "type": "string", "value": "difficult"}]}]}],
    }
    doc.update(extra)
    return json.dumps(doc).encode()


def test_tmj_csv_and_objects() -> None:
    layers = [
        {"type": "tilelayer", "name": "g", "width": 4, "height": 3, "data": GIDS},
        {"type": "objectgroup", "name": "Collision", "objects": [
            {"x": 0, "y": 0, "polygon": [{"x": 0, "y": 0}, {"x": 64, "y": 0}, {"x": 64, "y": 64}]},
            {"x": 96, "y": 0, "width": 8, "height": 32, "type": "door"},
        ]},
    ]
    result = import_tiled(tmj(layers), ".tmj", ruleset="avorkarth")
    assert terrain_rows(result)[0] == "odoo"
    assert result.report.walls == 3 and result.report.doors == 1
    door = next(w for w in result.encounter.map.walls if w.kind is WallKind.DOOR_CLOSED)
    assert {door.a, door.b} == {(3.125, 0.0), (3.125, 1.0)}


def test_tmj_base64_gzip_layer() -> None:
    data = base64.b64encode(gzip.compress(packed(GIDS))).decode()
    layers = [{"type": "tilelayer", "name": "g", "width": 4, "height": 3, "data": data,
               "encoding": "base64", "compression": "gzip"}]
    assert terrain_rows(import_tiled(tmj(layers), ".tmj", ruleset="avorkarth"))[1] == "odoo"


def test_infinite_map_spans_its_chunks() -> None:
    chunk = {"x": -16, "y": 0, "width": 16, "height": 16, "data": [0] * 256}
    chunk["data"][15] = 2  # tile (-1, 0)
    second = {"x": 0, "y": 0, "width": 16, "height": 16, "data": [1] + [0] * 255}
    layers = [{"type": "tilelayer", "name": "g", "chunks": [chunk, second], "width": 32, "height": 16}]
    result = import_tiled(tmj(layers, infinite=True), ".tmj", ruleset="avorkarth")
    m = result.encounter.map
    assert (m.width, m.height) == (32, 16)
    assert m.terrain[15] == "difficult" and m.terrain[16] == "open"
    assert any("infinite map" in n for n in result.report.notes)


def test_refusals_name_the_reason() -> None:
    with pytest.raises(MapImportError, match="orientation: 'isometric'"):
        import_tiled(tmj([], orientation="isometric"), ".tmj", ruleset="avorkarth")
    with pytest.raises(MapImportError, match="not valid XML"):
        import_tiled(tmx(CSV)[:100], ".tmx", ruleset="avorkarth")
    with pytest.raises(MapImportError, match="12 tiles where the layer has"):
        wider = tmx(CSV).replace(b'width="4" height="3">', b'width="5" height="3">')
        import_tiled(wider, ".tmx", ruleset="avorkarth")
    with pytest.raises(MapImportError, match="infinite map: no tiles"):
        empty = tmj([{"type": "tilelayer", "name": "g", "chunks": []}], infinite=True)
        import_tiled(empty, ".tmj", ruleset="avorkarth")


def test_unknown_terrain_value_is_a_warning() -> None:
    layers = [{"type": "tilelayer", "name": "g", "width": 4, "height": 3, "data": [1] * 12,
               "properties": [{"name": "terrain", "value": "lava-ish"}]}]
    result = import_tiled(tmj(layers), ".tmj", ruleset="avorkarth")
    assert any("'lava-ish'" in w for w in result.report.warnings)


def test_image_layer_becomes_the_background(tmp_path: Path) -> None:
    (tmp_path / "bg.png").write_bytes(solid_png(128, 96))
    layers = [{"type": "imagelayer", "name": "bg", "image": "bg.png", "offsetx": 0, "offsety": 0},
              {"type": "tilelayer", "name": "g", "width": 4, "height": 3, "data": GIDS}]
    (tmp_path / "m.tmj").write_bytes(tmj(layers))
    result = import_tiled_file(tmp_path / "m.tmj", ruleset="avorkarth")
    assert result.image is not None and (result.image.width, result.image.height) == (128, 96)
    assert result.encounter.map.background.pixels_per_tile == 32


def test_walls_beyond_the_map_are_cut_at_its_edge() -> None:
    # A 6 × 2 tile box from (2, 1) on a 4 × 3 map: its right side is outside and dropped.
    walls_xml = (
        '<objectgroup name="walls"><object id="1" x="64" y="32" width="192" height="64"/></objectgroup>'
    )
    result = import_tiled(tmx(CSV, extra=walls_xml), ".tmx", ruleset="avorkarth")
    segments = {frozenset((w.a, w.b)) for w in result.encounter.map.walls}
    assert segments == {
        frozenset({(2.0, 1.0), (4.0, 1.0)}),
        frozenset({(2.0, 3.0), (4.0, 3.0)}),
        frozenset({(2.0, 1.0), (2.0, 3.0)}),
    }
    assert any("1 dropped, 2 cut" in n for n in result.report.notes)


def test_tile_collision_shapes_make_one_outline_where_the_tiles_are_placed() -> None:
    # Tile 1 (gid 2) has a full-tile collision box; it is placed at (1, 0) and, flipped, at (1, 1).
    tileset = TILESET_XML.replace(
        "</properties></tile>",
        '</properties><objectgroup><object id="1" x="0" y="0" width="32" height="32"/></objectgroup></tile>',
    )
    result = import_tiled(tmx(CSV, tileset=tileset), ".tmx", ruleset="avorkarth")
    walls = result.encounter.map.walls
    assert sum(abs(w.b[0] - w.a[0]) + abs(w.b[1] - w.a[1]) for w in walls) == pytest.approx(6.0)
    assert not any(w.a[1] == w.b[1] == 1.0 for w in walls)  # no wall between the two tiles
    xs = {p[0] for w in walls for p in (w.a, w.b)}
    ys = {p[1] for w in walls for p in (w.a, w.b)}
    assert (min(xs), max(xs), min(ys), max(ys)) == (1.0, 2.0, 0.0, 2.0)
    assert any("2 placed tile(s) with collision shapes" in n for n in result.report.notes)


def test_tmj_tile_collision_polygon() -> None:
    data = [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0]  # gid 2 at (1, 1)
    layers = [{"type": "tilelayer", "name": "g", "width": 4, "height": 3, "data": data}]
    doc = json.loads(tmj(layers))
    doc["tilesets"][0]["tiles"][0]["objectgroup"] = {
        "objects": [{"x": 0, "y": 0, "polygon": [{"x": 0, "y": 0}, {"x": 32, "y": 0}, {"x": 0, "y": 32}]}]
    }
    result = import_tiled(json.dumps(doc).encode(), ".tmj", ruleset="avorkarth")
    points = {p for w in result.encounter.map.walls for p in (w.a, w.b)}
    assert points == {(1.0, 1.0), (2.0, 1.0), (1.0, 2.0)}


def test_objects_with_overflowing_coordinates_are_skipped() -> None:
    # Found by the mutation test: x + width overflows to infinity.
    huge = {"x": 1.7e308, "y": 0, "width": 1.7e308, "height": 4}
    layers = [{"type": "objectgroup", "name": "walls", "objects": [{**huge, "class": "door"}, huge]}]
    result = import_tiled(tmj(layers), ".tmj", ruleset="avorkarth")
    assert result.encounter.map.walls == ()
    assert any("could not be walls or doors" in w for w in result.report.warnings)
