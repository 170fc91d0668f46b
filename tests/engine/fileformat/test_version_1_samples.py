"""Version-1 files still open as they did: the six sample encounters as they were shipped in
format version 1 (kept in ``version_1_samples/``), read through the migration steps, are the samples
shipped now in the current version.

Issue 2, item 3: "A schema-version migration hook exists, even with one version." The samples under
``maps/`` are written in the current version (issue 32: a version-1 sample was migrated on every
start, for the Creatures list), so these copies keep the version-1 path tested with real files of
every bundled ruleset, the format's steps and each ruleset's own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import vantage
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import FORMAT_VERSION

OLD = Path(__file__).parent / "version_1_samples"
SAMPLES = Path(vantage.__file__).parent / "maps"
NAMES = sorted(path.name for path in OLD.glob("*.json"))


def version_of(path: Path) -> int:
    return int(json.loads(path.read_text(encoding="utf-8"))["version"])


def test_every_shipped_sample_has_its_version_1_copy_and_is_current() -> None:
    assert sorted(path.name for path in SAMPLES.glob("*.json")) == NAMES and len(NAMES) == 6
    assert {name: version_of(SAMPLES / name) for name in NAMES} == dict.fromkeys(NAMES, FORMAT_VERSION)
    assert {name: version_of(OLD / name) for name in NAMES} == dict.fromkeys(NAMES, 1)


@pytest.mark.parametrize("name", NAMES)
def test_a_version_1_sample_opens_as_the_current_one(name: str) -> None:
    """The migrated version-1 file is the encounter the current file holds: map, tokens, their
    stats, notes, log."""
    old, new = load_encounter(OLD / name), load_encounter(SAMPLES / name)
    assert old.tokens and old == new

