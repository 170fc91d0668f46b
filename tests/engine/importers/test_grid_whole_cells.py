"""Grids of exported maps that the autocorrelation alone misses (issue 32: "automatic grid detection
on real battle-map pictures: 6 of 10 found, 0 wrong → ≥ 9 of 10 found, 0 wrong"), and the guard
that a second way of finding lines finds none in a floor.

Issue 15: "a picture with no grid is refused, never guessed". The pictures are drawn here as the
real exports look (tests/fixtures/grids/real_maps.json names the real ones): Dungeondraft's
grid is a faint dotted line from the picture's corner, over a floor whose own pattern repeats
more often than the grid does.
"""

from __future__ import annotations

import numpy as np

from vantage.engine.importers.grid_guess import GridFound, GridRefused, find_grid


def _dotted_grid(picture: np.ndarray, cell: int, depth: float = 40.0) -> None:
    """Dungeondraft's grid: lines of 3 px dots every 6 px, ``cell`` apart from the corner."""
    dots = (np.arange(picture.shape[0]) % 6) < 3
    for x in range(0, picture.shape[1], cell):
        picture[dots, x:x + 2] -= depth
    dots = (np.arange(picture.shape[1]) % 6) < 3
    for y in range(0, picture.shape[0], cell):
        picture[y:y + 2, dots] -= depth


def _room(side: int, cell: int, seed: int = 3) -> np.ndarray:
    """A few cells of painted floor: blotches about 25 px across (what the autocorrelation sees
    first), grain, and a thick wall round a room, beside the grid lines."""
    rng = np.random.default_rng(seed)
    coarse = rng.normal(0, 30, (side // 12 + 2, side // 12 + 2))
    blotches = np.kron(coarse, np.ones((12, 12)))[:side, :side]
    picture = 150.0 + blotches + rng.normal(0, 4, (side, side))
    inner = slice(cell - 26, side - cell + 40)
    picture[inner, cell - 26:cell - 10] = 40  # walls beside, not on, the grid lines
    picture[cell - 26:cell - 10, inner] = 40
    return picture


def test_a_dotted_grid_over_a_busy_floor_is_found_from_the_whole_cells():
    """A 2560 px export of 10 cells of 256 px: the floor's joints repeat best, the grid is the
    picture's whole cells."""
    picture = _room(2560, 256)
    _dotted_grid(picture, 256)
    found = find_grid(np.clip(picture, 0, 255).astype(np.uint8))
    assert isinstance(found, GridFound), found
    assert abs(found.cell_px - 256) <= 1
    assert all(abs(o - 0.5) <= 1 for o in found.offset_px)  # the 2 px lines' middle: 0.5 px in


def test_the_same_floor_without_a_grid_is_refused():
    """"a picture with no grid is refused, never guessed": the blotches and the walls make no
    grid of whole cells."""
    result = find_grid(np.clip(_room(2560, 256), 0, 255).astype(np.uint8))
    assert isinstance(result, GridRefused), result


def test_lines_half_a_cell_apart_one_way_are_read_at_the_other_ways_spacing():
    """Tiles of half a cell drawn one way only (a table's middle, a floor's joints) made the lines
    one way twice as close as the other's: one spacing is looked for, the cells'."""
    rng = np.random.default_rng(5)
    picture = np.full((1280, 1280), 160.0) + rng.normal(0, 4, (1280, 1280))
    picture[(np.arange(1280) % 64) < 2, :] -= 30  # half-cell joints across the rows only
    picture[:, (np.arange(1280) % 128) < 3] -= 60
    picture[(np.arange(1280) % 128) < 3, :] -= 60
    found = find_grid(np.clip(picture, 0, 255).astype(np.uint8))
    assert isinstance(found, GridFound), found
    assert abs(found.cell_px - 128) <= 1
