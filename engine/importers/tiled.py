"""Tiled maps (``.tmx``, ``.tmj``) to a Vantage encounter: walls, doors and terrain.

- Object layers whose name contains "wall" or "collision" become walls (rectangles and polygons
  as closed outlines, polylines as they are drawn).
- Objects whose class (or type, before Tiled 1.9) is ``door`` — in any object layer — become
  doors, closed unless a property ``open`` is true; class ``window`` becomes a window.
- A tile property or a tile layer property ``terrain`` (open, tame, difficult, harsh,
  impassable, or any id of the terrain catalog) sets the terrain; a tile's own property wins
  over its layer's, and upper layers over lower ones.
- Collision shapes drawn on tileset tiles become walls wherever those tiles are placed (the
  outline of the merged shapes, so a block of wall tiles is one outline).
- The first image layer, if its picture is beside the map, becomes the background.

Only orthogonal maps are read. Tile graphics are not drawn (Vantage has no tile renderer).
"""

from __future__ import annotations

import math
from pathlib import Path

import shapely

from vantage.engine.importers.file_limits import MAX_IMAGE_BYTES, MAX_TILED_BYTES, read_regular_file
from vantage.engine.importers.image_header import ImageHeaderError, png_damage, read_image_header
from vantage.engine.importers.report import (
    ImportedImage,
    ImportReport,
    ImportResult,
    MapImportError,
)
from vantage.engine.importers.tiled_source import TiledMap, TiledObject, read_tiled
from vantage.engine.importers.wall_segments import (
    FAR_AWAY,
    PointSnapper,
    clip_walls,
    cut_openings,
    polygon_parts,
    polylines_to_walls,
    unusable_points,
    usable,
)
from vantage.engine.model import BackgroundImage, Encounter, GameMap, Point, Wall, WallKind
from vantage.engine.terrain import DEFAULT_TERRAIN, MovementClass, TerrainKind

SUFFIXES = (".tmx", ".tmj")
MAX_TILES_PER_SIDE = 1000
WALL_LAYER_WORDS = ("wall", "collision")
SHAPE_REACH_TILES = 16
"""A tile's collision shape reaching farther than this many tiles from its tile is not read (a
tall tile's picture is a few tiles at most; a point beyond is a broken file)."""

#: Terrain kinds a Tiled map may name by movement class ("assumed — not in the source text":
#: Tiled maps say only the class; these kinds carry it and nothing else).
CLASS_TERRAIN: dict[str, TerrainKind] = {
    "tame": TerrainKind("tame", "Tame terrain (Tiled)", MovementClass.TAME, color="#a8a070"),
    "difficult": TerrainKind(
        "difficult", "Difficult terrain (Tiled)", MovementClass.DIFFICULT, color="#7a6a48"
    ),
    "harsh": TerrainKind("harsh", "Harsh terrain (Tiled)", MovementClass.HARSH, color="#6a4a38"),
    "impassable": TerrainKind("impassable", "Impassable (Tiled)", MovementClass.IMPASSABLE, color="#3a3430"),
}


def import_tiled_file(path: str | Path, *, ruleset: str) -> ImportResult:
    """The Tiled map at ``path`` as an encounter played by ``ruleset``."""
    path = Path(path)
    data = read_regular_file(path, MAX_TILED_BYTES, path.name)
    return import_tiled(data, path.suffix.lower(), base_dir=path.parent, source=path.name, ruleset=ruleset)


