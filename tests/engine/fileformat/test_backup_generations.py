"""Backups are several generations deep (issue 33, item 6: "a second ``--force`` import or two quick
saves lose the GM's original"). Every save that replaces a file keeps the replaced version in
``.vantage-backups/NAME/`` beside it, as well as ``NAME.bak``; generations are pruned by age and
count (engine/fileformat/backups.py: :data:`KEEP_NEWEST`, :data:`KEEP_DAYS`)."""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.engine.fileformat.backups import (
    KEEP_DAYS,
    KEEP_NEWEST,
    backup_folder,
    generations,
    keep_generation,
    prune,
)
from vantage.engine.model import Encounter, GameMap


def _named(name: str) -> Encounter:
    return Encounter(GameMap(8, 6), name=name, ruleset="avorkarth")


def _everything_beside(folder: Path) -> list[bytes]:
    return [p.read_bytes() for p in folder.rglob("*") if p.is_file()]


def test_two_quick_saves_keep_the_gms_original(tmp_path: Path) -> None:
    fight = tmp_path / "fight.json"
    save_encounter(_named("the GM's original"), fight)
    original = fight.read_bytes()
    save_encounter(_named("second"), fight)
    save_encounter(_named("third"), fight)
    assert original in _everything_beside(tmp_path)  # today: fight.json.bak holds "second" only
    kept = generations(fight)
    assert [load_encounter(g.path).name for g in kept] == ["second", "the GM's original"]  # newest first
    assert load_encounter(fight.with_name("fight.json.bak")).name == "second"  # NAME.bak as before
    assert all(g.path.parent == backup_folder(fight) for g in kept)
    assert kept[0].time >= kept[1].time


def test_generations_are_pruned_by_count_keeping_the_first_of_each_day(tmp_path: Path) -> None:
    fight = tmp_path / "fight.json"
    now = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
    for index in range(KEEP_NEWEST + 10):  # one an hour, the oldest 10 of them the day before
        fight.write_text(f"version {index}", encoding="utf-8")
        keep_generation(fight, now=now - timedelta(hours=KEEP_NEWEST + 10 - index))
    prune(fight, now=now)
    kept = [g.path.read_text(encoding="utf-8") for g in generations(fight)]
    newest = [f"version {i}" for i in range(KEEP_NEWEST + 9, 9, -1)]
    assert kept[:KEEP_NEWEST] == newest
    assert kept[KEEP_NEWEST:] == ["version 0"]  # the first of the day before; its later ones go


def test_generations_older_than_the_age_limit_go_but_never_the_newest(tmp_path: Path) -> None:
    fight = tmp_path / "fight.json"
    now = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
    for days, text in ((KEEP_DAYS + 5, "ancient"), (KEEP_DAYS + 1, "old"), (2, "recent")):
        fight.write_text(text, encoding="utf-8")
        keep_generation(fight, now=now - timedelta(days=days))
    prune(fight, now=now)
    assert [g.path.read_text(encoding="utf-8") for g in generations(fight)] == ["recent"]
    lonely = tmp_path / "lonely.json"
    lonely.write_text("the only one", encoding="utf-8")
    keep_generation(lonely, now=now - timedelta(days=KEEP_DAYS + 100))
    prune(lonely, now=now)
    assert [g.path.read_text(encoding="utf-8") for g in generations(lonely)] == ["the only one"]


def test_a_generation_that_cannot_be_kept_never_blocks_the_save(tmp_path: Path) -> None:
    fight = tmp_path / "fight.json"
    save_encounter(_named("first"), fight)
    (tmp_path / ".vantage-backups").write_text("a file where the folder should be", encoding="utf-8")
    notes = save_encounter(_named("second"), fight)
    assert load_encounter(fight).name == "second"
    assert len(notes) == 1 and "could not be kept" in notes[0] and ".vantage-backups" in notes[0]


@settings(max_examples=int(os.environ.get("VANTAGE_FUZZ_EXAMPLES", "60")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, 60 * 24 * 60), min_size=1, max_size=60))
def test_pruning_keeps_its_promises_whatever_the_times(tmp_path_factory, minutes_ago: list[int]) -> None:
    """Fuzzed: whatever the times the generations were kept at, pruning keeps the newest, the
    newest KEEP_NEWEST within KEEP_DAYS, and the first of each day within KEEP_DAYS."""
    fight = tmp_path_factory.mktemp("gen") / "fight.json"
    now = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
    for index, minutes in enumerate(sorted(set(minutes_ago), reverse=True)):
        fight.write_text(f"version {index}", encoding="utf-8")
        keep_generation(fight, now=now - timedelta(minutes=minutes))
    before = generations(fight)
    prune(fight, now=now)
    after = generations(fight)
    assert after[0] == before[0]  # the newest is never removed
    recent = [g for g in before if now - g.time <= timedelta(days=KEEP_DAYS)]
    assert set(recent[:KEEP_NEWEST]) <= set(after)
    firsts = {}
    for generation in recent:
        firsts[generation.time.date()] = generation
    assert set(firsts.values()) <= set(after)
    assert all(now - g.time <= timedelta(days=KEEP_DAYS) for g in after[1:])
    assert len(after) <= 1 + KEEP_NEWEST + len(firsts)
