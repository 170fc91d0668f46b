"""Why an encounter's background picture will not show, said before the map opens blank.

The canvas draws what Qt can read and leaves the background out otherwise; this says why, so the
window can show it (status bar and log): the picture is missing, not a regular file, not a picture,
or damaged. No pixel is decoded here, only the header (and for a PNG its chunk checksums). A
picture too large to show whole is shown downscaled: the scene's own notice says so
(:mod:`vantage.gui.canvas.map_picture`).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from vantage.engine.importers.file_limits import MAX_IMAGE_BYTES
from vantage.engine.importers.image_header import ImageHeaderError, png_damage, read_image_header
from vantage.engine.model import Encounter
from vantage.gui.canvas.map_picture import background_path


def background_problem(encounter: Encounter, base_dir: Path | None) -> str | None:
    """A sentence for the GM when the background will not show, or None when it should."""
    background = encounter.map.background
    if background is None:
        return None
    path = background_path(background, base_dir)
    where = f"The background picture {path}"
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return f"{where} is missing; the map opens without it"
    except OSError as exc:
        return f"{where} cannot be read ({exc.strerror or exc}); the map opens without it"
    if not stat.S_ISREG(info.st_mode):
        return f"{where} is not a regular file (a device, a pipe or a folder); the map opens without it"
    if info.st_size > MAX_IMAGE_BYTES:
        return (f"{where} is larger than Vantage reads ({info.st_size / 1000**2:,.0f} MB); "
                "the map opens without it")
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        header = read_image_header(data)
    except OSError as exc:
        return f"{where} cannot be read ({exc.strerror or exc}); the map opens without it"
    except ImageHeaderError as exc:
        return f"{where} is not a picture Vantage shows ({exc}); the map opens without it"
    damage = png_damage(data) if header.kind == "png" else None
    if damage is not None:
        return f"{where} is damaged ({damage}); it may show in part or not at all"
    return None
