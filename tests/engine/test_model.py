"""The encounter model: footprints, facings, layers and immutable edits."""

from __future__ import annotations

import dataclasses

import pytest

from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter, Facing, GameMap, Size, Token, WallKind
from vantage.engine.terrain import DEFAULT_TERRAIN, MovementClass


@pytest.mark.parametrize(
    ("size", "side"),
    [(Size.TINY, 1), (Size.SMALL, 1), (Size.MEDIUM, 1),
     (Size.LARGE, 2), (Size.HUGE, 3), (Size.GARGANTUAN, 4)],
)
def test_footprint_side_by_size(size: Size, side: int) -> None:
    t = Token("a", "A", (2, 3), size=size)
    assert t.footprint == side
    assert len(t.footprint_tiles()) == side * side
    assert t.centre == (2 + side / 2, 3 + side / 2)


def test_size_rank_orders_sizes() -> None:
    assert [s.rank for s in Size] == [0, 1, 2, 3, 4, 5]


def test_facings_turn_and_round_to_the_nearest_eighth() -> None:
    assert Facing.N.turned(1) is Facing.NE
    assert Facing.N.turned(-1) is Facing.NW
    assert Facing.W.turned(4) is Facing.E
    assert Facing.from_vector(0, -1) is Facing.N  # y grows downwards: up the screen is north
    assert Facing.from_vector(1, 1) is Facing.SE
    assert Facing.from_vector(-3, 0.2) is Facing.W
    assert all(Facing.from_vector(*f.vector) is f for f in Facing)


def test_window_blocks_movement_not_sight_and_open_door_blocks_neither() -> None:
    assert WallKind.WINDOW.blocks_movement and not WallKind.WINDOW.blocks_sight
    assert not WallKind.DOOR_OPEN.blocks_movement and not WallKind.DOOR_OPEN.blocks_sight
    assert WallKind.DOOR_CLOSED.blocks_movement and WallKind.DOOR_CLOSED.blocks_sight


def test_map_layers_default_to_open_flat_ground_and_edit_immutably() -> None:
    m = GameMap(4, 3)
    assert len(m.terrain) == 12 and set(m.terrain) == {"open"}
    m2 = m.with_terrain({(1, 2): "rubble"}).with_elevation({(3, 0): 5})
    assert m.terrain_at((1, 2)).id == "open"
    assert m2.terrain_at((1, 2)).movement is MovementClass.DIFFICULT
    assert m2.elevation_at((3, 0)) == 5.0
    assert m2 != m and dataclasses.replace(m2) == m2
    assert not m.in_bounds((4, 0)) and m.in_bounds((3, 2))


def test_avorkarth_examples_have_the_class_the_text_gives() -> None:
    # "Tame (Sand/Rocky Terrain/Undergrowth)", "Difficult Terrain (Brush, Marshlands, Ruin Rubble)",
    # "Harsh Terrain (Quicksand)"
    classes = {k: DEFAULT_TERRAIN[k].movement for k in
               ("sand", "rocky", "undergrowth", "brush", "marsh", "rubble", "quicksand")}
    assert classes == {"sand": MovementClass.TAME, "rocky": MovementClass.TAME,
                       "undergrowth": MovementClass.TAME, "brush": MovementClass.DIFFICULT,
                       "marsh": MovementClass.DIFFICULT, "rubble": MovementClass.DIFFICULT,
                       "quicksand": MovementClass.HARSH}


def test_encounter_token_edits_leave_the_original_alone() -> None:
    e = Encounter(GameMap(5, 5), (Token("a", "A", (0, 0)),), ruleset="avorkarth")
    moved = e.with_token(dataclasses.replace(e.token("a"), position=(2, 2)))
    assert e.token("a").position == (0, 0) and moved.token("a").position == (2, 2)
    assert len(moved.with_token(Token("b", "B", (4, 4))).tokens) == 2
    assert moved.without_token("a").tokens == ()
    with pytest.raises(KeyError, match="no token with id 'zz'"):
        e.token("zz")


def test_breakdown_explains_terms_and_minimum() -> None:
    # Avorkarth: "Tame ... -2 Movement (Min. 1)"
    b = Breakdown("Movement", 2, "base").plus("tame terrain", -2).clamped(minimum=1)
    assert b.value == 1
    assert b.explain() == "Movement: base 2, tame terrain −2 = 0, min 1 → 1"
    assert Breakdown("Dodge", 5).plus("flanked", -1).explain() == "Dodge: 5, flanked −1 = 4"
    assert Breakdown("Movement", 6).replaced("harsh terrain: no movement", 0).value == 0
