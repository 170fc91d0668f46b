"""The GM's commands that no ruleset judges: tokens placed, added, edited and removed, map edits, fog,
and the choice of the ruleset itself.

They are registered with the same :class:`Command` registry as the rules' commands (so
``command_from_dict`` and ``vantage play`` read them) and are resolved by
``vantage.engine.session.gm`` before any ruleset is asked. Tiles are ``[x, y]`` lists in JSON and
``(x, y)`` tuples here; a wall edge is two points ``[[ax, ay], [bx, by]]`` in tile units. See
docs/commands.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from vantage.engine.protocol.commands import Command, cmd

Tile = tuple[int, int]
Point = tuple[float, float]
Edge = tuple[Point, Point]


# -- tokens ----------------------------------------------------------------------------------
@cmd
@dataclass(frozen=True)
class Place(Command):
    """GM override: put ``token`` at ``tile`` (top-left of its footprint) without any rule."""

    kind: ClassVar[str] = "place"
    token: str
    tile: Tile


@cmd
@dataclass(frozen=True)
class AddToken(Command):
    """Put a new token ``id`` on the map at ``tile``; ``side``, ``size`` and ``facing`` are the
    model's words (party/enemy/neutral, tiny … gargantuan, N … NW); ``stats`` is checked by the
    encounter's ruleset."""

    kind: ClassVar[str] = "add_token"
    id: str
    name: str
    tile: Tile
    side: str = "neutral"
    size: str = "medium"
    facing: str = "N"
    hidden: bool = False
    image: str | None = None
    stats: dict[str, Any] = field(default_factory=dict)


@cmd
@dataclass(frozen=True)
class RemoveToken(Command):
    """Take ``token`` off the map."""

    kind: ClassVar[str] = "remove_token"
    token: str


@cmd
@dataclass(frozen=True)
class Ride(Command):
    """GM: seat ``token`` on the token ``mount`` (on its top-left tile; they move together from
    then on), or, with ``mount`` null, take it off its mount (onto the nearest free tile beside it).
    No rule is asked: what mounting costs, if anything, is the GM's to play."""

    kind: ClassVar[str] = "ride"
    token: str
    mount: str | None = None


@cmd
@dataclass(frozen=True)
class EditToken(Command):
    """Change what the GM sets on a token; a field left null stays as it is. ``facing`` is the
    GM's turn without rules, ``hidden`` hides the token from the players (or shows it)."""

    kind: ClassVar[str] = "edit_token"
    token: str
    name: str | None = None
    side: str | None = None
    size: str | None = None
    facing: str | None = None
    elevation: float | None = None
    hidden: bool | None = None
    image: str | None = None
    stats: dict[str, Any] | None = None


# -- the map ---------------------------------------------------------------------------------
@cmd
@dataclass(frozen=True)
class PaintTerrain(Command):
    """Give ``tiles`` the terrain ``terrain`` (a name in the map's terrain catalog)."""

    kind: ClassVar[str] = "paint_terrain"
    tiles: tuple[Tile, ...]
    terrain: str


@cmd
@dataclass(frozen=True)
class FillTerrain(Command):
    """Flood-fill the 4-connected region of ``tile``'s terrain with ``terrain``."""

    kind: ClassVar[str] = "fill_terrain"
    tile: Tile
    terrain: str


@cmd
@dataclass(frozen=True)
class SetElevation(Command):
    """Raise (or lower) the ground of ``tiles`` to ``feet``."""

    kind: ClassVar[str] = "set_elevation"
    tiles: tuple[Tile, ...]
    feet: float


@cmd
@dataclass(frozen=True)
class SetWalls(Command):
    """Draw a wall of ``wall`` (wall, door-closed, door-open, door-locked, window) on each of ``edges``,
    replacing what was there; ``wall`` null erases the walls on those edges. ``gm_only`` makes the
    new walls the GM's secret."""

    kind: ClassVar[str] = "set_walls"
    edges: tuple[Edge, ...]
    wall: str | None
    gm_only: bool = False


@cmd
@dataclass(frozen=True)
class SetDoor(Command):
    """Open (``open`` true) or close the door on the edge ``a``–``b``; closed, ``locked`` locks it
    (false unlocks it). A locked door must be unlocked before it opens."""

    kind: ClassVar[str] = "set_door"
    a: Point
    b: Point
    open: bool
    locked: bool = False


@cmd
@dataclass(frozen=True)
class PlaceObject(Command):
    """Put an object of ``object`` (pillar, boulder, low-wall, crates, trap) on ``tile``."""

    kind: ClassVar[str] = "place_object"
    tile: Tile
    object: str
    gm_only: bool = False


@cmd
@dataclass(frozen=True)
class RemoveObjects(Command):
    """Remove the objects whose outline's centre lies on ``tile``."""

    kind: ClassVar[str] = "remove_objects"
    tile: Tile


@cmd
@dataclass(frozen=True)
class SetGmOnly(Command):
    """Make the wall on the edge ``wall`` or the object ``object`` (exactly one of them) the GM's
    secret (``gm_only`` true) or show it to the players."""

    kind: ClassVar[str] = "set_gm_only"
    gm_only: bool
    wall: Edge | None = None
    object: str | None = None


@cmd
@dataclass(frozen=True)
class ResizeMap(Command):
    """Make the map ``width`` × ``height`` tiles (1–500 each); what falls off it is dropped."""

    kind: ClassVar[str] = "resize_map"
    width: int
    height: int


# -- fog -------------------------------------------------------------------------------------
@cmd
@dataclass(frozen=True)
class RevealFog(Command):
    """Show ``tiles`` to the players."""

    kind: ClassVar[str] = "reveal_fog"
    tiles: tuple[Tile, ...]


@cmd
@dataclass(frozen=True)
class CoverFog(Command):
    """Hide ``tiles`` from the players again."""

    kind: ClassVar[str] = "cover_fog"
    tiles: tuple[Tile, ...]


@cmd
@dataclass(frozen=True)
class SetFog(Command):
    """Turn the fog of war on (``enabled`` true) or off."""

    kind: ClassVar[str] = "set_fog"
    enabled: bool


# -- the ruleset ------------------------------------------------------------------------------
@cmd
@dataclass(frozen=True)
class SetRuleset(Command):
    """Play the encounter by the registered ruleset ``ruleset`` (its id, e.g. ``"avorkarth"``).
    The combat state belongs to the old ruleset, so a switch clears it; stat blocks stay as they
    are (the new ruleset may find that they do not fit; the GM gives them new ones)."""

    kind: ClassVar[str] = "set_ruleset"
    ruleset: str


# -- dice ------------------------------------------------------------------------------------
@cmd
@dataclass(frozen=True)
class GmRoll(Command):
    """The GM rolls a free dice formula (``2d6+3``, ``d20``, ``4d6kh3``; grammar in
    ``vantage.engine.session.dice_formula``) with the encounter's dice; the result goes to the log."""

    kind: ClassVar[str] = "gm_roll"
    formula: str
