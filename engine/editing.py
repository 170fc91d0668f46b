"""Map edits as pure functions on engine values: brush, flood fill, walls, objects, resize.

Each returns a new :class:`GameMap` (or the tiles to change). The GM's map commands
(``vantage.engine.session.gm``) are made of them, and the editor uses the finders (brush, nearest
edge, door, GM-only target) to say what a command is about. No Qt here.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import replace

from vantage.engine.model import Cover, Encounter, GameMap, MapObject, Point, Tile, Wall, WallKind

EDGE_SNAP = 0.3


def brush_tiles(game_map: GameMap, centre: Tile, size: int) -> list[Tile]:
    """The tiles a square brush of side ``size`` (1–5) covers, centred on ``centre``, on the map."""
    size = max(1, min(5, size))
    x0, y0 = centre[0] - (size - 1) // 2, centre[1] - (size - 1) // 2
    tiles = [(x0 + dx, y0 + dy) for dy in range(size) for dx in range(size)]
    return [t for t in tiles if game_map.in_bounds(t)]


def paint_terrain(game_map: GameMap, tiles: list[Tile], kind: str) -> GameMap:
    changes = {t: kind for t in tiles if game_map.terrain[game_map.index(t)] != kind}
    return game_map.with_terrain(changes) if changes else game_map


def fill_region(game_map: GameMap, start: Tile) -> frozenset[Tile]:
    """The 4-connected region of ``start``'s terrain (empty when ``start`` is off the map)."""
    if not game_map.in_bounds(start):
        return frozenset()
    old = game_map.terrain[game_map.index(start)]
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in seen and game_map.in_bounds(n) and game_map.terrain[game_map.index(n)] == old:
                seen.add(n)
                queue.append(n)
    return frozenset(seen)


def flood_fill(game_map: GameMap, start: Tile, kind: str) -> GameMap:
    """Fill the 4-connected region of ``start``'s terrain with ``kind``."""
    if not game_map.in_bounds(start) or game_map.terrain[game_map.index(start)] == kind:
        return game_map
    return game_map.with_terrain(dict.fromkeys(fill_region(game_map, start), kind))


def set_elevation(game_map: GameMap, tiles: list[Tile], feet: float) -> GameMap:
    return game_map.with_elevation(dict.fromkeys(tiles, feet))


def nearest_edge(point: Point) -> tuple[Point, Point] | None:
    """The tile edge nearest to ``point`` (tile units), if the point is within EDGE_SNAP of it."""
    x, y = point
    fx, fy = x - math.floor(x), y - math.floor(y)
    candidates = [
        (fy, ((math.floor(x), math.floor(y)), (math.floor(x) + 1, math.floor(y)))),
        (1 - fy, ((math.floor(x), math.floor(y) + 1), (math.floor(x) + 1, math.floor(y) + 1))),
        (fx, ((math.floor(x), math.floor(y)), (math.floor(x), math.floor(y) + 1))),
        (1 - fx, ((math.floor(x) + 1, math.floor(y)), (math.floor(x) + 1, math.floor(y) + 1))),
    ]
    distance, edge = min(candidates, key=lambda c: c[0])
    if distance > EDGE_SNAP:
        return None
    a, b = edge
    return (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))


def _same_edge(wall: Wall, a: Point, b: Point) -> bool:
    return {wall.a, wall.b} == {a, b}


def wall_on_edge(game_map: GameMap, a: Point, b: Point) -> Wall | None:
    return next((w for w in game_map.walls if _same_edge(w, a, b)), None)


def put_wall(game_map: GameMap, a: Point, b: Point, kind: WallKind, gm_only: bool = False) -> GameMap:
    """A wall of ``kind`` on the edge a–b (replacing one already there); ``gm_only`` for a secret."""
    walls = tuple(w for w in game_map.walls if not _same_edge(w, a, b)) + (Wall(a, b, kind, gm_only),)
    return replace(game_map, walls=walls)


def erase_wall(game_map: GameMap, a: Point, b: Point) -> GameMap:
    return replace(game_map, walls=tuple(w for w in game_map.walls if not _same_edge(w, a, b)))


def nearest_door(game_map: GameMap, point: Point, within: float = 0.35) -> int | None:
    """The index of the door whose segment passes nearest ``point`` (within ``within`` tiles)."""
    best: tuple[float, int] | None = None
    for i, wall in enumerate(game_map.walls):
        if not wall.kind.is_door:
            continue
        d = _segment_distance(point, wall.a, wall.b)
        if d <= within and (best is None or d < best[0]):
            best = (d, i)
    return None if best is None else best[1]


def toggle_door(game_map: GameMap, index: int) -> GameMap:
    wall = game_map.walls[index]
    if wall.kind is WallKind.DOOR_LOCKED:  # a locked door stays shut until it is unlocked
        return game_map
    kind = WallKind.DOOR_OPEN if wall.kind is WallKind.DOOR_CLOSED else WallKind.DOOR_CLOSED
    walls = list(game_map.walls)
    walls[index] = replace(wall, kind=kind)
    return replace(game_map, walls=tuple(walls))


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


