"""Reading the ``map`` object of an encounter file into a :class:`GameMap`, logging every problem."""

from __future__ import annotations

from typing import Any

from vantage.engine.fileformat.fields import (
    check_choice,
    check_list,
    check_object,
    check_point,
    read_bool,
    read_choice,
    read_color,
    read_int,
    read_list,
    read_number,
    read_objects,
    read_point,
    read_str,
)
from vantage.engine.fileformat.layers import decode_elevation, decode_revealed, decode_terrain
from vantage.engine.fileformat.problems import ProblemLog, item, join, show
from vantage.engine.model import BackgroundImage, Cover, GameMap, Light, MapObject, Point, Wall, WallKind
from vantage.engine.terrain import DEFAULT_TERRAIN, MovementClass, Setback, TerrainKind

#: The largest map a file may describe, in tiles per side.
MAX_MAP_SIDE = 1000
#: How far outside the map (in tiles) a wall end, object corner or light may lie.
OUTSIDE_MARGIN = 1.0

_WALL_KINDS = {k.value: k for k in WallKind}
_COVERS = {c.value: c for c in Cover}
_MOVEMENT = {m.value: m for m in MovementClass}
_SETBACKS = {s.value: s for s in Setback}


def decode_map(value: Any, place: str, log: ProblemLog) -> GameMap | None:
    data = check_object(value, place, log)
    if data is None:
        return None
    width = read_int(data, "width", place, log, minimum=1, maximum=MAX_MAP_SIDE)
    height = read_int(data, "height", place, log, minimum=1, maximum=MAX_MAP_SIDE)
    feet_per_tile = read_number(data, "feet_per_tile", place, log, 5.0, positive=True)
    kinds = _decode_terrain_kinds(data, place, log)
    terrain = elevation = None
    if "terrain" in data:
        terrain = decode_terrain(data["terrain"], join(place, "terrain"), log, width, height, kinds)
    if "elevation" in data:
        elevation = decode_elevation(data["elevation"], join(place, "elevation"), log, width, height)
    bounds = (width, height) if width is not None and height is not None else None
    walls = _decode_walls(data, place, log, bounds)
    objects = _decode_objects(data, place, log, bounds)
    lights = _decode_lights(data, place, log, bounds)
    background = _decode_background(data, place, log)
    fog_enabled, revealed = _decode_fog(data, place, log, width, height)
    if width is None or height is None or log:
        return None
    return GameMap(
        width=width,
        height=height,
        feet_per_tile=feet_per_tile or 5.0,
        terrain=terrain or (),
        elevation=elevation or (),
        walls=walls,
        objects=objects,
        lights=lights,
        background=background,
        fog_enabled=fog_enabled,
        revealed=revealed,
        terrain_kinds=kinds,
    )


def _decode_terrain_kinds(data: dict[str, Any], place: str, log: ProblemLog) -> dict[str, TerrainKind]:
    kinds = dict(DEFAULT_TERRAIN)
    seen: set[str] = set()
    for at, obj in read_objects(data, "terrain_kinds", place, log):
        kind_id = read_str(obj, "id", at, log, non_empty=True)
        name = read_str(obj, "name", at, log, kind_id or "")
        movement = read_choice(obj, "movement", at, log, _MOVEMENT, MovementClass.OPEN)
        setbacks: set[Setback] = set()
        for s_index, raw in enumerate(read_list(obj, "setbacks", at, log)):
            setback = check_choice(raw, _SETBACKS, item(join(at, "setbacks"), s_index), log)
            if setback is not None:
                setbacks.add(setback)
        color = read_color(obj, "color", at, log, "#c8c0a8")
        blocks_sight = read_bool(obj, "blocks_sight", at, log, False)
        if kind_id is None:
            continue
        if kind_id in seen:
            log.add(join(at, "id"), f"terrain kind {show(kind_id)} is defined twice")
            continue
        seen.add(kind_id)
        kinds[kind_id] = TerrainKind(
            kind_id,
            name or "",
            movement or MovementClass.OPEN,
            frozenset(setbacks),
            color or "#c8c0a8",
            bool(blocks_sight),
        )
    return kinds


def _check_near_map(point: Point, place: str, log: ProblemLog, bounds: tuple[int, int] | None) -> None:
    if bounds is None:
        return
    width, height = bounds
    x, y = point
    m = OUTSIDE_MARGIN
    if not (-m <= x <= width + m and -m <= y <= height + m):
        log.add(place, f"({x:g}, {y:g}) is far outside the {width}×{height} map")


