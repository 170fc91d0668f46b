"""A plain picture (PNG, JPEG, WebP) as the background of a new encounter.

The GM says where the grid is: ``pixels_per_tile`` and the pixel ``offset_px`` of the top-left
corner of tile (0, 0) — typed in, or from two opposite corners of one square
(:func:`grid_from_corners`). The map size in tiles defaults to the whole tiles that fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from vantage.engine.importers.file_limits import MAX_IMAGE_BYTES, read_regular_file
from vantage.engine.importers.image_header import (
    ImageHeaderError,
    image_looks_complete,
    png_damage,
    read_image_header,
)
from vantage.engine.importers.report import (
    ImportedImage,
    ImportReport,
    ImportResult,
    MapImportError,
)
from vantage.engine.model import BackgroundImage, Encounter, GameMap, Point

SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
#: The largest map side in tiles (the same as for Universal VTT).
MAX_TILES_PER_SIDE = 1000
#: A tile's worth of image that is at least this fraction present still counts as a whole tile.
_EDGE_SLACK = 0.02


@dataclass(frozen=True)
class GridAlignment:
    """Where the grid lies on a picture, in image pixels; ``width``/``height`` in tiles
    (None: as many whole tiles as fit)."""

    pixels_per_tile: float
    offset_px: Point = (0.0, 0.0)
    width: int | None = None
    height: int | None = None


def grid_from_corners(a: Point, b: Point) -> GridAlignment:
    """The grid from two opposite corners of one square (image pixels, any order).

    The tile size is the mean of the square's width and height; the offset is the square's
    top-left corner brought back to within one tile of the image's corner.
    """
    w, h = abs(b[0] - a[0]), abs(b[1] - a[1])
    if w < 2 or h < 2:
        raise ValueError("the two corners must be at least 2 px apart in both directions")
    if max(w, h) > 1.5 * min(w, h):
        raise ValueError(f"the corners outline a {w:g} × {h:g} px rectangle, not a square")
    size = (w + h) / 2
    left, top = min(a[0], b[0]), min(a[1], b[1])
    return GridAlignment(size, (_wrap(left, size), _wrap(top, size)))


def _wrap(value: float, size: float) -> float:
    """``value`` modulo ``size``, with float noise next to a whole number of tiles read as 0."""
    rest = value % size
    return 0.0 if size - rest < 1e-6 * size else round(rest, 6)


def tiles_that_fit(image_size: tuple[int, int], grid: GridAlignment) -> tuple[int, int]:
    """Whole tiles of ``grid`` inside the picture (at least 1 × 1)."""
    counts = []
    for extent, offset in zip(image_size, grid.offset_px, strict=True):
        counts.append(max(1, math.floor((extent - offset) / grid.pixels_per_tile + _EDGE_SLACK)))
    return counts[0], counts[1]


def import_image_file(path: str | Path, grid: GridAlignment, *, ruleset: str) -> ImportResult:
    """The picture at ``path`` as the background of an encounter played by ``ruleset``."""
    path = Path(path)
    data = read_regular_file(path, MAX_IMAGE_BYTES, path.name)
    return import_image(data, grid, source=path.name, ruleset=ruleset)


def import_image(data: bytes, grid: GridAlignment, source: str = "<image>", *, ruleset: str) -> ImportResult:
    """An encounter played by ``ruleset`` whose background is the picture ``data``, its grid as
    ``grid`` says."""
    try:
        header = read_image_header(data)
    except ImageHeaderError as exc:
        raise MapImportError(f"{source}: {exc}") from None
    if not (math.isfinite(grid.pixels_per_tile) and grid.pixels_per_tile >= 4):
        raise MapImportError(f"pixels per tile: {grid.pixels_per_tile:g} is too small (at least 4)")
    report = ImportReport(source, f"{header.kind.upper()} image")
    if not image_looks_complete(data, header.kind):
        report.warn(f"the {header.kind.upper()} file looks cut short; part of the picture may be missing")
    elif header.kind == "png" and (damage := png_damage(data)) is not None:
        report.warn(f"the PNG file is damaged ({damage}); part of the picture may be missing")
    fit = tiles_that_fit((header.width, header.height), grid)
    width = grid.width if grid.width is not None else fit[0]
    height = grid.height if grid.height is not None else fit[1]
    if not (1 <= width <= MAX_TILES_PER_SIDE and 1 <= height <= MAX_TILES_PER_SIDE):
        raise MapImportError(
            f"map size: {width} × {height} tiles is outside 1 … {MAX_TILES_PER_SIDE} tiles per side"
        )
    if (width, height) != fit:
        report.note(f"the picture holds {fit[0]} × {fit[1]} whole tiles; the map is {width} × {height}")
    name = Path(source).stem or "imported map"
    suffix = ImportedImage(b"", header.kind, 1, 1).suffix
    background = BackgroundImage(f"{name}{suffix}", float(grid.pixels_per_tile), grid.offset_px)
    encounter = Encounter(GameMap(width, height, background=background), name=name, ruleset=ruleset)
    report.image_size = (header.width, header.height)
    report.pixels_per_tile = float(grid.pixels_per_tile)
    report.count_walls(encounter)
    report.note("no walls in a picture: draw them in the editor; terrain starts as open ground")
    image = ImportedImage(data, header.kind, header.width, header.height)
    return ImportResult(encounter, image, report, f"{name}{suffix}")
