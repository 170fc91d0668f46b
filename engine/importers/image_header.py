"""Read an image's type and pixel size from its first bytes, without decoding any pixel.

PNG (the IHDR chunk), JPEG (the first start-of-frame marker) and WebP (VP8, VP8L and VP8X
chunks). The engine never decodes pictures: a 38,400 px square map is 5.9 GB of pixels, and its
size must be known before anything decides how to load it.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass


class ImageHeaderError(ValueError):
    """The bytes are not a PNG, JPEG or WebP image whose size can be read."""


@dataclass(frozen=True)
class ImageHeader:
    kind: str  # "png" | "jpeg" | "webp"
    width: int
    height: int


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# Start-of-frame markers carry the size; C4 (Huffman tables), C8 (reserved) and CC
# (arithmetic coding conditioning) share the range but are not frames.
_JPEG_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
_JPEG_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})


def image_kind(data: bytes) -> str | None:
    """``"png"``, ``"jpeg"`` or ``"webp"`` from the magic bytes, or None."""
    if data.startswith(PNG_SIGNATURE):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


def read_image_header(data: bytes) -> ImageHeader:
    """The type and size of the image in ``data``; ImageHeaderError says why not."""
    kind = image_kind(data)
    if kind == "png":
        width, height = _png_size(data)
    elif kind == "jpeg":
        width, height = _jpeg_size(data)
    elif kind == "webp":
        width, height = _webp_size(data)
    else:
        raise ImageHeaderError("not a PNG, JPEG or WebP image (unknown first bytes)")
    if width <= 0 or height <= 0:
        raise ImageHeaderError(f"the {kind.upper()} header gives an empty size {width} × {height}")
    return ImageHeader(kind, width, height)


def _png_size(data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ImageHeaderError("PNG without an IHDR chunk at the start (truncated or damaged)")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def _jpeg_size(data: bytes) -> tuple[int, int]:
    i, n = 2, len(data)
    while i < n:
        if data[i] != 0xFF:
            raise ImageHeaderError(f"JPEG marker expected at byte {i} (damaged file)")
        while i < n and data[i] == 0xFF:  # fill bytes
            i += 1
        if i >= n:
            break
        marker = data[i]
        i += 1
        if marker in _JPEG_STANDALONE:
            continue
        if marker in (0xD9, 0xDA):  # end of image, start of scan: no frame header before it
            break
        if i + 2 > n:
            break
        (length,) = struct.unpack(">H", data[i : i + 2])
        if marker in _JPEG_SOF:
            if i + 7 > n:
                break
            height, width = struct.unpack(">HH", data[i + 3 : i + 7])
            return width, height
        if length < 2:
            raise ImageHeaderError(f"JPEG segment with length {length} at byte {i} (damaged file)")
        i += length
    raise ImageHeaderError("JPEG without a frame header (truncated or damaged)")


def _webp_size(data: bytes) -> tuple[int, int]:
    chunk = data[12:16]
    body = data[20:]
    if chunk == b"VP8 ":
        # frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
        if len(body) < 10 or body[3:6] != b"\x9d\x01\x2a":
            raise ImageHeaderError("WebP VP8 chunk without a key frame header")
        width, height = struct.unpack("<HH", body[6:10])
        return width & 0x3FFF, height & 0x3FFF
    if chunk == b"VP8L":
        if len(body) < 5 or body[0] != 0x2F:
            raise ImageHeaderError("WebP VP8L chunk without its signature byte")
        bits = int.from_bytes(body[1:5], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X":
        if len(body) < 10:
            raise ImageHeaderError("WebP VP8X chunk is truncated")
        width = int.from_bytes(body[4:7], "little") + 1
        height = int.from_bytes(body[7:10], "little") + 1
        return width, height
    raise ImageHeaderError(f"WebP with an unknown first chunk {chunk!r}")


_PNG_IEND = b"\x00\x00\x00\x00IEND\xaeB`\x82"


def image_looks_complete(data: bytes, kind: str) -> bool:
    """A cheap check that the file was not cut short: PNG ends with IEND, JPEG with an
    end-of-image marker (trailing bytes allowed), WebP's RIFF size covers the data."""
    if kind == "png":
        return _PNG_IEND in data[-4096:]
    if kind == "jpeg":
        return b"\xff\xd9" in data[-4096:]
    if kind == "webp":
        return len(data) >= 8 and int.from_bytes(data[4:8], "little") + 8 <= len(data)
    return False


def png_damage(data: bytes) -> str | None:
    """Where a PNG is damaged — a chunk whose checksum (CRC) does not match its bytes, or a chunk
    that runs past the end — or None when every chunk up to IEND is whole. Reads no pixel; costs
    one pass of CRC-32 over the file."""
    if not data.startswith(PNG_SIGNATURE):
        return "it is not a PNG"
    offset = len(PNG_SIGNATURE)
    while offset + 12 <= len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        end = offset + 12 + length
        if end > len(data):
            return f"the {kind.decode('latin-1')!r} chunk at byte {offset:,} runs past the end (cut short)"
        (crc,) = struct.unpack(">I", data[end - 4 : end])
        if zlib.crc32(data[offset + 4 : end - 4]) & 0xFFFFFFFF != crc:
            name = kind.decode("latin-1")
            return f"the {name!r} chunk at byte {offset:,} is damaged (its checksum does not match)"
        if kind == b"IEND":
            return None
        offset = end
    return "it ends before its IEND chunk (cut short)"
