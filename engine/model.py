"""The encounter model: plain frozen values for the map, its layers and the tokens on it.

Coordinates: a tile is addressed by integer ``(x, y)``, x to the right, y *down* (as on screen).
Tile ``(x, y)`` covers the square ``[x, x+1] × [y, y+1]`` in *tile units*; walls, objects and
lights use the same float tile units, so a wall along the top edge of tile (3, 4) runs from
``(3, 4)`` to ``(4, 4)``. A token's ``position`` is the top-left tile of its footprint.

GM-only layer: a wall or map object with ``gm_only`` set is the GM's secret (a secret door, a
trap, a GM annotation named by the object's ``name``). The rules treat it like any other wall or
object; only the player filter (:mod:`vantage.engine.table.player_view`) hides it: a secret door shows to the
players as plain wall, any other GM-only wall or object is not shown at all.

Everything here is immutable: change an encounter with :func:`dataclasses.replace` (or the
``with_*`` helpers), which is what makes undo a matter of keeping the old value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import IntEnum, StrEnum
from types import MappingProxyType
from typing import Any

from vantage.engine.protocol.combat_log import CombatLog
from vantage.engine.terrain import DEFAULT_TERRAIN, TerrainKind

Point = tuple[float, float]
Tile = tuple[int, int]

FORMAT_NAME = "vantage-encounter"
FORMAT_VERSION = 3


class Side(StrEnum):
    PARTY = "party"
    ENEMY = "enemy"
    NEUTRAL = "neutral"


class Size(StrEnum):
    """Creature sizes, smallest first. ``footprint`` is the side of the square a token covers."""

    TINY = "tiny"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    HUGE = "huge"
    GARGANTUAN = "gargantuan"

    @property
    def footprint(self) -> int:
        return _FOOTPRINT[self]

    @property
    def rank(self) -> int:
        """0 for tiny … 5 for gargantuan: the number of size steps above tiny."""
        return _RANK[self]


_RANK = {size: steps for steps, size in enumerate(Size)}

_FOOTPRINT = {
    Size.TINY: 1,
    Size.SMALL: 1,
    Size.MEDIUM: 1,
    Size.LARGE: 2,
    Size.HUGE: 3,
    Size.GARGANTUAN: 4,
}


class Facing(IntEnum):
    """Eight facings, clockwise from north (screen up). ``vector`` is (dx, dy) with y down."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def vector(self) -> tuple[int, int]:
        return _FACING_VECTORS[self]

    @property
    def degrees(self) -> int:
        """Compass bearing: 0 for north, 90 for east (clockwise, as on screen)."""
        return int(self) * 45

    def turned(self, steps: int) -> Facing:
        """The facing ``steps`` eighths of a turn clockwise (negative: anticlockwise)."""
        return Facing((int(self) + steps) % 8)

    @classmethod
    def from_vector(cls, dx: float, dy: float) -> Facing:
        """The facing nearest to the direction (dx, dy); (0, 0) gives north."""
        import math

        if dx == 0 and dy == 0:
            return cls.N
        bearing = math.degrees(math.atan2(dx, -dy)) % 360
        return cls(round(bearing / 45) % 8)


_FACING_VECTORS = {
    Facing.N: (0, -1),
    Facing.NE: (1, -1),
    Facing.E: (1, 0),
    Facing.SE: (1, 1),
    Facing.S: (0, 1),
    Facing.SW: (-1, 1),
    Facing.W: (-1, 0),
    Facing.NW: (-1, -1),
}


class WallKind(StrEnum):
    """What a wall segment is. A window blocks movement but not sight; an open door neither; a
    locked door is a closed door that must be unlocked before it opens."""

    WALL = "wall"
    DOOR_CLOSED = "door-closed"
    DOOR_OPEN = "door-open"
    DOOR_LOCKED = "door-locked"
    WINDOW = "window"

    @property
    def blocks_movement(self) -> bool:
        return self is not WallKind.DOOR_OPEN

    @property
    def blocks_sight(self) -> bool:
        return self in (WallKind.WALL, WallKind.DOOR_CLOSED, WallKind.DOOR_LOCKED)

    @property
    def is_door(self) -> bool:
        return self in (WallKind.DOOR_CLOSED, WallKind.DOOR_OPEN, WallKind.DOOR_LOCKED)


class Cover(StrEnum):
    NONE = "none"
    HALF = "half"
    FULL = "full"


