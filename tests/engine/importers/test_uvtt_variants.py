"""Universal VTT files from other exporters: one small file per difference (see
tests/fixtures/uvtt/make_variants.py, which writes them). The map in each is a room (1,1)-(9,7)
with a door at x 4..5 in its top wall, a 1×1 table at (6,3), a light at (2.5, 2.5) and one outside.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from vantage.engine.importers.report import MapImportError
from vantage.engine.importers.uvtt import import_uvtt, import_uvtt_file
from vantage.engine.model import WallKind

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt"


def load(name: str):
    return import_uvtt_file(FIXTURES / name, ruleset="avorkarth")


def kinds(result) -> dict[WallKind, set[frozenset]]:
    out: dict[WallKind, set[frozenset]] = {}
    for w in result.encounter.map.walls:
        out.setdefault(w.kind, set()).add(frozenset((w.a, w.b)))
    return out


def test_plain_variant_imports_clean() -> None:
    result = load("plain.dd2vtt")
    assert kinds(result)[WallKind.DOOR_CLOSED] == {frozenset({(4.0, 1.0), (5.0, 1.0)})}
    assert result.report.warnings == []
    # 5 steps round the room + the short wall, whose near-duplicate last point was snapped away
    assert result.report.walls == 5 + 1
    assert any({w.a, w.b} == {(3.0, 4.0), (3.004, 5.0)} for w in result.encounter.map.walls)


def test_cropped_origin_is_subtracted_from_every_point() -> None:
    # "subtract map_origin from every point (walls, objects, portals, lights)"
    plain, cropped = load("plain.dd2vtt"), load("cropped-origin.uvtt")
    assert kinds(cropped) == kinds(plain)
    assert cropped.encounter.map.objects[0].outline == plain.encounter.map.objects[0].outline
    assert [light.position for light in cropped.encounter.map.lights] == [(2.5, 2.5)]


def test_cropped_tighter_than_the_walls_cuts_them_at_the_edge() -> None:
    # Room (1,1)-(9,7) with door (4,1)-(5,1), cropped to 6 × 5 cells: the right and bottom walls
    # lie outside, the left wall and the top wall right of the door are cut at the edge.
    result = load("cropped-tight.uvtt")
    k = kinds(result)
    assert k[WallKind.WALL] == {
        frozenset({(4.0, 1.0), (1.0, 1.0)}),
        frozenset({(1.0, 1.0), (1.0, 5.0)}),
        frozenset({(6.0, 1.0), (5.0, 1.0)}),
        frozenset({(3.0, 4.0), (3.004, 5.0)}),
    }
    assert k[WallKind.DOOR_CLOSED] == {frozenset({(4.0, 1.0), (5.0, 1.0)})}
    # The second prop, (5,3)-(8,4), is cut to the map: (5,3)-(6,4).
    outlines = {frozenset(o.outline) for o in result.encounter.map.objects}
    assert frozenset({(5.0, 3.0), (6.0, 3.0), (6.0, 4.0), (5.0, 4.0)}) in outlines
    assert any("2 dropped, 2 cut" in n for n in result.report.notes)
    assert result.report.warnings == []


def test_lights_outside_the_map_are_dropped_with_a_note() -> None:
    # "lights are kept for the player view ..., those outside the map dropped with a note"
    result = load("plain.dd2vtt")
    assert len(result.encounter.map.lights) == 1
    assert any("1 light(s) outside the map dropped" in n for n in result.report.notes)


def test_format_02_without_objects() -> None:
    result = load("format-02-no-objects.dd2vtt")
    assert result.report.source_kind == "Universal VTT 0.2"
    assert result.encounter.map.objects == () and result.report.warnings == []


def test_empty_lists_give_an_empty_map_with_its_image() -> None:
    result = load("empty-lists.uvtt")
    assert result.encounter.map.walls == () and result.encounter.map.lights == ()
    assert result.image is not None and result.encounter.map.background is not None


def test_narrow_open_portal_is_a_window_and_a_wide_one_an_open_door() -> None:
    # "a narrow portal with closed: false is a window in Dungeondraft but an open door in
    # Arkenforge: decide by width and say so in the import report"
    result = load("window.dd2vtt")
    k = kinds(result)
    assert k[WallKind.WINDOW] == {frozenset({(1.0, 4.0), (1.0, 5.0)})}
    assert k[WallKind.DOOR_OPEN] == {frozenset({(9.0, 3.0), (9.0, 5.0)})}
    assert result.report.windows == 1 and result.report.doors == 2
    assert any("read as windows" in n for n in result.report.notes)


def test_walls_are_cut_under_windows_and_doors() -> None:
    # A window in the left wall (1,4)-(1,5): the wall no longer covers that stretch.
    result = load("window.dd2vtt")
    left = sorted(
        tuple(sorted((w.a, w.b))) for w in result.encounter.map.walls
        if w.kind is WallKind.WALL and w.a[0] == w.b[0] == 1.0
    )
    assert left == [((1.0, 1.0), (1.0, 4.0)), ((1.0, 5.0), (1.0, 7.0))]


def test_missing_closed_is_a_closed_door_with_a_warning() -> None:
    result = load("missing-closed.uvtt")
    assert WallKind.DOOR_CLOSED in kinds(result)
    assert any("without 'closed'" in w for w in result.report.warnings)


@pytest.mark.parametrize(("name", "kind"), [("webp-image.df2vtt", "webp"), ("jpeg-image.uvtt", "jpeg"),
                                            ("data-uri.uvtt", "png")])
def test_image_kinds_and_data_uri_prefix(name: str, kind: str) -> None:
    result = load(name)
    assert result.image is not None and (result.image.kind, result.image.width, result.image.height) == (
        kind, 80, 64,
    )
    assert result.encounter.map.background.pixels_per_tile == 8
    assert result.suggested_image_name.endswith(result.image.suffix)
    assert result.report.warnings == []


def test_wrong_pixels_per_grid_takes_the_scale_from_the_image() -> None:
    # "when image size ≠ map_size × pixels_per_grid ..., the scale comes from the real image,
    # with a warning"
    result = load("wrong-ppg.uvtt")
    assert result.encounter.map.background.pixels_per_tile == 8
    assert any("pixels_per_grid is 50" in w and "8 px per cell" in w for w in result.report.warnings)


def test_wall_drawn_through_a_door_is_cut_so_the_door_works() -> None:
    result = load("wall-through-door.uvtt")
    top = [w for w in result.encounter.map.walls if w.kind is WallKind.WALL and w.a[1] == w.b[1] == 1.0]
    covered = sum(abs(w.b[0] - w.a[0]) for w in top)
    assert covered == pytest.approx(7.0)  # 8 cells of wall minus the 1-cell door
    assert not any(min(w.a[0], w.b[0]) < 4.5 < max(w.a[0], w.b[0]) for w in top)


def test_no_image_imports_without_background_and_says_so() -> None:
    result = load("no-image.uvtt")
    assert result.image is None and result.encounter.map.background is None
    assert any(w.startswith("image:") for w in result.report.warnings)


def test_truncated_file_is_a_clear_error() -> None:
    with pytest.raises(MapImportError, match="not valid JSON .* is the file complete"):
        load("truncated.dd2vtt")


def test_missing_resolution_names_the_key() -> None:
    with pytest.raises(MapImportError, match=r"^resolution: missing"):
        import_uvtt(b'{"format": 0.3, "line_of_sight": []}', ruleset="avorkarth")


def test_bad_map_size_names_the_key() -> None:
    with pytest.raises(MapImportError, match=r"resolution\.map_size\.x: expected a number"):
        import_uvtt(
            b'{"resolution": {"map_size": {"x": "wide", "y": 3}, "pixels_per_grid": 64}}', ruleset="avorkarth"
        )


def test_huge_map_size_is_refused() -> None:
    with pytest.raises(MapImportError, match="larger than"):
        import_uvtt(b'{"resolution": {"map_size": {"x": 100000, "y": 3}}}', ruleset="avorkarth")


def test_not_an_object_and_not_text() -> None:
    with pytest.raises(MapImportError, match="expected a JSON object"):
        import_uvtt(b"[1, 2]", ruleset="avorkarth")
    with pytest.raises(MapImportError, match="not"):
        import_uvtt(b"\xff\xfe\x00garbage", ruleset="avorkarth")


def test_malformed_entries_are_skipped_with_their_key_named() -> None:
    text = (
        b'{"resolution": {"map_size": {"x": 4, "y": 4}}, "line_of_sight": [[{"x": 0, "y": 0}, {"x": 1}],'
        b' [{"x": 0, "y": 1}, {"x": 2, "y": 1}]], "portals": [7], "lights": [{"range": 3}], "image": 5}'
    )
    result = import_uvtt(text, ruleset="avorkarth")
    assert len(result.encounter.map.walls) == 1
    joined = "\n".join(result.report.warnings)
    for key in ("line_of_sight[0][1]", "portals[0]", "lights[0].position", "image:", "map_origin"):
        assert key in joined


IMPORTABLE = sorted(
    p.name
    for p in FIXTURES.iterdir()
    if p.suffix in (".uvtt", ".dd2vtt", ".df2vtt") and p.stem != "truncated"
)


@pytest.mark.parametrize("name", IMPORTABLE)
def test_every_importable_variant_is_a_valid_encounter_file(name: str) -> None:
    from vantage.engine.fileformat import encounter_from_dict, encounter_to_dict

    encounter = load(name).encounter
    assert encounter_from_dict(encounter_to_dict(encounter)) == encounter


def test_coordinates_that_overflow_are_dropped_not_a_crash() -> None:
    # Found by the mutation test: 1.7e308 minus a negative origin is infinite.
    text = (
        '{"resolution": {"map_origin": {"x": -1.7e308, "y": 0}, "map_size": {"x": 4, "y": 4}},'
        ' "line_of_sight": [[{"x": 1.7e308, "y": 1}, {"x": 1, "y": 1}]],'
        ' "portals": [{"bounds": [{"x": 1.7e308, "y": 1}, {"x": 1, "y": 1}], "closed": true}],'
        ' "objects_line_of_sight": [[{"x": 1.7e308, "y": 1}, {"x": 1, "y": 1}, {"x": 2, "y": 2}]]}'
    )
    result = import_uvtt(text, ruleset="avorkarth")
    assert result.encounter.map.walls == () and result.encounter.map.objects == ()
    assert any("portals[0]: coordinates far outside the map" in w for w in result.report.warnings)
