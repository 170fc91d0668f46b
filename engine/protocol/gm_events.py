"""The events of the GM's ruleset-independent commands: tokens added, edited, removed; map and fog
edits; the ruleset switched.

Registered with the same :class:`Event` registry as the rules' events; each ``sentence`` is the
GM's account for the log (a placement is the rules' :class:`TokenMoved`). See docs/commands.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from vantage.engine.protocol.events import Event, ev

Tile = tuple[int, int]
Point = tuple[float, float]
Edge = tuple[Point, Point]


@ev
@dataclass(frozen=True, kw_only=True)
class TokenAdded(Event):
    kind: ClassVar[str] = "token_added"
    sentence: str
    token: str
    tile: Tile


@ev
@dataclass(frozen=True, kw_only=True)
class TokenRemoved(Event):
    kind: ClassVar[str] = "token_removed"
    sentence: str
    token: str


@ev
@dataclass(frozen=True, kw_only=True)
class TokenEdited(Event):
    """``changes`` maps each edited field to its new value (as in the command)."""

    kind: ClassVar[str] = "token_edited"
    sentence: str
    token: str
    changes: dict[str, Any] = field(default_factory=dict)


@ev
@dataclass(frozen=True, kw_only=True)
class TerrainPainted(Event):
    """``tiles`` are the tiles whose terrain changed (a paint stroke or a fill)."""

    kind: ClassVar[str] = "terrain_painted"
    sentence: str
    tiles: tuple[Tile, ...]
    terrain: str


@ev
@dataclass(frozen=True, kw_only=True)
class ElevationSet(Event):
    kind: ClassVar[str] = "elevation_set"
    sentence: str
    tiles: tuple[Tile, ...]
    feet: float


@ev
@dataclass(frozen=True, kw_only=True)
class WallsSet(Event):
    """``wall`` null: the walls on ``edges`` were erased."""

    kind: ClassVar[str] = "walls_set"
    sentence: str
    edges: tuple[Edge, ...]
    wall: str | None
    gm_only: bool = False


@ev
@dataclass(frozen=True, kw_only=True)
class DoorSet(Event):
    kind: ClassVar[str] = "door_set"
    sentence: str
    a: Point
    b: Point
    open: bool
    locked: bool = False


@ev
@dataclass(frozen=True, kw_only=True)
class ObjectPlaced(Event):
    kind: ClassVar[str] = "object_placed"
    sentence: str
    object: str
    tile: Tile
    gm_only: bool = False


@ev
@dataclass(frozen=True, kw_only=True)
class ObjectsRemoved(Event):
    kind: ClassVar[str] = "objects_removed"
    sentence: str
    objects: tuple[str, ...]
    tile: Tile


@ev
@dataclass(frozen=True, kw_only=True)
class GmOnlySet(Event):
    kind: ClassVar[str] = "gm_only_set"
    sentence: str
    gm_only: bool
    wall: Edge | None = None
    object: str | None = None


@ev
@dataclass(frozen=True, kw_only=True)
class MapResized(Event):
    """``dropped`` names the tokens that fell off the map."""

    kind: ClassVar[str] = "map_resized"
    sentence: str
    width: int
    height: int
    dropped: tuple[str, ...] = ()


@ev
@dataclass(frozen=True, kw_only=True)
class FogChanged(Event):
    """``revealed`` true: ``tiles`` were shown to the players; false: covered again."""

    kind: ClassVar[str] = "fog_changed"
    sentence: str
    tiles: tuple[Tile, ...]
    revealed: bool


@ev
@dataclass(frozen=True, kw_only=True)
class FogSet(Event):
    kind: ClassVar[str] = "fog_set"
    sentence: str
    enabled: bool


@ev
@dataclass(frozen=True, kw_only=True)
class RulesetSet(Event):
    """The encounter is played by ``ruleset`` now instead of ``previous``. ``combat_cleared``:
    there was combat state (initiative, wounds, a waiting decision), and it was dropped;
    ``misfits`` names the tokens whose stat blocks the new ruleset does not accept."""

    kind: ClassVar[str] = "ruleset_set"
    sentence: str
    ruleset: str
    previous: str
    combat_cleared: bool = False
    misfits: tuple[str, ...] = ()


@ev
@dataclass(frozen=True, kw_only=True)
class GmRolled(Event):
    """The GM rolled ``formula`` (as read, without spaces): every face shown in order, the total."""

    kind: ClassVar[str] = "gm_rolled"
    sentence: str
    formula: str
    faces: tuple[int, ...]
    total: int
