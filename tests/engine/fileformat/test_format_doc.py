"""docs/file-format.md: its example is a valid file, written exactly as Vantage writes it.

Issue 2, item 3: "docs/file-format.md documents every field with an example."
"""

from __future__ import annotations

import re
from pathlib import Path

from vantage.engine.fileformat import dumps_encounter, encounter_to_dict, loads_encounter
from vantage.engine.model import Facing, Side, Size

DOC = Path(__file__).resolve().parents[3] / "docs" / "file-format.md"


def example() -> str:
    match = re.search(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert match, "docs/file-format.md has no ```json example"
    return match.group(1)


def test_the_example_loads_and_is_written_back_byte_for_byte() -> None:
    enc = loads_encounter(example())
    assert dumps_encounter(enc) == example()
    ghoul = enc.token("ghoul")
    assert (ghoul.side, ghoul.size, ghoul.facing, ghoul.hidden) == (Side.ENEMY, Size.LARGE, Facing.W, True)
    assert enc.map.terrain_at((6, 0)).name == "Lava flow"
    assert enc.map.elevation_at((5, 4)) == -2.5
    assert enc.map.is_revealed((3, 4)) and not enc.map.is_revealed((4, 4))


def test_every_key_the_writer_uses_is_documented() -> None:
    doc = DOC.read_text(encoding="utf-8")
    data = encounter_to_dict(loads_encounter(example()))
    keys: set[str] = set()

    def collect(value: object, free_form: bool) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if not free_form:
                    keys.add(key)
                collect(inner, free_form or key in ("stats", "combat", "legend"))
        elif isinstance(value, list):
            for inner in value:
                collect(inner, free_form)

    collect(data, False)
    undocumented = sorted(key for key in keys if f"`{key}`" not in doc)
    assert undocumented == []
