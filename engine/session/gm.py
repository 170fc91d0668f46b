"""The GM's ruleset-independent commands resolved: placing, adding, editing and removing tokens,
map edits (terrain, elevation, walls, doors, objects, GM-only marks, size), fog, and the choice
of the ruleset the encounter is played by.

``apply`` runs these before it asks the encounter's ruleset. Each handler checks its command's
data (tiles on the map, the token there …) and raises :class:`CommandRejected` with a sentence
that names the problem, the encounter untouched; otherwise it returns the new encounter and one
event with the GM's account. A command that would change nothing returns the encounter as it
was and no event.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from vantage.engine import editing
from vantage.engine.model import Encounter, Facing, GameMap, Side, Size, Token, WallKind
from vantage.engine.protocol import gm_commands as g
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event, TokenMoved
from vantage.engine.protocol.gm_events import (
    DoorSet,
    ElevationSet,
    FogChanged,
    FogSet,
    GmOnlySet,
    MapResized,
    ObjectPlaced,
    ObjectsRemoved,
    RulesetSet,
    TerrainPainted,
    TokenAdded,
    TokenEdited,
    TokenRemoved,
    WallsSet,
)
from vantage.engine.rules import UnknownRuleset, get_ruleset, ruleset_ids, ruleset_name
from vantage.engine.rules.stat_problems import stat_misfits
from vantage.engine.session.party import PARTY_HANDLERS
from vantage.engine.session.riding import place_linked, ride, without_mount
from vantage.engine.session.templates import TEMPLATE_HANDLERS, templates_on_map
from vantage.engine.table import fog
from vantage.engine.table.naming import numbered_name

Tile = tuple[int, int]
Point = tuple[float, float]
Outcome = tuple[Encounter, list[Event]]

#: The largest map side the GM may resize to (as the New map dialog allows).
MAX_MAP_SIDE = 500


# -- checks ----------------------------------------------------------------------------------
def _token(encounter: Encounter, token_id: str) -> Token:
    for token in encounter.tokens:
        if token.id == token_id:
            return token
    raise CommandRejected(f"there is no token {token_id!r} on this map")


def _tile(value: Any, game_map: GameMap, what: str, *, on_map: bool = True) -> Tile:
    """``value`` as a tile; ``on_map`` also asks that it lies on the map."""
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise CommandRejected(f"{what}: {value!r} is not a tile (two whole numbers [x, y])")
    tile = (value[0], value[1])
    if on_map and not game_map.in_bounds(tile):
        raise CommandRejected(f"{what}: {tile} is outside the {game_map.width}×{game_map.height} map")
    return tile


def _tiles(values: tuple[Any, ...], game_map: GameMap, what: str) -> list[Tile]:
    if not values:
        raise CommandRejected(f"{what} names no tile")
    return [_tile(v, game_map, what) for v in values]


def _point(value: Any, game_map: GameMap, what: str) -> Point:
    if (not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                       for v in value)):
        raise CommandRejected(f"{what}: {value!r} is not a point (two numbers [x, y])")
    point = (float(value[0]), float(value[1]))
    if not (0 <= point[0] <= game_map.width and 0 <= point[1] <= game_map.height):
        raise CommandRejected(f"{what}: {_at(point)} is off the {game_map.width}×{game_map.height} map")
    return point


def _edge(value: Any, game_map: GameMap, what: str) -> tuple[Point, Point]:
    if not isinstance(value, tuple) or len(value) != 2:
        raise CommandRejected(f"{what}: {value!r} is not an edge (two points [[ax, ay], [bx, by]])")
    a, b = _point(value[0], game_map, what), _point(value[1], game_map, what)
    if a == b:
        raise CommandRejected(f"{what}: the edge from {_at(a)} to {_at(b)} has no length")
    return a, b


def _choice(value: str, options: Iterable[str], what: str) -> str:
    names = list(options)
    if value.lower() not in names:
        raise CommandRejected(f"{value!r} is not a {what} ({', '.join(names)})")
    return value.lower()


def _facing(value: str) -> Facing:
    if value.upper() not in Facing.__members__:
        raise CommandRejected(f"{value!r} is not a facing ({', '.join(Facing.__members__)})")
    return Facing[value.upper()]


def _terrain(game_map: GameMap, terrain: str) -> str:
    if terrain not in game_map.terrain_kinds:
        known = ", ".join(sorted(game_map.terrain_kinds))
        raise CommandRejected(f"{terrain!r} is not a terrain of this map (known: {known})")
    return terrain


def _fits(encounter: Encounter, token: Token, name: str) -> None:
    m = encounter.map
    if not all(m.in_bounds(t) for t in token.footprint_tiles()):
        raise CommandRejected(f"{name} does not fit on the map at {token.position}")


def _valid_stats(encounter: Encounter, stats: dict[str, Any], name: str) -> None:
    try:
        problems = get_ruleset(encounter.ruleset).validate_stats(stats)
    except UnknownRuleset as unknown:
        raise CommandRejected(f"the stat block of {name} cannot be checked: {unknown}") from None
    if problems:
        listed = "; ".join(f"{place}: {message}" for place, message in problems)
        raise CommandRejected(f"the stat block of {name} has problems: {listed}")


def _at(point: Point) -> str:
    return f"({point[0]:g}, {point[1]:g})"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _with_map(encounter: Encounter, game_map: GameMap) -> Encounter:
    return replace(encounter, map=game_map)


# -- tokens ----------------------------------------------------------------------------------
def place(encounter: Encounter, cmd: g.Place) -> Outcome:
    """The token at ``tile``; a mount carries its riders along, a rider put off its mount's tiles
    leaves the saddle (:mod:`vantage.engine.session.riding`)."""
    token = _token(encounter, cmd.token)
    tile = _tile(cmd.tile, encounter.map, "place", on_map=False)
    placed = replace(token, position=tile)
    _fits(encounter, placed, token.name)
    if tile == token.position:
        return encounter, []
    event = TokenMoved(sentence=f"The GM places {token.name} at {tile}.", token=token.id,
                       path=(token.position, tile), cost=0.0)
    return place_linked(encounter, placed, [event], _fits)


def add_token(encounter: Encounter, cmd: g.AddToken) -> Outcome:
    if not cmd.id.strip():
        raise CommandRejected("a new token needs an id")
    if any(t.id == cmd.id for t in encounter.tokens):
        raise CommandRejected(f"there is already a token {cmd.id!r} on this map")
    if not cmd.name.strip():
        raise CommandRejected(f"the new token {cmd.id!r} needs a name")
    name = numbered_name(cmd.name, (t.name for t in encounter.tokens))  # Ghoul, Ghoul 2, …
    token = Token(
        cmd.id, name, _tile(cmd.tile, encounter.map, "add_token", on_map=False),
        side=Side(_choice(cmd.side, [s.value for s in Side], "side")),
        size=Size(_choice(cmd.size, [s.value for s in Size], "size")),
        facing=_facing(cmd.facing), hidden=cmd.hidden, image=cmd.image, stats=dict(cmd.stats),
    )
    _fits(encounter, token, token.name)
    covered = set(token.footprint_tiles())
    for other in encounter.tokens:
        if covered & set(other.footprint_tiles()):
            raise CommandRejected(f"{token.name} cannot stand at {token.position}: taken by {other.name}")
    if token.stats:
        _valid_stats(encounter, dict(token.stats), token.name)
    hidden = " (hidden from the players)" if token.hidden else ""
    event = TokenAdded(sentence=f"The GM adds {token.name} at {token.position}{hidden}.", token=token.id,
                       tile=token.position)
    return encounter.with_token(token), [event]


def remove_token(encounter: Encounter, cmd: g.RemoveToken) -> Outcome:
    token = _token(encounter, cmd.token)
    event = TokenRemoved(sentence=f"The GM removes {token.name} from the map.", token=token.id)
    return without_mount(encounter.without_token(token.id), token.id, [event])


def edit_token(encounter: Encounter, cmd: g.EditToken) -> Outcome:
    token = _token(encounter, cmd.token)
    changes: dict[str, Any] = {}
    parts: list[str] = []
    edited = token
    if cmd.name is not None and cmd.name.strip() != token.name:
        if not cmd.name.strip():
            raise CommandRejected(f"{token.name} needs a name")
        edited = replace(edited, name=cmd.name.strip())
        changes["name"] = edited.name
        parts.append(f"renamed {edited.name}")
    if cmd.side is not None and cmd.side.lower() != token.side.value:
        edited = replace(edited, side=Side(_choice(cmd.side, [s.value for s in Side], "side")))
        changes["side"] = edited.side.value
        parts.append(f"side {edited.side.value}")
    if cmd.size is not None and cmd.size.lower() != token.size.value:
        edited = replace(edited, size=Size(_choice(cmd.size, [s.value for s in Size], "size")))
        changes["size"] = edited.size.value
        parts.append(f"size {edited.size.value}")
    if cmd.facing is not None and _facing(cmd.facing) is not token.facing:
        edited = replace(edited, facing=_facing(cmd.facing))
        changes["facing"] = edited.facing.name
        parts.append(f"turned to face {edited.facing.name}")
    if cmd.elevation is not None and cmd.elevation != token.elevation:
        if not math.isfinite(cmd.elevation):
            raise CommandRejected(f"the elevation of {token.name} must be a number of feet")
        edited = replace(edited, elevation=float(cmd.elevation))
        changes["elevation"] = edited.elevation
        parts.append(f"{edited.elevation:g} ft up")
    if cmd.hidden is not None and cmd.hidden != token.hidden:
        edited = replace(edited, hidden=cmd.hidden)
        changes["hidden"] = cmd.hidden
        parts.append("hidden from the players" if cmd.hidden else "shown to the players")
    if cmd.image is not None and cmd.image != token.image:
        edited = replace(edited, image=cmd.image or None)
        changes["image"] = cmd.image
        parts.append("a new image" if cmd.image else "no image (its initials again)")
    if cmd.stats is not None and cmd.stats != dict(token.stats):
        _valid_stats(encounter, cmd.stats, token.name)
        edited = replace(edited, stats=dict(cmd.stats))
        changes["stats"] = dict(cmd.stats)
        parts.append("a new stat block")
    if not changes:
        return encounter, []
    if "size" in changes:
        _fits(encounter, edited, f"{token.name} as {edited.size.value}")
    event = TokenEdited(sentence=f"The GM edits {token.name}: {', '.join(parts)}.", token=token.id,
                        changes=changes)
    return encounter.with_token(edited), [event]


# -- the map ---------------------------------------------------------------------------------
def paint_terrain(encounter: Encounter, cmd: g.PaintTerrain) -> Outcome:
    m = encounter.map
    terrain = _terrain(m, cmd.terrain)
    tiles = _tiles(cmd.tiles, m, "paint_terrain")
    changed = tuple(dict.fromkeys(t for t in tiles if m.terrain[m.index(t)] != terrain))
    if not changed:
        return encounter, []
    event = TerrainPainted(sentence=f"The GM paints {_count(len(changed), 'tile')} {terrain}.",
                           tiles=changed, terrain=terrain)
    return _with_map(encounter, editing.paint_terrain(m, list(changed), terrain)), [event]


def fill_terrain(encounter: Encounter, cmd: g.FillTerrain) -> Outcome:
    m = encounter.map
    terrain = _terrain(m, cmd.terrain)
    start = _tile(cmd.tile, m, "fill_terrain")
    if m.terrain[m.index(start)] == terrain:
        return encounter, []
    region = tuple(sorted(editing.fill_region(m, start), key=lambda t: (t[1], t[0])))
    event = TerrainPainted(
        sentence=f"The GM fills {_count(len(region), 'tile')} around {start} with {terrain}.",
        tiles=region, terrain=terrain)
    return _with_map(encounter, editing.flood_fill(m, start, terrain)), [event]


def set_elevation(encounter: Encounter, cmd: g.SetElevation) -> Outcome:
    m = encounter.map
    if not math.isfinite(cmd.feet):
        raise CommandRejected(f"elevation must be a number of feet, not {cmd.feet!r}")
    tiles = _tiles(cmd.tiles, m, "set_elevation")
    changed = tuple(dict.fromkeys(t for t in tiles if m.elevation_at(t) != cmd.feet))
    if not changed:
        return encounter, []
    event = ElevationSet(sentence=f"The GM sets {_count(len(changed), 'tile')} to {cmd.feet:g} ft.",
                         tiles=changed, feet=float(cmd.feet))
    return _with_map(encounter, editing.set_elevation(m, list(changed), cmd.feet)), [event]


def set_walls(encounter: Encounter, cmd: g.SetWalls) -> Outcome:
    m = encounter.map
    if not cmd.edges:
        raise CommandRejected("set_walls names no edge")
    edges = [_edge(e, m, "set_walls") for e in cmd.edges]
    kind = None if cmd.wall is None else WallKind(_choice(cmd.wall, [k.value for k in WallKind], "wall"))
    drawn = m
    for a, b in edges:
        if kind is None:
            drawn = editing.erase_wall(drawn, a, b)
        else:
            drawn = editing.put_wall(drawn, a, b, kind, cmd.gm_only)
    if set(drawn.walls) == set(m.walls):
        return encounter, []
    what = "erases" if kind is None else "draws"
    thing = "wall" if kind is None else kind.value
    secret = " (GM only)" if kind is not None and cmd.gm_only else ""
    span = f" from {_at(edges[0][0])} to {_at(edges[0][1])}" if len(edges) == 1 else ""
    event = WallsSet(sentence=f"The GM {what} {_count(len(edges), thing)}{span}{secret}.",
                     edges=tuple(edges), wall=None if kind is None else kind.value, gm_only=cmd.gm_only)
    return _with_map(encounter, drawn), [event]


def set_door(encounter: Encounter, cmd: g.SetDoor) -> Outcome:
    m = encounter.map
    a, b = _edge((cmd.a, cmd.b), m, "set_door")
    door = editing.wall_on_edge(m, a, b)
    if door is None or not door.kind.is_door:
        raise CommandRejected(f"there is no door from {_at(a)} to {_at(b)}")
    if cmd.open and cmd.locked:
        raise CommandRejected("an open door cannot be locked: close it and lock it")
    kind = WallKind.DOOR_OPEN if cmd.open else WallKind.DOOR_LOCKED if cmd.locked else WallKind.DOOR_CLOSED
    if door.kind is kind:
        return encounter, []
    if door.kind is WallKind.DOOR_LOCKED and kind is WallKind.DOOR_OPEN:
        raise CommandRejected(f"the door from {_at(a)} to {_at(b)} is locked: unlock it before it opens")
    walls = tuple(replace(w, kind=kind) if w is door else w for w in m.walls)
    verb = {WallKind.DOOR_OPEN: "opens", WallKind.DOOR_LOCKED: "locks",
            WallKind.DOOR_CLOSED: "unlocks" if door.kind is WallKind.DOOR_LOCKED else "closes"}[kind]
    event = DoorSet(sentence=f"The GM {verb} the door from {_at(a)} to {_at(b)}.", a=a, b=b, open=cmd.open,
                    locked=kind is WallKind.DOOR_LOCKED)
    return _with_map(encounter, replace(m, walls=walls)), [event]


def place_object(encounter: Encounter, cmd: g.PlaceObject) -> Outcome:
    m = encounter.map
    tile = _tile(cmd.tile, m, "place_object")
    kind = _choice(cmd.object, editing.OBJECT_KINDS, "kind of object")
    placed = editing.place_object(m, tile, kind, cmd.gm_only)
    obj = placed.objects[-1]
    secret = " (GM only)" if cmd.gm_only else ""
    event = ObjectPlaced(sentence=f"The GM places {obj.name.lower()} {obj.id} on {tile}{secret}.",
                         object=obj.id, tile=tile, gm_only=cmd.gm_only)
    return _with_map(encounter, placed), [event]


def remove_objects(encounter: Encounter, cmd: g.RemoveObjects) -> Outcome:
    m = encounter.map
    tile = _tile(cmd.tile, m, "remove_objects")
    kept = editing.remove_object_at(m, tile)
    gone = tuple(o.id for o in m.objects if o not in kept.objects)
    if not gone:
        return encounter, []
    event = ObjectsRemoved(sentence=f"The GM removes {', '.join(gone)} from {tile}.", objects=gone, tile=tile)
    return _with_map(encounter, kept), [event]


def set_gm_only(encounter: Encounter, cmd: g.SetGmOnly) -> Outcome:
    m = encounter.map
    if (cmd.wall is None) == (cmd.object is None):
        raise CommandRejected("set_gm_only names either a wall or an object, not both or neither")
    how = "the GM's secret" if cmd.gm_only else "seen by the players"
    if cmd.wall is not None:
        a, b = _edge(cmd.wall, m, "set_gm_only")
        wall = editing.wall_on_edge(m, a, b)
        if wall is None:
            raise CommandRejected(f"there is no wall from {_at(a)} to {_at(b)}")
        if wall.gm_only == cmd.gm_only:
            return encounter, []
        marked = editing.set_wall_gm_only(m, a, b, cmd.gm_only)
        event = GmOnlySet(sentence=f"The GM makes the {wall.kind.value} from {_at(a)} to {_at(b)} {how}.",
                          gm_only=cmd.gm_only, wall=(a, b))
        return _with_map(encounter, marked), [event]
    obj = next((o for o in m.objects if o.id == cmd.object), None)
    if obj is None:
        raise CommandRejected(f"there is no object {cmd.object!r} on this map")
    if obj.gm_only == cmd.gm_only:
        return encounter, []
    marked = editing.set_object_gm_only(m, obj.id, cmd.gm_only)
    event = GmOnlySet(sentence=f"The GM makes {obj.name or obj.id} {how}.", gm_only=cmd.gm_only,
                      object=obj.id)
    return _with_map(encounter, marked), [event]


def resize_map(encounter: Encounter, cmd: g.ResizeMap) -> Outcome:
    for side, value in (("width", cmd.width), ("height", cmd.height)):
        if not 1 <= value <= MAX_MAP_SIDE:
            raise CommandRejected(f"the map's {side} must be 1 to {MAX_MAP_SIDE} tiles, not {value}")
    if (cmd.width, cmd.height) == (encounter.map.width, encounter.map.height):
        return encounter, []
    resized = templates_on_map(editing.resize_map(encounter, cmd.width, cmd.height))  # off the map: dropped
    kept = {t.id for t in resized.tokens}
    dropped = tuple(t.id for t in encounter.tokens if t.id not in kept)
    names = " and ".join(t.name for t in encounter.tokens if t.id not in kept)
    fall = f"; {names} {'falls' if len(dropped) == 1 else 'fall'} off it" if dropped else ""
    event = MapResized(sentence=f"The GM resizes the map to {cmd.width}×{cmd.height} tiles{fall}.",
                       width=cmd.width, height=cmd.height, dropped=dropped)
    return resized, [event]


# -- fog -------------------------------------------------------------------------------------
def reveal_fog(encounter: Encounter, cmd: g.RevealFog) -> Outcome:
    m = encounter.map
    tiles = _tiles(cmd.tiles, m, "reveal_fog")
    shown = tuple(dict.fromkeys(t for t in tiles if t not in m.revealed))
    if not shown:
        return encounter, []
    event = FogChanged(sentence=f"The GM reveals {_count(len(shown), 'tile')} to the players.",
                       tiles=shown, revealed=True)
    return _with_map(encounter, fog.reveal(m, shown)), [event]


def cover_fog(encounter: Encounter, cmd: g.CoverFog) -> Outcome:
    m = encounter.map
    tiles = _tiles(cmd.tiles, m, "cover_fog")
    covered = tuple(dict.fromkeys(t for t in tiles if t in m.revealed))
    if not covered:
        return encounter, []
    event = FogChanged(sentence=f"The GM covers {_count(len(covered), 'tile')} with fog again.",
                       tiles=covered, revealed=False)
    return _with_map(encounter, fog.hide(m, covered)), [event]


def set_fog(encounter: Encounter, cmd: g.SetFog) -> Outcome:
    if encounter.map.fog_enabled == cmd.enabled:
        return encounter, []
    event = FogSet(sentence=f"The GM turns the fog of war {'on' if cmd.enabled else 'off'}.",
                   enabled=cmd.enabled)
    return _with_map(encounter, replace(encounter.map, fog_enabled=cmd.enabled)), [event]


# -- the ruleset -----------------------------------------------------------------------------
def set_ruleset(encounter: Encounter, cmd: g.SetRuleset) -> Outcome:
    """Play the encounter by another ruleset. Its combat state (initiative, wound ledgers, a
    waiting decision) is the old ruleset's and means nothing to the new one, so it is cleared;
    the event names the stat blocks the new ruleset does not accept (they stay as they are)."""
    if cmd.ruleset == encounter.ruleset:
        return encounter, []
    if cmd.ruleset not in ruleset_ids():
        known = ", ".join(ruleset_ids()) or "none"
        raise CommandRejected(f"there is no ruleset {cmd.ruleset!r} (known: {known})")
    misfits = stat_misfits(encounter, cmd.ruleset)
    old, new = ruleset_name(encounter.ruleset), ruleset_name(cmd.ruleset)
    cleared = bool(encounter.combat)
    parts = [f"The GM switches the ruleset from {old} to {new}"]
    if cleared:
        parts.append(f"the combat in progress ends (its state means nothing to {new})")
    if misfits:
        names = ", ".join(m.name for m in misfits)
        parts.append(f"{_count(len(misfits), 'stat block')} {'does' if len(misfits) == 1 else 'do'} "
                     f"not fit {new}: {names}")
    event = RulesetSet(sentence="; ".join(parts) + ".", ruleset=cmd.ruleset, previous=encounter.ruleset,
                       combat_cleared=cleared, misfits=tuple(m.token for m in misfits))
    return replace(encounter, ruleset=cmd.ruleset, combat={}), [event]


GM_HANDLERS: dict[type[Command], Callable[[Encounter, Any], Outcome]] = {
    g.Place: place,
    g.AddToken: add_token,
    g.RemoveToken: remove_token,
    g.EditToken: edit_token,
    g.Ride: ride,
    g.PaintTerrain: paint_terrain,
    g.FillTerrain: fill_terrain,
    g.SetElevation: set_elevation,
    g.SetWalls: set_walls,
    g.SetDoor: set_door,
    g.PlaceObject: place_object,
    g.RemoveObjects: remove_objects,
    g.SetGmOnly: set_gm_only,
    g.ResizeMap: resize_map,
    g.RevealFog: reveal_fog,
    g.CoverFog: cover_fog,
    g.SetFog: set_fog,
    g.SetRuleset: set_ruleset,
}


def resolve_gm(encounter: Encounter, command: Command) -> Outcome | None:
    """The GM command resolved, or None when ``command`` is not one (the ruleset's turn)."""
    handler = (GM_HANDLERS.get(type(command)) or TEMPLATE_HANDLERS.get(type(command))  # the area templates
               or PARTY_HANDLERS.get(type(command)))  # the campaign's party, onto the map and back
    return None if handler is None else handler(encounter, command)
