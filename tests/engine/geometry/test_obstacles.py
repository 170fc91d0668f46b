"""The per-map obstacle layers and their cache."""

from dataclasses import replace

from vantage.engine.geometry import obstacles_for
from vantage.engine.model import Cover, GameMap, MapObject, Wall, WallKind

SQUARE = ((1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 2.0))


def test_layers_sort_walls_objects_and_terrain():
    game_map = GameMap(
        6,
        6,
        walls=(
            Wall((0.0, 3.0), (3.0, 3.0)),
            Wall((3.0, 3.0), (4.0, 3.0), WallKind.DOOR_CLOSED),
            Wall((4.0, 3.0), (5.0, 3.0), WallKind.DOOR_OPEN),
            Wall((5.0, 3.0), (6.0, 3.0), WallKind.WINDOW),
        ),
        objects=(
            MapObject("pillar", SQUARE, "Pillar", blocks_movement=True, blocks_sight=True),
            MapObject("barrel", SQUARE, "Barrel", blocks_movement=True, cover=Cover.HALF),
            MapObject("rug", SQUARE, "Rug", blocks_movement=False),
        ),
    ).with_terrain({(0, 5): "solid", (1, 5): "solid", (3, 5): "chasm"})
    o = obstacles_for(game_map)
    assert sorted(o.sight.labels) == sorted([
        "wall (0, 3)–(3, 3)", "closed door (3, 3)–(4, 3)", "object Pillar", "Solid rock at (0, 5)",
    ])
    assert sorted(o.movement.labels) == sorted([
        "wall (0, 3)–(3, 3)", "closed door (3, 3)–(4, 3)", "window (5, 3)–(6, 3)",
        "object Pillar", "object Barrel",
    ])
    assert o.cover.labels == ("object Barrel",) and o.cover_levels == (Cover.HALF,)
    assert o.impassable_tiles == {(0, 5), (1, 5), (3, 5)}
    # the solid run (0, 5)-(1, 5) is one box of four edges; walls are one edge each; the pillar four
    assert o.sight_segments.shape == (1 + 1 + 4 + 4, 4)
    assert o.terrain_mask(frozenset({"chasm"}))[5].tolist() == [False, False, False, True, False, False]


def test_cache_is_by_map_identity():
    game_map = GameMap(4, 4, walls=(Wall((1.0, 0.0), (1.0, 4.0)),))
    assert obstacles_for(game_map) is obstacles_for(game_map)
    equal_copy = replace(game_map)
    assert equal_copy == game_map and obstacles_for(equal_copy) is not obstacles_for(game_map)
    moved = replace(game_map, walls=(Wall((2.0, 0.0), (2.0, 4.0)),))
    assert obstacles_for(moved).sight.labels == ("wall (2, 0)–(2, 4)",)
