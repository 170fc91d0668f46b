"""Plain images: "PNG/JPEG/WebP as a background: the GM aligns the grid (drag two corners of one
square, or type pixels per tile and offset ...) and sets the map size in tiles"."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.importers.image import GridAlignment, grid_from_corners, import_image, tiles_that_fit
from vantage.engine.importers.open_map import import_map_file
from vantage.engine.importers.report import MapImportError

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt"


def test_typed_grid_gives_whole_tiles_and_the_background() -> None:
    result = import_image(
        solid_png(700, 500), GridAlignment(70, (0, 0)), source="cellar.png", ruleset="avorkarth"
    )
    m = result.encounter.map
    assert (m.width, m.height) == (10, 7)
    assert m.background.path == "cellar.png" and m.background.pixels_per_tile == 70
    assert result.report.image_size == (700, 500) and m.walls == ()


def test_offset_and_chosen_size() -> None:
    grid = GridAlignment(64, (12, 20), width=5, height=4)
    result = import_image(solid_png(700, 500), grid, ruleset="avorkarth")
    m = result.encounter.map
    assert (m.width, m.height) == (5, 4) and m.background.offset_px == (12, 20)
    assert any("holds 10 × 7 whole tiles" in n for n in result.report.notes)


def test_two_corners_of_one_square() -> None:
    grid = grid_from_corners((210.0, 150.0), (140.0, 80.0))
    assert grid.pixels_per_tile == 70 and grid.offset_px == (0.0, 10.0)
    with pytest.raises(ValueError, match="not a square"):
        grid_from_corners((0, 0), (100, 30))


@settings(max_examples=100, deadline=None)
@given(st.floats(8, 200), st.floats(0, 1), st.floats(0, 1), st.integers(0, 30), st.integers(0, 30))
def test_any_square_of_the_grid_gives_the_same_alignment(size, fx, fy, col, row) -> None:
    offset = (fx * size * 0.99, fy * size * 0.99)
    a = (offset[0] + col * size, offset[1] + row * size)
    grid = grid_from_corners(a, (a[0] + size, a[1] + size))
    assert grid.pixels_per_tile == pytest.approx(size)
    assert grid.offset_px[0] == pytest.approx(offset[0], abs=1e-6)
    assert tiles_that_fit((int(offset[0] + 10 * size + 1), 10_000), grid)[0] == 10


def test_dispatch_needs_a_grid_for_pictures_and_knows_the_suffixes(tmp_path: Path) -> None:
    picture = tmp_path / "map.png"
    picture.write_bytes(solid_png(64, 64))
    with pytest.raises(MapImportError, match="needs its grid"):
        import_map_file(picture, ruleset="avorkarth")
    assert import_map_file(picture, GridAlignment(32), ruleset="avorkarth").encounter.map.width == 2
    with pytest.raises(MapImportError, match="not .docx"):
        import_map_file(tmp_path / "notes.docx", ruleset="avorkarth")
    assert import_map_file(FIXTURES / "plain.dd2vtt", ruleset="avorkarth").report.doors == 1


def test_not_a_picture_and_silly_grids_are_refused() -> None:
    with pytest.raises(MapImportError, match="not a PNG, JPEG or WebP"):
        import_image(b"hello", GridAlignment(64), ruleset="avorkarth")
    with pytest.raises(MapImportError, match="too small"):
        import_image(solid_png(64, 64), GridAlignment(0.5), ruleset="avorkarth")
    with pytest.raises(MapImportError, match="outside 1"):
        import_image(solid_png(64, 64), GridAlignment(8, width=5000, height=2), ruleset="avorkarth")


MINIMAL_TMX = (
    '<?xml version="1.0" encoding="UTF-8"?><map version="1.10" orientation="orthogonal" '
    'renderorder="right-down" width="2" height="2" tilewidth="32" tileheight="32" infinite="0">'
    '<layer id="1" name="Ground" width="2" height="2"><data encoding="csv">0,0,0,0</data></layer></map>'
)


def test_every_importer_takes_the_ruleset_the_gm_chose(tmp_path: Path) -> None:
    """"New and imported maps ask which ruleset": the image, Universal VTT and Tiled importers build
    the encounter with the ruleset they are given (they have no default: test_ruleset_argument.py)."""
    picture = tmp_path / "map.png"
    picture.write_bytes(solid_png(64, 64))
    tiled = tmp_path / "room.tmx"
    tiled.write_text(MINIMAL_TMX, encoding="utf-8")
    sources = [(picture, GridAlignment(32)), (FIXTURES / "plain.dd2vtt", None), (tiled, None)]
    for path, grid in sources:
        assert import_map_file(path, grid, ruleset="skirmish").encounter.ruleset == "skirmish", path
        assert import_map_file(path, grid, ruleset="baton").encounter.ruleset == "baton", path
