"""A big Universal VTT file has its picture lifted out of the bytes before the rest is parsed.

Issue 15: importing a 38,400 × 25,600 px export "in ≤ 30 s and ≤ 2 GiB peak"; parsing a 550 MB file
as it is holds its bytes, their text and the picture's string at once. The lifted import must give
exactly what the plain parse gives, and fall back to it whenever the layout is not the plain one.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.importers import uvtt
from vantage.engine.importers.uvtt import import_uvtt, import_uvtt_file

PNG = solid_png(80, 64)
TEXT = base64.b64encode(PNG).decode("ascii")


def _doc(**extra: object) -> dict:
    return {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 8, "y": 4}, "pixels_per_grid": 10},
        "line_of_sight": [[{"x": 1, "y": 1}, {"x": 1, "y": 3}]], "portals": [], "lights": [],
        **extra,
    }


def _both(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str):  # noqa: ANN202
    path = tmp_path / "map.dd2vtt"
    path.write_text(text, encoding="ascii")
    plain = import_uvtt(text, "map.dd2vtt", ruleset="avorkarth")
    monkeypatch.setattr(uvtt, "LIFT_IMAGE_ABOVE", 0)
    lifted = import_uvtt_file(path, ruleset="avorkarth")
    return plain, lifted


@pytest.mark.parametrize("doc", [
    _doc(image=TEXT),  # the plain layout: lifted
    {"image": TEXT, **_doc()},  # the picture first
    _doc(objects=[{"image": "bm90IGl0", "bounds": []}], image=TEXT),  # an "image" key inside an object first
    _doc(image="data:image/png;base64," + TEXT),  # a data: address
])
def test_the_lifted_picture_gives_what_the_plain_parse_gives(tmp_path, monkeypatch, doc):
    plain, lifted = _both(tmp_path, monkeypatch, json.dumps(doc))
    assert lifted.image == plain.image and lifted.image is not None and lifted.image.data == PNG
    assert lifted.encounter == plain.encounter
    assert lifted.report.warnings == plain.report.warnings


def test_an_escaped_slash_in_the_picture_text_is_read_by_the_plain_parse(tmp_path, monkeypatch):
    """JSON may write "/" as "\\/" (some writers do): the lifted bytes would be wrong, so the file
    is parsed as it is."""
    text = json.dumps(_doc(image=TEXT)).replace("/", "\\/")
    assert "\\/" in text
    plain, lifted = _both(tmp_path, monkeypatch, text)
    assert lifted.image == plain.image and lifted.image is not None and lifted.image.data == PNG


def test_damaged_picture_text_in_a_big_file_is_a_warning_as_before(tmp_path, monkeypatch):
    plain, lifted = _both(tmp_path, monkeypatch, json.dumps(_doc(image="@@not base64@@")))
    assert lifted.image is None and lifted.report.warnings == plain.report.warnings
    assert any("base64 text is damaged" in w for w in lifted.report.warnings)