def import_tiled(
    data: bytes, suffix: str, base_dir: Path | None = None, source: str = "<tiled>", *, ruleset: str
) -> ImportResult:
    """Import Tiled ``data`` (``suffix`` ``.tmx`` or ``.tmj``) as an encounter played by
    ``ruleset``; files it names are read from ``base_dir``."""
    tiled = read_tiled(data, suffix, base_dir, source)
    if tiled.orientation != "orthogonal":
        raise MapImportError(f"orientation: {tiled.orientation!r} maps are not supported, only orthogonal")
    if tiled.tile_width <= 0 or tiled.tile_height <= 0:
        raise MapImportError(
            f"tilewidth/tileheight: {tiled.tile_width:g} × {tiled.tile_height:g} is not a tile size"
        )
    report = ImportReport(source, f"Tiled {suffix.lstrip('.').upper()}")
    if tiled.tile_width != tiled.tile_height:
        report.warn(
            f"tiles are {tiled.tile_width:g} × {tiled.tile_height:g} px; Vantage's tiles are square, "
            "so the map is stretched to square tiles"
        )
    origin, width, height = _extent(tiled, report)
    terrain, kinds = _terrain(tiled, origin, width, height, report)
    walls = _walls(tiled, origin, (width, height), report)
    name = Path(source).stem or "imported map"
    background, image = _background(tiled, origin, base_dir, report)
    game_map = GameMap(
        width,
        height,
        terrain=tuple(terrain),
        walls=tuple(walls),
        background=background,
        terrain_kinds={**DEFAULT_TERRAIN, **kinds},
    )
    encounter = Encounter(game_map, name=name, ruleset=ruleset)
    report.count_walls(encounter)
    if image is not None:
        report.image_size = (image.width, image.height)
        report.pixels_per_tile = tiled.tile_width
    report.note("tile graphics are not drawn; walls, doors and terrain are imported")
    return ImportResult(encounter, image, report, background.path if background else "")


def _extent(tiled: TiledMap, report: ImportReport) -> tuple[tuple[int, int], int, int]:
    """The tile at the map's top-left and the map's size; infinite maps span their chunks."""
    if not tiled.infinite:
        width, height = tiled.width, tiled.height
        origin = (0, 0)
    else:
        boxes = [
            (cx, cy, cx + cw, cy + ch)
            for layer in tiled.tile_layers
            for cx, cy, cw, ch, gids in layer.chunks
            if any(gids)
        ]
        if not boxes:
            raise MapImportError("infinite map: no tiles in any chunk, so the map has no extent")
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        width, height = max(b[2] for b in boxes) - x0, max(b[3] for b in boxes) - y0
        origin = (x0, y0)
        report.note(
            f"infinite map: the {width} × {height} tiles holding tiles from ({x0}, {y0}) are imported"
        )
    if not (1 <= width <= MAX_TILES_PER_SIDE and 1 <= height <= MAX_TILES_PER_SIDE):
        raise MapImportError(
            f"width/height: {width} × {height} tiles is outside 1 … {MAX_TILES_PER_SIDE} per side"
        )
    return origin, width, height


def _terrain_id(value: object, place: str, report: ImportReport, kinds: dict[str, TerrainKind]) -> str | None:
    text = str(value).strip().lower()
    if text in DEFAULT_TERRAIN:
        return text
    if text in CLASS_TERRAIN:
        kinds[text] = CLASS_TERRAIN[text]
        return text
    report.warn(
        f"{place}: terrain {value!r} is not open/tame/difficult/harsh/impassable or a catalog id; ignored"
    )
    return None


def _terrain(
    tiled: TiledMap, origin: tuple[int, int], width: int, height: int, report: ImportReport
) -> tuple[list[str], dict[str, TerrainKind]]:
    kinds: dict[str, TerrainKind] = {}
    tile_terrain: dict[int, str] = {}
    for gid, props in tiled.tile_properties.items():
        if "terrain" in props and (tid := _terrain_id(props["terrain"], f"tile {gid}", report, kinds)):
            tile_terrain[gid] = tid
    terrain = ["open"] * (width * height)
    for layer in tiled.tile_layers:
        layer_value = layer.properties.get("terrain")
        layer_terrain = (
            _terrain_id(layer_value, f"layer {layer.name!r}", report, kinds)
            if layer_value is not None
            else None
        )
        if layer_terrain is None and not tile_terrain:
            continue
        for cx, cy, cw, _ch, gids in layer.chunks:
            for i, gid in enumerate(gids):
                if gid == 0:
                    continue
                tid = tile_terrain.get(gid, layer_terrain)
                if tid is None:
                    continue
                x, y = cx + i % cw - origin[0], cy + i // cw - origin[1]
                if 0 <= x < width and 0 <= y < height:
                    terrain[y * width + x] = tid
    return terrain, kinds


