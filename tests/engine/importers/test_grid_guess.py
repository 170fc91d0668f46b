"""Plain images: "an automatic guess from the image is a bonus" — the spacing and phase of the
grid lines found from an edge profile."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.importers.grid_guess import NO_GRID, GridFound, GridRefused, find_grid, guess_period


def profile(length: int, period: float, phase: float, noise: float = 0.0, seed: int = 0) -> list[float]:
    rng = np.random.default_rng(seed)
    x = np.arange(length)
    nearest = np.abs(((x - phase + period / 2) % period) - period / 2)
    lines = np.exp(-(nearest**2) / 0.8)
    return list(lines * 10 + rng.normal(0, noise, length) + 3)


@settings(max_examples=60, deadline=None)
@given(st.floats(20, 150), st.floats(0, 1), st.integers(0, 1000))
def test_grid_lines_give_their_period_and_phase(period: float, phase_share: float, seed: int) -> None:
    phase = phase_share * period * 0.999
    guess = guess_period(profile(1600, period, phase, noise=1.0, seed=seed))
    assert guess is not None
    assert guess.period == pytest.approx(period, rel=0.01)
    distance = min(abs(guess.phase - phase), period - abs(guess.phase - phase))
    assert distance < 1.0
    assert guess.confidence > 0.3


def test_flat_or_short_profiles_give_no_guess() -> None:
    assert guess_period([5.0] * 1000) is None
    assert guess_period([1.0, 2.0, 3.0]) is None


def test_noise_alone_is_not_confident() -> None:
    rng = np.random.default_rng(3)
    guess = guess_period(list(rng.normal(0, 1, 2000)))
    assert guess is None or guess.confidence < 0.3


# --- a whole picture: find_grid -------------------------------------------------------------------


def drawn_grid(
    size: tuple[int, int], cell: float, offset: tuple[float, float], width: float, ink: float,
    grain: float, seed: int,
) -> np.ndarray:
    """A floor of brightness 150 with grain, and grid lines of brightness ``ink`` over it."""
    from tests.fixtures.grids.make_grids import Lines, grid_cover, texture

    rng = np.random.default_rng(seed)
    floor = 150 + texture(rng, size[1], size[0], grain)
    cover = grid_cover(size[1], size[0], cell, offset, Lines(width))
    return floor * (1 - cover) + ink * cover


def around(a: float, b: float, cell: float) -> float:
    apart = abs(a - b) % cell
    return min(apart, cell - apart)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    st.integers(16, 130), st.floats(0, 0.999), st.floats(0, 0.999),
    st.sampled_from([1.0, 1.5, 2.0, 3.0, 5.0]),
    st.floats(20, 130), st.floats(0, 25), st.integers(0, 1000),
)
@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_a_grid_drawn_on_a_floor_is_found_to_a_pixel(
    cell: int, x_share: float, y_share: float, width: float, ink: float, grain: float, seed: int
) -> None:
    """Issue 15: "found exactly (±1 px)" — any cell size from 16 px, any offset, any line width."""
    offset = (x_share * cell, y_share * cell)
    found = find_grid(drawn_grid((560, 520), cell, offset, width, ink, grain, seed))
    assert isinstance(found, GridFound), found
    assert found.cell_px == pytest.approx(cell, abs=1.0)
    assert around(found.offset_px[0], offset[0], cell) <= 1.0
    assert around(found.offset_px[1], offset[1], cell) <= 1.0
    assert 0 <= found.offset_px[0] < found.cell_px and 0 <= found.offset_px[1] < found.cell_px


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=15, deadline=None, derandomize=True)
@given(st.floats(5, 60), st.integers(0, 1000))
def test_a_floor_with_no_lines_is_refused(grain: float, seed: int) -> None:
    """"a picture with no grid is refused, never guessed"."""
    from tests.fixtures.grids.make_grids import texture

    result = find_grid(150 + texture(np.random.default_rng(seed), 600, 700, grain))
    assert isinstance(result, GridRefused)
    assert result.reason.startswith(NO_GRID)


def test_lines_one_way_only_are_refused_naming_the_direction() -> None:
    """Planks or a ruled page: lines down the picture but none across it is not a grid."""
    picture = np.full((600, 800), 150.0)
    picture[:, 10::50] = 40
    result = find_grid(picture)
    assert isinstance(result, GridRefused)
    assert result.reason == f"{NO_GRID}: down the picture, no lines repeat at a regular spacing."


def test_lines_of_two_spacings_are_refused_as_not_square() -> None:
    """A square grid has one spacing both ways: 50 px across and 80 px down is refused."""
    picture = np.full((800, 800), 150.0)
    picture[:, 10::50] = 40
    picture[5::80, :] = 40
    result = find_grid(picture)
    assert isinstance(result, GridRefused)
    assert "50.0 px apart and those down 80.0 px" in result.reason


def test_brick_joints_are_refused() -> None:
    """Joints that cross every other course show along half the cell sides, in a checkerboard."""
    from tests.fixtures.grids.make_grids import brick_cover

    cover = brick_cover(768, 960, 48, 96, 3)
    result = find_grid(150 * (1 - cover) + 40 * cover)
    assert isinstance(result, GridRefused)
    assert "vertical lines" in result.reason


def test_lines_lighter_than_the_floor_are_found_as_well_as_darker_ones() -> None:
    dark = find_grid(drawn_grid((700, 600), 60, (12, 34), 2, 40, 5, 1))
    light = find_grid(drawn_grid((700, 600), 60, (12, 34), 2, 240, 5, 1))
    assert isinstance(dark, GridFound) and isinstance(light, GridFound)
    assert dark.cell_px == light.cell_px == 60.0
    assert around(dark.offset_px[0], light.offset_px[0], 60) < 0.5


def test_bold_lines_every_few_cells_give_the_fine_cell_not_the_bold_one() -> None:
    """Graph-paper maps: the bold lines every 5 cells repeat most strongly, but a tile is one cell."""
    from tests.fixtures.grids.make_grids import Lines, grid_cover

    picture = drawn_grid((900, 800), 40, (13, 27), 1, 115, 8, 4)
    bold = grid_cover(800, 900, 200, (13, 27), Lines(3))
    found = find_grid(picture * (1 - bold) + 30 * bold)
    assert isinstance(found, GridFound), found
    assert found.cell_px == 40.0
    assert around(found.offset_px[0], 13, 40) <= 1 and around(found.offset_px[1], 27, 40) <= 1


def test_the_grid_of_a_real_dungeondraft_export_is_found(tmp_path: Path) -> None:
    """The sample export (tests/fixtures/uvtt/real): 1280 px, 64 px per tile, dashed lines over planks,
    the first lines on the picture's edges."""
    from tests.fixtures.grids.labelled_set import read_gray
    from vantage.engine.importers.uvtt import import_uvtt_file

    sample = Path(__file__).resolve().parents[2] / "fixtures/uvtt/real/cave-and-doors.dd2vtt"
    image = import_uvtt_file(sample, ruleset="avorkarth").image
    assert image is not None
    picture = tmp_path / "cave-and-doors.png"
    picture.write_bytes(image.data)
    found = find_grid(read_gray(picture))
    assert isinstance(found, GridFound), found
    assert found.cell_px == 64.0
    assert around(found.offset_px[0], 0, 64) <= 1 and around(found.offset_px[1], 0, 64) <= 1
