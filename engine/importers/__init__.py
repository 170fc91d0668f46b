"""Importers: turn maps GMs already have into Vantage encounters.

Universal VTT (``.dd2vtt``, ``.uvtt``, ``.df2vtt``), Tiled (``.tmx``, ``.tmj``) and plain images
(PNG, JPEG, WebP). Each importer returns an :class:`ImportResult`: the encounter, the raw bytes of
its background image (never decoded here: the engine reads image *dimensions* from the header
only) and an :class:`ImportReport` that counts what was found and lists every warning. A file that
cannot be imported raises :class:`MapImportError` with the reason.
"""

from engine.importers.report import ImportedImage, ImportReport, ImportResult, MapImportError

__all__ = ["ImportReport", "ImportResult", "ImportedImage", "MapImportError"]
