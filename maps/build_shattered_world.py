"""Writes the Shattered World sample encounter: ``python maps/build_shattered_world.py``.

The ford of the Greywater at dusk: a river of deep water crossed by a shallow ford, brush on the
banks and the broken wall of a toll house. Bram (a human warrior with Longsword and Kite shield),
Ada (a human archer) and Dorin (a Dwarf axeman) hold the south bank; two Sauran raiders and their
wolf come over the ford. The stat blocks come from the ruleset's bestiary.
"""

from __future__ import annotations

import sys
from pathlib import Path

from vantage.engine.fileformat import save_encounter
from vantage.engine.model import Encounter, Facing, GameMap, Side, Size
from vantage.engine.rules.decisions import with_default_table_dice
from vantage.engine.rules.shattered_world.bestiary import BESTIARY

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_samples import blob, canvas, hwall, paint, rows_of, terrain_rows, token, vwall  # noqa: E402

HERE = Path(__file__).resolve().parent
FILE = "05-shattered-world-ford.json"
LEGEND = {".": "grass", "~": "deep-water", "=": "shallow-water", "b": "brush", "r": "road", "f": "floor"}
TEMPLATES = {t.id: t for t in BESTIARY}


def stats_of(template: str) -> dict:
    return dict(TEMPLATES[template].stats)


def ford() -> Encounter:
    width, height = 20, 14
    grid = canvas(width, height, ".")
    paint(grid, 0, 5, width - 1, 7, "~")  # the Greywater
    paint(grid, 8, 5, 11, 7, "=")  # the ford
    paint(grid, 9, 0, 10, 4, "r")  # the road north
    paint(grid, 9, 8, 10, 13, "r")  # and south
    blob(grid, 3.5, 3.0, 3.0, 1.6, "b")
    blob(grid, 15.5, 10.0, 2.6, 1.5, "b")
    paint(grid, 13, 11, 17, 13, "f")  # the toll house floor
    walls = [*hwall(11, 13, 16), *vwall(13, 11, 14), *vwall(18, 12, 14)]  # broken walls
    game_map = GameMap(width, height, 5.0, terrain=terrain_rows(rows_of(grid), LEGEND), walls=tuple(walls))
    tokens = (
        token("bram", "Bram", (9, 8), Side.PARTY, stats_of("human-warrior"), facing=Facing.N),
        token("ada", "Ada", (11, 10), Side.PARTY, stats_of("human-archer"), facing=Facing.N),
        token(
            "dorin", "Dorin", (8, 9), Side.PARTY, stats_of("dwarf-axeman"), size=Size.SMALL, facing=Facing.N
        ),
        token("ssith", "Ssith", (9, 6), Side.ENEMY, stats_of("sauran-raider"), facing=Facing.S),
        token("kessa", "Kessa", (10, 4), Side.ENEMY, stats_of("sauran-raider"), facing=Facing.S),
        token("wolf", "Wolf", (11, 6), Side.ENEMY, stats_of("wolf"), facing=Facing.S),
    )
    return Encounter(
        game_map,
        tokens,
        ruleset="shattered-world",
        name="The ford of the Greywater",
        notes="The Shattered World sample: Saurans cross the ford at dusk (lamplight).",
    )


def main() -> int:
    path = HERE / FILE
    save_encounter(with_default_table_dice(ford()), path, keep_backup=False)
    print(f"wrote {path.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
