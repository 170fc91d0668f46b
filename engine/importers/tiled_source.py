"""Reading Tiled maps (``.tmx`` XML and ``.tmj`` JSON) into one plain shape for the importer.

Only what Vantage uses is read: the map grid, tile layers (CSV, base64, zlib or gzip; zstd is
refused with a message), tile and layer properties, object layers with their objects, and the
first image layer. Infinite maps are read chunk by chunk. External tilesets (``.tsx``/``.tsj``)
are read from beside the map.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import struct
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from vantage.engine.importers.file_limits import MAX_TILED_BYTES, inflate_at_most, read_regular_file
from vantage.engine.importers.report import MapImportError
from vantage.engine.protocol.field_values import NumberTextError, whole_number_text

#: The most tiles a layer of unknown size may inflate to (a 1000 × 1000 map).
MAX_LAYER_TILES = 1000 * 1000

#: Tiled stores flips in the top bits of a global tile id (horizontal, vertical, diagonal,
#: hexagonal 120°); the tile itself is the rest.
GID_MASK = 0x0FFFFFFF


@dataclass
class TiledObject:
    kind: str  # the object's class (Tiled 1.9+) or type (older), lower case
    name: str
    x: float
    y: float
    width: float = 0.0
    height: float = 0.0
    rotation: float = 0.0
    shape: str = "rectangle"  # rectangle | polygon | polyline | ellipse | point | tile
    points: list[tuple[float, float]] = field(default_factory=list)
    properties: dict[str, object] = field(default_factory=dict)


@dataclass
class TileLayer:
    name: str
    properties: dict[str, object]
    chunks: list[tuple[int, int, int, int, list[int]]]  # x, y, width, height, gids (row-major)


@dataclass
class ObjectLayer:
    name: str
    offset: tuple[float, float]
    objects: list[TiledObject]


@dataclass
class TileShapes:
    """The collision shapes drawn on one tileset tile, in pixels from the tile image's top-left;
    ``tile_height`` is the tile image's height (a tall tile stands on its cell's bottom edge)."""

    tile_height: float
    objects: list[TiledObject]


@dataclass
class TiledMap:
    orientation: str
    width: int
    height: int
    tile_width: float
    tile_height: float
    infinite: bool
    tile_properties: dict[int, dict[str, object]]  # global tile id → properties
    tile_shapes: dict[int, TileShapes]  # global tile id → its collision shapes
    tile_layers: list[TileLayer]
    object_layers: list[ObjectLayer]
    image_layer: tuple[str, float, float] | None  # source, offset x, offset y (px)


def read_tiled(data: bytes, suffix: str, base_dir: Path | None, source: str) -> TiledMap:
    if suffix == ".tmx":
        return _TmxReader(base_dir, source).read(data)
    return _TmjReader(base_dir, source).read(data)


# -- shared helpers -------------------------------------------------------------------------------
def decode_tile_data(text: str, encoding: str, compression: str, count: int | None, place: str) -> list[int]:
    encoding, compression = (encoding or "").lower(), (compression or "").lower()
    if count is not None and count < 0:  # a negative width or height: no layer has that many tiles
        raise MapImportError(
            f"{place}: the layer's width × height is {count} tiles; a size is never negative")
    if encoding == "csv":
        words = [v for v in text.replace("\n", "").split(",") if v.strip()]
        try:
            gids = [int(v) for v in words]  # the fast road; int() refuses 4,300 digits before converting
        except ValueError:
            gids = [_tile_id(v, place) for v in words]  # says which number, and why
    elif encoding == "base64":
        try:
            raw = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            raise MapImportError(f"{place}: the base64 tile data is damaged") from None
        raw = _decompress(raw, compression, place, 4 * (count if count is not None else MAX_LAYER_TILES))
        if len(raw) % 4:
            raise MapImportError(f"{place}: tile data is {len(raw)} bytes, not whole 4-byte tile ids")
        gids = list(struct.unpack(f"<{len(raw) // 4}I", raw))
    else:
        raise MapImportError(f"{place}: tile data encoding {encoding!r} is not csv or base64")
    if count is not None and len(gids) != count:
        raise MapImportError(f"{place}: {len(gids)} tiles where the layer has {count}")
    return [g & GID_MASK for g in gids]


#: The largest tile id with its flip bits (an unsigned 32-bit number in Tiled).
MAX_TILE_ID = 2**32 - 1


def _tile_id(word: str, place: str) -> int:
    try:
        return whole_number_text(word, MAX_TILE_ID)
    except NumberTextError as bad:
        raise MapImportError(f"{place}: CSV tile data: {bad}") from None


def _decompress(raw: bytes, compression: str, place: str, limit: int) -> bytes:
    """``raw`` inflated, stopped past ``limit`` bytes (the layer's tiles × 4): no bomb inflates."""
    if compression in ("", "none"):
        return raw
    if compression in ("zlib", "gzip"):
        return inflate_at_most(raw, compression, limit, place)
    if compression == "zstd":
        raise MapImportError(
            f"{place}: zstd-compressed tile layers are not supported; in Tiled set Map → Map "
            "Properties → Tile Layer Format to CSV, Base64 (zlib) or Base64 (gzip)"
        )
    raise MapImportError(f"{place}: unknown compression {compression!r}")


def _num(value: object, place: str, default: float | None = None) -> float:
    if value is None or value == "":
        if default is None:
            raise MapImportError(f"{place}: missing")
        return default
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise MapImportError(f"{place}: {value!r:.40} is not a number") from None
    if not math.isfinite(number):
        raise MapImportError(f"{place}: {value!r:.40} is not a finite number")
    return number


def _load_external(base_dir: Path | None, name: str, place: str) -> bytes:
    if base_dir is None:
        raise MapImportError(f"{place}: external tileset {name!r} cannot be found without the map's folder")
    path = (base_dir / name).resolve()
    if not path.exists():
        raise MapImportError(
            f"{place}: external tileset {name!r} is not beside the map (looked for {path}); "
            "copy it there or embed the tileset in Tiled (Map → Embed Tileset)"
        )
    return read_regular_file(path, MAX_TILED_BYTES, f"{place}: external tileset {name!r}")


# -- TMX (XML) ------------------------------------------------------------------------------------
class _TmxReader:
    def __init__(self, base_dir: Path | None, source: str) -> None:
        self.base_dir, self.source = base_dir, source

    def read(self, data: bytes) -> TiledMap:
        root = self._parse(data, self.source)
        if root.tag != "map":
            raise MapImportError(f"{self.source}: the XML root is <{root.tag}>, not a Tiled <map>")
        tile_props: dict[int, dict[str, object]] = {}
        tile_shapes: dict[int, TileShapes] = {}
        for i, ts in enumerate(root.findall("tileset")):
            place = f"tileset[{i}]"
            first = int(_num(ts.get("firstgid"), f"{place}.firstgid"))
            if ts.get("source"):
                ts = self._parse(
                    _load_external(self.base_dir, ts.get("source", ""), place), ts.get("source", "")
                )
            _xml_tileset(ts, first, place, tile_props, tile_shapes)
        result = TiledMap(
            orientation=root.get("orientation", "orthogonal"),
            width=int(_num(root.get("width"), "map.width")),
            height=int(_num(root.get("height"), "map.height")),
            tile_width=_num(root.get("tilewidth"), "map.tilewidth"),
            tile_height=_num(root.get("tileheight"), "map.tileheight"),
            infinite=root.get("infinite") == "1",
            tile_properties=tile_props,
            tile_shapes=tile_shapes,
            tile_layers=[],
            object_layers=[],
            image_layer=None,
        )
        self._layers(root, result, (0.0, 0.0))
        return result

    def _parse(self, data: bytes, source: str) -> ET.Element:
        try:
            return ET.fromstring(data)
        except ET.ParseError as exc:
            raise MapImportError(f"{source}: not valid XML ({exc}); is the file complete?") from None
        except LookupError as exc:  # <?xml encoding="UUF-8"?>: an encoding Python does not know
            raise MapImportError(f"{source}: the XML declaration names an unknown encoding ({exc})") from None
        except (ValueError, RecursionError) as exc:
            raise MapImportError(f"{source}: not readable XML ({exc})") from None

    def _layers(self, parent: ET.Element, out: TiledMap, offset: tuple[float, float]) -> None:
        for el in parent:
            own = (
                offset[0] + _num(el.get("offsetx"), "offsetx", 0.0),
                offset[1] + _num(el.get("offsety"), "", 0.0),
            )
            name = el.get("name", "")
            if el.tag == "layer":
                out.tile_layers.append(self._tile_layer(el, name))
            elif el.tag == "objectgroup":
                out.object_layers.append(
                    ObjectLayer(name, own, [_xml_object(o) for o in el.findall("object")])
                )
            elif el.tag == "imagelayer" and out.image_layer is None:
                image = el.find("image")
                if image is not None and image.get("source"):
                    out.image_layer = (image.get("source", ""), own[0], own[1])
            elif el.tag == "group":
                self._layers(el, out, own)

    def _tile_layer(self, el: ET.Element, name: str) -> TileLayer:
        place = f"layer {name!r}"
        data = el.find("data")
        if data is None:
            raise MapImportError(f"{place}: no <data>")
        enc, comp = data.get("encoding", ""), data.get("compression", "")
        chunks = []
        chunk_elements = data.findall("chunk")
        if chunk_elements:
            for c in chunk_elements:
                cx, cy = int(_num(c.get("x"), f"{place}.chunk.x")), int(_num(c.get("y"), f"{place}.chunk.y"))
                cw, ch = int(_num(c.get("width"), f"{place}.chunk.width")), int(_num(c.get("height"), ""))
                chunks.append((cx, cy, cw, ch, self._gids(c, enc, comp, cw * ch, place)))
        else:
            w, h = (
                int(_num(el.get("width"), f"{place}.width")),
                int(_num(el.get("height"), f"{place}.height")),
            )
            chunks.append((0, 0, w, h, self._gids(data, enc, comp, w * h, place)))
        return TileLayer(name, _xml_props(el), chunks)

    def _gids(self, el: ET.Element, enc: str, comp: str, count: int, place: str) -> list[int]:
        if not enc:
            gids = [int(_num(t.get("gid"), f"{place}.tile.gid", 0)) & GID_MASK for t in el.findall("tile")]
            if len(gids) != count:
                raise MapImportError(f"{place}: {len(gids)} tiles where the layer has {count}")
            return gids
        return decode_tile_data(el.text or "", enc, comp, count, place)


def _xml_tileset(
    ts: ET.Element,
    first: int,
    place: str,
    props_out: dict[int, dict[str, object]],
    shapes_out: dict[int, TileShapes],
) -> None:
    """The properties and collision shapes of a TMX/TSX tileset's tiles, by global tile id."""
    tile_height = _num(ts.get("tileheight"), f"{place}.tileheight", 0.0)
    for tile in ts.findall("tile"):
        gid = first + int(_num(tile.get("id"), f"{place}.tile.id"))
        if props := _xml_props(tile):
            props_out[gid] = props
        group = tile.find("objectgroup")
        if group is not None and (objects := [_xml_object(o) for o in group.findall("object")]):
            image = tile.find("image")
            height = (
                _num(image.get("height"), f"{place}.tile.image.height", 0.0) if image is not None else 0.0
            )
            shapes_out[gid] = TileShapes(height or tile_height, objects)


def _xml_props(el: ET.Element) -> dict[str, object]:
    props: dict[str, object] = {}
    holder = el.find("properties")
    if holder is not None:
        for p in holder.findall("property"):
            props[p.get("name", "")] = p.get("value", p.text or "")
    return props


def _xml_object(el: ET.Element) -> TiledObject:
    kind = (el.get("class") or el.get("type") or "").strip().lower()
    obj = TiledObject(
        kind,
        el.get("name", ""),
        _num(el.get("x"), "object.x", 0.0),
        _num(el.get("y"), "object.y", 0.0),
        _num(el.get("width"), "object.width", 0.0),
        _num(el.get("height"), "object.height", 0.0),
        _num(el.get("rotation"), "object.rotation", 0.0),
        properties=_xml_props(el),
    )
    for shape in ("polygon", "polyline"):
        found = el.find(shape)
        if found is not None:
            obj.shape = shape
            obj.points = _xml_points(found.get("points", ""))
    if el.find("ellipse") is not None:
        obj.shape = "ellipse"
    elif el.find("point") is not None:
        obj.shape = "point"
    elif el.get("gid"):
        obj.shape = "tile"
    return obj


def _xml_points(text: str) -> list[tuple[float, float]]:
    points = []
    for pair in text.split():
        x, _, y = pair.partition(",")
        points.append((_num(x, "points.x"), _num(y, "points.y")))
    return points


# -- TMJ (JSON) -----------------------------------------------------------------------------------
class _TmjReader:
    def __init__(self, base_dir: Path | None, source: str) -> None:
        self.base_dir, self.source = base_dir, source

    def read(self, data: bytes) -> TiledMap:
        root = self._parse(data, self.source)
        if not isinstance(root, dict) or root.get("type", "map") != "map":
            raise MapImportError(f'{self.source}: not a Tiled map (expected an object with "type": "map")')
        tile_props: dict[int, dict[str, object]] = {}
        tile_shapes: dict[int, TileShapes] = {}
        for i, ts in enumerate(_list(root.get("tilesets"), "tilesets")):
            place = f"tilesets[{i}]"
            if not isinstance(ts, dict):
                raise MapImportError(f"{place}: expected an object")
            first = int(_num(ts.get("firstgid"), f"{place}.firstgid"))
            if ts.get("source"):
                name = str(ts["source"])
                raw = _load_external(self.base_dir, name, place)
                if name.lower().endswith(".tsx"):
                    ext = _TmxReader(None, name)._parse(raw, name)
                    _xml_tileset(ext, first, place, tile_props, tile_shapes)
                    continue
                ts = self._parse(raw, name)
                if not isinstance(ts, dict):
                    raise MapImportError(f"{name}: not a Tiled tileset")
            _json_tileset(ts, first, place, tile_props, tile_shapes)
        result = TiledMap(
            orientation=str(root.get("orientation", "orthogonal")),
            width=int(_num(root.get("width"), "width")),
            height=int(_num(root.get("height"), "height")),
            tile_width=_num(root.get("tilewidth"), "tilewidth"),
            tile_height=_num(root.get("tileheight"), "tileheight"),
            infinite=bool(root.get("infinite", False)),
            tile_properties=tile_props,
            tile_shapes=tile_shapes,
            tile_layers=[],
            object_layers=[],
            image_layer=None,
        )
        self._layers(_list(root.get("layers"), "layers"), result, (0.0, 0.0))
        return result

    def _parse(self, data: bytes, source: str) -> object:
        try:
            return json.loads(data)
        except json.JSONDecodeError as exc:
            raise MapImportError(
                f"{source}: not valid JSON at line {exc.lineno} ({exc.msg}); is the file complete?"
            ) from None
        except (UnicodeDecodeError, RecursionError):
            raise MapImportError(f"{source}: not a JSON text file") from None
        except ValueError:  # a number with more digits than Python converts
            raise MapImportError(f"{source}: a number in the file has more than 4,300 digits") from None

    def _layers(self, layers: list, out: TiledMap, offset: tuple[float, float]) -> None:
        for i, layer in enumerate(layers):
            if not isinstance(layer, dict):
                raise MapImportError(f"layers[{i}]: expected an object")
            name = str(layer.get("name", ""))
            own = (
                offset[0] + _num(layer.get("offsetx"), "offsetx", 0.0),
                offset[1] + _num(layer.get("offsety"), "offsety", 0.0),
            )
            kind = layer.get("type")
            if kind == "tilelayer":
                out.tile_layers.append(self._tile_layer(layer, name))
            elif kind == "objectgroup":
                objects = [
                    _json_object(o)
                    for o in _list(layer.get("objects"), f"layer {name!r}.objects")
                    if isinstance(o, dict)
                ]
                out.object_layers.append(ObjectLayer(name, own, objects))
            elif kind == "imagelayer" and out.image_layer is None and layer.get("image"):
                out.image_layer = (str(layer["image"]), own[0], own[1])
            elif kind == "group":
                self._layers(_list(layer.get("layers"), f"layer {name!r}.layers"), out, own)

    def _tile_layer(self, layer: dict, name: str) -> TileLayer:
        place = f"layer {name!r}"
        enc, comp = str(layer.get("encoding", "csv")), str(layer.get("compression", ""))
        chunks = []
        if "chunks" in layer:
            for c in _list(layer.get("chunks"), f"{place}.chunks"):
                if not isinstance(c, dict):
                    raise MapImportError(f"{place}.chunks: expected objects")
                cw, ch = int(_num(c.get("width"), f"{place}.chunk.width")), int(_num(c.get("height"), ""))
                gids = self._gids(c.get("data"), enc, comp, cw * ch, place)
                chunks.append(
                    (int(_num(c.get("x"), "chunk.x")), int(_num(c.get("y"), "chunk.y")), cw, ch, gids)
                )
        else:
            w, h = (
                int(_num(layer.get("width"), f"{place}.width")),
                int(_num(layer.get("height"), f"{place}.height")),
            )
            chunks.append((0, 0, w, h, self._gids(layer.get("data"), enc, comp, w * h, place)))
        return TileLayer(name, _json_props(layer.get("properties")), chunks)

    def _gids(self, data: object, enc: str, comp: str, count: int, place: str) -> list[int]:
        if isinstance(data, list):
            try:
                gids = [int(g) & GID_MASK for g in data]
            except (TypeError, ValueError, OverflowError):
                raise MapImportError(f"{place}.data: holds something that is not a tile id") from None
            if len(gids) != count:
                raise MapImportError(f"{place}: {len(gids)} tiles where the layer has {count}")
            return gids
        if isinstance(data, str):
            return decode_tile_data(data, "base64", comp, count, place)
        raise MapImportError(f"{place}.data: missing or not a list of tile ids")


def _json_tileset(
    ts: dict,
    first: int,
    place: str,
    props_out: dict[int, dict[str, object]],
    shapes_out: dict[int, TileShapes],
) -> None:
    """The properties and collision shapes of a TMJ/TSJ tileset's tiles, by global tile id."""
    tile_height = _num(ts.get("tileheight"), f"{place}.tileheight", 0.0)
    for tile in _list(ts.get("tiles"), f"{place}.tiles"):
        if not isinstance(tile, dict):
            continue
        gid = first + int(_num(tile.get("id"), f"{place}.tiles.id"))
        if props := _json_props(tile.get("properties")):
            props_out[gid] = props
        group = tile.get("objectgroup")
        if isinstance(group, dict):
            raw = _list(group.get("objects"), f"{place}.tiles.objectgroup.objects")
            if objects := [_json_object(o) for o in raw if isinstance(o, dict)]:
                height = _num(tile.get("imageheight"), f"{place}.tiles.imageheight", 0.0)
                shapes_out[gid] = TileShapes(height or tile_height, objects)


def _list(value: object, place: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise MapImportError(f"{place}: expected a list")
    return value


def _json_props(value: object) -> dict[str, object]:
    if isinstance(value, dict):  # Tiled before 1.2 wrote a plain object
        return dict(value)
    props: dict[str, object] = {}
    for p in value if isinstance(value, list) else []:
        if isinstance(p, dict) and "name" in p:
            props[str(p["name"])] = p.get("value")
    return props


def _json_object(o: dict) -> TiledObject:
    kind = str(o.get("class") or o.get("type") or "").strip().lower()
    obj = TiledObject(
        kind,
        str(o.get("name", "")),
        _num(o.get("x"), "object.x", 0.0),
        _num(o.get("y"), "object.y", 0.0),
        _num(o.get("width"), "object.width", 0.0),
        _num(o.get("height"), "object.height", 0.0),
        _num(o.get("rotation"), "object.rotation", 0.0),
        properties=_json_props(o.get("properties")),
    )
    for shape in ("polygon", "polyline"):
        if isinstance(o.get(shape), list):
            obj.shape = shape
            obj.points = [
                (_num(p.get("x"), "points.x"), _num(p.get("y"), "points.y"))
                for p in o[shape]
                if isinstance(p, dict)
            ]
    if o.get("ellipse"):
        obj.shape = "ellipse"
    elif o.get("point"):
        obj.shape = "point"
    elif o.get("gid"):
        obj.shape = "tile"
    return obj
