"""The player filter: the encounter as the players at the table may see it.

:func:`player_view` is the one door between the GM's state and the projector. It is a pure
function of the encounter (and, with vision fog, of the tiles in sight now), so the player window
never holds a second copy of the game to keep in sync. What it removes:

- hidden tokens, and tokens on tiles the players do not see (fog on);
- every token's ruleset stats, GM-only conditions and condition sources;
- the GM-only layer: a GM-only door (a secret door, open or closed) becomes plain wall on the
  same segment, so the players see wall where it is and no gap; every other GM-only wall
  and every GM-only map object (traps, secret markers, GM annotations) is removed;
- the area templates the GM has not ticked to show (``AreaTemplate.shown``);
- the GM's notes, and the ruleset's combat state except what the table sees: the round, whose
  turn it is (only if that token is itself shown) and the side holding the initiative (only if
  the acting token is shown, or the ruleset hands the initiative from side to side in the open),
  all from the ruleset's :class:`~vantage.engine.rules.base.TurnInfo`;
- everything under the fog: terrain and elevation of hidden tiles (replaced by :data:`UNSEEN`
  and 0 ft), walls and map objects clipped to the shown tiles, lights on hidden tiles, terrain
  kinds no shown tile uses (these go even with the fog off: their names can give a secret away).

The background picture is kept whole: the player window paints the fog over it opaquely.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import shapely
from shapely.geometry import Polygon, box

from vantage.engine.model import (
    Condition,
    Encounter,
    GameMap,
    MapObject,
    Point,
    Side,
    Tile,
    Token,
    Wall,
    WallKind,
)
from vantage.engine.rules import UnknownRuleset, get_ruleset
from vantage.engine.table.fog import shown_tiles
from vantage.engine.terrain import MovementClass, TerrainKind

#: The terrain id every hidden tile gets in the player view.
UNSEEN = "unseen"
UNSEEN_TERRAIN = TerrainKind(UNSEEN, "Unseen", MovementClass.OPEN, color="#000000")

#: Conditions that are the GM's secret, never shown on a token at the table (assumed — not in
#: the source text). A condition whose name starts with ``gm:`` is also kept back.
GM_ONLY_CONDITIONS = frozenset({"hidden", "invisible", "disguised", "unseen", "secret"})

#: For a ruleset Vantage does not know only (one that is registered answers ``Ruleset.turn``):
#: keys of ``Encounter.combat`` that may name the token whose turn it is, tried in this order.
ACTIVE_TOKEN_KEYS = ("active_token", "active", "current_token", "current", "turn_token", "turn")
#: For a ruleset Vantage does not know only: keys that may name the side holding the initiative
#: (baton), tried in this order.
ACTIVE_SIDE_KEYS = ("active_side", "baton_side", "baton", "side")

_SIDES = frozenset(s.value for s in Side)


@dataclass(frozen=True)
class TableTurn:
    """What the table may be told of the turn, before the filter looks at which tokens it shows.

    ``side`` is the side holding the initiative; ``side_in_the_open`` says it may be told even
    when the acting token is not shown (a baton-style ruleset hands the initiative from side to
    side at the table, so the side is no secret; in an initiative list the side would tell that
    a hidden creature is acting).
    """

    round: int | None = None
    actor: str | None = None
    side: str | None = None
    side_in_the_open: bool = False


def player_view(encounter: Encounter, *, visible: frozenset[Tile] | None = None) -> Encounter:
    """The encounter the players may see.

    ``visible`` is the set of tiles the party sees *now* when vision fog is on (see
    :func:`vantage.engine.table.fog.visible_tiles`); then tokens are shown only on those tiles, while the
    ground of explored tiles (``map.revealed``) stays shown, dimmed by the GUI.
    """
    game_map = encounter.map
    shown = shown_tiles(game_map, visible)
    in_sight = (shown if visible is None else visible) if game_map.fog_enabled else None
    tokens = tuple(
        _public_token(t)
        for t in encounter.tokens
        if not t.hidden and (in_sight is None or any(f in in_sight for f in t.footprint_tiles()))
    )
    shown_ids = {t.id for t in tokens}
    rides = {t.id: t.rides for t in encounter.tokens if t.rides in shown_ids}  # a hidden mount stays unnamed
    tokens = tuple(replace(t, rides=rides[t.id]) if t.id in rides else t for t in tokens)
    return Encounter(
        map=_public_map(game_map, shown),
        tokens=tokens,
        ruleset=encounter.ruleset,
        name=encounter.name,
        combat=public_combat(table_turn(encounter), shown_ids),
        notes="",
        templates=tuple(t for t in encounter.templates if t.shown),
    )


def table_turn(encounter: Encounter) -> TableTurn:
    """The round, the acting token and the side holding the initiative, asked of the encounter's
    ruleset (``Ruleset.turn``, its ``TurnInfo.side``; the ruleset's traits say whether the side is
    handed on in the open).

    Only for a ruleset Vantage does not know are the combat keys guessed instead
    (:data:`ACTIVE_TOKEN_KEYS`, :data:`ACTIVE_SIDE_KEYS`, ``round``), so the table still sees
    whose turn it is. A known ruleset that fails on its own combat state tells nothing.
    """
    try:
        ruleset = get_ruleset(encounter.ruleset)
    except UnknownRuleset:
        return _guessed_turn(encounter.combat)
    try:
        info = ruleset.turn(encounter)
        in_the_open = ruleset.traits.side_in_the_open
    except Exception:  # the player view must never fail on a ruleset's half-made combat state
        return TableTurn()
    if info is None:
        return TableTurn()
    side = info.side if info.side in _SIDES else None
    return TableTurn(info.round, info.actor, side, in_the_open)


def _guessed_turn(combat: Mapping[str, Any]) -> TableTurn:
    """The turn as the usual combat keys name it (a ruleset Vantage does not know): the side a
    key names is the side holding the initiative, told in the open as such a key says it is."""
    round_number = combat.get("round")
    if isinstance(round_number, bool) or not isinstance(round_number, int):
        round_number = None
    side = next((v for v in (combat.get(k) for k in ACTIVE_SIDE_KEYS) if isinstance(v, str) and v in _SIDES),
                None)
    return TableTurn(round_number, active_token_id(combat), side, side_in_the_open=side is not None)


def whose_turn(encounter: Encounter) -> tuple[int | None, str | None]:
    """The round and the acting token (see :func:`table_turn`)."""
    turn = table_turn(encounter)
    return turn.round, turn.actor


def public_condition(condition: Condition) -> Condition | None:
    """The condition as the table sees it (its timer and the timer's unit, no source), or None
    when it is the GM's secret."""
    name = condition.name.strip().lower()
    if name in GM_ONLY_CONDITIONS or name.startswith("gm:"):
        return None
    return Condition(condition.name, condition.rounds_left, unit=condition.unit)


def active_token_id(combat: Mapping[str, Any]) -> str | None:
    """The id of the token whose turn it is, if the combat state names one under the usual keys
    (for a ruleset Vantage does not know)."""
    for key in ACTIVE_TOKEN_KEYS:
        value = combat.get(key)
        if isinstance(value, str) and value:
            return value
        if isinstance(value, Mapping):
            inner = value.get("token") or value.get("token_id") or value.get("id")
            if isinstance(inner, str) and inner:
                return inner
    return None


def public_combat(turn: TableTurn, shown_token_ids: set[str]) -> dict[str, Any]:
    """What the table sees of the combat state: ``round``, ``active_token``, ``active_side``.

    The active token is told only when it is itself shown; the side when the acting token is
    shown, when there is none, or when the side is handed on in the open (a baton).
    """
    public: dict[str, Any] = {}
    if turn.round is not None:
        public["round"] = turn.round
    actor_shown = turn.actor is not None and turn.actor in shown_token_ids
    if actor_shown:
        public["active_token"] = turn.actor
    if turn.side is not None and (turn.side_in_the_open or turn.actor is None or actor_shown):
        public["active_side"] = turn.side
    return public


def _public_token(token: Token) -> Token:
    conditions = tuple(c for c in map(public_condition, token.conditions) if c is not None)
    return Token(
        id=token.id,
        name=token.name,
        position=token.position,
        side=token.side,
        size=token.size,
        facing=token.facing,
        elevation=token.elevation,
        hidden=False,
        image=token.image,
        stats={},
        conditions=conditions,
    )


class _LastMap:
    """A one-entry memo: token moves leave the map object as it was, so its filtered copy is reused."""

    source: GameMap | None = None
    shown: frozenset[Tile] = frozenset()
    result: GameMap | None = None


def _public_map(game_map: GameMap, shown: frozenset[Tile]) -> GameMap:
    memo = _LastMap
    if memo.source is game_map and memo.shown == shown and memo.result is not None:
        return memo.result
    result = _filter_map(game_map, shown)
    memo.source, memo.shown, memo.result = game_map, shown, result
    return result


def public_wall(wall: Wall) -> Wall | None:
    """The wall as the players see it: a GM-only door looks like wall, other GM-only walls are
    not there at all (None); any other wall as it is."""
    if not wall.gm_only:
        return wall
    if wall.kind.is_door:
        return Wall(wall.a, wall.b, WallKind.WALL)
    return None


def public_walls(walls: tuple[Wall, ...]) -> tuple[Wall, ...]:
    return tuple(w for w in map(public_wall, walls) if w is not None)


def public_objects(objects: tuple[MapObject, ...]) -> tuple[MapObject, ...]:
    """The map objects the players may know of: every one but the GM-only ones."""
    return tuple(o for o in objects if not o.gm_only)


def _filter_map(game_map: GameMap, shown: frozenset[Tile]) -> GameMap:
    if not game_map.fog_enabled:
        used = set(game_map.terrain)
        return replace(
            game_map,
            walls=public_walls(game_map.walls),
            objects=public_objects(game_map.objects),
            terrain_kinds={k: v for k, v in game_map.terrain_kinds.items() if k in used},
        )
    w, h = game_map.width, game_map.height
    mask = bytearray(w * h)
    for x, y in shown:
        if 0 <= x < w and 0 <= y < h:
            mask[y * w + x] = 1
    terrain = [t if m else UNSEEN for t, m in zip(game_map.terrain, mask, strict=True)]
    elevation = [e if m else 0.0 for e, m in zip(game_map.elevation, mask, strict=True)]
    used = set(terrain)
    kinds = {k: v for k, v in game_map.terrain_kinds.items() if k in used and k != UNSEEN}
    kinds[UNSEEN] = UNSEEN_TERRAIN
    walls = tuple(piece for wall in public_walls(game_map.walls) for piece in clip_wall(wall, shown))
    objects = tuple(piece for obj in public_objects(game_map.objects) for piece in clip_object(obj, shown))
    lights = tuple(
        light
        for light in game_map.lights
        if (math.floor(light.position[0]), math.floor(light.position[1])) in shown
    )
    return replace(
        game_map,
        terrain=tuple(terrain),
        elevation=tuple(elevation),
        walls=walls,
        objects=objects,
        lights=lights,
        terrain_kinds=kinds,
    )


def _tiles_touching(point: Point) -> list[Tile]:
    """The tiles whose closed square holds ``point`` (two on an edge, four on a corner)."""
    xs = [math.floor(point[0])]
    if float(point[0]).is_integer():
        xs.append(int(point[0]) - 1)
    ys = [math.floor(point[1])]
    if float(point[1]).is_integer():
        ys.append(int(point[1]) - 1)
    return [(x, y) for x in xs for y in ys]


def clip_wall(wall: Wall, shown: frozenset[Tile]) -> list[Wall]:
    """The parts of a wall that lie on shown tiles (a wall on a tile edge shows when either
    neighbour does)."""
    (ax, ay), (bx, by) = wall.a, wall.b
    near = {
        (x, y) in shown
        for x in range(math.floor(min(ax, bx)) - 1, math.floor(max(ax, bx)) + 1)
        for y in range(math.floor(min(ay, by)) - 1, math.floor(max(ay, by)) + 1)
    }
    if True not in near:
        return []  # no tile the wall could touch is shown
    if False not in near:
        return [wall]
    dx, dy = bx - ax, by - ay
    cuts = {0.0, 1.0}
    for start, delta in ((ax, dx), (ay, dy)):
        if delta != 0:
            lo, hi = sorted((start, start + delta))
            for k in range(math.ceil(lo), math.floor(hi) + 1):
                t = (k - start) / delta
                if 0.0 < t < 1.0:
                    cuts.add(t)
    ts = sorted(cuts)
    pieces: list[tuple[float, float]] = []
    for t0, t1 in zip(ts, ts[1:], strict=False):
        mid = (t0 + t1) / 2
        point = (ax + dx * mid, ay + dy * mid)
        if any(tile in shown for tile in _tiles_touching(point)):
            if pieces and pieces[-1][1] == t0:
                pieces[-1] = (pieces[-1][0], t1)
            else:
                pieces.append((t0, t1))
    if pieces == [(0.0, 1.0)]:
        return [wall]
    return [
        replace(wall, a=(ax + dx * t0, ay + dy * t0), b=(ax + dx * t1, ay + dy * t1)) for t0, t1 in pieces
    ]


def clip_object(obj: MapObject, shown: frozenset[Tile]) -> list[MapObject]:
    """The parts of a map object's outline that lie on shown tiles (holes are not kept)."""
    if len(obj.outline) < 3:
        return []
    polygon = shapely.make_valid(Polygon(obj.outline))
    minx, miny, maxx, maxy = polygon.bounds
    inside = [
        (x, y)
        for y in range(math.floor(miny), math.ceil(maxy) + 1)
        for x in range(math.floor(minx), math.ceil(maxx) + 1)
        if (x, y) in shown
    ]
    if not inside:
        return []
    region = shapely.union_all([box(x, y, x + 1, y + 1) for x, y in inside])
    clipped = polygon.intersection(region)
    if clipped.equals(polygon):
        return [obj]
    parts = [g for g in getattr(clipped, "geoms", [clipped]) if g.geom_type == "Polygon" and g.area > 1e-9]
    return [
        replace(obj, id=obj.id if n == 0 else f"{obj.id}#{n}", outline=tuple(part.exterior.coords)[:-1])
        for n, part in enumerate(parts)
    ]
