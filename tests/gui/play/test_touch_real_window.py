"""Touch in real windows (Xvfb, the xcb platform): issue 30, 8 — "Pinch to zoom, two fingers to pan,
press-and-drag a token with the same path preview and refusals as the mouse, long-press for the
token menu — in the GM window and, when the GM enables it, on the player window used as a touch
table (players drag their own tokens through the same engine commands, hidden tokens never
touchable)", and "Done when: ... items 2, 3, 5 and 8 also in real windows under Xvfb".

The session script is ``tests/support/touch_session.py``: Qt's own touch events from a touchscreen
device, in a GM window and a player window of their own on an X server.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from xvfb import needs_xvfb, run_session

SESSION = Path(__file__).resolve().parents[2] / "support" / "touch_session.py"
SESSION_TIMEOUT_S = 120

pytestmark = [needs_xvfb,
              pytest.mark.slow]  # real windows under Xvfb, in a process of their own


@pytest.fixture(scope="module")
def steps(tmp_path_factory) -> dict[str, dict]:
    folder = tmp_path_factory.mktemp("touch")
    out = folder / "states.json"
    done = run_session(SESSION, [str(out)], folder, timeout=SESSION_TIMEOUT_S)
    assert done.returncode == 0 and out.exists(), done.stderr[-2000:]
    return {state["step"]: state for state in json.loads(out.read_text(encoding="utf-8"))}


def test_the_session_ran_in_real_windows(steps):
    assert {state["platform"] for state in steps.values()} == {"xcb"}


def test_a_finger_drags_a_token_in_the_gm_window_by_the_engines_move(steps):
    state = steps["GM finger drag"]
    assert state["positions"]["bram"] == [7, 7] and state["undo"] == ["Move Bram"]
    assert state["status"] == "Bram moved to (7, 7): 2 used, 4 left" and state["selected"] == "bram"


def test_a_refused_finger_drag_gives_the_engines_reason_and_moves_nothing(steps):
    # Avorkarth: "Difficult Terrain (Brush, ...) : Half or -4 Movement (whichever is worse, Min 1)"
    state = steps["GM refused finger drag"]
    assert state["positions"]["bram"] == [7, 7] and state["undo"] == ["Move Bram"]
    assert state["status"].startswith("Bram cannot move to (7, 12)")
    assert "difficult terrain" in state["status"]


def test_a_pinch_zooms_about_the_fingers(steps):
    state = steps["pinched"]
    assert state["zoom_ratio"] == pytest.approx(1.5, rel=0.01)  # the fingers 120 px apart, then 180
    assert all(abs(d) <= 1 for d in state["drift"])  # the map point between the fingers stayed there
    assert state["undo"] == ["Move Bram"]


def test_a_long_press_opens_the_tokens_menu_and_moves_nothing(steps):
    state = steps["long press on Ilse"]
    assert state["menu"] and "Ilse Varn's own actions" in state["menu"] and "GM" in state["menu"]
    assert state["positions"]["ilse"] == [4, 8] and state["undo"] == ["Move Bram"]


def test_a_player_drags_a_party_token_on_the_touch_table(steps):
    state = steps["player finger drag"]
    assert state["positions"]["bram"] == [6, 5] and state["undo"] == ["Move Bram", "Move Bram"]
    assert state["player_tokens"]["bram"] == [6, 5]
    assert state["status"] == "Touch table: Bram moved to (6, 5): 2 used, 4 left"
    assert "ghoul-1" not in state["player_tokens"]  # hidden: never on the players' screen


def test_a_hidden_creature_and_an_enemy_cannot_be_touched_on_the_touch_table(steps):
    before, after = steps["player finger drag"], steps["player touched the hidden and the enemy"]
    assert after["positions"] == before["positions"] and after["undo"] == before["undo"]
