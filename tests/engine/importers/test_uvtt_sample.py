"""The real Dungeondraft export (tests/fixtures/uvtt/real/cave-and-doors.dd2vtt) imports whole.

README: "format 0.3, 20×20 cells at 64 px, 9 walls (206 points, a freehand cave loop), 2 object
outlines, 3 closed doors, baked lighting, a 1280×1280 PNG".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vantage.engine.importers.uvtt import import_uvtt_file
from vantage.engine.model import WallKind

SAMPLE = Path(__file__).resolve().parents[3] / "tests/fixtures/uvtt/real/cave-and-doors.dd2vtt"



@pytest.fixture(scope="module")
def result():
    return import_uvtt_file(SAMPLE, ruleset="avorkarth")


def test_grid_image_and_scale(result) -> None:
    game_map = result.encounter.map
    assert (game_map.width, game_map.height) == (20, 20)
    assert result.image is not None and (result.image.kind, result.image.width, result.image.height) == (
        "png", 1280, 1280,
    )
    assert game_map.background is not None and game_map.background.pixels_per_tile == 64
    assert result.report.warnings == []


def test_three_closed_doors_where_the_portals_are(result) -> None:
    # "portals ... bounds [2 points] ... closed" → doors (closed/open)
    doors = {frozenset((w.a, w.b)) for w in result.encounter.map.walls if w.kind is WallKind.DOOR_CLOSED}
    assert doors == {
        frozenset({(11.0, 6.0), (12.0, 6.0)}),
        frozenset({(12.0, 15.5), (12.0, 14.5)}),
        frozenset({(10.5, 14.0), (9.5, 14.0)}),
    }


def test_every_wall_point_of_the_file_is_kept_as_a_segment(result) -> None:
    # "keep freehand cave loops": each step of each polyline is a wall unless it is zero-length.
    raw = json.loads(SAMPLE.read_text())["line_of_sight"]
    steps = sum(len(line) - 1 for line in raw)
    walls = [w for w in result.encounter.map.walls if w.kind is WallKind.WALL]
    assert steps - 10 <= len(walls) <= steps
    endpoints = {p for w in walls for p in (w.a, w.b)}
    assert (7.359375, 5.0) in endpoints and (13.171875, 6.617188) in endpoints


def test_the_walls_meet_the_doors(result) -> None:
    # Dungeondraft breaks the wall at a door: the wall ends where the door begins.
    wall_points = {p for w in result.encounter.map.walls if w.kind is WallKind.WALL for p in (w.a, w.b)}
    assert (11.0, 6.0) in wall_points and (12.0, 6.0) in wall_points


def test_object_outlines_block_sight_but_not_movement(result) -> None:
    objects = result.encounter.map.objects
    assert len(objects) == 2
    assert all(o.blocks_sight and not o.blocks_movement and len(o.outline) >= 3 for o in objects)


def test_the_light_is_kept_with_its_argb_colour(result) -> None:
    (light,) = result.encounter.map.lights
    assert light.position == (6.132305, 7.212773) and light.color == "#ffeccd8b"
    assert light.range == pytest.approx(9.9)


def test_report_counts(result) -> None:
    text = str(result.report)
    assert "20 × 20" in text and "doors:   3" in text and "1280 × 1280 px, 64 px per tile" in text
    assert result.report.lights == 1 and result.report.objects == 2
