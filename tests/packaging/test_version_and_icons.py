"""The application icon (ICO, ICNS, PNG) and the Windows version resource.

Issue 7: "application icon and version info" in the standalone program.
"""

from __future__ import annotations

import struct
from pathlib import Path

import make_icons
import make_version_info
import pytest

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"


@pytest.mark.parametrize(
    ("version", "numbers"),
    [
        ("0.1.0", (0, 1, 0, 0)),
        ("1.2.3.4", (1, 2, 3, 4)),
        ("2.0rc1", (2, 0, 0, 0)),
        ("3.1.post2", (3, 1, 0, 0)),
        ("1.dev.5", (1, 0, 0, 0)),
    ],
)
def test_version_numbers_for_windows(version, numbers):
    assert make_version_info.version_numbers(version) == numbers


@pytest.mark.parametrize("version", ["dev", "70000.1"])
def test_versions_windows_cannot_show_are_refused(version):
    with pytest.raises(ValueError, match=repr(version)):
        make_version_info.version_numbers(version)


def test_the_committed_version_resource_matches_pyproject(capsys):
    assert make_version_info.main(["--check"]) == 0, capsys.readouterr().out
    text = make_version_info.VERSION_INFO.read_text(encoding="utf-8")
    version = make_version_info.project_version()
    assert f"StringStruct('ProductVersion', '{version}')" in text
    assert f"filevers={make_version_info.version_numbers(version)}" in text


def test_the_version_resource_is_rewritten_only_when_it_changes(tmp_path):
    target = make_version_info.write_version_info(tmp_path / "v.txt")
    stamp = target.stat().st_mtime_ns
    assert make_version_info.write_version_info(target).stat().st_mtime_ns == stamp


def read_ico(data: bytes) -> list[tuple[int, bytes]]:
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind) == (0, 1)
    images = []
    for index in range(count):
        width, _height, _colours, _zero, _planes, bits, size, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        assert bits == 32
        images.append((width or 256, data[offset : offset + size]))
    return images


def read_icns(data: bytes) -> dict[bytes, bytes]:
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    entries, position = {}, 8
    while position < len(data):
        kind, length = data[position : position + 4], struct.unpack_from(">I", data, position + 4)[0]
        entries[kind] = data[position + 8 : position + length]
        position += length
    return entries


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack_from(">II", data, 16)


def test_the_committed_ico_holds_every_windows_size_as_png():
    images = read_ico((ICONS / "vantage.ico").read_bytes())
    assert [size for size, _png in images] == list(make_icons.ICO_SIZES)
    assert all(png_size(png) == (size, size) for size, png in images)


def test_the_committed_icns_holds_every_macos_size_as_png():
    entries = read_icns((ICONS / "vantage.icns").read_bytes())
    assert set(entries) == {kind for kind, _size in make_icons.ICNS_TYPES}
    for kind, size in make_icons.ICNS_TYPES:
        assert png_size(entries[kind]) == (size, size)


def test_the_committed_png_is_256_pixels():
    assert png_size((ICONS / "vantage.png").read_bytes()) == (256, 256)


def test_the_icon_is_drawn_not_blank_and_transparent_at_the_corners():
    image = make_icons.draw_icon(64)
    assert image.pixelColor(0, 0).alpha() == 0
    centre = image.pixelColor(32, 32)
    assert centre.name() == make_icons.TOKEN.name()
    assert len({image.pixelColor(x, 20).name() for x in range(64)}) >= 3


def test_writing_the_icons_makes_readable_files(tmp_path):
    written = make_icons.write_icons(tmp_path)
    assert sorted(path.name for path in written) == ["vantage.icns", "vantage.ico", "vantage.png"]
    assert len(read_ico((tmp_path / "vantage.ico").read_bytes())) == len(make_icons.ICO_SIZES)
    assert b"ic10" in read_icns((tmp_path / "vantage.icns").read_bytes())


def test_print_gives_the_version_alone_for_scripts(capsys):
    assert make_version_info.main(["--print"]) == 0
    assert capsys.readouterr().out == make_version_info.project_version() + "\n"


def test_unknown_arguments_print_the_usage(capsys):
    assert make_version_info.main(["--frobnicate"]) == 2
    assert "--check" in capsys.readouterr().out
