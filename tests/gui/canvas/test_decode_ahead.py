"""A background picture decoded ahead (issue 32, "window complete"): ``vantage FILE`` starts
decoding the encounter's picture on a thread of its own before it builds the window
(gui/gm/launch.py), and the scene that asks for the picture takes that decode; while it waits,
it prepares what the window's late part would do first. These tests hold the decode behind an
event, so the order of things is certain, not a race."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest
from held_decodes import hold_decodes
from picture_files import QUARTERS, write_quarters
from PySide6.QtGui import QColor

from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.engine.model import BackgroundImage, Encounter, GameMap
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.canvas import map_picture, picture_loading
from vantage.gui.canvas.map_picture import PictureUnreadable, decode_ahead, picture_key, shared_picture
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.gm import early_picture
from vantage.gui.gm.early_picture import background_file, decode_background_early

WAIT_S = 10.0  # the longest a test waits for a held decode (it is released long before)


@pytest.fixture(autouse=True)
def _no_decode_left_ahead():
    """A decode ahead a test leaves untaken is not found by the next test."""
    yield
    map_picture._ahead.clear()


@pytest.fixture
def held_decode(monkeypatch) -> threading.Event:
    """Every decode waits until the returned event is set (at most WAIT_S), then decodes."""
    release = hold_decodes(monkeypatch, WAIT_S)
    yield release
    release.set()


def _colour_at(picture: map_picture.MapPicture, x: int, y: int) -> QColor:
    return QColor(picture.pixmap.toImage().pixel(x, y))


def test_the_scene_takes_the_picture_decoded_ahead_and_decodes_it_no_more(qtbot, tmp_path):
    path = write_quarters(tmp_path / "map.png", 200, 100)
    before = map_picture.decode_count()
    ahead = decode_ahead(path)
    assert ahead is not None
    picture = shared_picture(path)
    assert map_picture.decode_count() == before + 1
    assert picture.full_size == (200, 100)
    assert _colour_at(picture, 10, 10) == QUARTERS[0] and _colour_at(picture, 190, 90) == QUARTERS[3]
    assert shared_picture(path) is picture  # held: the same picture, no second decode
    assert decode_ahead(path) is None  # a window holds it: nothing to decode ahead


def test_what_waits_for_the_picture_prepares_the_late_part_meanwhile_and_stops_when_it_is_decoded(
        qtbot, tmp_path, held_decode):
    """The steps are taken while the decode runs, one at a time, and no step is taken once it is
    done: the first frame never waits for work it does not need."""
    path = write_quarters(tmp_path / "map.png", 64, 64)
    taken: list[int] = []
    decoding: list[map_picture.DecodeAhead] = []

    def steps() -> Iterator[int]:
        for number in range(1, 6):
            taken.append(number)
            if number == 2:  # the decode ends during the second step
                held_decode.set()
                deadline = time.monotonic() + WAIT_S
                while not decoding[0].done and time.monotonic() < deadline:
                    time.sleep(0.001)
            yield number

    ahead = decode_ahead(path)
    assert ahead is not None
    ahead.meanwhile = steps()
    decoding.append(ahead)
    picture = shared_picture(path)
    assert taken == [1, 2]
    assert picture.full_size == (64, 64)


def test_a_failing_step_ends_the_preparing_and_the_picture_still_comes(qtbot, tmp_path, held_decode):
    """A step only prepares what the late part does anyway (which meets, and reports, the same
    failure): it never keeps the map from its picture."""
    path = write_quarters(tmp_path / "map.png", 64, 64)
    taken: list[int] = []

    def steps() -> Iterator[int]:
        taken.append(1)
        yield 1
        held_decode.set()
        raise ImportError("a module of the late part is broken")

    decode_ahead(path)  # as ``vantage FILE`` starts it, before the window is built
    picture_loading.decode_early(path, steps())  # the window's: the decode under way takes its steps
    assert shared_picture(path).full_size == (64, 64)
    assert taken == [1]


def test_a_picture_decoded_before_anything_waits_takes_no_step(qtbot, tmp_path):
    path = write_quarters(tmp_path / "map.png", 64, 64)
    taken: list[int] = []
    ahead = decode_ahead(path)
    assert ahead is not None
    ahead.meanwhile = iter(lambda: taken.append(1), 0)  # would take steps for ever
    qtbot.waitUntil(lambda: ahead.done, timeout=int(WAIT_S * 1000))  # decoded before anything waits
    shared_picture(path)
    assert taken == []


def test_a_picture_that_cannot_be_decoded_ahead_is_refused_as_the_scene_would_refuse_it(tmp_path):
    (tmp_path / "notes.png").write_text("not a picture")
    assert decode_ahead(tmp_path / "notes.png") is not None
    with pytest.raises(PictureUnreadable, match="is not a picture Vantage shows"):
        shared_picture(tmp_path / "notes.png")


def test_nothing_is_decoded_ahead_for_a_missing_file(tmp_path):
    assert decode_ahead(tmp_path / "missing.png") is None


def test_a_picture_changed_on_disk_after_its_decode_ahead_is_shown_as_it_is_now(qtbot, tmp_path):
    path = write_quarters(tmp_path / "map.png", 200, 100)
    stale = decode_ahead(path)
    assert stale is not None
    qtbot.waitUntil(lambda: stale.done, timeout=int(WAIT_S * 1000))
    write_quarters(path, 120, 80)  # the GM's export, written again before the window asked
    os.utime(path, ns=(1, 1))  # another modification time, whatever the file system's resolution
    picture = shared_picture(path)
    assert picture.full_size == (120, 80)
    assert stale.key not in map_picture._ahead  # the stale decode is let go


def test_a_big_picture_decoded_early_goes_to_the_thread_pool_as_the_scene_would_send_it(
        qtbot, tmp_path, monkeypatch, held_decode):
    """``decode_early`` sends a big picture where the scene would (``decoded_away``: the map shows
    meanwhile, with progress), so the scene finds that decode running and waits for no other."""
    monkeypatch.setattr(picture_loading, "DECODE_AWAY_FROM_PIXELS", 0)
    path = write_quarters(tmp_path / "map.png", 64, 64)
    picture_loading.decode_early(path)
    key = picture_key(path)
    running = picture_loading.decoded_away(path)
    assert running is not None and running.key == key
    assert key not in map_picture._ahead
    held_decode.set()
    qtbot.waitUntil(lambda: running.done, timeout=int(WAIT_S * 1000))
    assert running.picture is not None and running.picture.full_size == (64, 64)


def test_vantage_file_starts_the_decode_before_anything_else_and_the_scene_takes_it(qtbot, tmp_path):
    """``vantage FILE`` looks in the file for its background (``map.background.path``) with json
    alone and starts the decode at once (gui/gm/early_picture.py); the window's scene then takes
    that decode, the one decode of the picture."""
    write_quarters(tmp_path / "map.png", 200, 100)
    encounter = Encounter(GameMap(8, 4, background=BackgroundImage("map.png", 25)), (), ruleset="avorkarth")
    save_encounter(encounter, tmp_path / "fight.json", keep_backup=False)
    loaded = load_encounter(tmp_path / "fight.json")
    assert background_file(tmp_path / "fight.json") == map_picture.background_path(loaded.map.background,
                                                                                   tmp_path)
    before = map_picture.decode_count()
    assert decode_background_early(tmp_path / "fight.json")
    assert map_picture.decoding_ahead(tmp_path / "map.png") is not None
    scene = MapScene(loaded, tmp_path)
    assert scene.background is not None and scene.background.picture.full_size == (200, 100)
    assert map_picture.decode_count() == before + 1
    assert map_picture.decoding_ahead(tmp_path / "map.png") is None  # taken


@pytest.mark.parametrize("text", ['{"map": {}}', '{"map": {"background": null}}', "[1, 2]", "not json",
                                  '{"map": {"background": {"path": 7}}}',
                                  '{"map": {"background": {"path": ""}}}', "[" * 100_000])
def test_a_file_that_names_no_background_starts_no_decode(tmp_path, text):
    (tmp_path / "fight.json").write_text(text, encoding="utf-8")
    assert background_file(tmp_path / "fight.json") is None
    assert not decode_background_early(tmp_path / "fight.json")
    assert not decode_background_early(tmp_path / "missing.json")


def test_a_big_picture_is_left_to_the_window_to_decode_on_the_thread_pool(tmp_path, monkeypatch):
    write_quarters(tmp_path / "map.png", 64, 64)
    (tmp_path / "fight.json").write_text('{"map": {"background": {"path": "map.png"}}}', encoding="utf-8")
    monkeypatch.setattr(early_picture, "DECODE_AWAY_FROM_PIXELS", 64 * 64)
    assert not early_picture.decode_background_early(tmp_path / "fight.json")
    assert map_picture.decoding_ahead(tmp_path / "map.png") is None


def test_the_samples_name_their_backgrounds_as_the_loader_reads_them():
    """The look at the file agrees with the file format's reading on every bundled sample."""
    for sample in sample_encounters():
        background = load_encounter(sample).map.background
        expected = None if background is None else map_picture.background_path(background, sample.parent)
        assert background_file(sample) == expected


CHILD = """
import sys
from pathlib import Path
from vantage.gui.canvas.map_picture import decode_ahead, shared_picture
decode_ahead(Path(sys.argv[1]))  # before the application exists, as ``vantage FILE`` does
import time
time.sleep(0.3)  # the program loads meanwhile: the decoder touches Qt first
from PySide6.QtCore import QThread
from PySide6.QtWidgets import QApplication
app = QApplication([])
assert app.thread() is QThread.currentThread(), "Qt's main thread is not the program's"
print(shared_picture(Path(sys.argv[1])).full_size)
"""


def test_a_decode_started_before_the_application_leaves_qt_its_main_thread(tmp_path):
    """Qt takes the first thread that touches it as its main thread; the decoder touches Qt (its
    file, its plugin loader) before ``vantage FILE`` creates the application, and Qt then said
    "QApplication was not created in the main() thread" (the GUI on the wrong thread)."""
    path = write_quarters(tmp_path / "map.png", 640, 480)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", CHILD, str(path)], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "not created in the main() thread" not in done.stderr
    assert done.stdout.strip() == "(640, 480)"
