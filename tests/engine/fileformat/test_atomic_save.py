"""Atomic saves: a save that fails half-way leaves the old file intact and readable.

Issue 2, item 3: "Saving is atomic (temp file beside, flush, fsync, replace; on Windows retry a
locked replace briefly) and keeps the previous file as NAME.bak." and "A save whose write fails
half-way (simulate it) leaves the old file intact and readable."
"""

from __future__ import annotations

import os
from dataclasses import replace

import pytest

from vantage.engine.fileformat import load_encounter, save_encounter, storage
from vantage.engine.model import Encounter, GameMap, Token


def first() -> Encounter:
    return Encounter(GameMap(5, 5), (Token("a", "A", (1, 1)),), name="First", ruleset="avorkarth")


def second() -> Encounter:
    return replace(first(), name="Second")


def test_save_writes_the_file_and_keeps_the_previous_one_as_bak(tmp_path) -> None:
    path = tmp_path / "fight.json"
    save_encounter(first(), path)
    assert load_encounter(path) == first()
    assert not (tmp_path / "fight.json.bak").exists()
    save_encounter(second(), path)
    assert load_encounter(path) == second()
    assert load_encounter(tmp_path / "fight.json.bak") == first()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".vantage-backups", "fight.json", "fight.json.bak"]


def test_without_backup_no_bak_is_written(tmp_path) -> None:
    path = tmp_path / "fight.json"
    save_encounter(first(), path)
    save_encounter(second(), path, keep_backup=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json"]


def test_a_save_keeps_the_old_file_permissions(tmp_path) -> None:
    path = tmp_path / "fight.json"
    save_encounter(first(), path)
    os.chmod(path, 0o640)
    save_encounter(second(), path)
    assert os.stat(path).st_mode & 0o777 == 0o640


def test_a_write_failing_half_way_leaves_the_old_file_intact(tmp_path, monkeypatch) -> None:
    path = tmp_path / "fight.json"
    save_encounter(first(), path)
    before = path.read_bytes()
    real_fdopen = os.fdopen

    class HalfWriter:
        """A file that writes the first half of the data, then fails like a full disk."""

        def __init__(self, handle) -> None:
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc) -> None:
            self.handle.close()

        def write(self, data: bytes) -> int:
            self.handle.write(data[: len(data) // 2])
            self.handle.flush()
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "fdopen", lambda fd, mode: HalfWriter(real_fdopen(fd, mode)))
    with pytest.raises(
        OSError, match=r"could not save the encounter to .*fight.json: No space left"
    ) as caught:
        save_encounter(second(), path)
    assert caught.value.errno == 28
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert load_encounter(path) == first()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json"]  # no temp file left behind


def test_a_failing_replace_leaves_the_old_file_intact_and_no_temp(tmp_path, monkeypatch) -> None:
    path = tmp_path / "fight.json"
    save_encounter(first(), path)
    real_replace = os.replace

    def replace_but_not_the_encounter(src, dst) -> None:
        if str(dst) == str(path):
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr(storage.os, "replace", replace_but_not_the_encounter)
    with pytest.raises(OSError, match="could not save"):
        save_encounter(second(), path)
    monkeypatch.undo()
    assert load_encounter(path) == first()
    assert load_encounter(tmp_path / "fight.json.bak") == first()
    # the generation kept for the failed save is taken back: the old file is still in place
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json", "fight.json.bak"]


def test_a_locked_file_is_retried_briefly(tmp_path, monkeypatch) -> None:
    """Windows: another program holding the file makes os.replace raise PermissionError for a while."""
    path = tmp_path / "fight.json"
    save_encounter(first(), path)
    real_replace = os.replace
    failures = {"left": 2}

    def locked_twice(src, dst) -> None:
        if str(dst) == str(path) and failures["left"]:
            failures["left"] -= 1
            raise PermissionError(13, "The process cannot access the file")
        real_replace(src, dst)

    monkeypatch.setattr(storage.os, "replace", locked_twice)
    monkeypatch.setattr(storage, "REPLACE_RETRY_DELAYS", (0.0, 0.0, 0.0))
    save_encounter(second(), path)
    assert failures["left"] == 0
    monkeypatch.undo()
    assert load_encounter(path) == second()


def test_a_file_locked_for_good_fails_with_a_clear_error(tmp_path, monkeypatch) -> None:
    path = tmp_path / "fight.json"
    save_encounter(first(), path)
    real_replace = os.replace

    def always_locked(src, dst) -> None:
        if str(dst) == str(path):
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(storage.os, "replace", always_locked)
    monkeypatch.setattr(storage, "REPLACE_RETRY_DELAYS", (0.0, 0.0))
    with pytest.raises(OSError, match="could not save the encounter to .*: Permission denied"):
        save_encounter(second(), path)
    monkeypatch.undo()
    assert load_encounter(path) == first()


def test_saving_into_a_missing_folder_is_a_clear_error(tmp_path) -> None:
    with pytest.raises(OSError):
        save_encounter(first(), tmp_path / "no-such-folder" / "fight.json")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_refuses_new_files_gives_an_error_naming_the_file(tmp_path, monkeypatch) -> None:
    """A read-only folder: the temp file cannot even be created (simulated; the tests may run as root)."""
    path = tmp_path / "fight.json"
    save_encounter(first(), path)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage.tempfile, "mkstemp", refuse)
    with pytest.raises(OSError, match=r"could not save the encounter to .*fight.json: Permission denied"):
        save_encounter(second(), path)
    monkeypatch.undo()
    assert load_encounter(path) == first()


def test_saving_through_a_symlink_replaces_the_file_it_points_to(tmp_path) -> None:
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    save_encounter(first(), real)
    link.symlink_to(real)
    save_encounter(second(), link)
    assert link.is_symlink()
    assert load_encounter(real) == second()
    assert load_encounter(tmp_path / "real.json.bak") == first()
