"""Damaged settings files (issue 33, 2): "Damaged settings are set aside (renamed, e.g.
settings.json.damaged-<time>) with a message naming the file and problem, defaults used"; "a FIFO in
place of one of those files (hangs the window today: never open non-regular files)".

``settings.json``, ``recent-files.json`` and ``player-view.json`` each with nesting too deep for
JSON, a number of 5,000 digits, a value of the wrong shape, bytes that are not UTF-8, and a named
pipe; a number of 400 digits and values of the wrong type inside a good file fall back to the
default of that one setting. Each read runs in a thread with a time limit, so a hang fails the test
instead of stopping the run."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from vantage.gui.appdata import gm_settings, overlay_settings, player_settings, settings_file
from vantage.gui.appdata.player_settings import PlayerSettings
from vantage.gui.appdata.safe_json import take_notices
from vantage.gui.gm.file_actions import read_recent, remember_recent

DEEP = "[" * 100_000 + "]" * 100_000
DAMAGE = {
    "nested too deep": DEEP,
    "a 5,000-digit number": '{"grid": ' + "7" * 5000 + "}",
    "cut short": '{"grid": {"visible": tr',
    "not UTF-8": b'{"x": "\xff\xfe"}',
}


@pytest.fixture
def user(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "user"
    folder.mkdir()
    monkeypatch.setenv("VANTAGE_USER_DIR", str(folder))
    take_notices()
    return folder


def within(seconds: float, call):
    """``call()``, failing the test if it has not returned after ``seconds`` (a FIFO read hangs)."""
    result: list = []
    thread = threading.Thread(target=lambda: result.append(call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the read never returned (it opened a pipe?)"
    return result[0]


READERS = {
    "settings.json": (lambda: gm_settings.grid_setting(), gm_settings.DEFAULT_GRID),
    "recent-files.json": (read_recent, []),
    "player-view.json": (player_settings.load_settings, PlayerSettings()),
}


def write(path: Path, content: str | bytes) -> None:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")


@pytest.mark.parametrize("name", sorted(READERS))
@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_file_is_set_aside_with_a_message_and_defaults_are_used(user, name, damage):
    write(user / name, DAMAGE[damage])
    before = (user / name).read_bytes()
    read, default = READERS[name]
    assert within(10, read) == default
    (aside,) = user.glob(f"{name}.damaged-*")
    assert aside.read_bytes() == before and not (user / name).exists()  # kept, under another name
    (notice,) = take_notices()
    assert str(user / name) in notice and aside.name in notice and "defaults" in notice


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_named_pipe_is_never_opened_and_is_set_aside(user, name):
    os.mkfifo(user / name)
    read, default = READERS[name]
    assert within(10, read) == default
    (notice,) = take_notices()
    assert "not a regular file" in notice and name in notice
    assert not (user / name).exists()


@pytest.mark.parametrize(("name", "shape"), [("settings.json", "[1, 2]"), ("recent-files.json", '{"a": 1}'),
                                             ("player-view.json", '"text"')])
def test_a_file_of_the_wrong_shape_is_set_aside(user, name, shape):
    write(user / name, shape)
    read, default = READERS[name]
    assert within(10, read) == default
    assert list(user.glob(f"{name}.damaged-*")) and name in take_notices()[0]


def test_wrong_values_in_a_good_file_fall_back_one_by_one_and_the_file_is_kept(user):
    big = "1" + "0" * 400
    write(user / "player-view.json", f'{{"tile_amount": {big}, "vision_radius": {big}, "rotation": {big}, '
          '"labels": false, "camera": [1], "screen": 5}')
    settings = within(10, player_settings.load_settings)
    assert settings == PlayerSettings(labels=False)
    write(user / "settings.json", f'{{"grid": {{"visible": {big}, "colour": 5}}, '
          f'"overlays": {{"reach": {big}}}, "default_ruleset": {big}}}')
    assert within(10, gm_settings.grid_setting) == gm_settings.DEFAULT_GRID
    assert within(10, overlay_settings.shown_overlays) == overlay_settings.DEFAULT_OVERLAYS
    assert gm_settings.remembered_ruleset() is None
    assert take_notices() == [] and (user / "settings.json").exists() and (user / "player-view.json").exists()


def test_not_finite_numbers_in_the_player_view_fall_back(user):
    write(user / "player-view.json", '{"tile_amount": NaN, "vision_radius": Infinity}')
    assert within(10, player_settings.load_settings) == PlayerSettings()


def test_remembering_a_setting_never_writes_over_a_damaged_file(user):
    write(user / "settings.json", DEEP)
    gm_settings.remember_ruleset("baton")
    assert json.loads((user / "settings.json").read_text(encoding="utf-8")) == {"default_ruleset": "baton"}
    (aside,) = user.glob("settings.json.damaged-*")
    assert aside.read_text(encoding="utf-8") == DEEP


def test_writes_never_go_through_a_pipe_left_where_the_temp_file_was(user):
    os.mkfifo(user / "settings.tmp")
    os.mkfifo(user / "player-view.tmp")
    within(10, lambda: settings_file.remember_setting("k", 1))
    within(10, lambda: player_settings.save_settings(PlayerSettings(labels=False)))
    within(10, lambda: remember_recent(user / "fight.json"))
    assert settings_file.read_settings() == {"k": 1}
    assert player_settings.load_settings().labels is False and read_recent() == [user / "fight.json"]


def test_a_user_folder_that_cannot_be_made_reads_as_defaults_and_says_so(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "file" / "user"))
    take_notices()
    assert gm_settings.grid_setting() == gm_settings.DEFAULT_GRID
    assert player_settings.load_settings() == PlayerSettings() and read_recent() == []
    gm_settings.remember_ruleset("baton")  # forgotten, nothing fails
    notices = take_notices()
    assert len(notices) == 1 and str(tmp_path / "file" / "user") in notices[0]
