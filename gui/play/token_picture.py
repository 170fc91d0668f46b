"""A token's picture: the GM picks an image file, Vantage crops it to its centred square, scales it
to :data:`PICTURE_PX` pixels and stores it **in the encounter file** as a ``data:image/png;base64``
text in the token's ``image`` (docs/file-format.md says why: the encounter stays one file that
can be mailed or moved to another machine and still shows its pictures). The token item draws it
clipped to the disc (cropped round).

Limits, each refused with a sentence that names the file and the problem (nothing is changed):
a regular file of at most :data:`MAX_SOURCE_BYTES`, a PNG, JPEG, WebP, BMP or GIF (first frame)
that Qt can read, at most :data:`MAX_SOURCE_SIDE` pixels a side. Setting or removing a picture
is one ``EditToken`` (``image``; ``""`` removes it), one undo step.
"""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRect, Qt
from PySide6.QtGui import QImage, QImageReader, QPainter
from PySide6.QtWidgets import QFileDialog, QWidget

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.field_values import MAX_TEXT
from vantage.gui.document import EncounterDocument, run_command

#: The stored picture's width and height in pixels (a token is rarely drawn larger on a screen).
PICTURE_PX = 256
MAX_SOURCE_BYTES = 20 * 1024 * 1024
MAX_SOURCE_SIDE = 8192
FORMATS = ("png", "jpeg", "jpg", "webp", "bmp", "gif")
DATA_PREFIX = "data:image/png;base64,"
JPEG_PREFIX = "data:image/jpeg;base64,"
#: The longest picture text a token holds: the text limit of a command field, so that ``vantage
#: play`` replays every ``edit_token`` the window made (docs/reliability.md, "Limits").
MAX_PICTURE_TEXT = MAX_TEXT
FILE_FILTER = "Pictures (*.png *.jpg *.jpeg *.webp *.bmp *.gif)"


class PictureRefused(ValueError):
    """A picture file that cannot become a token picture; the message says why."""


def picture_data(path: Path) -> str:
    """The token picture for the image file ``path`` as a ``data:`` text; raises
    :class:`PictureRefused` naming the problem."""
    name = path.name
    if not path.is_file():  # a folder, a pipe or a device: never read
        raise PictureRefused(f"{name} is not a picture file")
    size = path.stat().st_size
    if size > MAX_SOURCE_BYTES:
        raise PictureRefused(f"{name} is {size / 2**20:.1f} MiB; a token picture may be at most "
                             f"{MAX_SOURCE_BYTES // 2**20} MiB")
    reader = QImageReader(str(path))
    fmt = bytes(reader.format().data()).decode("ascii", "replace").lower()
    if not fmt:
        raise PictureRefused(f"{name} is not a picture Vantage can read ({reader.errorString()}); "
                             "use a PNG, JPEG, WebP, BMP or GIF")
    if fmt not in FORMATS:
        raise PictureRefused(f"{name} is a {fmt.upper()} picture; use a PNG, JPEG, WebP, BMP or GIF")
    side = reader.size()
    if side.width() > MAX_SOURCE_SIDE or side.height() > MAX_SOURCE_SIDE:
        raise PictureRefused(f"{name} is {side.width()}×{side.height()} pixels; a token picture may be "
                             f"at most {MAX_SOURCE_SIDE} pixels a side")
    image = reader.read()
    if image.isNull():
        raise PictureRefused(f"{name} could not be read as a picture ({reader.errorString()})")
    return image_data(image)


def square_picture(image: QImage) -> QImage:
    """The centred square of ``image``, scaled to :data:`PICTURE_PX` pixels a side."""
    side = min(image.width(), image.height())
    crop = image.copy(QRect((image.width() - side) // 2, (image.height() - side) // 2, side, side))
    return crop.scaled(PICTURE_PX, PICTURE_PX, Qt.AspectRatioMode.IgnoreAspectRatio,
                       Qt.TransformationMode.SmoothTransformation)


def image_data(image: QImage) -> str:
    """``image`` cropped square and scaled (:func:`square_picture`) as a PNG ``data:`` text, or, when
    that is longer than :data:`MAX_PICTURE_TEXT` (a photograph-like picture PNG cannot shrink), a
    JPEG of the highest quality that fits (on white: the token is drawn clipped to its disc)."""
    square = square_picture(image)
    data = DATA_PREFIX + base64.b64encode(_encoded(square, "PNG")).decode("ascii")
    if len(data) <= MAX_PICTURE_TEXT:
        return data
    flat = QImage(square.size(), QImage.Format.Format_RGB32)
    flat.fill(Qt.GlobalColor.white)
    painter = QPainter(flat)
    painter.drawImage(0, 0, square)
    painter.end()
    for quality in (90, 80, 70, 60, 50, 40, 30, 20, 10):
        data = JPEG_PREFIX + base64.b64encode(_encoded(flat, "JPEG", quality)).decode("ascii")
        if len(data) <= MAX_PICTURE_TEXT:
            return data
    raise PictureRefused(f"the picture does not fit in {MAX_PICTURE_TEXT:,} characters even as a JPEG")


def _encoded(image: QImage, fmt: str, quality: int = -1) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6's stubs type the format as bytes, but only a str works at run time (bytes: ValueError)
    image.save(buffer, fmt, quality)  # type: ignore[call-overload]
    buffer.close()
    return bytes(data.data())


def set_picture(document: EncounterDocument, token_id: str, path: Path) -> str:
    """Give ``token_id`` the picture in ``path`` (one undo step); the sentence for the status bar."""
    from vantage.engine.protocol.gm_commands import EditToken
    token = document.encounter.token(token_id)
    try:
        data = picture_data(path)
        run_command(document, f"Picture for {token.name}", EditToken(token=token_id, image=data))
    except (PictureRefused, CommandRejected) as refused:
        return f"Picture for {token.name} refused: {refused}"
    return f"{token.name} shows {path.name} (stored in the encounter file)"


def remove_picture(document: EncounterDocument, token_id: str) -> str:
    """Take ``token_id``'s picture away (back to its initials; one undo step)."""
    from vantage.engine.protocol.gm_commands import EditToken
    token = document.encounter.token(token_id)
    if not token.image:
        return f"{token.name} has no picture"
    run_command(document, f"Remove {token.name}'s picture", EditToken(token=token_id, image=""))
    return f"{token.name} shows its initials again"


def choose_picture(document: EncounterDocument, token_id: str | None, parent: QWidget | None) -> str:
    """Ask for an image file (QFileDialog) and give it to ``token_id``; the status-bar sentence."""
    if token_id is None:
        return "Select a token to give it a picture"
    name = document.encounter.token(token_id).name
    start = str(document.path.parent) if document.path is not None else ""
    chosen, _filter = QFileDialog.getOpenFileName(parent, f"Picture for {name}", start, FILE_FILTER)
    if not chosen:
        return f"No picture chosen for {name}"
    return set_picture(document, token_id, Path(chosen))
