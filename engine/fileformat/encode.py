"""Writing an :class:`Encounter` as the plain JSON-ready dict of the file format (see
docs/file-format.md). Whole floats are written as ints; default layers are left out, and so is
``gm_only`` when it is false."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.fileformat.layers import encode_elevation, encode_revealed, encode_terrain, plain_number
from vantage.engine.fileformat.log_section import encode_log
from vantage.engine.fileformat.templates_section import encode_templates
from vantage.engine.model import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Condition,
    Encounter,
    GameMap,
    MapObject,
    Point,
    Token,
    Wall,
)
from vantage.engine.terrain import DEFAULT_TERRAIN, TerrainKind


def encode_encounter(enc: Encounter) -> dict[str, Any]:
    """The file dict of ``enc``. ValueError if the map has more terrain kinds than a legend holds."""
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": enc.name,
        "ruleset": enc.ruleset,
        "notes": enc.notes,
        "map": encode_map(enc.map),
        "tokens": [encode_token(token) for token in enc.tokens],
        "combat": plain_data(enc.combat),
    }
    if enc.templates:  # absent when there is none: files without templates read as before
        data["templates"] = encode_templates(enc.templates)
    log = encode_log(enc.log)  # absent when empty; folded to the file's limits
    if log is not None:
        data["log"] = log
    return data


def _point(point: Point) -> list[int | float]:
    return [plain_number(point[0]), plain_number(point[1])]


def encode_map(game_map: GameMap) -> dict[str, Any]:
    out: dict[str, Any] = {
        "width": game_map.width,
        "height": game_map.height,
        "feet_per_tile": plain_number(game_map.feet_per_tile),
    }
    terrain = encode_terrain(game_map.terrain, game_map.width)
    if terrain is not None:
        out["terrain"] = terrain
    elevation = encode_elevation(game_map.elevation, game_map.width)
    if elevation is not None:
        out["elevation"] = elevation
    own_kinds = [
        _encode_terrain_kind(kind)
        for kind_id, kind in game_map.terrain_kinds.items()
        if DEFAULT_TERRAIN.get(kind_id) != kind
    ]
    if own_kinds:
        out["terrain_kinds"] = own_kinds
    out["walls"] = [_encode_wall(w) for w in game_map.walls]
    out["objects"] = [_encode_object(o) for o in game_map.objects]
    out["lights"] = [
        {
            "position": _point(light.position),
            "range": plain_number(light.range),
            "intensity": plain_number(light.intensity),
            "color": light.color,
            "shadows": light.shadows,
        }
        for light in game_map.lights
    ]
    bg = game_map.background
    out["background"] = (
        None
        if bg is None
        else {
            "path": bg.path,
            "pixels_per_tile": plain_number(bg.pixels_per_tile),
            "offset_px": _point(bg.offset_px),
        }
    )
    fog: dict[str, Any] = {"enabled": game_map.fog_enabled}
    revealed = encode_revealed(game_map.revealed, game_map.width, game_map.height)
    if revealed is not None:
        fog["revealed"] = {"rows": revealed}
    out["fog"] = fog
    return out


def _encode_wall(wall: Wall) -> dict[str, Any]:
    out: dict[str, Any] = {"a": _point(wall.a), "b": _point(wall.b), "kind": wall.kind.value}
    if wall.gm_only:
        out["gm_only"] = True
    return out


def _encode_object(obj: MapObject) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": obj.id,
        "name": obj.name,
        "outline": [_point(p) for p in obj.outline],
        "blocks_movement": obj.blocks_movement,
        "blocks_sight": obj.blocks_sight,
        "cover": obj.cover.value,
    }
    if obj.gm_only:
        out["gm_only"] = True
    return out


def _encode_terrain_kind(kind: TerrainKind) -> dict[str, Any]:
    return {
        "id": kind.id,
        "name": kind.name,
        "movement": kind.movement.value,
        "setbacks": sorted(s.value for s in kind.setbacks),
        "color": kind.color,
        "blocks_sight": kind.blocks_sight,
    }


def encode_token(token: Token) -> dict[str, Any]:
    out = {
        "id": token.id,
        "name": token.name,
        "side": token.side.value,
        "size": token.size.value,
        "position": [token.position[0], token.position[1]],
        "facing": token.facing.name,
        "elevation": plain_number(token.elevation),
        "hidden": token.hidden,
        "image": token.image,
        "stats": plain_data(token.stats),
        "conditions": [_condition(c) for c in token.conditions],
    }
    if token.rides is not None:
        out["rides"] = token.rides
    return out


def plain_data(value: Any) -> Any:
    """Free-form data (stats, combat) as plain dicts and lists; mappings and tuples are copied."""
    if isinstance(value, Mapping):
        return {key: plain_data(inner) for key, inner in value.items()}
    if isinstance(value, list | tuple):
        return [plain_data(inner) for inner in value]
    return value


def _condition(condition: Condition) -> dict[str, Any]:
    out: dict[str, Any] = {"name": condition.name, "rounds_left": condition.rounds_left,
                           "source": condition.source}
    if condition.unit != "rounds":
        out["unit"] = condition.unit
    return out
