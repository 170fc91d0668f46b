"""Baton's steps for older encounter files (named in :mod:`vantage.engine.ruleset_index`).

**1 → 2**: a version-1 rider carried its mount inside its stat block (``"mount": {"name", "defense",
"speed"}``) and was in the saddle while it had the ``mounted`` condition. The mount becomes a token of
its own, linked to its rider ("the mount can also be targeted by attacks (in which case it uses only
its own Defense)"):

- id ``<rider id>-mount`` (``-mount-2`` … when that is taken), named "<rider>'s <mount name>", on the
  rider's side, facing and visibility;
- its stat block is the warhorse template's with the old block's Defense and speed (**assumed**: the
  old block gave a mount no Physique, Health or weapons);
- a rider with ``mounted`` rides it (``"rides"``, the condition goes): the mount stands where the
  rider stands with the rider's size (**assumed**: the old block gave it no size; the GM may change
  it); a rider without ``mounted`` keeps the mount beside it, on the first free tile round it (with
  no free tile, it rides it, as the only place the mount can stand).

Anything malformed is left as it is, for the file reader to report.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from vantage.engine.model import Size

#: Where the migrated mount's numbers come from when the old block says nothing (the warhorse
#: template, engine/rules/baton/schema.py, without its Defense and speed).
MOUNT_BASE: dict[str, Any] = {
    "player": False,
    "physique": 3,
    "agility": 2,
    "weapons": [{"name": "Hooves", "skill": 1, "damage": "1d6", "size": "light", "reach": 1}],
}
_FOOTPRINTS = {s.value: s.footprint for s in Size}
#: The largest map side looked round for a free tile (the file reader refuses larger maps).
MAX_SIDE = 1000


def mounts_become_tokens(data: dict[str, Any]) -> dict[str, Any]:
    """Version-1 Baton data with every stat-block mount turned into a linked token."""
    tokens = data.get("tokens")
    if not isinstance(tokens, list):
        return data
    ids = {t.get("id") for t in tokens if isinstance(t, dict) and isinstance(t.get("id"), str)}
    out: list[Any] = []
    added: list[dict[str, Any]] = []
    for token in tokens:
        stats = token.get("stats") if isinstance(token, dict) else None
        mount = stats.get("mount") if isinstance(stats, dict) else None
        if not (isinstance(token, dict) and isinstance(token.get("id"), str) and isinstance(stats, dict)
                and isinstance(mount, dict)):
            out.append(token)
            continue
        rider = copy.deepcopy(token)
        rider["stats"] = {k: v for k, v in stats.items() if k != "mount"}
        horse = _mount_token(rider, mount, _free_id(f"{rider.get('id')}-mount", ids))
        ids.add(horse["id"])
        conditions = rider.get("conditions")
        mounted = isinstance(conditions, list) and any(
            isinstance(c, dict) and c.get("name") == "mounted" for c in conditions
        )
        beside = None if mounted else _beside(data, [*tokens, *added], rider)
        if beside is not None:
            horse["position"] = beside
        else:  # in the saddle, or no free tile round the rider: it rides the mount on its tile
            if isinstance(conditions, list):
                rider["conditions"] = [
                    c for c in conditions if not (isinstance(c, dict) and c.get("name") == "mounted")
                ]
            rider["rides"] = horse["id"]
        out.append(horse)
        out.append(rider)
        added.append(horse)
    return {**data, "tokens": out}


def _mount_token(rider: Mapping[str, Any], mount: Mapping[str, Any], mount_id: str) -> dict[str, Any]:
    name = mount.get("name") if isinstance(mount.get("name"), str) and mount.get("name") else "mount"
    stats = copy.deepcopy(MOUNT_BASE)
    for key in ("defense", "speed"):
        if mount.get(key) is not None:
            stats[key] = mount[key]
    horse: dict[str, Any] = {
        "id": mount_id,
        "name": f"{rider.get('name') or rider.get('id')}'s {name}",
        "stats": stats,
        "conditions": [],
    }
    for key in ("side", "size", "position", "facing", "hidden", "elevation"):
        if key in rider:
            horse[key] = copy.deepcopy(rider[key])
    return horse


def _free_id(wanted: str, ids: set[Any]) -> str:
    if wanted not in ids:
        return wanted
    n = 2
    while f"{wanted}-{n}" in ids:
        n += 1
    return f"{wanted}-{n}"


def _footprint(token: Mapping[str, Any]) -> int:
    return _FOOTPRINTS.get(str(token.get("size", "medium")), 1)


def _tiles(token: Mapping[str, Any]) -> set[tuple[int, int]]:
    position = token.get("position")
    if not (isinstance(position, list) and len(position) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in position)):
        return set()
    n = _footprint(token)
    return {(position[0] + dx, position[1] + dy) for dx in range(n) for dy in range(n)}


def _ring(x0: int, y0: int, r: int) -> list[tuple[int, int]]:
    """The tiles ``r`` steps (king moves) from (x0, y0), in reading order."""
    out = []
    for y in range(y0 - r, y0 + r + 1):
        edge = y in (y0 - r, y0 + r)
        out += [(x, y) for x in range(x0 - r, x0 + r + 1)] if edge else [(x0 - r, y), (x0 + r, y)]
    return out


def _beside(data: Mapping[str, Any], tokens: list[Any], rider: Mapping[str, Any]) -> list[int] | None:
    """The first tile round the rider (closest rings first, each in reading order) where a mount of
    the rider's size stands on the map and on no other token."""
    game_map = data.get("map")
    width = game_map.get("width") if isinstance(game_map, dict) else None
    height = game_map.get("height") if isinstance(game_map, dict) else None
    here = _tiles(rider)
    if not (isinstance(width, int) and isinstance(height, int)) or not here:
        return None
    width, height = min(width, MAX_SIDE), min(height, MAX_SIDE)  # the reader refuses larger maps
    x0, y0 = min(here)
    if not (0 <= x0 < width and 0 <= y0 < height):
        return None  # the reader reports the rider's place
    taken = set().union(*(_tiles(t) for t in tokens if isinstance(t, dict)))
    n = _footprint(rider)
    for ring in range(n, max(width, height) + n, n):
        for x, y in _ring(x0, y0, ring):
            if 0 <= x <= width - n and 0 <= y <= height - n \
                    and not taken & {(x + dx, y + dy) for dx in range(n) for dy in range(n)}:
                return [x, y]
    return None


#: file version n → Baton's step from n to n + 1.
FILE_MIGRATIONS: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: mounts_become_tokens}
