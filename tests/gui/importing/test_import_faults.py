"""File ▸ Import map… under faults (reliability review, defects 4 and 5): re-importing never changes
the picture an encounter saved earlier shows, and running out of memory is a message, not an
exception that escapes the import flow."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.gui.importing import dialog as import_dialog
from vantage.gui.importing.dialog import import_file_interactively

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt"


POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="pipes and /dev devices are POSIX")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _with_picture(source: Path, picture: bytes) -> None:
    import base64

    data = json.loads((FIXTURES / "window.dd2vtt").read_text(encoding="utf-8"))
    data["image"] = base64.b64encode(picture).decode()
    source.write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture
def waiting(tmp_path, monkeypatch) -> Path:
    """The user's folder where imported pictures wait for their encounter to be saved (issue 30
    item 7: never beside the source map)."""
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user" / "imported-pictures"


def test_reimporting_a_new_export_keeps_the_picture_of_the_saved_encounter(qtbot, tmp_path, waiting):
    """Review 4: "re-importing in the GUI changed the picture of an already saved encounter"
    (cave-background.png replaced). The second import gets a picture of its own."""
    source = tmp_path / "cave.dd2vtt"
    _with_picture(source, solid_png(80, 64, (10, 20, 30)))
    first = import_file_interactively(None, source, lambda d: True)
    first_picture = Path(first.map.background.path)
    before = _digest(first_picture)
    _with_picture(source, solid_png(80, 64, (200, 100, 0)))  # a new export of the same map
    second = import_file_interactively(None, source, lambda d: True)
    second_picture = Path(second.map.background.path)
    assert _digest(first_picture) == before and second_picture != first_picture
    assert second_picture.name == "cave-background-2.png"
    again = import_file_interactively(None, source, lambda d: True)  # the same export once more
    assert Path(again.map.background.path) == second_picture  # shared, nothing new written
    assert sorted(p.name for p in waiting.glob("*.png")) == ["cave-background-2.png", "cave-background.png"]
    assert not list(tmp_path.glob("*.png"))  # nothing beside the source map


def test_cancelling_a_reimport_removes_only_what_it_wrote(qtbot, tmp_path, waiting):
    source = tmp_path / "cave.dd2vtt"
    _with_picture(source, solid_png(80, 64, (10, 20, 30)))
    import_file_interactively(None, source, lambda d: True)
    _with_picture(source, solid_png(80, 64, (200, 100, 0)))
    assert import_file_interactively(None, source, lambda d: False) is None
    assert sorted(p.name for p in waiting.glob("*.png")) == ["cave-background.png"]


def test_running_out_of_memory_is_a_message_not_an_escape(qtbot, tmp_path, monkeypatch):
    """Review 5: "/dev/zero as a map … ends in MemoryError that escapes the GUI's import flow"."""
    said: list[str] = []
    monkeypatch.setattr(import_dialog.QMessageBox, "warning", lambda parent, title, text: said.append(text))

    def exhausted(*_args, **_kwargs):
        raise MemoryError

    monkeypatch.setattr(import_dialog, "import_map_file", exhausted)
    source = tmp_path / "big.dd2vtt"
    shutil.copy(FIXTURES / "plain.dd2vtt", source)
    assert import_file_interactively(None, source, lambda d: True) is None
    assert "not enough memory" in said[0]


@POSIX_ONLY
def test_a_pipe_as_the_map_is_refused_at_once(qtbot, tmp_path, monkeypatch):
    """Review 5: "On fifo.dd2vtt: the window blocked until it was killed after 30 s"."""

    said: list[str] = []
    monkeypatch.setattr(import_dialog.QMessageBox, "warning", lambda parent, title, text: said.append(text))
    fifo = tmp_path / "fifo.dd2vtt"
    os.mkfifo(fifo)
    assert import_file_interactively(None, fifo, lambda d: True) is None
    assert "not a regular file" in said[0]
    picture = tmp_path / "fifo.png"  # a picture's header is read before the grid dialog
    os.mkfifo(picture)
    assert import_file_interactively(None, picture, lambda d: True) is None
    assert "not a regular file" in said[1]


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
