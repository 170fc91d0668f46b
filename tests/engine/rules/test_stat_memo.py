"""The stat-block memo (engine/rules/stat_memo.py) and StatSchema's memos: an answer is given again
only for the very same stat block still equal to what it was; a list answer is a new list."""

from __future__ import annotations

from vantage.engine.rules.stat_memo import memo_by_stats
from vantage.engine.rules.stat_schema import FieldKind, StatField, StatSchema


def test_the_same_unchanged_stat_block_is_read_once_and_a_changed_one_again():
    calls = []

    @memo_by_stats()
    def problems(stats, place="stats"):
        calls.append(place)
        return [(place, "bad")] if stats.get("bad") else []

    block = {"bad": True}
    first = problems(block)
    first.append(("x", "extended by the caller"))
    assert problems(block) == [("stats", "bad")]  # a new list each time
    assert calls == ["stats"]
    block["bad"] = False  # changed in place: read afresh
    assert problems(block) == []
    assert problems({"bad": True}, "other") == [("other", "bad")]
    assert len(calls) == 3


def test_schema_defaults_are_fresh_objects_and_validate_sees_a_changed_block():
    schema = StatSchema((StatField("abilities.strength", FieldKind.INT, "Strength", default=3, minimum=0),))
    one, two = schema.defaults(), schema.defaults()
    assert one == two == {"abilities": {"strength": 3}} and one["abilities"] is not two["abilities"]
    stats = {"abilities": {"strength": 2}}
    assert schema.validate(stats) == []
    stats["abilities"]["strength"] = -1
    assert schema.validate(stats)  # changed in place: checked again
