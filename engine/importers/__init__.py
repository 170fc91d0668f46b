"""Importers: turn maps GMs already have into Vantage encounters.

Universal VTT (``.dd2vtt``, ``.uvtt``, ``.df2vtt``), Tiled (``.tmx``, ``.tmj``) and plain images
(PNG, JPEG, WebP). Each importer returns an :class:`ImportResult`: the encounter, the raw bytes of
its background image (never decoded here: the engine reads image *dimensions* from the header
only) and an :class:`ImportReport` that counts what was found and lists every warning. A file that
cannot be imported raises :class:`MapImportError` with the reason. Every importer takes the ruleset
the encounter is played by as the keyword ``ruleset`` and has no default for it: the caller chooses
(the GUI asks the GM, ``vantage import`` has ``--ruleset``). See docs/import.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vantage.engine.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from vantage.engine.importers.image import GridAlignment, grid_from_corners
    from vantage.engine.importers.open_map import IMPORT_SUFFIXES, import_map_file, is_plain_image
    from vantage.engine.importers.report import (
        ImportedImage,
        ImportReport,
        ImportResult,
        MapImportError,
    )

#: Where each name of the package lives. They load when first asked for, so a module that needs one
#: small part (``file_limits``, ``image_header``: the GM window's background picture) does not load
#: every importer (Tiled's walls need shapely).
_HOMES = {
    "IMPORT_SUFFIXES": "open_map",
    "GridAlignment": "image",
    "ImportReport": "report",
    "ImportResult": "report",
    "ImportedImage": "report",
    "MapImportError": "report",
    "grid_from_corners": "image",
    "import_map_file": "open_map",
    "is_plain_image": "open_map",
}

__all__ = [
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


__getattr__ = lazy_exports(__name__, _HOMES)
