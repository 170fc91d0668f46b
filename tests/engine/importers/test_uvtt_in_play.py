"""Imported walls and doors work in play. Issue 8, done when: "The sample opens ... with walls and
doors where the picture shows them, and movement and line of sight respect them."

The sample's top door runs from (11, 6) to (12, 6): the room lies below it, open ground above.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vantage.engine.geometry.sight import line_of_sight
from vantage.engine.importers.uvtt import import_uvtt_file
from vantage.engine.model import Side, Token, WallKind
from vantage.engine.movement import (
    reachable_tiles,
)
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = Path(__file__).resolve().parents[3] / "tests/fixtures/uvtt/real/cave-and-doors.dd2vtt"
WINDOWS = ROOT / "tests" / "fixtures" / "uvtt" / "window.dd2vtt"
TOP_DOOR = (11.0, 6.0)



def sample_with_two_tokens(door: WallKind):
    encounter = import_uvtt_file(SAMPLE, ruleset="avorkarth").encounter
    walls = tuple(
        replace(w, kind=door) if w.kind.is_door and TOP_DOOR in (w.a, w.b) else w for w in encounter.map.walls
    )
    encounter = encounter.with_map(replace(encounter.map, walls=walls))
    inside = Token("bram", "Bram", (11, 7), Side.PARTY)
    outside = Token("ghoul", "Ghoul", (11, 4), Side.ENEMY)
    return encounter.with_token(inside).with_token(outside)


def test_closed_door_blocks_movement_and_sight() -> None:
    encounter = sample_with_two_tokens(WallKind.DOOR_CLOSED)
    reach = reachable_tiles(encounter, "bram", 30, AVORKARTH_MOVEMENT)
    assert (11, 5) not in reach.tiles  # every door is closed: the room is sealed
    assert (15, 10) in reach.tiles  # the room itself is open
    sight = line_of_sight(encounter, "bram", "ghoul")
    assert not sight.clear and "closed door (11, 6)–(12, 6)" in sight.explanation


def test_open_door_lets_both_through() -> None:
    encounter = sample_with_two_tokens(WallKind.DOOR_OPEN)
    reach = reachable_tiles(encounter, "bram", 30, AVORKARTH_MOVEMENT)
    assert reach.cost((11, 5)) == 2
    assert line_of_sight(encounter, "bram", "ghoul").clear


def test_the_cave_wall_blocks_sight_where_the_picture_shows_it() -> None:
    # The freehand cave loop closes the cave at about y 2 above (3, 5); beyond it is rock.
    encounter = import_uvtt_file(SAMPLE, ruleset="avorkarth").encounter
    encounter = encounter.with_token(Token("a", "A", (3, 5), Side.PARTY))
    encounter = encounter.with_token(Token("b", "B", (3, 0), Side.ENEMY))
    sight = line_of_sight(encounter, "a", "b")
    assert not sight.clear and "wall (" in sight.explanation
    assert (3, 0) not in reachable_tiles(encounter, "a", 30, AVORKARTH_MOVEMENT).tiles


def test_an_imported_window_lets_sight_through_but_not_movement() -> None:
    # window at (1, 4)-(1, 5), room x 1..9
    encounter = import_uvtt_file(WINDOWS, ruleset="avorkarth").encounter
    encounter = encounter.with_token(Token("a", "A", (1, 4), Side.PARTY))
    encounter = encounter.with_token(Token("b", "B", (0, 4), Side.ENEMY))
    assert line_of_sight(encounter, "a", "b").clear
    assert (0, 4) not in reachable_tiles(encounter, "a", 1, AVORKARTH_MOVEMENT).tiles
