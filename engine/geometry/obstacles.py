"""What is in the way on a map, as shapely geometry in spatial indexes, built once per map.

Three indexes, each an ``STRtree`` over an array of geometries with a parallel tuple of labels
(``"wall (3, 4)–(4, 4)"``, ``"closed door …"``, ``"object Pillar"``, ``"solid rock at (7, 2)"``):

- ``sight``: walls that block sight (walls, closed doors; not open doors or windows), objects
  with ``blocks_sight``, and terrain with ``blocks_sight`` (as row runs of tile boxes);
- ``movement``: walls that block movement (all but open doors) and objects with
  ``blocks_movement``; impassable terrain is per tile in ``impassable_tiles``;
- ``cover``: objects that give cover (half or full) whether or not they block sight.

Maps are immutable, so :func:`obstacles_for` caches by map identity (an :func:`identity_cache`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import LineString

from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import Cover, GameMap, MapObject, Tile, Wall


@dataclass(frozen=True)
class ObstacleLayer:
    """Geometries, their labels and an STRtree over them (``tree`` is None when empty).

    ``segments`` holds each geometry's (x1, y1, x2, y2) when it is one straight segment (a wall),
    NaN otherwise: for quick distance tests before the exact ones.
    """

    geometries: np.ndarray
    labels: tuple[str, ...]
    tree: STRtree | None
    segments: np.ndarray

    @classmethod
    def of(cls, items: list[tuple[shapely.Geometry, str]]) -> ObstacleLayer:
        geoms = np.array([g for g, _ in items], dtype=object)
        shapely.prepare(geoms)
        tree = STRtree(geoms) if len(items) else None
        segments = np.full((len(items), 4), np.nan)
        for i, (geometry, _) in enumerate(items):
            if isinstance(geometry, LineString) and len(geometry.coords) == 2:
                segments[i] = np.asarray(geometry.coords, dtype=np.float64).ravel()
        return cls(geoms, tuple(label for _, label in items), tree, segments)

    def __len__(self) -> int:
        return len(self.labels)

    def hits(self, geometry: shapely.Geometry) -> list[int]:
        """Indexes of the geometries that intersect ``geometry`` (touching counts), in order."""
        if self.tree is None:
            return []
        return sorted(int(i) for i in self.tree.query(geometry, predicate="intersects"))


@dataclass(frozen=True)
class Obstacles:
    """The obstacles of one map; see the module text. Build with :func:`obstacles_for`."""

    sight: ObstacleLayer
    movement: ObstacleLayer
    cover: ObstacleLayer
    cover_levels: tuple[Cover, ...]
    impassable_tiles: frozenset[Tile]
    bounds: shapely.Geometry
    terrain_ids: tuple[str, ...]
    terrain_codes: np.ndarray  # height × width, index into ``terrain_ids``
    sight_segments: np.ndarray  # S × 4 (x1, y1, x2, y2): every edge of the sight layer
    sight_segment_owner: np.ndarray  # S: the index in ``sight`` each edge belongs to
    sight_segment_tree: STRtree | None
    sight_segment_bounds: np.ndarray  # S × 4 (min x, min y, max x, max y) of each edge
    #: height × width: True where the box of some sight-blocking geometry touches the closed tile
    #: (a point in a tile that is False here is in no sight blocker)
    sight_near_tiles: np.ndarray

    def terrain_mask(self, ids: frozenset[str]) -> np.ndarray:
        """A height × width boolean grid: True where the tile's terrain id is in ``ids``."""
        table = np.array([t in ids for t in self.terrain_ids], dtype=bool)
        return table[self.terrain_codes]

    @classmethod
    def build(cls, game_map: GameMap) -> Obstacles:
        sight: list[tuple[shapely.Geometry, str]] = []
        movement: list[tuple[shapely.Geometry, str]] = []
        cover: list[tuple[shapely.Geometry, str]] = []
        levels: list[Cover] = []
        for wall in game_map.walls:
            line = shapely.linestrings([wall.a, wall.b])
            if wall.blocks_sight:
                sight.append((line, _wall_label(wall)))
            if wall.blocks_movement:
                movement.append((line, _wall_label(wall)))
        for obj in game_map.objects:
            poly = shapely.make_valid(shapely.polygons(obj.outline))
            if obj.blocks_sight:
                sight.append((poly, _object_label(obj)))
            if obj.blocks_movement:
                movement.append((poly, _object_label(obj)))
            if obj.cover is not Cover.NONE:
                cover.append((poly, _object_label(obj)))
                levels.append(obj.cover)
        sight.extend(_sight_blocking_terrain(game_map))
        sight_layer = ObstacleLayer.of(sight)
        segments, owners, segment_tree = _segments([g for g, _ in sight])
        impassable = frozenset(t for t in game_map.tiles() if not game_map.terrain_at(t).passable)
        terrain_ids = tuple(sorted(set(game_map.terrain)))
        code_of = {t: i for i, t in enumerate(terrain_ids)}
        codes = np.array([code_of[t] for t in game_map.terrain], dtype=np.int32)
        return cls(
            sight_layer,
            ObstacleLayer.of(movement),
            ObstacleLayer.of(cover),
            tuple(levels),
            impassable,
            shapely.box(0, 0, game_map.width, game_map.height),
            terrain_ids,
            codes.reshape(game_map.height, game_map.width),
            segments,
            owners,
            segment_tree,
            np.hstack([
                np.minimum(segments[:, :2], segments[:, 2:]),
                np.maximum(segments[:, :2], segments[:, 2:]),
            ]),
            _near_tiles(sight_layer.geometries, game_map.width, game_map.height),
        )


