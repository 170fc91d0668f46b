"""The settings files in any state (issue 33, 2: "the fuzzers grow a target for settings files"):
``settings.json``, ``recent-files.json``, ``player-view.json`` and a screen calibration holding
mutated good files, JSON of any shape (deep, huge and non-finite numbers, wrong types), bytes that
are not text, or a pipe, a folder, a dangling link in their place. Every reader returns a value of
its kind without raising or waiting; the bytes the user had are never lost (the file is where it
was, or set aside as ``NAME.damaged-*`` with the same bytes); a setting remembered afterwards
reads back. Bounded example count; ``VANTAGE_FUZZ_EXAMPLES`` raises it."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.table.calibration import Calibration
from vantage.gui.appdata import gm_settings, overlay_settings, player_settings
from vantage.gui.appdata.player_settings import PlayerSettings
from vantage.gui.appdata.safe_json import take_notices
from vantage.gui.gm.file_actions import read_recent, remember_recent

EXAMPLES = int(os.environ.get("VANTAGE_FUZZ_EXAMPLES", "120"))
NUMBERS = (st.integers() | st.floats() | st.sampled_from([10**400, -(10**400), 2**53 + 1, 1e308])
           | st.just(float("nan")))
JSONISH = st.recursive(
    st.none() | st.booleans() | NUMBERS | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["grid", "visible", "colour", "overlays", "default_ruleset", "reach", "tile_amount",
                         "vision_radius", "rotation", "camera", "screen", "labels", "pixels_per_mm", "x"]),
        inner, max_size=5),
    max_leaves=12,
)
GOOD = {
    "settings.json": {"default_ruleset": "baton", "grid": {"visible": False, "colour": "#ff00ff00"},
                      "overlays": {"reach_zones": False, "arcs": True}},
    "recent-files.json": ["/maps/a.json", "/maps/b.json"],
    "player-view.json": PlayerSettings(rotation=90, labels=False, tile_amount=25.0).to_dict(),
    "calibration": {"screen": "HDMI-1", "pixels_per_mm": 3.5, "source": "ruler"},
}


def calibration_path() -> Path:
    return player_settings.calibration_file("HDMI-1")


def read_all() -> None:
    """Every reader, each checked for the kind of value it returns."""
    grid = gm_settings.grid_setting()
    assert isinstance(grid["visible"], bool) and isinstance(grid["colour"], str)
    assert all(isinstance(o, str) for o in overlay_settings.shown_overlays())
    assert gm_settings.remembered_ruleset() is None or isinstance(gm_settings.remembered_ruleset(), str)
    assert all(isinstance(p, Path) for p in read_recent())
    view = player_settings.load_settings()
    assert view.rotation in player_settings.ROTATIONS and 0 < view.tile_amount <= 1e6
    assert 0 <= view.vision_radius <= 1e6
    calibration = player_settings.load_calibration("HDMI-1")
    assert calibration is None or isinstance(calibration, Calibration)


@st.composite
def file_content(draw: st.DrawFn, name: str) -> bytes | str:
    """Bytes for the file, or the name of a kind of file that is not a regular one."""
    kind = draw(st.sampled_from(["good", "cut", "mutated", "json", "bytes", "deep", "digits", "odd"]))
    good = json.dumps(GOOD[name]).encode()
    if kind == "good":
        return good
    if kind == "cut":
        return good[: draw(st.integers(0, len(good) - 1))]
    if kind == "mutated":
        at = draw(st.integers(0, len(good) - 1))
        return good[:at] + draw(st.binary(min_size=1, max_size=3)) + good[at + 1:]
    if kind == "json":
        return json.dumps(draw(JSONISH)).encode()
    if kind == "bytes":
        return draw(st.binary(max_size=60))
    if kind == "deep":
        depth = draw(st.sampled_from([50, 1000, 100_000]))
        return ("[" * depth + "]" * depth).encode()
    if kind == "digits":
        return b'{"tile_amount": ' + b"9" * draw(st.sampled_from([400, 4300, 5000])) + b"}"
    return draw(st.sampled_from(["fifo", "folder", "dangling"]))


def place(path: Path, content: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if content == "fifo":
        os.mkfifo(path)
    elif content == "folder":
        path.mkdir()
    elif content == "dangling":
        path.symlink_to(path.parent / "nowhere")
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)


def kept(path: Path, content: bytes | str) -> bool:
    """The user's bytes are still there: in place, or set aside under another name."""
    if not isinstance(content, bytes):
        return True  # a pipe, a folder or a link: nothing of the user's to keep but the entry
    candidates = [path, *path.parent.glob(f"{path.name}.damaged-*")]
    return any(c.is_file() and c.read_bytes() == content for c in candidates)


@pytest.mark.skipif(os.name == "nt", reason="pipes in the file system are POSIX")
@settings(max_examples=EXAMPLES, deadline=None)
@given(st.fixed_dictionaries({name: st.none() | file_content(name) for name in GOOD}))
def test_any_settings_files_are_read_without_loss_and_remembered_again(contents) -> None:
    user = Path(tempfile.mkdtemp())
    old = os.environ.get("VANTAGE_USER_DIR")
    os.environ["VANTAGE_USER_DIR"] = str(user)
    try:
        take_notices()
        paths = {name: user / name for name in GOOD if name != "calibration"}
        paths["calibration"] = calibration_path()
        for name, content in contents.items():
            if content is not None:
                place(paths[name], content)
        read_all()
        read_all()  # a second start reads what the first left
        for name, content in contents.items():
            if content is not None:
                assert kept(paths[name], content), name
        gm_settings.remember_ruleset("baton")
        player_settings.save_settings(PlayerSettings(labels=False))
        remember_recent(user / "fight.json")
        assert gm_settings.remembered_ruleset() == "baton"  # a damaged file was set aside, not in the way
        assert player_settings.load_settings().labels is False
        assert read_recent()[0] == (user / "fight.json").resolve()
        for notice in take_notices():
            assert str(user) in notice
    finally:
        if old is None:
            del os.environ["VANTAGE_USER_DIR"]
        else:
            os.environ["VANTAGE_USER_DIR"] = old
        shutil.rmtree(user)