@dataclass(frozen=True)
class Wall:
    """A straight wall segment in tile units; on tile edges or free (any two points).

    ``gm_only``: the GM's secret (a secret door, a hidden passage's wall); see the module notes.
    """

    a: Point
    b: Point
    kind: WallKind = WallKind.WALL
    gm_only: bool = False

    @property
    def blocks_movement(self) -> bool:
        return self.kind.blocks_movement

    @property
    def blocks_sight(self) -> bool:
        return self.kind.blocks_sight


@dataclass(frozen=True)
class MapObject:
    """A prop on the map: a closed outline in tile units and what it does to play.

    ``blocks_movement`` objects cannot be entered; ``blocks_sight`` objects stop line of sight;
    ``cover`` is the cover a token behind it gets (half: a low wall, a barrel; full: a pillar).
    ``gm_only`` objects (traps, secret markers, GM annotations whose text is ``name``) never reach
    the players; a GM annotation is usually passable, sight-neutral and gives no cover.
    """

    id: str
    outline: tuple[Point, ...]
    name: str = ""
    blocks_movement: bool = True
    blocks_sight: bool = False
    cover: Cover = Cover.NONE
    gm_only: bool = False


@dataclass(frozen=True)
class Light:
    """A light source (kept from imports for the player view)."""

    position: Point
    range: float = 5.0
    intensity: float = 1.0
    color: str = "#ffffffff"
    shadows: bool = True


@dataclass(frozen=True)
class BackgroundImage:
    """A picture under the grid. ``path`` is relative to the encounter file (or absolute).

    The image pixel at ``offset_px`` is the top-left corner of tile (0, 0), and one tile is
    ``pixels_per_tile`` pixels wide and high.
    """

    path: str
    pixels_per_tile: float = 64.0
    offset_px: Point = (0.0, 0.0)