@identity_cache(size=8)
def obstacles_for(game_map: GameMap) -> Obstacles:
    """The obstacles of ``game_map``, built on first use and cached by map identity."""
    return Obstacles.build(game_map)


def _segments(geometries: list[shapely.Geometry]) -> tuple[np.ndarray, np.ndarray, STRtree | None]:
    """Every straight edge of the geometries (lines and polygon rings) as an S × 4 array,
    the index of the geometry each belongs to, and an STRtree over the edges."""
    parts: list[np.ndarray] = []
    owners: list[int] = []
    for index, geom in enumerate(geometries):
        lines = shapely.get_parts(shapely.boundary(geom)) if shapely.get_dimensions(geom) == 2 else [geom]
        for line in shapely.get_parts(shapely.line_merge(shapely.multilinestrings(lines))):
            coords = shapely.get_coordinates(line)
            if len(coords) >= 2:
                parts.append(np.hstack([coords[:-1], coords[1:]]))
                owners.extend([index] * (len(coords) - 1))
    if not parts:
        return np.zeros((0, 4)), np.zeros(0, dtype=np.int64), None
    segments = np.vstack(parts)
    tree = STRtree(cast(np.ndarray, shapely.linestrings(segments.reshape(-1, 2, 2))))
    return segments, np.array(owners, dtype=np.int64), tree


def _near_tiles(geometries: np.ndarray, width: int, height: int) -> np.ndarray:
    """A height × width grid, True on every closed tile the box of one of the geometries touches."""
    near = np.zeros((height, width), dtype=bool)
    if len(geometries) == 0:
        return near
    bounds = shapely.bounds(geometries)
    bounds = bounds[~np.isnan(bounds).any(axis=1)]
    # closed tile [x, x + 1] meets [min x, max x] when x in [ceil(min x) - 1, floor(max x)]
    x0 = np.clip(np.ceil(bounds[:, 0]) - 1, 0, width).astype(int)
    x1 = np.clip(np.floor(bounds[:, 2]) + 1, 0, width).astype(int)
    y0 = np.clip(np.ceil(bounds[:, 1]) - 1, 0, height).astype(int)
    y1 = np.clip(np.floor(bounds[:, 3]) + 1, 0, height).astype(int)
    for a, b, c, d in zip(x0.tolist(), x1.tolist(), y0.tolist(), y1.tolist(), strict=True):
        near[c:d, a:b] = True
    return near


def _sight_blocking_terrain(game_map: GameMap) -> list[tuple[shapely.Geometry, str]]:
    """Row runs of sight-blocking terrain tiles as boxes, labelled by their first tile."""
    blocking = {k for k, kind in game_map.terrain_kinds.items() if kind.blocks_sight}
    if not blocking:
        return []
    runs: list[tuple[shapely.Geometry, str]] = []
    w = game_map.width
    for y in range(game_map.height):
        row = game_map.terrain[y * w : (y + 1) * w]
        x = 0
        while x < w:
            if row[x] in blocking:
                start = x
                while x < w and row[x] == row[start]:
                    x += 1
                name = game_map.terrain_kinds[row[start]].name
                runs.append((shapely.box(start, y, x, y + 1), f"{name} at {(start, y)}"))
            else:
                x += 1
    return runs


def _fmt(p: tuple[float, float]) -> str:
    return "(" + ", ".join(f"{v:g}" for v in p) + ")"


def _wall_label(wall: Wall) -> str:
    name = {"wall": "wall", "door-closed": "closed door", "door-open": "open door",
            "door-locked": "locked door", "window": "window"}
    return f"{name[wall.kind.value]} {_fmt(wall.a)}–{_fmt(wall.b)}"


def _object_label(obj: MapObject) -> str:
    return f"object {obj.name or obj.id}"