def _walls(
    tiled: TiledMap, origin: tuple[int, int], size: tuple[int, int], report: ImportReport
) -> list[Wall]:
    width, height = size
    sx, sy = 1 / tiled.tile_width, 1 / tiled.tile_height
    ox, oy = origin

    def to_tiles(p: Point, offset: Point) -> Point:
        return (round((p[0] + offset[0]) * sx - ox, 6) + 0.0, round((p[1] + offset[1]) * sy - oy, 6) + 0.0)

    lines: list[list[Point]] = []
    openings: list[Wall] = []
    snapper = PointSnapper()
    skipped = 0
    for layer in tiled.object_layers:
        is_wall_layer = any(word in layer.name.lower() for word in WALL_LAYER_WORDS)
        for obj in layer.objects:
            if obj.kind in ("door", "window"):
                segment = _door_segment(obj)
                if segment is None:
                    skipped += 1
                    continue
                a, b = (to_tiles(p, layer.offset) for p in segment)
                if not (usable(a) and usable(b)):
                    skipped += 1
                    continue
                a, b = snapper.snap(a), snapper.snap(b)
                if a != b:
                    openings.append(Wall(a, b, _opening_kind(obj)))
            elif is_wall_layer:
                outline = _outline(obj)
                if outline is None:
                    skipped += 1
                    continue
                lines.append([to_tiles(p, layer.offset) for p in outline])
    if skipped:
        report.warn(f"{skipped} object(s) that are points or tiles could not be walls or doors; skipped")
    collision, tiles_with_shapes = _collision_lines(tiled)
    if tiles_with_shapes:
        lines += [[to_tiles(p, (0.0, 0.0)) for p in line] for line in collision]
        report.note(f"{tiles_with_shapes} placed tile(s) with collision shapes made walls (their outline)")
    far = unusable_points(lines)
    if far:
        report.warn(f"{far} wall point(s) not finite or more than {FAR_AWAY:,.0f} tiles away were dropped "
                    "with the wall steps through them")
    walls = polylines_to_walls(lines, WallKind.WALL, snapper)
    walls, dropped, cut = clip_walls(cut_openings(walls, openings) + openings, width, height)
    if dropped or cut:
        report.note(f"walls beyond the map's edge: {dropped} dropped, {cut} cut at the edge")
    return walls


