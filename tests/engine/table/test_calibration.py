"""Physical scale maths for the projector.

Issue 6: "a calibration dialog so one tile is exactly one inch (or 25 mm, or any size) on the
glass — from the screen's reported physical size, or by dragging a ruler on the projected image
to match a real object".
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.table.calibration import (
    MM_PER_INCH,
    ONE_INCH,
    Calibration,
    Length,
    LengthUnit,
    calibration_from_ruler,
    calibration_from_screen,
    parse_length,
)


def test_from_the_screens_reported_size():
    # a 24" 1920 px wide monitor is about 531 mm wide: 1920 / 531 px/mm ≈ 91.8 px/in
    cal = calibration_from_screen(1920, 531.0)
    assert cal.pixels_per_mm == pytest.approx(1920 / 531)
    assert cal.pixels_per_tile(ONE_INCH) == pytest.approx(1920 / 531 * 25.4)
    assert "531 mm" in cal.source


def test_from_a_ruler_matched_to_a_real_object():
    # a credit card is 85.6 mm wide; the GM dragged the ruler over 342.4 px to match it
    cal = calibration_from_ruler(342.4, Length(85.6, LengthUnit.MM))
    assert cal.pixels_per_mm == pytest.approx(4.0)
    assert cal.pixels_per_tile(Length(25, LengthUnit.MM)) == pytest.approx(100.0)


def test_n_pixels_per_inch_gives_tiles_of_n_pixels_at_one_inch():
    cal = calibration_from_ruler(96, ONE_INCH)
    assert cal.pixels_per_inch == pytest.approx(96)
    assert cal.pixels_per_tile() == pytest.approx(96)
    # a scene drawn at 64 px per tile must be zoomed by 1.5 to show 96 px tiles
    assert cal.view_scale(64) == pytest.approx(1.5)


@settings(max_examples=100, deadline=None)
@given(st.floats(1, 10_000), st.floats(0.1, 2_000), st.sampled_from(list(LengthUnit)), st.floats(0.1, 5))
def test_ruler_and_screen_agree_and_tiles_scale_with_their_size(pixels, amount, unit, tile_amount):
    real = Length(amount, unit)
    by_ruler = calibration_from_ruler(pixels, real)
    by_screen = calibration_from_screen(pixels, real.mm)
    assert by_ruler.pixels_per_mm == pytest.approx(by_screen.pixels_per_mm)
    tile = Length(tile_amount, unit)
    assert by_ruler.pixels_per_tile(tile) == pytest.approx(pixels * tile_amount / amount)


def test_lengths_parse_in_common_spellings():
    assert parse_length("1 in") == Length(1.0, LengthUnit.INCH)
    assert parse_length('1"').mm == pytest.approx(MM_PER_INCH)
    assert parse_length("25mm") == Length(25.0, LengthUnit.MM)
    assert parse_length(" 2,5 cm ").mm == pytest.approx(25.0)
    for bad in ("", "inch", "3 furlongs", "-1 in", "0 mm"):
        with pytest.raises(ValueError):
            parse_length(bad)


def test_bad_inputs_say_why():
    with pytest.raises(ValueError, match="physical size"):
        calibration_from_screen(1920, 0)
    with pytest.raises(ValueError, match="drag the ruler"):
        calibration_from_ruler(0, ONE_INCH)
    with pytest.raises(ValueError):
        Calibration(-1)
    with pytest.raises(ValueError, match="pixels_per_mm"):
        Calibration.from_dict({"pixels_per_mm": "lots"})


def test_saved_calibration_round_trips_and_explains_itself():
    cal = calibration_from_ruler(192, Length(2, LengthUnit.INCH))
    assert Calibration.from_dict(cal.to_dict()) == cal
    assert cal.explain() == "96 px/in (3.78 px/mm, ruler of 192 px matched 2 in); one tile of 1 in = 96 px"
