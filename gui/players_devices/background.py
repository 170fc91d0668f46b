"""The map's background picture for the players' devices, with the fog painted in before it leaves.

The projector paints the fog over the whole picture; a browser could take such a layer away, so a
device is sent the picture of the map's area only, at most :data:`MAX_SIDE` pixels a side, with
every tile the players do not see (``unseen`` in the filtered map) painted black **before** it is
encoded: the pixels of a fogged area never leave the GM's machine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter

from vantage.engine.model import BackgroundImage
from vantage.engine.table.device_view import DeviceView

#: The longest side of the picture a device gets (pixels).
MAX_SIDE = 2048
JPEG_QUALITY = 82


def picture_path(background: BackgroundImage, base_dir: Path | None) -> Path:
    path = Path(background.path)
    return path if path.is_absolute() or base_dir is None else base_dir / path


def fogged_picture(path: Path, background: BackgroundImage, map_message: Mapping[str, Any]) -> bytes:
    """The JPEG of the map's area of the picture at ``path``, the unseen tiles of ``map_message``
    (a :func:`~vantage.engine.table.device_view.map_message`) black; b"" when it cannot be read."""
    width, height = int(map_message["width"]), int(map_message["height"])
    ppt = background.pixels_per_tile
    reader = QImageReader(str(path))
    full = reader.size()
    if not full.isValid() or ppt <= 0:
        return b""
    scale = min(1.0, MAX_SIDE / max(full.width(), full.height(), 1))
    if scale < 1.0:
        reader.setScaledSize(QSize(max(1, round(full.width() * scale)), max(1, round(full.height() * scale))))
    picture = reader.read()
    if picture.isNull():
        return b""
    tile = ppt * scale
    side_px = max(1, round(width * tile)), max(1, round(height * tile))
    out = QImage(side_px[0], side_px[1], QImage.Format.Format_RGB32)
    out.fill(QColor("black"))
    painter = QPainter(out)
    ox, oy = background.offset_px
    painter.drawImage(QRectF(0, 0, side_px[0], side_px[1]), picture,
                      QRectF(ox * scale, oy * scale, side_px[0], side_px[1]))
    unseen = {i for i, kind in enumerate(map_message["palette"]) if kind["id"] == "unseen"}
    for index, cell in enumerate(map_message["terrain"]):
        if cell in unseen:
            x, y = index % width, index // width
            painter.fillRect(QRectF(x * tile - 0.5, y * tile - 0.5, tile + 1, tile + 1), QColor("black"))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    out.save(buffer, "JPEG", JPEG_QUALITY)  # type: ignore[call-overload]  # the stub says bytes; Qt wants str
    buffer.close()
    return bytes(data.data())


class PictureServer(Protocol):
    def set_made_file(self, name: str, body: bytes, kind: str) -> None: ...


class DevicePicture:
    """The background picture one server gives its devices: made again only when the picture or
    the unseen tiles change; a picture that cannot be read is tried once and said."""

    def __init__(self, server: PictureServer, base_dir: Callable[[], Path | None],
                 say: Callable[[str], None] = lambda text: None) -> None:
        self.server = server
        self.base_dir = base_dir
        self.say = say
        self._key: object = None
        self._version = 0

    def for_view(self, view: DeviceView) -> Mapping[str, Any] | None:
        """``{"url": …}`` of the picture for ``view``, or None (no picture, or it cannot be read)."""
        background = view.shown.map.background
        if background is None:
            return None
        path = picture_path(background, self.base_dir())
        try:
            stamp = path.stat().st_mtime_ns
        except OSError:
            return None
        key = (str(path), stamp, background, tuple(view.map["terrain"]), tuple(map(str, view.map["palette"])))
        if key != self._key:
            self._key = key  # tried once per picture and fog: a bad one is not retried each change
            try:
                data = fogged_picture(path, background, view.map)
            except Exception as error:  # noqa: BLE001 - a bad picture costs the devices the picture only
                self.say(f"the background picture is not shared: {error}")
                data = b""
            self._version = self._version + 1 if data else 0
            if data:
                self.server.set_made_file("background.jpg", data, "image/jpeg")
        return {"url": f"background.jpg?v={self._version}"} if self._version else None
