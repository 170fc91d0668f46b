"""The sample maps start with the party's dice at the table, like a new map or an import (issue 16:
"Per side (default: the party's dice rolled at the table, the GM's by Vantage)")."""

from __future__ import annotations

import pytest

from vantage.engine.fileformat import load_encounter
from vantage.engine.rules.decisions import (
    DEFAULT_TABLE_DICE,
    TABLE_DICE,
    rolls_at_table,
    with_default_table_dice,
)
from vantage.gui.appdata.resources import sample_encounters

SAMPLES = sample_encounters()


def test_there_are_samples():
    assert len(SAMPLES) >= 6


@pytest.mark.parametrize("path", SAMPLES, ids=[p.name for p in SAMPLES])
def test_each_sample_rolls_the_partys_dice_at_the_table_and_the_gms_by_vantage(path):
    encounter = load_encounter(path)
    assert encounter.combat[TABLE_DICE] == dict(DEFAULT_TABLE_DICE)
    assert with_default_table_dice(encounter) is encounter  # the same setting a new map gets
    party = [t for t in encounter.tokens if t.side.value == "party"]
    others = [t for t in encounter.tokens if t.side.value != "party"]
    assert party and others
    assert all(rolls_at_table(encounter.combat, t.id, t.side.value) for t in party)
    assert not any(rolls_at_table(encounter.combat, t.id, t.side.value) for t in others)
    assert not rolls_at_table(encounter.combat, None)  # the GM's own rolls