def _collision_lines(tiled: TiledMap) -> tuple[list[list[Point]], int]:
    """The outline (in map pixels) of every collision shape drawn on the placed tiles, merged so
    that a block of wall tiles gives one outline, and how many placed tiles had shapes.

    Flipped tiles use their unflipped shapes (the flip bits are masked off when reading). A shape
    with a point that is not finite or lies beyond ``SHAPE_REACH_TILES`` of its tile is skipped.
    """
    if not tiled.tile_shapes:
        return [], 0
    areas: list[shapely.Geometry] = []
    lines: list[list[Point]] = []
    placed = 0
    tw, th = tiled.tile_width, tiled.tile_height
    reach = SHAPE_REACH_TILES * max(tw, th)
    for layer in tiled.tile_layers:
        for cx, cy, cw, _ch, gids in layer.chunks:
            for i, gid in enumerate(gids):
                shapes = tiled.tile_shapes.get(gid)
                if shapes is None:
                    continue
                placed += 1
                x0 = (cx + i % cw) * tw
                y0 = (cy + i // cw + 1) * th - (shapes.tile_height or th)  # tall tiles stand on the cell
                for obj in shapes.objects:
                    outline = _outline(obj)
                    if outline is None:
                        continue
                    if not all(math.isfinite(x) and math.isfinite(y) and abs(x) <= reach and abs(y) <= reach
                               for x, y in outline):
                        continue  # not a shape of this tile: nothing finite, or far beyond the tile
                    points = [(x + x0, y + y0) for x, y in outline]
                    if obj.shape == "polyline":
                        lines.append(points)
                    elif len(set(points)) >= 3:
                        areas += polygon_parts(shapely.make_valid(shapely.Polygon(points)))
    if areas:
        boundary = shapely.union_all(areas).boundary
        for part in getattr(boundary, "geoms", [boundary]):
            if isinstance(part, shapely.LineString) and not part.is_empty:
                lines.append([(x, y) for x, y in part.coords])
    return lines, placed


def _opening_kind(obj: TiledObject) -> WallKind:
    if obj.kind == "window":
        return WallKind.WINDOW
    is_open = str(obj.properties.get("open", "false")).lower() == "true"
    is_open = is_open or str(obj.properties.get("closed", "true")).lower() == "false"
    return WallKind.DOOR_OPEN if is_open else WallKind.DOOR_CLOSED


def _rotate(points: list[Point], obj: TiledObject) -> list[Point]:
    """Object-relative points to map pixels, turned ``rotation`` degrees clockwise about (x, y)."""
    c, s = math.cos(math.radians(obj.rotation)), math.sin(math.radians(obj.rotation))
    return [(obj.x + px * c - py * s, obj.y + px * s + py * c) for px, py in points]


def _outline(obj: TiledObject) -> list[Point] | None:
    if obj.shape in ("polygon", "polyline") and len(obj.points) >= 2:
        points = _rotate(obj.points, obj)
        return [*points, points[0]] if obj.shape == "polygon" else points
    if obj.shape == "rectangle" and (obj.width > 0 or obj.height > 0):
        w, h = obj.width, obj.height
        return _rotate([(0, 0), (w, 0), (w, h), (0, h), (0, 0)], obj)
    if obj.shape == "ellipse" and obj.width > 0 and obj.height > 0:
        rx, ry = obj.width / 2, obj.height / 2
        ring = [(rx + rx * math.cos(k * math.pi / 8), ry + ry * math.sin(k * math.pi / 8)) for k in range(17)]
        return _rotate(ring, obj)
    return None


def _door_segment(obj: TiledObject) -> tuple[Point, Point] | None:
    """A door drawn as a line is that line; drawn as a box, the box's long centre line."""
    if obj.shape in ("polyline", "polygon") and len(obj.points) >= 2:
        points = _rotate(obj.points, obj)
        return points[0], points[-1] if obj.shape == "polyline" else points[1]
    if obj.shape == "rectangle" and (obj.width > 0 or obj.height > 0):
        w, h = obj.width, obj.height
        local = [(0.0, h / 2), (w, h / 2)] if w >= h else [(w / 2, 0.0), (w / 2, h)]
        a, b = _rotate(local, obj)
        return a, b
    return None


def _background(
    tiled: TiledMap, origin: tuple[int, int], base_dir: Path | None, report: ImportReport
) -> tuple[BackgroundImage | None, ImportedImage | None]:
    if tiled.image_layer is None:
        return None, None
    source, offset_x, offset_y = tiled.image_layer
    if base_dir is None:
        report.warn(f"image layer: {source!r} cannot be found without the map's folder; no background")
        return None, None
    try:
        data = read_regular_file(base_dir / source, MAX_IMAGE_BYTES, f"image layer: {source!r}")
        header = read_image_header(data)
    except MapImportError as exc:
        report.warn(f"{exc}; no background")
        return None, None
    except ImageHeaderError as exc:
        report.warn(f"image layer: {source!r}: {exc}; no background")
        return None, None
    damage = png_damage(data) if header.kind == "png" else None
    if damage is not None:
        report.warn(f"image layer: {source!r}: the PNG is damaged ({damage}); no background")
        return None, None
    offset_px = (origin[0] * tiled.tile_width - offset_x, origin[1] * tiled.tile_height - offset_y)
    background = BackgroundImage(Path(source).name, tiled.tile_width, offset_px)
    return background, ImportedImage(data, header.kind, header.width, header.height)
