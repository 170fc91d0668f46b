"""The Tiled reader on hostile bytes (reliability review, defects 5, 6 and 11): XML declarations
naming any encoding, tile layers compressed in any way (bombs among them), tilesets and image layers
pointing at pipes, devices and missing files. Every input ends in an encounter or a MapImportError,
never another exception, never a hang, and no layer inflates past its own tile count. Bounded
example counts keep CI fast; ``VANTAGE_FUZZ_EXAMPLES`` raises them for a long run."""

from __future__ import annotations

import base64
import gzip
import os
import struct
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.engine.importers import file_limits
from vantage.engine.importers.report import MapImportError
from vantage.engine.importers.tiled import import_tiled

EXAMPLES = int(os.environ.get("VANTAGE_FUZZ_EXAMPLES", "120"))
MAP = (
    '<?xml version="1.0" encoding="{encoding}"?>'
    '<map version="1.10" orientation="orthogonal" width="4" height="3" tilewidth="32" tileheight="32" '
    'infinite="0">{tileset}<layer id="1" name="g" width="4" height="3">'
    '<data encoding="base64" compression="{compression}">{data}</data></layer>{extra}</map>'
)
ENCODINGS = st.one_of(st.sampled_from(["UTF-8", "utf-16", "latin-1", "UUF-8", "ascii", "", "x" * 40,
                                       "utf-8-sig", "cp1252", "EBCDIC", "idna", "rot13", "base64"]),
                      st.text(max_size=8))
SOURCES = st.sampled_from(["/dev/zero", "/dev/null", "fifo.tsx", "missing.tsx", "../../../../etc/passwd",
                           "/", "folder", "tiles.tsx", ""])


def _compress(raw: bytes, how: str) -> bytes:
    if how == "zlib":
        return zlib.compress(raw, 9)
    if how == "gzip":
        return gzip.compress(raw, 9)
    return raw


@st.composite
def hostile_map(draw: st.DrawFn) -> str:
    compression = draw(st.sampled_from(["zlib", "gzip", "", "none", "zstd", "lzma"]))
    count = draw(st.sampled_from([12, 11, 13, 0, 1, 4 * 10**6]))  # tiles the data holds (a bomb: 4 M)
    raw = struct.pack(f"<{min(count, 64)}I", *([1] * min(count, 64))) + b"\0" * (4 * max(0, count - 64))
    data = _compress(raw, draw(st.sampled_from([compression, "zlib", "gzip", ""])))
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(data)))
        data = data[:cut]
    tileset = ('<tileset firstgid="1" tilewidth="32" tileheight="32"/>' if draw(st.booleans())
               else f'<tileset firstgid="1" source="{draw(SOURCES)}"/>')
    extra = (f'<imagelayer name="bg"><image source="{draw(SOURCES)}"/></imagelayer>'
             if draw(st.booleans()) else "")
    return MAP.format(encoding=draw(ENCODINGS).replace('"', ""), tileset=tileset, compression=compression,
                      data=base64.b64encode(data).decode(), extra=extra)


@pytest.fixture(scope="module")
def beside(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("tiled")
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.tsx")
    (folder / "folder").mkdir()
    (folder / "tiles.tsx").write_text('<tileset name="t" tilewidth="32" tileheight="32" tilecount="1"/>')
    return folder


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])
@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@given(text=hostile_map())
def test_hostile_tiled_bytes_import_or_fail_clearly(beside: Path, text: str, monkeypatch) -> None:
    inflated: list[int] = []
    real = file_limits.inflate_at_most

    def watched(raw: bytes, compression: str, limit: int, place: str) -> bytes:
        out = real(raw, compression, limit, place)
        inflated.append(len(out))
        return out

    monkeypatch.setattr("vantage.engine.importers.tiled_source.inflate_at_most", watched)
    try:
        data = text.encode("utf-8", "surrogatepass")
        import_tiled(data, ".tmx", base_dir=beside, source="hostile.tmx", ruleset="avorkarth")
    except MapImportError as exc:
        assert str(exc)
    assert all(size <= 48 for size in inflated)  # 4 × 3 tiles × 4 bytes, whatever the data claims
