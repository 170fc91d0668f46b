"""The stamp of a file just opened (gui/gm/disk_stamp.py) hashes its bytes when first asked, not when
the file is read (issue 32, "window complete": ``hashlib`` loads OpenSSL, ~15 M instructions, and
``vantage FILE`` opens its file through ``load_with_stamp`` before the first frame)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import textwrap
from pathlib import Path

from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.gm.disk_stamp import DiskStamp, changed_since, load_with_stamp, stamp_of


def test_the_stamp_of_bytes_read_is_their_sha256_and_equals_the_stamp_taken_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "copy.json"
    path.write_bytes(sample_encounters()[0].read_bytes())
    _encounter, read = load_with_stamp(path)
    assert read is not None
    assert read.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    taken = stamp_of(path)
    assert taken is not None
    assert read == taken and hash(read) == hash(taken)
    assert read.size == path.stat().st_size
    assert changed_since(read, path) is None


def test_a_stamp_of_other_bytes_differs() -> None:
    identity = (1, 2, 3, 4)
    assert DiskStamp(identity, "", 3, data=b"abc") != DiskStamp(identity, "", 3, data=b"abd")
    hashed = DiskStamp(identity, hashlib.sha256(b"abc").hexdigest(), 3)
    assert DiskStamp(identity, "", 3, data=b"abc") == hashed


def test_opening_a_file_does_not_load_hashlib_until_its_digest_is_asked() -> None:
    child = textwrap.dedent("""
        import sys
        from vantage.gui.gm.disk_stamp import load_with_stamp
        _encounter, stamp = load_with_stamp(sys.argv[1])
        before = "hashlib" in sys.modules
        digest = stamp.sha256
        print(before, "hashlib" in sys.modules, len(digest))
    """)
    done = subprocess.run([sys.executable, "-c", child, str(sample_encounters()[0])], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True", "64"]
