"""The background picture of the encounter ``vantage FILE`` opens, decoding before the program has
loaded anything else (issue 32, start-up).

``vantage FILE`` (``gui/app.py``) calls :func:`decode_background_early` right after PySide6 is
loaded: the picture starts decoding on a thread of its own (``map_picture.decode_ahead``) while the
program loads the file format, creates the application, reads the encounter and builds its window,
and the scene takes that decode. Where the file says its picture is comes from a look at the file
with ``json`` alone (:func:`background_file`): ``map.background.path`` (docs/file-format.md), the same
in every version of the format. It is only a head start: the file is then read and checked in full,
and a look that is wrong (a file that is no encounter, or is refused) costs a decode nobody takes,
never a problem the GM sees; a big picture is left to the window, which decodes it on the thread
pool with its progress (``picture_loading.decoded_away``).
"""

from __future__ import annotations

import json
from pathlib import Path

from vantage.engine.importers.image_header import ImageHeaderError, read_image_header
from vantage.gui.canvas import map_picture
from vantage.gui.canvas.picture_loading import DECODE_AWAY_FROM_PIXELS

#: A larger encounter file is not read twice for a head start (they are tens of kB; a long log
#: makes a few MB, read and checked in full right after anyway).
MAX_LOOK_BYTES = 2 * 1024 * 1024


def background_file(path: Path) -> Path | None:
    """The picture file the encounter file at ``path`` names as its background (``map.background.path``,
    beside the file when relative), or None: no background, no such file, a file over
    :data:`MAX_LOOK_BYTES`, or not an encounter's JSON as far as this look goes."""
    try:
        if path.stat().st_size > MAX_LOOK_BYTES:
            return None
        data = json.loads(path.read_bytes())
        picture = data["map"]["background"]["path"]
    except (OSError, ValueError, RecursionError, KeyError, TypeError):
        return None
    if not isinstance(picture, str) or not picture:
        return None
    return map_picture.picture_file(picture, path.parent)


def decode_background_early(path: Path) -> bool:
    """Start decoding the background picture of the encounter file at ``path`` (:func:`background_file`)
    on a thread of its own, unless it is big (the window decodes that on the thread pool); True when
    a decode started."""
    picture = background_file(path)
    if picture is None:
        return False
    try:
        with picture.open("rb") as handle:
            header = read_image_header(handle.read(map_picture.HEADER_BYTES))
    except (OSError, ImageHeaderError):
        return False  # the window says why it cannot show it
    if header.width * header.height >= DECODE_AWAY_FROM_PIXELS:
        return False
    return map_picture.decode_ahead(picture) is not None
