"""Image sizes are read from the header bytes only ("its dimensions read *before* decoding
pixels"), for PNG, JPEG and WebP."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.importers.image_header import ImageHeaderError, image_looks_complete, read_image_header


def test_png_size_from_ihdr() -> None:
    header = read_image_header(solid_png(37, 5))
    assert (header.kind, header.width, header.height) == ("png", 37, 5)


def test_png_header_of_a_huge_image_needs_only_its_first_bytes() -> None:
    # A 38,400 px square PNG: only the first 24 bytes are needed.
    first = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 38400, 38400)
    assert read_image_header(first).width == 38400
    assert not image_looks_complete(first, "png")


def jpeg(width: int, height: int, sof: int = 0xC0) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    dht = b"\xff\xc4" + struct.pack(">H", 5) + b"\x00\x00\x00"  # C4 is not a frame
    frame = bytes([0xFF, sof]) + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + b"\xff\xff" + dht + frame + b"\xff\xda\x00\x02" + b"\xff\xd9"


@pytest.mark.parametrize("sof", [0xC0, 0xC2, 0xC1])
def test_jpeg_size_from_the_first_frame_skipping_other_segments(sof: int) -> None:
    header = read_image_header(jpeg(640, 480, sof))
    assert (header.kind, header.width, header.height) == ("jpeg", 640, 480)


def webp(chunk: bytes, body: bytes) -> bytes:
    payload = b"WEBP" + chunk + struct.pack("<I", len(body)) + body
    return b"RIFF" + struct.pack("<I", len(payload)) + payload


def test_webp_lossy_lossless_and_extended() -> None:
    vp8 = b"\x00\x00\x00\x9d\x01\x2a" + struct.pack("<HH", 300, 200) + b"\x00" * 4
    bits = (300 - 1) | ((200 - 1) << 14)
    vp8l = b"\x2f" + bits.to_bytes(4, "little") + b"\x00" * 4
    vp8x = b"\x00\x00\x00\x00" + (299).to_bytes(3, "little") + (199).to_bytes(3, "little")
    for chunk, body in ((b"VP8 ", vp8), (b"VP8L", vp8l), (b"VP8X", vp8x)):
        data = webp(chunk, body)
        header = read_image_header(data)
        assert (header.kind, header.width, header.height) == ("webp", 300, 200)
        assert image_looks_complete(data, "webp")
        assert not image_looks_complete(data[:-3], "webp")


@pytest.mark.parametrize(
    "data",
    [b"", b"GIF89a....", b"\x89PNG\r\n\x1a\n\x00", b"\xff\xd8\xff\xe0\x00", b"RIFF\x00\x00\x00\x00WEBPVP9 "],
)
def test_unreadable_headers_raise_a_clear_error(data: bytes) -> None:
    with pytest.raises(ImageHeaderError):
        read_image_header(data)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=64), st.sampled_from([b"", b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"RIFF0000WEBP"]))
def test_garbage_never_escapes_as_another_exception(tail: bytes, magic: bytes) -> None:
    try:
        header = read_image_header(magic + tail)
    except ImageHeaderError:
        return
    assert header.width > 0 and header.height > 0
