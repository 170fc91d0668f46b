"""A second ``vantage import --force`` keeps the first encounter and its picture (issue 33, item 6):
both go to the generations in ``.vantage-backups/`` beside them, not only to one ``NAME.bak``."""

from __future__ import annotations

import io
from pathlib import Path

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.fileformat.backups import generations
from vantage.gui.cli.import_map import run


def _everything_beside(folder: Path) -> list[bytes]:
    return [p.read_bytes() for p in folder.rglob("*") if p.is_file()]


def test_a_second_forced_import_keeps_the_first_encounter_and_its_picture(tmp_path: Path) -> None:
    picture = tmp_path / "map.png"
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "fight.json"
    target.write_text("not an import: the GM's own file", encoding="utf-8")
    (tmp_path / "fight.png").write_bytes(b"the GM's own picture")
    for side in (64, 96):
        picture.write_bytes(solid_png(side, side))
        assert run([str(picture), "-o", str(target), "--pixels-per-tile", "32", "--force"], out, err) == 0, \
            err.getvalue()
    kept = _everything_beside(tmp_path)
    assert b"not an import: the GM's own file" in kept
    assert b"the GM's own picture" in kept
    assert [g.path.name.endswith(".png") for g in generations(tmp_path / "fight.png")] == [True, True]