def _decode_walls(
    data: dict[str, Any], place: str, log: ProblemLog, bounds: tuple[int, int] | None
) -> tuple[Wall, ...]:
    walls = []
    for at, obj in read_objects(data, "walls", place, log):
        a = read_point(obj, "a", at, log)
        b = read_point(obj, "b", at, log)
        kind = read_choice(obj, "kind", at, log, _WALL_KINDS, WallKind.WALL)
        gm_only = read_bool(obj, "gm_only", at, log, False)
        for key, end in (("a", a), ("b", b)):
            if end is not None:
                _check_near_map(end, join(at, key), log, bounds)
        if a is not None and b is not None and a == b:
            log.add(at, f"both ends are at ({a[0]:g}, {a[1]:g}); a wall needs two different points")
        elif a is not None and b is not None and kind is not None:
            walls.append(Wall(a, b, kind, bool(gm_only)))
    return tuple(walls)


def _decode_objects(
    data: dict[str, Any], place: str, log: ProblemLog, bounds: tuple[int, int] | None
) -> tuple[MapObject, ...]:
    objects = []
    seen: set[str] = set()
    for at, obj in read_objects(data, "objects", place, log):
        object_id = read_str(obj, "id", at, log, non_empty=True)
        name = read_str(obj, "name", at, log, "")
        blocks_movement = read_bool(obj, "blocks_movement", at, log, True)
        blocks_sight = read_bool(obj, "blocks_sight", at, log, False)
        cover = read_choice(obj, "cover", at, log, _COVERS, Cover.NONE)
        gm_only = read_bool(obj, "gm_only", at, log, False)
        outline = _decode_outline(obj, at, log, bounds)
        if object_id is not None and object_id in seen:
            log.add(join(at, "id"), f"another object already has the id {show(object_id)}")
        elif object_id is not None and outline is not None:
            seen.add(object_id)
            objects.append(
                MapObject(
                    object_id,
                    outline,
                    name or "",
                    bool(blocks_movement),
                    bool(blocks_sight),
                    cover or Cover.NONE,
                    bool(gm_only),
                )
            )
    return tuple(objects)


def _decode_outline(
    obj: dict[str, Any], place: str, log: ProblemLog, bounds: tuple[int, int] | None
) -> tuple[Point, ...] | None:
    at = join(place, "outline")
    if "outline" not in obj:
        log.add(at, "is missing (it is required)")
        return None
    raw = check_list(obj["outline"], at, log)
    if raw is None:
        return None
    points = []
    for index, value in enumerate(raw):
        point = check_point(value, item(at, index), log)
        if point is not None:
            _check_near_map(point, item(at, index), log, bounds)
            points.append(point)
    if len(raw) < 3:
        log.add(at, f"has {len(raw)} point{'s' if len(raw) != 1 else ''}; an outline needs at least 3")
        return None
    return tuple(points) if len(points) == len(raw) else None


def _decode_lights(
    data: dict[str, Any], place: str, log: ProblemLog, bounds: tuple[int, int] | None
) -> tuple[Light, ...]:
    lights = []
    for at, obj in read_objects(data, "lights", place, log):
        position = read_point(obj, "position", at, log)
        if position is not None:
            _check_near_map(position, join(at, "position"), log, bounds)
        reach = read_number(obj, "range", at, log, 5.0, minimum=0)
        intensity = read_number(obj, "intensity", at, log, 1.0, minimum=0)
        color = read_color(obj, "color", at, log, "#ffffffff")
        shadows = read_bool(obj, "shadows", at, log, True)
        if position is not None:
            lights.append(
                Light(position, reach or 0.0, intensity or 0.0, color or "#ffffffff", bool(shadows))
            )
    return tuple(lights)


def _decode_background(data: dict[str, Any], place: str, log: ProblemLog) -> BackgroundImage | None:
    value = data.get("background")
    if value is None:
        return None
    at = join(place, "background")
    obj = check_object(value, at, log)
    if obj is None:
        return None
    path = read_str(obj, "path", at, log, non_empty=True)
    pixels = read_number(obj, "pixels_per_tile", at, log, 64.0, positive=True)
    offset = read_point(obj, "offset_px", at, log, (0.0, 0.0))
    if path is None:
        return None
    return BackgroundImage(path, pixels or 64.0, offset or (0.0, 0.0))


def _decode_fog(
    data: dict[str, Any], place: str, log: ProblemLog, width: int | None, height: int | None
) -> tuple[bool, frozenset[tuple[int, int]]]:
    value = data.get("fog")
    if value is None:
        return False, frozenset()
    at = join(place, "fog")
    obj = check_object(value, at, log)
    if obj is None:
        return False, frozenset()
    enabled = read_bool(obj, "enabled", at, log, False)
    revealed = None
    if "revealed" in obj:
        layer_place = join(at, "revealed")
        layer = check_object(obj["revealed"], layer_place, log)
        if layer is not None and "rows" in layer:
            revealed = decode_revealed(layer["rows"], join(layer_place, "rows"), log, width, height)
    return bool(enabled), revealed or frozenset()
