"""The schema-version migration hook.

Issue 2, item 3: "A schema-version migration hook exists, even with one version."
"""

from __future__ import annotations

from typing import Any

import pytest

from vantage.engine.fileformat.migrate import MIGRATIONS, migrate
from vantage.engine.model import FORMAT_VERSION


def test_current_files_pass_through_unchanged() -> None:
    data = {"format": "vantage-encounter", "version": FORMAT_VERSION, "map": {"width": 2, "height": 2}}
    assert migrate(data, FORMAT_VERSION) == data


def test_every_older_version_has_a_step_to_the_next() -> None:
    assert sorted(MIGRATIONS) == list(range(1, FORMAT_VERSION))


def test_steps_run_in_order_and_set_the_version() -> None:
    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        data["map"]["feet_per_tile"] = data["map"].pop("scale")
        return data

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "tokens": [{**t, "facing": t["facing"].upper()} for t in data["tokens"]]}

    old = {"version": 1, "map": {"scale": 10}, "tokens": [{"facing": "ne"}]}
    new = migrate(old, 1, target=3, migrations={1: one_to_two, 2: two_to_three})
    assert new == {"version": 3, "map": {"feet_per_tile": 10}, "tokens": [{"facing": "NE"}]}
    assert old == {
        "version": 1,
        "map": {"scale": 10},
        "tokens": [{"facing": "ne"}],
    }  # the caller's data is kept


def test_a_missing_step_or_a_newer_version_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="version 1 files cannot be read by this Vantage"):
        migrate({}, 1, target=2, migrations={})
    with pytest.raises(ValueError, match=r"version 7 is newer than this Vantage understands \(1\)"):
        migrate({}, 7, target=1)


def test_a_file_that_needs_only_top_level_steps_is_not_copied_whole() -> None:
    """Version 3 (the combat log) made every version-2 file go through a migration; copying a 65 MiB
    file whole took seconds. Steps that change only the top level copy only the top level, and the
    caller's data is still kept."""
    data = {"format": "vantage-encounter", "version": 2, "ruleset": "avorkarth", "map": {"width": 2},
            "tokens": [{"id": "a"}], "log": "someone else's"}
    new = migrate(data, 2)
    assert new["version"] == FORMAT_VERSION and "log" not in new
    assert new["map"] is data["map"] and new["tokens"] is data["tokens"]  # shared, not copied
    assert data["version"] == 2 and data["log"] == "someone else's"


def test_a_file_whose_ruleset_has_its_own_step_is_copied_whole() -> None:
    data = {"format": "vantage-encounter", "version": 1, "ruleset": "baton", "map": {"width": 2},
            "tokens": []}
    new = migrate(data, 1)
    assert new["map"] == data["map"] and new["map"] is not data["map"]
