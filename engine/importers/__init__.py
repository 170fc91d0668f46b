"""Importers: turn maps GMs already have into Vantage encounters.

Universal VTT (``.dd2vtt``, ``.uvtt``, ``.df2vtt``), Tiled (``.tmx``, ``.tmj``) and plain images
(PNG, JPEG, WebP). Each importer returns an :class:`ImportResult`: the encounter, the raw bytes of
its background image (never decoded here: the engine reads image *dimensions* from the header
only) and an :class:`ImportReport` that counts what was found and lists every warning. A file that
cannot be imported raises :class:`MapImportError` with the reason. See docs/import.md.
"""

from vantage.engine.importers.image import GridAlignment, grid_from_corners
from vantage.engine.importers.open_map import IMPORT_SUFFIXES, import_map_file, is_plain_image
from vantage.engine.importers.report import (
    DEFAULT_RULESET,
    ImportedImage,
    ImportReport,
    ImportResult,
    MapImportError,
)

__all__ = [
    "DEFAULT_RULESET",
    "IMPORT_SUFFIXES",
    "GridAlignment",
    "ImportReport",
    "ImportResult",
    "ImportedImage",
    "MapImportError",
    "grid_from_corners",
    "import_map_file",
    "is_plain_image",
]
