"""``vantage import MAP -o ENCOUNTER.json``: import a Universal VTT, Tiled or picture map headless.

Writes a Vantage encounter and its background picture beside it (``ENCOUNTER.png``, ``.jpg`` or
``.webp``), then prints the import report and the ruleset the encounter is played by: ``--ruleset``,
or else the one the GM chose last in Vantage (the GUI's :func:`preferred_ruleset`), or else the
first installed. A picture larger than ``--max-px`` on its longer side is shrunk with Qt's image
reader (QtGui only, no QApplication and no screen) and the grid scale follows it. A file that cannot
be imported exits 1 with the reason; a usage error exits 2.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
from pathlib import Path
from typing import TextIO

from vantage.engine.fileformat import EncounterFileError, save_encounter
from vantage.engine.fileformat.storage import encounter_file_bytes
from vantage.engine.importers.file_limits import read_file_start
from vantage.engine.importers.image import MAX_TILES_PER_SIDE, GridAlignment
from vantage.engine.importers.image_header import ImageHeaderError, read_image_header
from vantage.engine.importers.open_map import import_map_file, is_plain_image
from vantage.engine.importers.report import MapImportError
from vantage.engine.protocol.field_values import NumberTextError, short_repr, whole_number_text
from vantage.engine.rules import UnknownRuleset, ruleset_ids, ruleset_name
from vantage.gui.appdata.gm_settings import first_installed_ruleset, preferred_ruleset, remembered_ruleset
from vantage.gui.cli.options import whole_option
from vantage.gui.importing.images import (
    DEFAULT_DECODE_LIMIT_MB,
    DEFAULT_MAX_PX,
    HEADER_BYTES,
    PictureExists,
    guess_grid,
    read_preview,
    store_background,
)
from vantage.gui.importing.picture_home import picture_home

#: The largest picture side in pixels an offset or a grid square may name.
MAX_PICTURE_PX = 1_000_000


class UsageError(ValueError):
    """A malformed command-line option (exit status 2)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vantage import",
        description="Import a Universal VTT (.dd2vtt .uvtt .df2vtt), Tiled (.tmx .tmj) or picture "
        "(.png .jpg .webp) map as a Vantage encounter.",
    )
    parser.add_argument("map", help="the map file to import")
    parser.add_argument("-o", "--output", required=True, help="the encounter file to write (.json)")
    parser.add_argument("--max-px", type=whole_option(MAX_PICTURE_PX), default=DEFAULT_MAX_PX,
                        help="shrink larger pictures to this")
    parser.add_argument("--max-decode-mb", type=whole_option(2**20), default=DEFAULT_DECODE_LIMIT_MB,
                        help=argparse.SUPPRESS)
    parser.add_argument("--ruleset",
                        help="the ruleset the encounter is played by (default: the ruleset you chose last "
                             f"in Vantage, else the first installed: {first_installed_ruleset()}; now "
                             f"{preferred_ruleset()}; known: {', '.join(ruleset_ids())})")
    parser.add_argument("--force", action="store_true",
                        help="replace an existing encounter or picture of that name "
                             "(the old one is kept as .bak)")
    picture = parser.add_argument_group("plain pictures")
    picture.add_argument(
        "--pixels-per-tile", type=float, help="the size of one grid square in pixels (default: guessed)"
    )
    picture.add_argument("--offset", default="0,0", help="X,Y: the pixel of the first grid corner")
    picture.add_argument("--tiles", help="WxH: the map size in tiles (default: the whole tiles that fit)")
    return parser


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    output = Path(args.output)
    try:
        _check_targets(Path(args.map), output, args.force)
        if args.max_px < 16:
            raise UsageError(f"--max-px {args.max_px}: give at least 16 pixels")
        ruleset = preferred_ruleset() if args.ruleset is None else args.ruleset
        if ruleset not in ruleset_ids():
            raise UsageError(f"--ruleset {ruleset!r}: {UnknownRuleset(ruleset, ruleset_ids())}")
        grid = _grid(args) if is_plain_image(args.map) else None
        result = import_map_file(args.map, grid, ruleset=ruleset)
        if grid is not None and args.pixels_per_tile is None:
            result.report.note(
                f"grid guessed from the lines on the picture: {grid.pixels_per_tile:g} px per tile, "
                f"first corner at ({grid.offset_px[0]:.1f}, {grid.offset_px[1]:.1f}) px; "
                "give --pixels-per-tile and --offset to set it yourself"
            )
        encounter_file_bytes(result.encounter, str(output))  # too large to open again: refused first
        pictures_before = _pictures(output)
        folder, stem = picture_home(Path(args.map), output)  # beside the encounter, named after it
        encounter = store_background(
            result, folder, stem, max_px=args.max_px, decode_limit_mb=args.max_decode_mb,
            never_overwrite=Path(args.map), if_exists="replace" if args.force else "refuse",
        )
        try:
            save_encounter(encounter, output)
        except BaseException:
            _take_back_pictures(output, pictures_before)
            raise
    except UsageError as exc:
        print(f"vantage import: {exc}", file=err)
        return 2
    except MapImportError as exc:
        print(f"vantage import: {exc}", file=err)
        return 1
    except (PictureExists, EncounterFileError) as exc:
        print(f"vantage import: {exc}", file=err)
        return 1
    except OSError as exc:
        print(f"vantage import: cannot write {exc.filename or output}: {exc.strerror or exc}", file=err)
        return 1
    except MemoryError:
        print(f"vantage import: {args.map}: there is not enough memory to import this map", file=err)
        return 1
    print(result.report, file=out)
    print(f"Wrote {output}, played by {_ruleset_words(ruleset, chosen=args.ruleset is not None)}", file=out)
    return 0


