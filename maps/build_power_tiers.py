"""Writes the Power Tiers sample encounter: ``python maps/build_power_tiers.py``.

An ambush on a forest road: brigands, their wolf and a pit wrestler wait by a ruined toll house
for a Neophyte, an Acolyte duellist and an Adept knight. The map is drawn with the helpers of
``build_samples.py`` and saved through the engine's own writer, so the file is always valid; every
stat block comes from the Power Tiers bestiary.
"""

from __future__ import annotations

import sys
from pathlib import Path

from build_samples import (  # the helpers of the Avorkarth samples' builder
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
from vantage.engine.model import Cover, Encounter, GameMap, MapObject, Side, Size, Token, Wall, WallKind
from vantage.engine.rules.decisions import with_default_table_dice
from vantage.engine.rules.power_tiers.bestiary import BESTIARY

HERE = Path(__file__).resolve().parent
NAME = "04-power-tiers-ambush.json"
TEMPLATES = {t.id: t for t in BESTIARY}


def creature(tid: str, name: str, pos: tuple[int, int], side: Side, template: str) -> Token:
    found = TEMPLATES[template]
    return Token(id=tid, name=name, position=pos, side=side, size=Size(found.size),
                 stats={k: v for k, v in found.stats.items()})


def power_tiers_ambush() -> Encounter:
    w, h = 20, 14
    g = canvas(w, h, ",")                        # grass either side of the road
    paint(g, 0, 6, w - 1, 7, "=")               # the road, west to east
    blob(g, 4, 2, 3.5, 2, "u")                  # undergrowth north-west
    blob(g, 15, 11.5, 4, 2, "b")               # brush south-east, where the brigands wait
    blob(g, 2, 11.5, 2, 1.5, "r")               # a rocky bank
    paint(g, 11, 1, 15, 4, ".")                 # the toll house's floor
    paint(g, 8, 10, 9, 11, "s")                 # a boulder: solid rock
    legend = {",": "grass", "=": "road", "u": "undergrowth", "b": "brush", "r": "rocky", ".": "floor",
              "s": "solid"}
    walls: list[Wall] = []
    walls += hwall(1, 11, 16)
    walls += with_openings(hwall(5, 11, 16), {(13.0, 5.0): WallKind.DOOR_OPEN})
    walls += vwall(11, 1, 5)
    walls += with_openings(vwall(16, 1, 5), {(16.0, 3.0): WallKind.WINDOW})
    objects = [
        MapObject("barrier", square(10, 5.8, 0.3, 2.4), "Toll barrier", True, False, Cover.HALF),
        MapObject("stump", octagon(6.5, 9.5, 0.45), "Tree stump", True, False, Cover.HALF),
    ]
    tokens = [
        creature("bram", "Bram", (5, 6), Side.PARTY, "neophyte"),
        creature("ilse", "Ilse", (4, 7), Side.PARTY, "acolyte-duellist"),
        creature("aldric", "Sir Aldric", (3, 6), Side.PARTY, "adept-knight"),
        creature("brigand", "Brigand", (7, 7), Side.ENEMY, "brigand"),
        creature("archer", "Brigand archer", (14, 10), Side.ENEMY, "brigand"),
        creature("wolf", "Wolf", (6, 8), Side.ENEMY, "wolf"),
        creature("wrestler", "Pit wrestler", (13, 4), Side.ENEMY, "wrestler"),
    ]
    game_map = GameMap(w, h, terrain=terrain_rows(rows_of(g), legend), walls=tuple(walls),
                       objects=tuple(objects))
    return Encounter(game_map, tuple(tokens), ruleset="power-tiers", name="Ambush at the toll house",
                     notes="Power Tiers: three actions a round, d20 + Dexterity initiative (assumed). "
                           "The brigand and the wolf are already on the road beside the party; the archer "
                           "shoots from the brush, the wrestler waits in the toll house to grab a straggler.")


def main() -> int:
    path = HERE / NAME
    save_encounter(with_default_table_dice(power_tiers_ambush()), path, keep_backup=False)
    print(f"wrote {path.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
