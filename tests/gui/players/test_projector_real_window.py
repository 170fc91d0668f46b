"""The projector in real windows: an X server (Xvfb), not the offscreen platform, which hides what
real windows do (sizes, full screen, resize loops).

Issue 16, item 8: "at 1280×800 opening the player view on the marsh sample froze the whole
program … at 1920×1080 the full-screen player window showed the map as a 15–20 px thumbnail until
resized; after opening or importing another map it kept the old framing ('Locked to scale' showed
black) and a stale last-move arrow … test the player window as a real window under Xvfb: open,
full screen, switch maps, resize." Item 10: "the window fits a 1280×800 screen on first start".

Each test starts Xvfb with a screen of the size named, runs ``tests/support/projector_session.py``
in it (the GM window and the player view driven step by step) and reads what it wrote.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from xvfb import needs_xvfb, run_session

SESSION = Path(__file__).resolve().parents[2] / "support" / "projector_session.py"
#: A frozen window never writes its report; a working session takes about 6 s.
SESSION_TIMEOUT_S = 90

pytestmark = [
    pytest.mark.slow,  # real windows under Xvfb, in a process of their own
    needs_xvfb,
]


@pytest.fixture(scope="module", params=[(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def session(request, tmp_path_factory) -> dict[str, dict]:
    """The steps of one session on a screen of the given size, by name."""
    width, height = request.param
    folder = tmp_path_factory.mktemp(f"projector-{width}")
    out = folder / "states.json"
    done = run_session(SESSION, [str(out)], folder, timeout=SESSION_TIMEOUT_S, size=(width, height))
    assert done.returncode == 0 and out.exists(), done.stderr[-2000:]
    states = json.loads(out.read_text(encoding="utf-8"))
    return {state["step"]: state | {"size": (width, height)} for state in states}


def _fitted(state: dict) -> bool:
    x, y, w, h = state["map_on_screen"]
    win_w, win_h = state["player_window"]
    inside = x >= -2 and y >= -2 and x + w <= win_w + 2 and y + h <= win_h + 2
    return inside and (abs(w - win_w) <= 2 or abs(h - win_h) <= 2)


def test_the_gm_window_fits_the_screen_on_first_start(session):
    state = session["gm window"]
    assert state["gm_window"][0] <= state["screen"][0] and state["gm_window"][1] <= state["screen"][1]


def test_opening_the_player_view_does_not_freeze_and_shows_the_whole_map(session):
    assert _fitted(session["player view opened"])


def test_full_screen_shows_the_map_fitted_not_a_thumbnail(session):
    state = session["full screen"]
    assert state["fullscreen"] and state["player_window"] == state["screen"]
    assert _fitted(state)


def test_another_map_is_framed_afresh_with_no_arrow_from_the_old_one(session):
    assert session["a token moved"]["last_move"]
    state = session["another map"]
    assert state["map_size"] == [32, 24]  # the courtyard, not the marsh
    assert not state["last_move"] and _fitted(state)


def test_locked_to_scale_is_centred_on_the_new_map(session):
    state = session["locked to scale"]
    (cx, cy), (mx, my) = state["camera_centre"], state["map_centre"]
    assert abs(cx - mx) < 3 and abs(cy - my) < 3


def test_leaving_full_screen_and_resizing_keep_the_map_fitted(session):
    assert not session["windowed"]["fullscreen"] and _fitted(session["windowed"])
    assert session["resized"]["player_window"] == [900, 500] and _fitted(session["resized"])