def _ruleset_words(ruleset: str, chosen: bool) -> str:
    """The ruleset's name, and, when ``--ruleset`` did not name it, where it came from."""
    name = ruleset_name(ruleset)
    if chosen:
        return name
    why = "the one you chose last in Vantage" if remembered_ruleset() == ruleset else "the first installed"
    return f"{name} ({ruleset}: {why}; --ruleset chooses another)"


def _pictures(output: Path) -> dict[Path, int]:
    """The pictures an import to ``output`` may write, with their sizes now."""
    found = {}
    for suffix in (".png", ".jpg", ".webp"):
        for path in (output.with_suffix(suffix), output.with_name(f"{output.stem}-background{suffix}")):
            if path.is_file():
                found[path] = path.stat().st_size
    return found


def _take_back_pictures(output: Path, before: dict[Path, int]) -> None:
    """The encounter could not be written: remove the picture this import wrote, or put back the
    one it replaced (kept as ``NAME.bak`` by ``--force``)."""
    for path in _pictures(output):
        backup = path.with_name(path.name + ".bak")
        with contextlib.suppress(OSError):
            if path not in before:
                path.unlink()
            elif backup.is_file() and backup.stat().st_size == before[path]:
                os.replace(backup, path)


def _check_targets(source: Path, output: Path, force: bool) -> None:
    """Refuse an ``-o`` that names the imported map itself, something that is not a regular file
    (a device, a folder), or, without ``--force``, an encounter that already exists."""
    if output.exists() or output.is_symlink():
        if source.exists() and output.resolve() == source.resolve():
            raise UsageError(f"-o {output}: this is the map being imported; write the encounter elsewhere")
        if not output.is_file():
            raise UsageError(f"-o {output}: this is not a regular file; write the encounter to a .json file")
        if not force:
            raise PictureExists(f"{output} already exists; give --force to replace it (the old one is "
                                f"kept as {output.name}.bak), or choose another -o name")


def _grid(args: argparse.Namespace) -> GridAlignment:
    if args.pixels_per_tile is None:
        return _guessed_grid(Path(args.map), args.tiles)
    try:
        ox, oy = (float(v) for v in args.offset.split(","))
    except ValueError:
        raise UsageError(f"--offset {args.offset!r}: expected X,Y in pixels, e.g. 12,0") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_PICTURE_PX for v in (ox, oy)):
        raise UsageError(f"--offset {args.offset!r}: X and Y must be numbers of pixels "
                         f"within ±{MAX_PICTURE_PX:,}")
    if not (math.isfinite(args.pixels_per_tile) and 4 <= args.pixels_per_tile <= MAX_PICTURE_PX):
        raise UsageError(f"--pixels-per-tile {args.pixels_per_tile:g}: give 4 … {MAX_PICTURE_PX:,} pixels")
    width, height = _tile_count(args.tiles)
    return GridAlignment(args.pixels_per_tile, (ox, oy), width, height)


def _tile_count(text: str | None) -> tuple[int | None, int | None]:
    if not text:
        return None, None
    words = text.lower().split("x")
    if len(words) != 2:
        raise UsageError(f"--tiles {short_repr(text)}: expected WxH in tiles, e.g. 30x20")
    try:
        width, height = (whole_number_text(v, MAX_TILES_PER_SIDE) for v in words)
    except NumberTextError as bad:
        raise UsageError(f"--tiles {short_repr(text)}: {bad}; expected WxH in tiles, e.g. 30x20") from None
    return width, height


def _guessed_grid(path: Path, tiles: str | None) -> GridAlignment:
    """The grid guessed from the lines drawn on the picture at ``path`` (MapImportError if none)."""
    try:
        header = read_image_header(read_file_start(path, HEADER_BYTES, path.name))
    except ImageHeaderError as exc:
        raise MapImportError(f"{path.name}: {exc}") from None
    preview, scale = read_preview(path, (header.width, header.height))
    grid = guess_grid(preview, scale)
    if grid is None:
        raise MapImportError(
            f"{path.name}: no regular grid lines found; give --pixels-per-tile (and --offset X,Y)"
        )
    width, height = _tile_count(tiles)
    return GridAlignment(round(grid.pixels_per_tile, 2), grid.offset_px, width, height)
