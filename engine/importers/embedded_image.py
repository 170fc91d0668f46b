"""A background picture embedded in a map file as base64 text, decoded to raw bytes.

Only the base64 layer is decoded; the picture's size comes from its header. Problems never stop
an import: the map is still useful without its picture, so each becomes a warning.
"""

from __future__ import annotations

import base64
import binascii

from vantage.engine.importers.image_header import (
    ImageHeaderError,
    image_looks_complete,
    png_damage,
    read_image_header,
)
from vantage.engine.importers.report import ImportedImage, ImportReport


def decode_embedded_image(text: object, key: str, report: ImportReport) -> ImportedImage | None:
    """The image in base64 ``text`` (an optional ``data:…;base64,`` prefix allowed), or None
    with a warning in ``report`` that names ``key`` and says why. ``text`` may also be the ASCII
    bytes of that text (a view into the file a big picture was lifted from, never copied)."""
    if text is None or text == "" or (isinstance(text, memoryview) and len(text) == 0):
        report.warn(f"{key}: no image in the file; the map is imported without a background")
        return None
    if isinstance(text, memoryview):
        payload: str | bytes | memoryview = text
        if bytes(text[:5]).lower() == b"data:":
            address, comma, _ = bytes(text[:4096]).partition(b",")
            if not comma or b";base64" not in address.lower():
                shown = address[:40].decode("ascii", "replace")
                report.warn(f"{key}: a data: address that is not base64 ({shown!r}); no background")
                return None
            payload = text[len(address) + 1:]
    elif not isinstance(text, str):
        report.warn(f"{key}: expected base64 text, found {type(text).__name__}; no background")
        return None
    else:
        payload = text
        if payload[:5].lower() == "data:":
            prefix, sep, payload = payload.partition(",")
            if not sep or ";base64" not in prefix.lower():
                report.warn(f"{key}: a data: address that is not base64 ({prefix[:40]!r}); no background")
                return None
    data = _b64decode(payload)
    if data is None:
        report.warn(f"{key}: the base64 text is damaged (bad characters or cut short); no background")
        return None
    try:
        header = read_image_header(data)
    except ImageHeaderError as exc:
        report.warn(f"{key}: {exc}; no background")
        return None
    if not image_looks_complete(data, header.kind):
        report.warn(f"{key}: the {header.kind.upper()} image is cut short (truncated file); no background")
        return None
    damage = png_damage(data) if header.kind == "png" else None
    if damage is not None:
        report.warn(f"{key}: the PNG image is damaged ({damage}); no background")
        return None
    return ImportedImage(data, header.kind, header.width, header.height)


def _b64decode(payload: str | bytes | memoryview) -> bytes | None:
    try:
        if isinstance(payload, memoryview):  # read in place: base64.b64decode would copy it first
            return binascii.a2b_base64(payload, strict_mode=True)
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        pass
    if not isinstance(payload, str):
        payload = bytes(payload).decode("ascii", "replace")
    cleaned = "".join(payload.split())
    cleaned += "=" * (-len(cleaned) % 4)
    try:
        return base64.b64decode(cleaned, validate=True)
    except (binascii.Error, ValueError):
        return None
