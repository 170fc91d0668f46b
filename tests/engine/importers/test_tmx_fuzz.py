"""Mutated TMX maps (attributes changed or dropped, elements removed) end in an encounter or a
clear error ("handled or refused with a clear message"), never another exception."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.fileformat import encounter_from_dict, encounter_to_dict
from vantage.engine.importers.report import MapImportError
from vantage.engine.importers.tiled import import_tiled

TMX = (
    '<map version="1.10" orientation="orthogonal" width="4" height="3" tilewidth="32" tileheight="32" '
    'infinite="0"><tileset firstgid="1" tilewidth="32" tileheight="32"><tile id="1"><properties>'
    '<property name="terrain" value="difficult"/></properties><objectgroup>'
    '<object id="1" x="0" y="0" width="32" height="16"/></objectgroup></tile></tileset>'
    '<layer id="1" name="g" width="4" height="3"><data encoding="csv">1,2,1,1,1,2,1,0,1,1,1,1</data></layer>'
    '<layer id="2" name="b" width="4" height="3"><data encoding="base64" compression="zlib">'
    "eJxjYCAOMEIxAAA8AAM=</data></layer>"
    '<objectgroup name="Walls" offsetx="0"><object id="2" x="0" y="0" width="64" height="32" rotation="0"/>'
    '<object id="3" x="0" y="0"><polyline points="0,0 96,64"/></object>'
    '<object id="4" class="door" x="32" y="0" width="32" height="4"><properties>'
    '<property name="open" type="bool" value="true"/></properties></object></objectgroup>'
    '<imagelayer name="bg"><image source="missing.png"/></imagelayer></map>'
)
VALUES = st.one_of(
    st.sampled_from(["", "nan", "inf", "1e400", "-5", "abc", "0", "99999999", "1.5", "zstd", "gzip", "1"]),
    st.text(max_size=5),
)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    root = ET.fromstring(TMX)
    elements = list(root.iter())
    for _ in range(draw(st.integers(1, 3))):
        el = draw(st.sampled_from(elements))
        action = draw(st.sampled_from(["set", "drop", "text", "remove-child"]))
        if action in ("set", "drop") and el.attrib:
            name = draw(st.sampled_from(sorted(el.attrib)))
            if action == "drop":
                del el.attrib[name]
            else:
                el.set(name, draw(VALUES))
        elif action == "text" and el.text:
            el.text = el.text[: draw(st.integers(0, len(el.text)))]
        elif action == "remove-child" and len(el):
            el.remove(el[draw(st.integers(0, len(el) - 1))])
    return ET.tostring(root)


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=200, deadline=None)
@given(mutated())
def test_mutated_tmx_imports_or_fails_clearly(data: bytes) -> None:
    try:
        result = import_tiled(data, ".tmx", ruleset="avorkarth")
    except MapImportError as exc:
        assert str(exc)
        return
    assert encounter_from_dict(encounter_to_dict(result.encounter)) == result.encounter


def test_the_unmutated_template_imports() -> None:
    result = import_tiled(TMX.encode(), ".tmx", ruleset="avorkarth")
    assert result.report.doors == 1 and result.report.walls > 0
    assert result.encounter.map.terrain.count("difficult") == 2
    assert any("missing.png" in w for w in result.report.warnings)


@pytest.mark.parametrize("encoding, compression, data", [
    ("base64", "zlib", "eJxjYCAOMEIxAAA8AAM="),
    ("base64", "", "AQAAAA=="),
    ("csv", "", "1,1"),
])
def test_a_layer_of_negative_size_is_refused_naming_it(encoding: str, compression: str, data: str) -> None:
    """Found by the fuzzer above: a layer ``height="-5"`` with zlib data raised a ValueError from
    the inflater's negative budget; now it is refused with the layer and the size named."""
    layer = (f'<layer id="2" name="b" width="4" height="-5"><data encoding="{encoding}"'
             + (f' compression="{compression}"' if compression else "") + f">{data}</data></layer>")
    tmx = ('<map version="1.10" orientation="orthogonal" width="4" height="3" tilewidth="32" '
           f'tileheight="32" infinite="0">{layer}</map>').encode()
    with pytest.raises(MapImportError, match="-20 tiles; a size is never negative"):
        import_tiled(tmx, ".tmx", ruleset="avorkarth")