#: The objects the editor places on a tile: (name, blocks movement, blocks sight, cover).
OBJECT_KINDS: dict[str, tuple[str, bool, bool, Cover]] = {
    "pillar": ("Pillar", True, True, Cover.FULL),
    "boulder": ("Boulder", True, False, Cover.HALF),
    "low-wall": ("Low wall", False, False, Cover.HALF),
    "crates": ("Crates", True, False, Cover.HALF),
    "trap": ("Trap", False, False, Cover.NONE),
}


def place_object(game_map: GameMap, tile: Tile, kind: str, gm_only: bool = False) -> GameMap:
    """An object of ``kind`` filling ``tile`` (``gm_only``: a secret only the GM sees)."""
    name, blocks_movement, blocks_sight, cover = OBJECT_KINDS[kind]
    x, y = tile
    used = {o.id for o in game_map.objects}
    n = 1
    while f"{kind}-{n}" in used:
        n += 1
    outline = ((float(x), float(y)), (x + 1.0, float(y)), (x + 1.0, y + 1.0), (float(x), y + 1.0))
    obj = MapObject(f"{kind}-{n}", outline, name, blocks_movement, blocks_sight, cover, gm_only)
    return replace(game_map, objects=(*game_map.objects, obj))


def gm_only_target(game_map: GameMap, point: Point) -> Wall | MapObject | None:
    """The wall nearest ``point`` (within EDGE_SNAP tiles), else the topmost object whose outline
    holds ``point``: what a GM-only click at ``point`` marks (None when nothing is there)."""
    near = [(_segment_distance(point, w.a, w.b), i) for i, w in enumerate(game_map.walls)]
    near = [(d, i) for d, i in near if d <= EDGE_SNAP]
    if near:
        return game_map.walls[min(near)[1]]
    return next((o for o in reversed(game_map.objects) if _inside(point, o.outline)), None)


def set_wall_gm_only(game_map: GameMap, a: Point, b: Point, gm_only: bool) -> GameMap:
    """The map with the wall on the edge a–b marked GM only (or shown to the players)."""
    walls = tuple(replace(w, gm_only=gm_only) if _same_edge(w, a, b) else w for w in game_map.walls)
    return replace(game_map, walls=walls)


def set_object_gm_only(game_map: GameMap, object_id: str, gm_only: bool) -> GameMap:
    """The map with the object ``object_id`` marked GM only (or shown to the players)."""
    objects = tuple(replace(o, gm_only=gm_only) if o.id == object_id else o for o in game_map.objects)
    return replace(game_map, objects=objects)


def toggle_gm_only(game_map: GameMap, point: Point) -> tuple[GameMap, str]:
    """Flip ``gm_only`` on what :func:`gm_only_target` finds at ``point``. The new map and a name
    for the undo step ("" and the same map when nothing is there)."""
    target = gm_only_target(game_map, point)
    if isinstance(target, Wall):
        flipped = set_wall_gm_only(game_map, target.a, target.b, not target.gm_only)
        return flipped, gm_only_step(not target.gm_only, target.kind.value)
    if isinstance(target, MapObject):
        flipped = set_object_gm_only(game_map, target.id, not target.gm_only)
        return flipped, gm_only_step(not target.gm_only, target.name or target.id)
    return game_map, ""


def gm_only_step(now_secret: bool, what: str) -> str:
    """The undo step's name for marking ``what`` GM only (or showing it to the players)."""
    return f"Make {what} GM only" if now_secret else f"Show {what} to players"


def _inside(point: Point, outline: tuple[Point, ...]) -> bool:
    """Whether ``point`` lies inside the closed ``outline`` (even-odd rule)."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def remove_object_at(game_map: GameMap, tile: Tile) -> GameMap:
    """Remove the objects whose outline's centre lies on ``tile``."""
    def centre(o: MapObject) -> Tile:
        xs = [p[0] for p in o.outline]
        ys = [p[1] for p in o.outline]
        return (int(sum(xs) / len(xs)), int(sum(ys) / len(ys)))
    return replace(game_map, objects=tuple(o for o in game_map.objects if centre(o) != tile))


def resize_map(encounter: Encounter, width: int, height: int) -> Encounter:
    """The encounter on a ``width`` × ``height`` map: kept tiles keep their terrain and height;
    walls, objects and tokens that would fall off the map are dropped."""
    old = encounter.map
    terrain = ["open"] * (width * height)
    elevation = [0.0] * (width * height)
    for y in range(min(height, old.height)):
        for x in range(min(width, old.width)):
            terrain[y * width + x] = old.terrain[old.index((x, y))]
            elevation[y * width + x] = old.elevation[old.index((x, y))]

    def inside(p: Point) -> bool:
        return 0 <= p[0] <= width and 0 <= p[1] <= height

    new_map = replace(
        old, width=width, height=height, terrain=tuple(terrain), elevation=tuple(elevation),
        walls=tuple(w for w in old.walls if inside(w.a) and inside(w.b)),
        objects=tuple(o for o in old.objects if all(inside(p) for p in o.outline)),
        revealed=frozenset(t for t in old.revealed if t[0] < width and t[1] < height),
    )
    tokens = tuple(t for t in encounter.tokens if all(new_map.in_bounds(f) for f in t.footprint_tiles()))
    return replace(encounter, map=new_map, tokens=tokens)
