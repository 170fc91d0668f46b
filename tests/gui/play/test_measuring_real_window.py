"""The ruler and a cone on the projector in real windows (Xvfb), with real keys and drags.

Issue 16, "Done when": "… a ruler and a cone shown on the projector …"; item 7: "A ruler (drag from
a tile: distance in tiles and feet by the ruleset's diagonal rule, shown on both screens if the GM
wants) and area templates … optionally shown on the projector." The session script is
``tests/support/measure_session.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from xvfb import needs_xvfb, run_session

SESSION = Path(__file__).resolve().parents[2] / "support" / "measure_session.py"
SESSION_TIMEOUT_S = 90

pytestmark = [needs_xvfb,
              pytest.mark.slow]  # a real window under Xvfb, in a process of its own


@pytest.fixture(scope="module")
def steps(tmp_path_factory) -> dict[str, dict]:
    folder = tmp_path_factory.mktemp("measure")
    out = folder / "states.json"
    done = run_session(SESSION, [str(out)], folder, timeout=SESSION_TIMEOUT_S)
    assert done.returncode == 0 and out.exists(), done.stderr[-2000:]
    return {state["step"]: state for state in json.loads(out.read_text(encoding="utf-8"))}


def test_t_takes_out_the_template_tool(steps):
    assert steps["T pressed"]["tool"] == "templates"
    assert "templates" in steps["T pressed"]["mode_label"]


def test_a_dragged_cone_points_at_the_cursor_and_shows_on_the_projector(steps):
    (cone,) = steps["cone placed and shown"]["templates"]
    assert cone[:2] == ["cone", [14.0, 7.0]] and cone[3] is True
    assert cone[2] in (75.0, 90.0)  # towards Ghoul 2, in 15° steps
    (label,) = steps["ruler dragged"]["projector_templates"]
    assert label.startswith("15 ft cone — ")


def test_the_ruler_is_measured_and_shown_to_the_players_until_esc(steps):
    state = steps["ruler dragged"]
    assert state["tool"] == "ruler" and state["ruler"] == "10 tiles · 50 ft"
    assert state["projector_ruler"] == "10 tiles · 50 ft\ndiagonals 5/5/5 · as Avorkarth moves"
    after = steps["Esc pressed"]
    assert after["tool"] == "play" and after["ruler"] is None and after["projector_ruler"] is None
