"""Pick the importer for a map file by its name: Universal VTT, Tiled or a plain image."""

from __future__ import annotations

from pathlib import Path

from vantage.engine.importers import image, tiled, uvtt
from vantage.engine.importers.image import GridAlignment
from vantage.engine.importers.report import ImportResult, MapImportError

#: Every file name ending the importers read, for file dialogs.
IMPORT_SUFFIXES = (*uvtt.SUFFIXES, *tiled.SUFFIXES, *image.SUFFIXES)


def is_plain_image(path: str | Path) -> bool:
    return Path(path).suffix.lower() in image.SUFFIXES


def import_map_file(path: str | Path, grid: GridAlignment | None = None, *, ruleset: str) -> ImportResult:
    """Import ``path`` as an encounter played by ``ruleset`` (an id; the caller offers the
    registered ones); a plain image needs ``grid`` (where its squares are)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in uvtt.SUFFIXES:
        return uvtt.import_uvtt_file(path, ruleset=ruleset)
    if suffix in tiled.SUFFIXES:
        return tiled.import_tiled_file(path, ruleset=ruleset)
    if suffix in image.SUFFIXES:
        if grid is None:
            raise MapImportError(
                f"{path.name}: a plain picture needs its grid: the pixels per tile (and the offset "
                "of the first grid corner, if not 0, 0)"
            )
        return image.import_image_file(path, grid, ruleset=ruleset)
    known = ", ".join(IMPORT_SUFFIXES)
    what = suffix or "files without a suffix"
    raise MapImportError(f"{path.name}: Vantage imports {known} files, not {what}")
