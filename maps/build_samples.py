"""Writes the sample encounters in this folder: ``python maps/build_samples.py``.

The maps are drawn by hand below — terrain as rows of characters, walls along tile edges, props
as outlines — and saved through the engine's own writer, so the JSON files are always valid. The
files are committed; run this again only after changing a map here.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from vantage.engine.fileformat import save_encounter
from vantage.engine.model import (
    Condition,
    Cover,
    Encounter,
    Facing,
    GameMap,
    MapObject,
    Point,
    Side,
    Size,
    Token,
    Wall,
    WallKind,
)
from vantage.engine.rules.avorkarth.statblock import stats_dict
from vantage.engine.rules.decisions import with_default_table_dice

HERE = Path(__file__).resolve().parent
SHUT, OPEN, WINDOW = WallKind.DOOR_CLOSED, WallKind.DOOR_OPEN, WallKind.WINDOW

# -- drawing helpers --------------------------------------------------------------------------


def terrain_rows(rows: list[str], legend: Mapping[str, str]) -> tuple[str, ...]:
    width = len(rows[0])
    assert all(len(r) == width for r in rows), "ragged terrain rows"
    return tuple(legend[ch] for row in rows for ch in row)


def canvas(width: int, height: int, fill: str) -> list[list[str]]:
    return [[fill] * width for _ in range(height)]


def paint(grid: list[list[str]], x0: int, y0: int, x1: int, y1: int, ch: str) -> None:
    """Fill tiles x0..x1, y0..y1 (inclusive) with ``ch``."""
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            grid[y][x] = ch


def blob(grid: list[list[str]], cx: float, cy: float, rx: float, ry: float, ch: str) -> None:
    """An elliptical patch of ``ch`` centred on (cx, cy)."""
    for y, row in enumerate(grid):
        for x in range(len(row)):
            if ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 <= 1.0:
                row[x] = ch


def rows_of(grid: list[list[str]]) -> list[str]:
    return ["".join(r) for r in grid]


def hwall(y: int, x0: int, x1: int, kind: WallKind = WallKind.WALL) -> list[Wall]:
    """Unit wall segments along the horizontal tile edge y, from x0 to x1."""
    return [Wall((float(x), float(y)), (float(x + 1), float(y)), kind) for x in range(x0, x1)]


def vwall(x: int, y0: int, y1: int, kind: WallKind = WallKind.WALL) -> list[Wall]:
    return [Wall((float(x), float(y)), (float(x), float(y + 1)), kind) for y in range(y0, y1)]


def with_openings(walls: list[Wall], openings: Mapping[Point, WallKind | None]) -> list[Wall]:
    """Replace the unit segments starting at the given points: a new kind, or None for a gap."""
    out: list[Wall] = []
    for w in walls:
        if w.a in openings:
            kind = openings[w.a]
            if kind is not None:
                out.append(Wall(w.a, w.b, kind))
        else:
            out.append(w)
    return out


def square(x: float, y: float, w: float = 1.0, h: float = 1.0) -> tuple[Point, ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def octagon(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    return tuple(
        (round(cx + r * math.cos(math.radians(22.5 + 45 * i)), 3),
         round(cy + r * math.sin(math.radians(22.5 + 45 * i)), 3))
        for i in range(8)
    )


# -- Avorkarth stat blocks ----------------------------------------------------------------------


_SHORT = {"vit": "vitality", "tou": "toughness", "will": "will", "cha": "charisma", "ele": "elegance"}


def abilities(st: int, ag: int, dx: int, ins: int, con: int, **others: int) -> dict[str, int]:
    """Strength, agility, dexterity, instinct and constitution, then any of ``vit``, ``tou``,
    ``will``, ``cha`` and ``ele``; the abilities not given stay at ``DEFAULT_ABILITIES``."""
    given = {"strength": st, "agility": ag, "dexterity": dx, "instinct": ins, "constitution": con}
    return given | {_SHORT[key]: value for key, value in others.items()}


def weapon(name: str, might: int | None, **extra: Any) -> dict[str, Any]:
    return {"name": name, "might": might, **extra}


FIGHTER = stats_dict(
    6, abilities=abilities(6, 5, 4, 5, 6, will=5, cha=4), player=True, movement=6,
    armour={"full": 2, "guarded": 1, "natural": 0}, armour_penalty=-1, shield_guarded=2,
    weapons=[weapon("Longsword", 6)],
)
ARCHER = stats_dict(
    5, abilities=abilities(4, 6, 7, 6, 4, will=4, cha=3, ele=4), player=True, movement=7,
    armour={"full": 1, "guarded": 0, "natural": 0},
    weapons=[weapon("Shortbow", 4, ranged=True, reach=16, hands=2), weapon("Dagger", 3)],
)
SPEARMAN = stats_dict(
    6, abilities=abilities(5, 5, 5, 4, 5, will=6, cha=5), player=True, movement=6,
    armour={"full": 1, "guarded": 1, "natural": 0},
    weapons=[weapon("Spear", 5, reach=2, hands=2), weapon("Cudgel", 4, lethal=False)],
)
ROGUE = stats_dict(
    5, abilities=abilities(4, 7, 6, 6, 4, will=4, cha=5, ele=5), player=True, movement=7,
    armour={"full": 1, "guarded": 0, "natural": 0},
    weapons=[weapon("Dagger", 3), weapon("Off-hand dagger", 3)],
)
GHOUL = stats_dict(
    4, abilities=abilities(5, 5, 3, 4, 5, vit=6, will=2, cha=1, ele=0), movement=6,
    armour={"full": 0, "guarded": 0, "natural": 1},
    weapons=[weapon("Claws", 4), weapon("Bite", 4, secondary=True)],
)
BANDIT = stats_dict(
    4, abilities=abilities(4, 5, 5, 4, 4, will=3, cha=3), movement=6,
    armour={"full": 1, "guarded": 0, "natural": 0},
    weapons=[weapon("Crossbow", 5, ranged=True, reach=14, hands=2), weapon("Short sword", 4)],
)
OGRE = stats_dict(
    10, abilities=abilities(9, 3, 2, 3, 8, vit=6, tou=6, will=3, cha=2, ele=0), movement=6,
    armour={"full": 0, "guarded": 0, "natural": 2},
    weapons=[weapon("Great club", 8, reach=2, hands=2)],
)
LIZARD = stats_dict(
    5, abilities=abilities(5, 6, 4, 6, 5, vit=5, will=4, cha=2, ele=1), movement=7,
    armour={"full": 0, "guarded": 1, "natural": 1}, shield_guarded=1,
    weapons=[weapon("Javelin", 4, ranged=True, reach=8), weapon("Hooked spear", 5, reach=2),
             weapon("Bite", 3, secondary=True)],
)
CULTIST = stats_dict(
    4, abilities=abilities(4, 5, 4, 5, 4, will=5, cha=4), movement=6,
    armour={"full": 1, "guarded": 0, "natural": 0},
    weapons=[weapon("Sickle", 4)],
)
CULT_LEADER = stats_dict(
    6, abilities=abilities(5, 5, 5, 6, 5, will=7, cha=7, ele=3), movement=6,
    armour={"full": 2, "guarded": 1, "natural": 0}, shield_guarded=1,
    weapons=[weapon("Ritual blade", 5)],
)


def token(tid: str, name: str, pos: tuple[int, int], side: Side, stats: dict[str, Any], *,
          size: Size = Size.MEDIUM, facing: Facing = Facing.N, hidden: bool = False,
          conditions: Iterable[Condition] = ()) -> Token:
    return Token(id=tid, name=name, position=pos, side=side, size=size, facing=facing,
                 hidden=hidden, stats=stats, conditions=tuple(conditions))


# -- 1. The ruined courtyard ------------------------------------------------------------------


def ruined_courtyard() -> Encounter:
    w, h = 32, 24
    g = canvas(w, h, ",")                      # grass outside
    paint(g, 4, 3, 27, 19, ".")               # flagstones inside the courtyard
    paint(g, 10, 0, 21, 2, ".")               # the keep's hall, north
    blob(g, 28.5, 11, 3.2, 4.2, "r")          # the collapsed east wall spilled rubble both ways
    blob(g, 9, 17, 2.2, 1.4, "r")
    blob(g, 20, 5, 1.6, 1.1, "r")
    blob(g, 2, 20, 2.5, 3.5, "u")             # undergrowth by the south-west corner
    blob(g, 30, 21, 3, 2, "u")
    blob(g, 1.5, 6, 1.6, 3.5, "b")            # brush along the west wall, outside
    paint(g, 14, 20, 17, 23, "=")             # the road to the gate
    legend = {",": "grass", ".": "floor", "r": "rubble", "u": "undergrowth", "b": "brush", "=": "road"}

    walls: list[Wall] = []
    walls += with_openings(hwall(3, 4, 28), {(15.0, 3.0): SHUT, (16.0, 3.0): SHUT})
    walls += with_openings(hwall(20, 4, 28), {(15.0, 20.0): OPEN, (16.0, 20.0): OPEN})
    walls += with_openings(vwall(4, 3, 20), {(4.0, 10.0): WINDOW, (4.0, 11.0): WINDOW})
    # the east wall fell between y = 8 and y = 14
    walls += [s for s in vwall(28, 3, 20) if not 8 <= s.a[1] < 14]
    walls += vwall(10, 0, 3) + vwall(22, 0, 3)

    objects = [
        MapObject("well", octagon(16.0, 11.5, 1.1), "Old well", True, False, Cover.HALF),
        MapObject("pillar-nw", square(8, 7), "Pillar", True, True, Cover.FULL),
        MapObject("pillar-ne", square(23, 7), "Pillar", True, True, Cover.FULL),
        MapObject("pillar-sw", square(8, 14), "Broken pillar", True, True, Cover.FULL),
        MapObject("low-wall-1", square(11, 16, 3, 0.4), "Low wall", True, False, Cover.HALF),
        MapObject("low-wall-2", square(19, 15.6, 0.4, 2.4), "Low wall", True, False, Cover.HALF),
        MapObject("cart", square(24.2, 17.2, 2.6, 1.6), "Overturned cart", True, False, Cover.HALF),
    ]
    tokens = [
        token("bram", "Bram", (15, 21), Side.PARTY, FIGHTER),
        token("ysolde", "Ysolde", (13, 22), Side.PARTY, ARCHER),
        token("corwin", "Corwin", (17, 22), Side.PARTY, SPEARMAN),
        token("mira", "Mira", (30, 15), Side.PARTY, ROGUE, facing=Facing.W),
        token("ghoul-1", "Ghoul 1", (14, 9), Side.ENEMY, GHOUL, facing=Facing.S),
        token("ghoul-2", "Ghoul 2", (18, 10), Side.ENEMY, GHOUL, facing=Facing.S),
        token("ghoul-3", "Ghoul 3", (11, 12), Side.ENEMY, GHOUL, facing=Facing.SE),
        token("bandit", "Bandit crossbowman", (23, 6), Side.ENEMY, BANDIT, facing=Facing.SW),
        token("ogre", "Ogre", (15, 4), Side.ENEMY, OGRE, size=Size.LARGE, facing=Facing.S),
    ]
    game_map = GameMap(w, h, terrain=terrain_rows(rows_of(g), legend), walls=tuple(walls),
                       objects=tuple(objects))
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth", name="The ruined courtyard",
                     notes="Ghouls nest in the courtyard of a burnt keep; an ogre guards the hall door. "
                           "The east wall has collapsed into rubble: Mira scouts that way. "
                           "Charging from the gate across open flagstones is possible; across the "
                           "rubble it is not.")


# -- 2. The marsh crossing --------------------------------------------------------------------


def marsh_crossing() -> Encounter:
    w, h = 36, 24
    g = canvas(w, h, "m")                      # marshland everywhere …
    for x in range(w):                         # … but a causeway winds west to east
        y = 11 + round(2 * math.sin(x / 5.0))
        paint(g, x, y, x, y + 1, "=")
    paint(g, 16, 0, 18, h - 1, "~")           # a deep channel runs north to south
    for y in range(h):
        for x in range(16, 19):
            if g[y][x] == "~" and 9 <= y <= 14:
                g[y][x] = "="                  # the bridge: the causeway crosses the channel
    paint(g, 16, 9, 18, 9, "w")
    paint(g, 16, 14, 18, 14, "w")
    blob(g, 7, 5, 4, 2.5, "b")
    blob(g, 26, 18, 4.5, 2.5, "b")
    blob(g, 27, 5, 3, 2, "b")
    blob(g, 9, 18, 1.5, 1.2, "q")              # quicksand traps beside the causeway
    blob(g, 23, 8, 1.2, 1.0, "q")
    blob(g, 3, 20, 3, 2.5, "w")
    paint(g, 29, 9, 34, 15, ".")               # a ruined watchtower on the east bank
    legend = {"m": "marsh", "=": "road", "~": "deep-water", "b": "brush", "q": "quicksand",
              "w": "shallow-water", ".": "floor"}

    walls: list[Wall] = []
    walls += hwall(9, 29, 35)
    walls += with_openings(hwall(16, 29, 35), {(31.0, 16.0): None, (32.0, 16.0): None})
    walls += with_openings(vwall(29, 9, 16), {(29.0, 11.0): OPEN, (29.0, 12.0): OPEN})
    walls += with_openings(vwall(35, 9, 16), {(35.0, 12.0): WINDOW})
    objects = [
        MapObject("stump-1", octagon(12.5, 8.5, 0.45), "Dead stump", True, False, Cover.HALF),
        MapObject("stump-2", octagon(21.5, 15.5, 0.45), "Dead stump", True, False, Cover.HALF),
        MapObject("reeds", square(13, 13, 2, 1), "Tall reeds", False, True, Cover.HALF),
        MapObject("rail", square(16, 8.9, 3, 0.1), "Bridge rail", True, False, Cover.HALF),
        MapObject("rail-s", square(16, 15.0, 3, 0.1), "Bridge rail", True, False, Cover.HALF),
    ]
    tokens = [
        token("bram", "Bram", (2, 10), Side.PARTY, FIGHTER, facing=Facing.E),
        token("ysolde", "Ysolde", (1, 11), Side.PARTY, ARCHER, facing=Facing.E),
        token("corwin", "Corwin", (3, 11), Side.PARTY, SPEARMAN, facing=Facing.E),
        token("mira", "Mira", (0, 10), Side.PARTY, ROGUE, facing=Facing.E),
        token("lizard-1", "Lizardfolk 1", (7, 5), Side.ENEMY, LIZARD, facing=Facing.S, hidden=True),
        token("lizard-2", "Lizardfolk 2", (8, 6), Side.ENEMY, LIZARD, facing=Facing.S, hidden=True),
        token("lizard-3", "Lizardfolk 3", (26, 18), Side.ENEMY, LIZARD, facing=Facing.N, hidden=True),
        token("lizard-4", "Lizardfolk warden", (31, 12), Side.ENEMY, LIZARD, facing=Facing.W),
        token("heron", "Giant heron", (24, 3), Side.NEUTRAL, GHOUL, facing=Facing.W),
    ]
    revealed = frozenset((x, y) for y in range(h) for x in range(0, 15))
    game_map = GameMap(w, h, terrain=terrain_rows(rows_of(g), legend), walls=tuple(walls),
                       objects=tuple(objects), fog_enabled=True, revealed=revealed)
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth", name="The marsh crossing",
                     notes="Lizardfolk lie hidden in the brush on both banks: an ambush round. "
                           "The causeway is the only firm ground; the marsh is difficult terrain, "
                           "the quicksand harsh. The fog hides the east bank until the party crosses.")


# -- 3. The two-level hall --------------------------------------------------------------------


def two_level_hall() -> Encounter:
    w, h = 30, 22
    g = canvas(w, h, "s")                      # solid rock around the hall
    paint(g, 2, 2, 27, 19, ".")
    paint(g, 9, 3, 20, 6, "d")                 # the dais
    paint(g, 13, 7, 16, 7, "t")                # its steps
    paint(g, 2, 11, 7, 19, ".")
    paint(g, 22, 11, 27, 19, ".")
    blob(g, 25, 17, 1.6, 1.3, "r")             # a fallen statue in the east chapel
    legend = {"s": "solid", ".": "floor", "d": "floor", "t": "floor", "r": "rubble"}
    elevation = [0.0] * (w * h)
    for y, row in enumerate(g):
        for x, ch in enumerate(row):
            elevation[y * w + x] = {"d": 5.0, "t": 2.0}.get(ch, 0.0)

    walls: list[Wall] = []
    walls += with_openings(hwall(2, 2, 28), {(6.0, 2.0): WINDOW, (23.0, 2.0): WINDOW})
    walls += with_openings(hwall(20, 2, 28), {(14.0, 20.0): SHUT, (15.0, 20.0): SHUT})
    walls += with_openings(vwall(2, 2, 20), {(2.0, 6.0): WINDOW})
    walls += with_openings(vwall(28, 2, 20), {(28.0, 6.0): WINDOW})
    # side rooms: the vestry (west, door shut) and the chapel (east, door open)
    walls += with_openings(hwall(11, 2, 8), {(6.0, 11.0): None})
    walls += with_openings(vwall(8, 11, 20), {(8.0, 15.0): SHUT})
    # GM only: a secret door from the vestry into the west aisle, on the way to the dais
    walls.append(Wall((6.0, 11.0), (7.0, 11.0), SHUT, gm_only=True))
    walls += hwall(11, 22, 28) + with_openings(vwall(22, 11, 20), {(22.0, 14.0): OPEN})
    objects = [
        MapObject("throne", square(14, 3, 2, 1), "Throne", True, False, Cover.HALF),
        MapObject("altar", square(13.5, 5, 3, 0.8), "Altar", True, False, Cover.HALF),
        *(MapObject(f"pillar-{i}", square(x, y), "Pillar", True, True, Cover.FULL)
          for i, (x, y) in enumerate([(10, 9), (19, 9), (10, 14), (19, 14)])),
        MapObject("pews-w", square(11.5, 12, 2, 5), "Pews", False, False, Cover.HALF),
        MapObject("pews-e", square(16.5, 12, 2, 5), "Pews", False, False, Cover.HALF),
        # GM only: a trap before the altar, passable, hiding nothing and giving no cover
        MapObject("pressure-plate", square(14, 6, 2, 1), "Pressure plate (trap): darts from the altar",
                  False, False, Cover.NONE, gm_only=True),
    ]
    tokens = [
        token("bram", "Bram", (14, 18), Side.PARTY, FIGHTER),
        token("ysolde", "Ysolde", (13, 19), Side.PARTY, ARCHER),
        token("corwin", "Corwin", (15, 19), Side.PARTY, SPEARMAN),
        token("mira", "Mira", (16, 18), Side.PARTY, ROGUE, facing=Facing.NE),
        token("leader", "Cult leader", (14, 4), Side.ENEMY, CULT_LEADER, facing=Facing.S),
        token("cultist-1", "Cultist 1", (11, 6), Side.ENEMY, CULTIST, facing=Facing.S),
        token("cultist-2", "Cultist 2", (18, 6), Side.ENEMY, CULTIST, facing=Facing.S),
        token("cultist-3", "Cultist 3", (24, 13), Side.ENEMY, CULTIST, facing=Facing.W),
        token("assassin", "Hidden assassin", (4, 15), Side.ENEMY, ROGUE | {"player": False},
              facing=Facing.E, hidden=True),
    ]
    game_map = GameMap(w, h, terrain=terrain_rows(rows_of(g), legend), elevation=tuple(elevation),
                       walls=tuple(walls), objects=tuple(objects))
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth", name="The two-level hall",
                     notes="The cult leader holds the dais, 5 ft above the hall (steps at 2 ft in the "
                           "middle). An assassin waits behind the shut vestry door; a secret door (GM only) "
                           "lets it out into the west aisle. A pressure plate (GM only) before the altar "
                           "fires darts from the altar. The pews give half cover but do not stop "
                           "movement.")


SAMPLES = {
    "01-ruined-courtyard.json": ruined_courtyard,
    "02-marsh-crossing.json": marsh_crossing,
    "03-two-level-hall.json": two_level_hall,
}


def main() -> int:
    for name, build in SAMPLES.items():
        path = HERE / name
        save_encounter(with_default_table_dice(build()), path, keep_backup=False)
        print(f"wrote {path.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
