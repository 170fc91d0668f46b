"""Saving under faults (reliability review, defects 1, 15, 16, 17; docs/reliability.md): whatever
Vantage writes it reads back, a killed save leaves the old file whole and its litter is cleared by
the next save, a device or pipe is never written over, and a backup that cannot be replaced never
blocks the save itself."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import pytest

from vantage.engine.fileformat import EncounterFileError, load_encounter, save_encounter, storage, text
from vantage.engine.model import Encounter, GameMap, Wall, WallKind

MAIN = Path(__file__).resolve().parents[3]


POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="pipes and /dev devices are POSIX")


def small() -> Encounter:
    return Encounter(GameMap(8, 6), name="small", ruleset="avorkarth")


def with_walls(count: int) -> Encounter:
    walls = tuple(Wall((x % 8 + 0.25, 0.5), (x % 8 + 0.75, 0.5), WallKind.WALL) for x in range(count))
    return small().with_map(replace(small().map, walls=walls))


def test_a_save_larger_than_the_reader_accepts_is_refused_and_the_old_file_kept(tmp_path, monkeypatch):
    """Review 1: "a 68 MiB save succeeded and then neither the file nor its .bak would open".
    Whatever Vantage writes it must read back: a save over the limit is refused, nothing changes."""
    monkeypatch.setattr(storage, "MAX_FILE_BYTES", 20_000)
    monkeypatch.setattr(text, "MAX_FILE_BYTES", 20_000)
    path = tmp_path / "fight.json"
    save_encounter(small(), path)
    save_encounter(small(), path)  # a .bak exists too
    before, bak_before = path.read_bytes(), storage.backup_path(path).read_bytes()
    with pytest.raises(EncounterFileError, match="MiB Vantage opens, so it was not saved"):
        save_encounter(with_walls(2000), path)
    assert path.read_bytes() == before and storage.backup_path(path).read_bytes() == bak_before
    assert load_encounter(path) == small() and sorted(p.name for p in tmp_path.iterdir()) == [
        ".vantage-backups", "fight.json", "fight.json.bak"]


def test_the_limit_fits_a_million_point_cave():
    """Review 1: a 1,000,000-point Universal VTT cave became a 64.2 MiB encounter: the limit leaves
    room for it (pictures are files beside the encounter, never inside it)."""
    assert text.MAX_FILE_BYTES >= 3 * 64.2 * 2**20


def test_a_save_that_would_not_load_again_is_refused_before_the_disk(tmp_path, monkeypatch):
    """"Check before replacing": the bytes are read back before the old file is touched."""
    path = tmp_path / "fight.json"
    save_encounter(small(), path)
    before = path.read_bytes()

    def unreadable(*_args, **_kwargs):
        raise EncounterFileError([], path="x")

    monkeypatch.setattr(storage, "loads_encounter", unreadable)
    with pytest.raises(EncounterFileError):
        save_encounter(with_walls(3), path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["fight.json"]


KILLED_SAVE = textwrap.dedent("""
    import sys
    from dataclasses import replace
    from vantage.engine.fileformat import save_encounter, storage
    from vantage.engine.model import Encounter, GameMap
    enc = Encounter(GameMap(8, 6), name="big", notes="n" * 30_000_000, ruleset="avorkarth")
    real_replace = storage._replace_with_retry
    def stop(source, target):
        print("written", flush=True)  # the temp file is complete: the parent kills us here
        sys.stdin.readline()
        real_replace(source, target)
    storage._replace_with_retry = stop
    save_encounter(enc, sys.argv[1])
""")


def test_a_save_killed_mid_way_leaves_the_old_file_and_the_next_save_clears_its_temp_files(tmp_path):
    """Review 15: "97 orphaned full-size temp files" from 350 kills, never removed. A save killed
    with SIGKILL leaves the old file whole; the next save removes the stale temp files."""
    path = tmp_path / "fight.json"
    save_encounter(small(), path)
    save_encounter(small(), path)
    before = path.read_bytes()
    child = subprocess.Popen([sys.executable, "-c", KILLED_SAVE, str(path)], cwd=MAIN,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "written"
    child.kill()  # SIGKILL on POSIX, TerminateProcess on Windows
    child.wait(timeout=30)
    child.stdin.close()
    child.stdout.close()
    leftovers = [p for p in tmp_path.iterdir() if ".tmp-" in p.name]
    assert path.read_bytes() == before and load_encounter(path) == small() and leftovers
    old = time.time() - storage.STALE_TEMP_SECONDS - 60
    for leftover in leftovers:
        os.utime(leftover, (old, old))
    fresh = tmp_path / "fight.json.tmp-another-window"  # a save running now elsewhere: kept
    fresh.write_bytes(b"{}")
    save_encounter(small(), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".vantage-backups", "fight.json", "fight.json.bak",
                                                          fresh.name]


@POSIX_ONLY
def test_a_pipe_or_a_folder_is_never_saved_over(tmp_path):
    """Review 16: "the backup step copies the current target whatever it is" (a /dev/zero clone
    filled the disk). A target that is not a regular file is refused before anything is copied."""
    fifo = tmp_path / "fight.json"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file") as caught:
        save_encounter(small(), fifo)
    assert caught.value.errno == errno.EINVAL
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(OSError, match="it is a folder"):
        save_encounter(small(), folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json", "folder.json"]


def test_a_backup_that_cannot_be_replaced_does_not_block_the_save(tmp_path):
    """Review 17: "a .bak that cannot be replaced blocks every save, and the message names the
    main file". The save goes through; its note names the backup."""
    path = tmp_path / "fight.json"
    save_encounter(small(), path)
    stuck = storage.backup_path(path)
    stuck.mkdir()  # a file cannot replace a folder: like chattr +i, the backup cannot be written
    (stuck / "keep").write_text("x")
    notes = save_encounter(with_walls(2), path)
    assert load_encounter(path) == with_walls(2)
    assert len(notes) == 1 and notes[0].startswith(f"the backup {stuck} could not be updated")
    assert not [p for p in tmp_path.iterdir() if ".tmp-" in p.name]


def test_a_full_disk_keeps_the_old_file_and_names_it(tmp_path, monkeypatch):
    """Disk full during the write: "No space left on device", the old file intact, no temp file."""
    path = tmp_path / "fight.json"
    save_encounter(small(), path)
    before = path.read_bytes()

    def full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.os, "fsync", full)
    with pytest.raises(OSError, match=f"could not save the encounter to {path}: No space left") as caught:
        save_encounter(with_walls(2), path)
    assert caught.value.errno == errno.ENOSPC
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["fight.json"]
