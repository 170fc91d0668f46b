"""Build the Baton sample encounter, ``maps/06-baton-crossroads.json``: a crossroads by a ruined
shrine, played with the Baton ruleset (docs/rules/baton.md).

Run from the repository root: ``python maps/build_baton.py``. The stat blocks come from Baton's
bestiary (``vantage.engine.rules.baton.schema.TEMPLATES``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from build_samples import (
    blob,
    canvas,
    hwall,
    octagon,
    paint,
    rows_of,
    square,
    terrain_rows,
    vwall,
    with_openings,
)

from vantage.engine.fileformat import save_encounter
from vantage.engine.model import Cover, Encounter, Facing, GameMap, MapObject, Side, Size, Token, Wall
from vantage.engine.rules.baton.schema import TEMPLATES
from vantage.engine.rules.decisions import with_default_table_dice

HERE = Path(__file__).resolve().parent
NAME = "06-baton-crossroads.json"
_T = {t.id: t for t in TEMPLATES}


def _token(tid: str, name: str, pos: tuple[int, int], template: str) -> Token:
    t = _T[template]
    return Token(
        id=tid,
        name=name,
        position=pos,
        side=Side(t.side),
        size=Size(t.size),
        facing=Facing.N,
        stats=dict(t.stats),
    )


def crossroads() -> Encounter:
    w, h = 20, 14
    g = canvas(w, h, ",")  # grass
    paint(g, 0, 6, 19, 7, "=")  # the east–west road
    paint(g, 9, 0, 10, 13, "=")  # the north–south road
    blob(g, 15.5, 2.5, 2.2, 1.6, "b")  # brush, north-east (ensnaring)
    blob(g, 3, 11, 2.0, 1.4, "r")  # rubble of the shrine, south-west (slippery)
    paint(g, 14, 10, 16, 11, "t")  # a thorn hedge (hazardous)
    legend = {",": "grass", "=": "road", "b": "brush", "r": "rubble", "t": "thorns"}
    elevation = [0.0] * (w * h)
    for y in range(0, 4):  # a knoll in the north-west: 5 ft of higher ground
        for x in range(1, 6):
            elevation[y * w + x] = 5.0
    walls: list[Wall] = []
    walls += with_openings(hwall(9, 2, 7), {(4.0, 9.0): None})  # the shrine's north wall, a gap
    walls += vwall(7, 9, 13)
    objects = [
        MapObject("waystone", octagon(12.5, 4.5, 0.6), "Waystone", True, True, Cover.FULL),
        MapObject("cart", square(12.2, 8.3, 2.4, 1.4), "Overturned cart", True, False, Cover.HALF),
        MapObject("shrine-pillar", square(16, 6), "Shrine pillar", True, True, Cover.FULL),
    ]
    tokens = [
        _token("bram", "Bram", (8, 7), "sellsword"),
        _token("ysolde", "Ysolde", (6, 6), "rogue"),
        _token("corwin", "Corwin", (7, 8), "bard"),
        _token("cultist-1", "Cultist Hask", (9, 7), "cultist"),
        _token("cultist-2", "Cultist Mirel", (11, 6), "cultist"),
        _token("skeleton", "Skeleton", (12, 10), "skeleton"),
        _token("crossbowman", "Crossbowman", (17, 6), "crossbowman"),
        _token("ogre", "Ogre", (14, 3), "ogre"),
    ]
    game_map = GameMap(
        w,
        h,
        terrain=terrain_rows(rows_of(g), legend),
        elevation=tuple(elevation),
        walls=tuple(walls),
        objects=tuple(objects),
    )
    return Encounter(
        game_map,
        tuple(tokens),
        ruleset="baton",
        name="The crossroads shrine",
        notes="Cultists of the crossroads shrine bar the road; a crossbowman shoots from behind "
        "the shrine pillar, an ogre waits in the brush. The knoll north-west is higher "
        "ground; the thorn hedge south-east hurts whoever fails to cross it.",
    )


def main() -> int:
    path = HERE / NAME
    save_encounter(with_default_table_dice(crossroads()), path, keep_backup=False)
    print(f"wrote {path.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
