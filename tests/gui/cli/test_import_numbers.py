"""Numbers in maps to import and on ``vantage import``'s command line are measured before they are
converted (issue 33, item 5): a tile id or a ``--tiles`` size of 5,000 digits is a message that names
the number, never a traceback or "not a number"; a Tiled layer of negative size is refused whatever
its compression, in TMX and in JSON, as a layer and as a chunk (fixed on main by e182e78; kept here)."""

from __future__ import annotations

import base64
import gzip
import io
import json
import zlib
from pathlib import Path

import pytest

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.importers.report import MapImportError
from vantage.engine.importers.tiled import import_tiled
from vantage.gui.cli.import_map import run

HUGE = "9" * 5000
TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="4" height="3" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="2" columns="2"/>
 <layer id="1" name="Ground" width="4" height="3"><data encoding="csv">{data}</data></layer>
</map>"""


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_a_csv_tile_id_of_5000_digits_is_named_not_called_not_a_number() -> None:
    data = ",".join(["1"] * 11 + [HUGE])
    with pytest.raises(MapImportError) as refused:
        import_tiled(TMX.format(data=data).encode(), ".tmx", ruleset="avorkarth")
    assert str(refused.value) == ("layer 'Ground': CSV tile data: a number of 5,000 digits is too large "
                                  "(at most 4,294,967,295)")


def test_the_tiles_option_of_5000_digits_is_a_usage_error(tmp_path: Path) -> None:
    picture = tmp_path / "map.png"
    picture.write_bytes(solid_png(64, 64))
    code, _, err = cli(str(picture), "-o", str(tmp_path / "x.json"), "--pixels-per-tile", "32",
                       "--tiles", f"{HUGE}x3")
    assert code == 2
    assert "a number of 5,000 digits is too large (at most 1,000)" in err and len(err) < 300


def _zlib(raw: bytes) -> bytes:
    return zlib.compress(raw)


@pytest.mark.parametrize("compress, compression", [(_zlib, "zlib"), (gzip.compress, "gzip")])
@pytest.mark.parametrize("where", ["layer", "chunk"])
def test_a_tiled_json_layer_of_negative_height_with_compressed_data_is_refused(
    compress: object, compression: str, where: str
) -> None:
    data = base64.b64encode(compress(b"\0" * 48)).decode()  # type: ignore[operator]
    if where == "layer":
        layer = {"type": "tilelayer", "name": "G", "width": 4, "height": -3, "encoding": "base64",
                 "compression": compression, "data": data}
    else:
        layer = {"type": "tilelayer", "name": "G", "width": 4, "height": 3, "encoding": "base64",
                 "compression": compression,
                 "chunks": [{"x": 0, "y": 0, "width": 4, "height": -3, "data": data}]}
    tmj = {"type": "map", "orientation": "orthogonal", "width": 4, "height": 3, "tilewidth": 32,
           "tileheight": 32, "infinite": where == "chunk", "layers": [layer],
           "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 32, "tilecount": 2,
                         "columns": 2}]}
    with pytest.raises(MapImportError, match="-12 tiles; a size is never negative"):
        import_tiled(json.dumps(tmj).encode(), ".tmj", ruleset="avorkarth")


def test_whole_number_options_of_5000_digits_are_usage_errors_in_words(tmp_path: Path, capsys) -> None:
    picture = tmp_path / "map.png"
    picture.write_bytes(solid_png(64, 64))
    code, _, err = cli(str(picture), "-o", str(tmp_path / "x.json"), "--max-px", HUGE)
    said = err + capsys.readouterr().err  # argparse writes its usage errors to stderr itself
    assert code == 2
    assert "argument --max-px: a number of 5,000 digits is too large (at most 1,000,000)" in said
    assert len(said) < 1000  # the digits are not echoed
    from vantage.gui.cli.play import run as play

    golden = Path(__file__).resolve().parents[2] / "golden" / "sample_fight"
    with pytest.raises(SystemExit) as stopped:  # vantage play leaves usage errors to argparse's exit
        play([str(golden / "encounter.json"), "--commands", str(golden / "commands.json"), "--seed", HUGE],
             io.StringIO(), io.StringIO())
    said = capsys.readouterr().err
    assert stopped.value.code == 2
    assert "argument --seed: a number of 5,000 digits is too large" in said and len(said) < 1000
