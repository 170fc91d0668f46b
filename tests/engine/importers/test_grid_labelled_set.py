"""Issue 15, grid detection: "a labelled set of at least 12 battle-map pictures with a known grid …
and at least 4 with no grid drawn. Target: ≥ 90 % found exactly (±1 px), 0 wrong …; a picture with
no grid is refused, never guessed." The set is tests/fixtures/grids (make_grids.py draws it)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.fixtures.grids.labelled_set import Label, labels, read_gray, verdict
from vantage.engine.importers.grid_guess import NO_GRID, GridFound, GridRefused, find_grid

SET = labels()
WITH_GRID = [label for label in SET if label.cell_px is not None]
WITHOUT_GRID = [label for label in SET if label.cell_px is None]


def test_the_set_is_as_large_as_the_issue_asks() -> None:
    """"at least 12 … with a known grid … and at least 4 with no grid drawn"."""
    assert len(WITH_GRID) >= 12
    assert len(WITHOUT_GRID) >= 4
    assert all(label.path.exists() for label in SET)


@pytest.mark.parametrize("label", WITH_GRID, ids=lambda label: label.path.name)
def test_a_drawn_grid_is_found_exactly_or_refused_never_wrong(label: Label) -> None:
    """"0 wrong": a guess must be within ±1 px of the label (cell size and offsets)."""
    assert verdict(label, find_grid(read_gray(label.path))) in ("found", "refused")


@pytest.mark.parametrize("label", WITHOUT_GRID, ids=lambda label: label.path.name)
def test_a_picture_with_no_grid_is_refused_with_a_reason(label: Label) -> None:
    """"a picture with no grid is refused, never guessed"."""
    result = find_grid(read_gray(label.path))
    assert isinstance(result, GridRefused), result
    assert result.reason.startswith(NO_GRID)
    assert result.reason.endswith(".")


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_at_least_nine_in_ten_drawn_grids_are_found_exactly() -> None:
    """"≥ 90 % found exactly (±1 px)"."""
    found = [
        label.path.name for label in WITH_GRID if verdict(label, find_grid(read_gray(label.path))) == "found"
    ]
    assert len(found) >= 0.9 * len(WITH_GRID), sorted({label.path.name for label in WITH_GRID} - set(found))


def test_the_verdict_counts_a_guess_off_by_more_than_a_pixel_as_wrong() -> None:
    """The judge itself: ±1 px is exact, 1.5 px off is wrong, offsets wrap around the cell."""
    label = Label(WITH_GRID[0].path, 60.0, (0.0, 30.0))
    assert verdict(label, GridFound(60.0, (59.5, 30.9), 1.0)) == "found"
    assert verdict(label, GridFound(60.0, (1.5, 30.0), 1.0)) == "wrong"
    assert verdict(label, GridFound(61.5, (0.0, 30.0), 1.0)) == "wrong"
    assert verdict(label, GridRefused(f"{NO_GRID}: none.")) == "refused"
    assert verdict(Label(label.path, None, None), GridFound(60.0, (0.0, 0.0), 1.0)) == "wrong"


def test_a_flat_or_tiny_picture_is_refused() -> None:
    """Bad input gets a reason, not a guess or an exception."""
    flat = find_grid(np.full((600, 800), 128, dtype=np.uint8))
    tiny = find_grid(np.zeros((20, 20), dtype=np.uint8))
    assert isinstance(flat, GridRefused) and isinstance(tiny, GridRefused)
    assert "too small" in tiny.reason
    colour = find_grid(np.zeros((600, 800, 3), dtype=np.uint8))
    assert isinstance(colour, GridRefused) and "3 dimensions, not rows × columns" in colour.reason
    broken = np.full((600, 800), 128.0)
    broken[10, 10] = np.nan
    nan = find_grid(broken)
    assert isinstance(nan, GridRefused) and "not numbers" in nan.reason
