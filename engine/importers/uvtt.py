"""Universal VTT (``.dd2vtt``, ``.uvtt``, ``.df2vtt``): Dungeondraft, Dungeon Alchemist,
DungeonFog and Arkenforge exports to a Vantage encounter.

Every point in the file is in grid cells, y down, in the *uncropped* map; ``map_origin`` is
subtracted from every one of them (walls, objects, portals, lights). Unknown keys are ignored;
a missing or malformed key gets a default and a warning, or — when nothing sensible can be
assumed — a :class:`MapImportError` naming the key.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from vantage.engine.importers.embedded_image import decode_embedded_image
from vantage.engine.importers.file_limits import available_memory_bytes, read_regular_file, size_words
from vantage.engine.importers.report import (
    ImportedImage,
    ImportReport,
    ImportResult,
    MapImportError,
)
from vantage.engine.importers.uvtt_values import (
    BadValue,
    flag,
    number,
    optional_list,
    plain_point,
    point,
    required_dict,
)
from vantage.engine.importers.wall_segments import (
    FAR_AWAY,
    PointSnapper,
    clip_outline,
    clip_walls,
    cut_openings,
    polylines_to_walls,
    unusable_points,
    usable,
)
from vantage.engine.model import (
    BackgroundImage,
    Cover,
    Encounter,
    GameMap,
    Light,
    MapObject,
    Point,
    Wall,
    WallKind,
)

SUFFIXES = (".dd2vtt", ".uvtt", ".df2vtt")
KNOWN_FORMATS = (0.2, 0.3)
#: The largest map side in cells Vantage imports (a 1000 × 1000 map is a million tiles).
MAX_CELLS_PER_SIDE = 1000
#: An open portal at most this wide (cells) is a window, as Dungeondraft writes windows;
#: wider open portals are open doors. Assumed — Arkenforge writes narrow open doors the same way.
WINDOW_MAX_WIDTH = 1.0
#: The biggest Universal VTT file read (real exports reach 550 MB).
MAX_FILE_BYTES = 2 * 1024**3


def import_uvtt_file(path: str | Path, *, ruleset: str) -> ImportResult:
    """Import the Universal VTT file at ``path`` as an encounter played by ``ruleset``;
    MapImportError says why it cannot be."""
    path = Path(path)
    _check_memory_for(path)
    # The file's bytes are let go as soon as they are parsed: real exports reach 550 MB.
    data = read_regular_file(path, MAX_FILE_BYTES, path.name)
    lifted = _lift_image(data, path.name)
    if lifted is None:
        root = _parse(data, path.name)
        del data
        return _import_root(root, path.name, ruleset)
    root, image_text = lifted
    del data  # image_text, a view of it, keeps it until the picture is decoded
    try:
        return _import_root(root, path.name, ruleset, image_text)
    finally:
        image_text.release()


#: A file this big has its picture lifted out before the rest is parsed (see _lift_image): a
#: real 1.8 MB export then parses in a third of the time (the picture's text is neither decoded
#: from UTF-8 nor scanned by the JSON parser, and its base64 is decoded straight from the bytes).
LIFT_IMAGE_ABOVE = 64 * 1024
_IMAGE_KEY = re.compile(rb'"image"\s*:\s*"')


def _lift_image(data: bytes, source: str) -> tuple[dict, memoryview] | None:
    """The file parsed with its picture's base64 text left out, and that text (a view of ``data``,
    never copied), or None to parse the file as it is (small, or not laid out so).

    Parsing a 550 MB export as it is holds its bytes, their text and the picture's string at once
    (1.6 GB); here only the bytes are held. The top-level ``"image"`` string is found in the bytes,
    replaced by ``""`` for the parse, and the parse must then show ``"image": ""`` at the top (a
    key of that name inside another object, or an escaped character in the text, and the file is
    parsed as it is)."""
    if len(data) < LIFT_IMAGE_ABOVE:
        return None
    found = _IMAGE_KEY.search(data)
    if found is None:
        return None
    start = found.end()
    end = data.find(b'"', start)
    if end < 0 or data.find(b"\\", start, end) >= 0:
        return None
    root = _parse(data[:start] + data[end:], source)
    if root.get("image") != "":
        return None
    return root, memoryview(data)[start:end]


#: Reading a Universal VTT file takes about this many times its size in memory at the peak (the
#: bytes, the parsed text, the decoded picture); a file this big or bigger is checked against the
#: memory free now.
MEMORY_PER_BYTE = 3
CHECK_MEMORY_ABOVE = 256 * 1024**2


def _check_memory_for(path: Path) -> None:
    """MapImportError before reading when a big file would not fit in the memory free now."""
    try:
        size = path.stat().st_size
    except OSError:
        return  # read_regular_file says why
    if size < CHECK_MEMORY_ABOVE:
        return
    free = available_memory_bytes()
    if free is not None and size * MEMORY_PER_BYTE > free:
        raise MapImportError(
            f"{path.name}: reading this {size_words(size)} file needs about "
            f"{size_words(size * MEMORY_PER_BYTE)} of memory and {size_words(free)} is free now; "
            "close other programs, or export the map with fewer pixels per grid square"
        )


def import_uvtt(data: bytes | str, source: str = "<data>", *, ruleset: str) -> ImportResult:
    """Import Universal VTT JSON text or bytes as an encounter played by ``ruleset``."""
    return _import_root(_parse(data, source), source, ruleset)


def _parse(data: bytes | str, source: str) -> dict:
    try:
        root = json.loads(data)
    except json.JSONDecodeError as exc:
        raise MapImportError(
            f"{source}: not valid JSON at line {exc.lineno}, column {exc.colno} ({exc.msg}); "
            "is the file complete?"
        ) from None
    except UnicodeDecodeError:
        raise MapImportError(f"{source}: not text (not a Universal VTT file)") from None
    except RecursionError:
        raise MapImportError(f"{source}: JSON nested too deeply to be a Universal VTT file") from None
    except MemoryError:
        raise MapImportError(f"{source}: there is not enough memory to read this file") from None
    except ValueError:  # a number with more digits than Python converts
        raise MapImportError(f"{source}: a number in the file has more than 4,300 digits") from None
    if not isinstance(root, dict):
        raise MapImportError(f"{source}: expected a JSON object with 'resolution', 'line_of_sight' …")
    return root


def _import_root(root: dict, source: str, ruleset: str, image_text: memoryview | None = None) -> ImportResult:
    report = ImportReport(source)
    report.source_kind = f"Universal VTT {_format_version(root, report)}"
    embedded = root.pop("image", None)
    image = decode_embedded_image(embedded if image_text is None else image_text, "image", report)
    resolution = required_dict(root, "resolution")
    origin = _origin(resolution, report)
    cells = _map_size(resolution, image, report)
    width, height = _tile_count(cells, report)
    pixels_per_tile = _pixels_per_tile(resolution, cells, image, report)

    snapper = PointSnapper()
    sight = _polylines(root, "line_of_sight", origin, report)
    far = unusable_points(sight)
    if far:
        report.warn(f"line_of_sight: {far} point(s) not finite or more than {FAR_AWAY:,.0f} tiles away were "
                    "dropped with the wall steps through them")
    walls = polylines_to_walls(sight, WallKind.WALL, snapper)
    openings = _portals(root, origin, snapper, report)
    walls, dropped, cut = clip_walls(cut_openings(walls, openings) + openings, width, height)
    if dropped or cut:
        report.note(f"walls beyond the map's edge: {dropped} dropped, {cut} cut at the edge")
    objects = _objects(root, origin, (width, height), report)
    lights = _lights(root, origin, (width, height), report)

    background = None
    name = Path(source).stem or "imported map"
    suggested = ""
    if image is not None:
        suggested = f"{name}{image.suffix}"
        background = BackgroundImage(suggested, pixels_per_tile, (0.0, 0.0))
        report.image_size = (image.width, image.height)
        report.pixels_per_tile = pixels_per_tile
    game_map = GameMap(
        width, height, walls=tuple(walls), objects=tuple(objects), lights=tuple(lights), background=background
    )
    encounter = Encounter(game_map, name=name, ruleset=ruleset)
    report.count_walls(encounter)
    report.note("terrain starts as open ground everywhere; paint difficult terrain on top")
    return ImportResult(encounter, image, report, suggested)


def _format_version(root: dict, report: ImportReport) -> str:
    value = root.get("format")
    if value is None:
        report.warn("format: missing; read as Universal VTT 0.3")
        return "0.3 (assumed)"
    try:
        version = number(value, "format")
    except BadValue as exc:
        report.warn(f"{exc}; read as Universal VTT 0.3")
        return "0.3 (assumed)"
    if not any(math.isclose(version, known) for known in KNOWN_FORMATS):
        report.warn(f"format: {value!r} is not a version Vantage knows (0.2, 0.3); read as 0.3")
    return f"{version:g}"


def _origin(resolution: dict, report: ImportReport) -> Point:
    if "map_origin" not in resolution:
        report.warn("resolution.map_origin: missing; taken as (0, 0)")
        return (0.0, 0.0)
    try:
        return point(resolution["map_origin"], "resolution.map_origin")
    except BadValue as exc:
        raise MapImportError(str(exc)) from None


def _map_size(resolution: dict, image: ImportedImage | None, report: ImportReport) -> Point:
    if "map_size" in resolution:
        try:
            cells = point(resolution["map_size"], "resolution.map_size")
        except BadValue as exc:
            raise MapImportError(str(exc)) from None
    elif image is not None and _positive(resolution.get("pixels_per_grid")):
        ppg = float(resolution["pixels_per_grid"])
        cells = (image.width / ppg, image.height / ppg)
        report.warn(f"resolution.map_size: missing; {cells[0]:g} × {cells[1]:g} cells from the image size")
    else:
        raise MapImportError("resolution.map_size: missing (this key is required)")
    if cells[0] <= 0 or cells[1] <= 0:
        raise MapImportError(f"resolution.map_size: {cells[0]:g} × {cells[1]:g} cells is an empty map")
    if max(cells) > MAX_CELLS_PER_SIDE:
        raise MapImportError(
            f"resolution.map_size: {cells[0]:g} × {cells[1]:g} cells is larger than the "
            f"{MAX_CELLS_PER_SIDE} × {MAX_CELLS_PER_SIDE} Vantage imports"
        )
    return cells


def _tile_count(cells: Point, report: ImportReport) -> tuple[int, int]:
    out = []
    for value in cells:
        whole = round(value)
        if abs(value - whole) > 0.01:
            whole = math.ceil(value)
            report.warn(f"resolution.map_size: {value:g} cells is not whole; the grid has {whole}")
        out.append(max(1, whole))
    return out[0], out[1]


def _positive(value: object) -> bool:
    try:
        return number(value, "") > 0
    except BadValue:
        return False


def _pixels_per_tile(
    resolution: dict, cells: Point, image: ImportedImage | None, report: ImportReport
) -> float:
    declared: float | None = None
    if "pixels_per_grid" in resolution:
        try:
            declared = number(resolution["pixels_per_grid"], "resolution.pixels_per_grid")
            if declared <= 0:
                raise BadValue(f"resolution.pixels_per_grid: {declared:g} is not positive")
        except BadValue as exc:
            report.warn(str(exc))
            declared = None
    if image is None:
        return declared or 64.0
    from_image = image.width / cells[0]
    if declared is None:
        report.warn(f"resolution.pixels_per_grid: missing or bad; {from_image:g} px per cell from the image")
        return from_image
    expected = (cells[0] * declared, cells[1] * declared)
    if abs(expected[0] - image.width) > 1 or abs(expected[1] - image.height) > 1:
        report.warn(
            f"resolution.pixels_per_grid is {declared:g}, but the image is {image.width} × {image.height} px "
            f"for {cells[0]:g} × {cells[1]:g} cells (not {expected[0]:g} × {expected[1]:g}): "
            f"the scale is taken from the image, {from_image:.4g} px per cell"
        )
        from_height = image.height / cells[1]
        if abs(from_height - from_image) > 0.01 * from_image:
            report.warn(
                f"image: {from_image:.4g} px per cell across but {from_height:.4g} down; "
                "the grid follows the width"
            )
        return from_image
    return declared


def _shift(p: Point, origin: Point) -> Point:
    """``p`` in the cropped map; rounded to 1e-6 cell (exporters write six decimals) so that
    subtracting the origin leaves no float noise like 3.0039999999999996."""
    return (round(p[0] - origin[0], 6) + 0.0, round(p[1] - origin[1], 6) + 0.0)


def _line(raw: list, key: str, origin: Point) -> list[Point]:
    """The points of one polyline, shifted to the cropped map; BadValue names a malformed one."""
    ox, oy = origin
    line: list[Point] = []
    for j, p in enumerate(raw):
        q = plain_point(p)
        if q is None:
            q = point(p, f"{key}[{j}]")
        line.append((round(q[0] - ox, 6) + 0.0, round(q[1] - oy, 6) + 0.0))  # as _shift does
    return line


def _polylines(root: dict, key: str, origin: Point, report: ImportReport) -> list[list[Point]]:
    lines: list[list[Point]] = []
    skipped: list[str] = []
    for i, raw in enumerate(optional_list(root, key, report.warnings)):
        if not isinstance(raw, list):
            skipped.append(f"{key}[{i}]: expected a list of points")
            continue
        try:
            lines.append(_line(raw, f"{key}[{i}]", origin))
        except BadValue as exc:
            skipped.append(str(exc))
    _warn_skipped(report, skipped, "skipped")
    return lines


def _portals(root: dict, origin: Point, snapper: PointSnapper, report: ImportReport) -> list[Wall]:
    openings: list[Wall] = []
    skipped: list[str] = []
    assumed_closed = windows = 0
    for i, raw in enumerate(optional_list(root, "portals", report.warnings)):
        key = f"portals[{i}]"
        try:
            if not isinstance(raw, dict):
                raise BadValue(f"{key}: expected an object")
            a, b = _portal_ends(raw, key)
            if "closed" in raw:
                closed = flag(raw["closed"], f"{key}.closed")
            else:
                closed = True
                assumed_closed += 1
        except BadValue as exc:
            skipped.append(str(exc))
            continue
        a, b = _shift(a, origin), _shift(b, origin)
        if not (usable(a) and usable(b)):
            skipped.append(f"{key}: coordinates far outside the map")
            continue
        a, b = snapper.snap(a), snapper.snap(b)
        if a == b:
            skipped.append(f"{key}: the portal has no width")
            continue
        if closed:
            kind = WallKind.DOOR_CLOSED
        elif math.dist(a, b) <= WINDOW_MAX_WIDTH + 1e-6:
            kind = WallKind.WINDOW
            windows += 1
        else:
            kind = WallKind.DOOR_OPEN
        openings.append(Wall(a, b, kind))
    if assumed_closed:
        report.warn(f"portals: {assumed_closed} without 'closed'; imported as closed doors")
    if windows:
        report.note(
            f"{windows} open portal(s) at most {WINDOW_MAX_WIDTH:g} cell wide read as windows "
            "(Dungeondraft writes windows so; Arkenforge writes open doors so: change them in the editor)"
        )
    _warn_skipped(report, skipped, "skipped")
    return openings


def _portal_ends(raw: dict, key: str) -> tuple[Point, Point]:
    bounds = raw.get("bounds")
    if isinstance(bounds, list) and len(bounds) >= 2:
        return point(bounds[0], f"{key}.bounds[0]"), point(bounds[-1], f"{key}.bounds[{len(bounds) - 1}]")
    if "position" not in raw:
        raise BadValue(f"{key}: neither 'bounds' nor 'position'")
    cx, cy = point(raw["position"], f"{key}.position")
    angle = number(raw.get("rotation", 0.0), f"{key}.rotation")
    dx, dy = math.cos(angle) * 0.5, math.sin(angle) * 0.5
    return (cx - dx, cy - dy), (cx + dx, cy + dy)


def _objects(root: dict, origin: Point, size: tuple[int, int], report: ImportReport) -> list[MapObject]:
    objects: list[MapObject] = []
    snapper = PointSnapper()
    outside = 0
    for i, line in enumerate(_polylines(root, "objects_line_of_sight", origin, report)):
        outline: list[Point] = []
        for p in (snapper.snap(q) for q in line):
            if not outline or outline[-1] != p:
                outline.append(p)
        if len(outline) > 1 and outline[0] == outline[-1]:
            outline.pop()
        if len(set(outline)) < 3 or not all(usable(p) for p in outline):
            report.warn(f"objects_line_of_sight[{i}]: fewer than 3 distinct points near the map; skipped")
            continue
        parts = [outline]
        if not all(0 <= x <= size[0] and 0 <= y <= size[1] for x, y in outline):
            parts = clip_outline(outline, size[0], size[1])
            outside += 1
        for k, part in enumerate(parts):
            suffix = f"-{k + 1}" if len(parts) > 1 else ""
            objects.append(
                MapObject(
                    f"uvtt-object-{i + 1}{suffix}", tuple(part), "sight-blocking prop",
                    blocks_movement=False, blocks_sight=True, cover=Cover.FULL,
                )
            )
    if outside:
        report.note(f"{outside} prop outline(s) reaching beyond the map cut at its edge")
    return objects


def _lights(root: dict, origin: Point, size: tuple[int, int], report: ImportReport) -> list[Light]:
    lights: list[Light] = []
    skipped: list[str] = []
    outside = 0
    for i, raw in enumerate(optional_list(root, "lights", report.warnings)):
        key = f"lights[{i}]"
        try:
            if not isinstance(raw, dict):
                raise BadValue(f"{key}: expected an object")
            if "position" not in raw:
                raise BadValue(f"{key}.position: missing")
            x, y = _shift(point(raw["position"], f"{key}.position"), origin)
            light = Light(
                (x, y),
                range=max(0.0, number(raw.get("range", 5.0), f"{key}.range")),
                intensity=max(0.0, number(raw.get("intensity", 1.0), f"{key}.intensity")),
                color=_argb(raw.get("color", "ffffffff"), f"{key}.color"),
                shadows=flag(raw.get("shadows", True), f"{key}.shadows"),
            )
        except BadValue as exc:
            skipped.append(str(exc))
            continue
        if not (0 <= x <= size[0] and 0 <= y <= size[1]):
            outside += 1
            continue
        lights.append(light)
    if outside:
        report.note(f"{outside} light(s) outside the map dropped")
    _warn_skipped(report, skipped, "skipped")
    return lights


def _argb(value: object, key: str) -> str:
    """``"ffeccd8b"`` (ARGB, as Universal VTT writes it) → ``"#ffeccd8b"``; RGB gets opaque alpha."""
    if not isinstance(value, str):
        raise BadValue(f"{key}: expected ARGB hex text, found {value!r:.40}")
    text = value.strip().lstrip("#").lower()
    if len(text) == 6:
        text = "ff" + text
    if len(text) != 8 or any(c not in "0123456789abcdef" for c in text):
        raise BadValue(f"{key}: {value!r:.40} is not an ARGB colour like 'ffeccd8b'")
    return "#" + text


def _warn_skipped(report: ImportReport, problems: list[str], what: str) -> None:
    for message in problems[:10]:
        report.warn(f"{message}; {what}")
    if len(problems) > 10:
        report.warn(f"… and {len(problems) - 10} more malformed entries {what}")