@dataclass(frozen=True)
class GameMap:
    """The battlefield: a width × height grid of square tiles and its layers.

    ``terrain`` and ``elevation`` are row-major, ``len == width * height``: the value of tile
    (x, y) is at index ``y * width + x``. ``elevation`` is in feet. ``revealed`` is the fog layer:
    the tiles the players have been shown (``fog_enabled`` False shows the whole map).
    ``terrain_kinds`` are the terrains this map may use: the default catalog plus its own.
    """

    width: int
    height: int
    feet_per_tile: float = 5.0
    terrain: tuple[str, ...] = ()
    elevation: tuple[float, ...] = ()
    walls: tuple[Wall, ...] = ()
    objects: tuple[MapObject, ...] = ()
    lights: tuple[Light, ...] = ()
    background: BackgroundImage | None = None
    fog_enabled: bool = False
    revealed: frozenset[Tile] = frozenset()
    terrain_kinds: Mapping[str, TerrainKind] = field(default_factory=lambda: DEFAULT_TERRAIN)

    def __post_init__(self) -> None:
        n = self.width * self.height
        if not self.terrain:
            object.__setattr__(self, "terrain", ("open",) * n)
        if not self.elevation:
            object.__setattr__(self, "elevation", (0.0,) * n)
        if not isinstance(self.terrain_kinds, MappingProxyType):
            object.__setattr__(self, "terrain_kinds", MappingProxyType(dict(self.terrain_kinds)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameMap):
            return NotImplemented
        return all(
            getattr(self, f) == getattr(other, f) for f in self.__dataclass_fields__ if f != "terrain_kinds"
        ) and dict(self.terrain_kinds) == dict(other.terrain_kinds)

    __hash__ = None  # type: ignore[assignment]

    # -- queries ---------------------------------------------------------------------------
    def in_bounds(self, tile: Tile) -> bool:
        x, y = tile
        return 0 <= x < self.width and 0 <= y < self.height

    def index(self, tile: Tile) -> int:
        return tile[1] * self.width + tile[0]

    def terrain_at(self, tile: Tile) -> TerrainKind:
        return self.terrain_kinds[self.terrain[self.index(tile)]]

    def elevation_at(self, tile: Tile) -> float:
        return self.elevation[self.index(tile)]

    def tiles(self) -> Iterator[Tile]:
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def is_revealed(self, tile: Tile) -> bool:
        return not self.fog_enabled or tile in self.revealed

    # -- edits (each returns a new map) ----------------------------------------------------
    def with_terrain(self, changes: Mapping[Tile, str]) -> GameMap:
        terrain = list(self.terrain)
        for tile, kind in changes.items():
            terrain[self.index(tile)] = kind
        return replace(self, terrain=tuple(terrain))

    def with_elevation(self, changes: Mapping[Tile, float]) -> GameMap:
        elevation = list(self.elevation)
        for tile, feet in changes.items():
            elevation[self.index(tile)] = float(feet)
        return replace(self, elevation=tuple(elevation))


@dataclass(frozen=True)
class Condition:
    """A named condition on a token (prone, grappled, crippled …), optionally timed:
    ``rounds_left`` counts ``unit`` ("rounds", "turns" — the bearer's — or "side turns")."""

    name: str
    rounds_left: int | None = None
    source: str | None = None
    unit: str = "rounds"


@dataclass(frozen=True)
class Token:
    """A creature or object on the map.

    ``elevation`` is feet above the ground of the tile it stands on (flying, climbing).
    ``stats`` is the ruleset's stat block, validated by that ruleset, not here.
    ``rides`` is the id of the token carrying this one (its mount): the rider stands on a tile of
    the mount's footprint and moves with it (:mod:`vantage.engine.movement.riding`); what riding
    means in play is the ruleset's.
    """

    id: str
    name: str
    position: Tile
    side: Side = Side.NEUTRAL
    size: Size = Size.MEDIUM
    facing: Facing = Facing.N
    elevation: float = 0.0
    hidden: bool = False
    image: str | None = None
    stats: Mapping[str, Any] = field(default_factory=dict)
    conditions: tuple[Condition, ...] = ()
    rides: str | None = None

    @property
    def footprint(self) -> int:
        return self.size.footprint

    def footprint_tiles(self, at: Tile | None = None) -> tuple[Tile, ...]:
        """The tiles the token covers, at its position or at ``at``."""
        x0, y0 = self.position if at is None else at
        n = self.footprint
        return tuple((x0 + dx, y0 + dy) for dy in range(n) for dx in range(n))

    @property
    def centre(self) -> Point:
        """The centre of the footprint in tile units."""
        half = self.footprint / 2
        return (self.position[0] + half, self.position[1] + half)

    def has_condition(self, name: str) -> bool:
        return any(c.name == name for c in self.conditions)


class TemplateKind(StrEnum):
    """The shapes of an area template: a circle (burst), a cone, a line, a square."""

    CIRCLE = "circle"
    CONE = "cone"
    LINE = "line"
    SQUARE = "square"


@dataclass(frozen=True)
class AreaTemplate:
    """An area template the GM placed on the map (a spell's burst, a breath's cone …).

    ``origin`` is in tile units: the centre of a circle or a square, the apex of a cone, the start
    of a line. ``size_feet`` is a circle's radius, a cone's or a line's length, a square's side;
    ``width_feet`` is a line's width; ``direction`` is a compass bearing in degrees (0 north,
    clockwise) — where a cone or a line points, how far a square is turned. ``shown``: the players
    see it on the projector. Which tiles and tokens it covers is geometry's
    (:mod:`vantage.engine.geometry.area_marks`); it changes nothing in the rules.
    """

    id: str
    kind: TemplateKind
    origin: Point
    size_feet: float
    direction: float = 0.0
    width_feet: float = 5.0
    shown: bool = False
    label: str = ""


@dataclass(frozen=True)
class Encounter:
    """One fight: the map, the tokens on it, the ruleset it is played by, and its combat state.

    ``ruleset`` is the id of the ruleset that plays it, always given by name (``ruleset="baton"``):
    no ruleset is assumed. ``combat`` belongs to the ruleset (initiative, the current turn, wound
    ledgers …): plain JSON data so that files stay readable. ``notes`` are the GM's and never reach
    the players.
    """

    map: GameMap
    tokens: tuple[Token, ...] = ()
    ruleset: str = field(kw_only=True)
    name: str = ""
    combat: Mapping[str, Any] = field(default_factory=dict)
    notes: str = ""
    #: the area templates the GM placed (see :class:`AreaTemplate`)
    templates: tuple[AreaTemplate, ...] = ()
    #: the record of how the fight got here, as its file keeps it (the rules never read it; the GM
    #: window keeps the log of a session in its document and puts it here to save)
    log: CombatLog = CombatLog()

    def token(self, token_id: str) -> Token:
        for t in self.tokens:
            if t.id == token_id:
                return t
        raise KeyError(f"no token with id {token_id!r}")

    def with_token(self, token: Token) -> Encounter:
        """The encounter with ``token`` replacing the token of the same id (or added)."""
        tokens = [token if t.id == token.id else t for t in self.tokens]
        if not any(t.id == token.id for t in self.tokens):
            tokens.append(token)
        return replace(self, tokens=tuple(tokens))

    def without_token(self, token_id: str) -> Encounter:
        return replace(self, tokens=tuple(t for t in self.tokens if t.id != token_id))

    def with_map(self, game_map: GameMap) -> Encounter:
        return replace(self, map=game_map)
