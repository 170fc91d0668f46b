"""A small built-in encounter, shown when no sample encounter file is bundled.

It exercises every layer the map view draws (terrain of each movement class, elevation, walls,
doors, a window, a blocking object, cover, and tokens of each side and several sizes), so the
window and the self-test have something honest to draw on a bare checkout.

It is played by Avorkarth (:data:`DEMO_RULESET`), named like any encounter file names its ruleset,
and its stat blocks are plain data in that ruleset's fields, as a file holds them: this module
imports no ruleset (the tests check that the Avorkarth ruleset accepts every block).
"""

from __future__ import annotations

from typing import Any

from vantage.engine.model import (
    Condition,
    Cover,
    Encounter,
    Facing,
    GameMap,
    MapObject,
    Side,
    Size,
    Token,
    Wall,
    WallKind,
)

#: The ruleset the demo is played by; its tokens' stat blocks are in that ruleset's fields.
DEMO_RULESET = "avorkarth"

#: The demo's ability scores but Strength and Agility: every other Avorkarth ability at 4.
_OTHER_ABILITIES = ("dexterity", "instinct", "constitution", "vitality", "toughness", "will", "charisma",
                    "elegance")


def _stats(strength: int, agility: int, wounds: int, movement: int, weapon: str, might: int,
           player: bool = False) -> dict[str, Any]:
    """An Avorkarth stat block for a demo token: every ability but Strength and Agility at 4."""
    return {
        "abilities": {"strength": strength, "agility": agility, **dict.fromkeys(_OTHER_ABILITIES, 4)},
        "wounds": wounds,
        "armour": {"full": 1, "guarded": 0, "natural": 0},
        "movement": movement,
        "player": player,
        "weapons": [{"name": weapon, "might": might, "lethal": True, "reach": 1, "ranged": False}],
    }


def demo_encounter() -> Encounter:
    width, height = 24, 16
    game_map = GameMap(width, height)
    terrain: dict[tuple[int, int], str] = {}
    for x in range(3, 8):
        for y in range(9, 13):
            terrain[(x, y)] = "brush"
    for x in range(14, 18):
        for y in range(2, 5):
            terrain[(x, y)] = "marsh"
    for x in range(18, 22):
        terrain[(x, 12)] = "deep-water"
        terrain[(x, 13)] = "shallow-water"
    for x in range(9, 12):
        terrain[(x, 13)] = "rubble"
        terrain[(x, 14)] = "sand"
    terrain[(20, 5)] = "quicksand"
    game_map = game_map.with_terrain(terrain)
    game_map = game_map.with_elevation({(x, y): 5.0 for x in range(1, 5) for y in range(1, 5)})
    walls = (
        Wall((8.0, 2.0), (8.0, 7.0)),
        Wall((8.0, 7.0), (12.0, 7.0)),
        Wall((12.0, 7.0), (13.0, 7.0), WallKind.DOOR_CLOSED),
        Wall((13.0, 7.0), (14.0, 7.0)),
        Wall((14.0, 7.0), (14.0, 5.0)),
        Wall((8.0, 2.0), (10.0, 2.0), WallKind.WINDOW),
        Wall((10.0, 2.0), (11.0, 2.0), WallKind.DOOR_OPEN),
    )
    objects = (
        MapObject("pillar", ((10.0, 4.0), (11.0, 4.0), (11.0, 5.0), (10.0, 5.0)), "Pillar",
                  blocks_movement=True, blocks_sight=True, cover=Cover.FULL),
        MapObject("crates", ((16.0, 8.0), (18.0, 8.0), (18.0, 8.6), (16.0, 8.6)), "Low crates",
                  blocks_movement=False, cover=Cover.HALF),
    )
    game_map = GameMap(
        width, height, terrain=game_map.terrain, elevation=game_map.elevation, walls=walls, objects=objects
    )
    tokens = (
        Token("bram", "Bram", (5, 6), Side.PARTY, facing=Facing.E,
              stats=_stats(6, 5, 6, 6, "Longsword", 5, player=True)),
        Token("ilse", "Ilse Varn", (4, 8), Side.PARTY, facing=Facing.NE,
              conditions=(Condition("prone"),), stats=_stats(4, 7, 5, 6, "Spear", 4, player=True)),
        Token("ghoul-1", "Ghoul 1", (15, 10), Side.ENEMY, facing=Facing.W,
              stats=_stats(5, 5, 4, 5, "Claws", 3)),
        Token("ghoul-2", "Ghoul 2", (17, 6), Side.ENEMY, facing=Facing.SW,
              stats=_stats(5, 5, 4, 5, "Claws", 3)),
        Token("ogre", "Ogre", (19, 8), Side.ENEMY, Size.LARGE, facing=Facing.W,
              stats=_stats(9, 3, 10, 5, "Club", 7)),
        Token("mule", "Mule", (2, 13), Side.NEUTRAL, facing=Facing.S, stats=_stats(6, 4, 4, 6, "Hooves", 2)),
    )
    return Encounter(game_map, tokens, ruleset=DEMO_RULESET, name="Demo: the ruined toll house")
