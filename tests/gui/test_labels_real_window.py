"""Labels in real windows (Xvfb), the GM window and the player window at 1920×1080 and 1280×800.

Issue 30 item 3: "the 'half cover'/'no cover' badge stays on the target and hides it; on the
projector the ruler label is cut at the edge and large name labels overlap. Labels never cover the
token they describe, stay inside the view, and avoid each other." Item 6: "a drag's refusal label is
cut at the map edge".

Each session starts Xvfb with a screen of that size, runs ``tests/support/labels_session.py`` in it
(the Baton crossroads: Bram beside Cultist Hask; the ruler to the map's right edge shown to the
players; the cover badge; a long refusal at the right edge) and reads the rectangles it wrote, in
each window's viewport coordinates.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from xvfb import needs_xvfb, run_session

SESSION = Path(__file__).resolve().parents[1] / "support" / "labels_session.py"
SESSION_TIMEOUT_S = 90

pytestmark = [
    pytest.mark.slow,  # real windows under Xvfb, in a process of their own
    needs_xvfb,
]


@pytest.fixture(scope="module", params=[(1280, 800), (1920, 1080)], ids=["1280x800", "1920x1080"])
def steps(request, tmp_path_factory) -> dict[str, dict]:
    width, height = request.param
    folder = tmp_path_factory.mktemp(f"labels-{width}")
    done = run_session(SESSION, [str(folder)], folder, timeout=SESSION_TIMEOUT_S, size=(width, height))
    assert done.returncode == 0 and (folder / "labels.json").exists(), done.stderr[-2000:]
    states = json.loads((folder / "labels.json").read_text(encoding="utf-8"))
    return {state["step"]: state for state in states}


def _inside(rect: list[float], viewport: list[int]) -> bool:
    x, y, w, h = rect
    return x >= -1 and y >= -1 and x + w <= viewport[0] + 1 and y + h <= viewport[1] + 1


def _overlap(a: list[float], b: list[float], slack: float = 1.0) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + aw - slack > bx and bx + bw - slack > ax and ay + ah - slack > by and by + bh - slack > ay


def test_name_labels_on_the_projector_neither_overlap_nor_cover_their_tokens(steps):
    state = steps["player view opened"]
    names = state["names"]
    assert {n["token"] for n in names} >= {"bram", "cultist-1"}
    for name in names:
        assert _inside(name["label"], state["player_viewport"]), name
        assert not _overlap(name["label"], name["anchor"]), name
    for a, b in itertools.combinations(names, 2):
        assert not _overlap(a["label"], b["label"]), (a, b)


def test_the_ruler_label_stays_inside_both_windows_and_off_its_end_tile(steps):
    state = steps["ruler to the edge"]
    for ruler, viewport in ((state["gm_ruler"], state["gm_viewport"]),
                            (state["player_ruler"], state["player_viewport"])):
        assert _inside(ruler["label"], viewport), (ruler, viewport)
        assert not _overlap(ruler["label"], ruler["anchor"]), ruler


def test_the_cover_badge_sits_beside_the_target_not_on_it(steps):
    badge = steps["cover badge"]["cover_badge"]
    assert badge["text"] in {"no cover", "half cover", "full cover", "no line of sight"}
    assert _inside(badge["label"], steps["cover badge"]["gm_viewport"])
    assert not _overlap(badge["label"], badge["anchor"])


def test_a_long_refusal_at_the_map_edge_is_wrapped_inside_the_view(steps):
    state = steps["refusal at the edge"]
    label = state["drag_label"]
    assert label["text"].startswith("Bram cannot move to (19, 7)")
    assert _inside(label["label"], state["gm_viewport"]), (label, state["gm_viewport"])
    assert not _overlap(label["label"], label["anchor"])
    assert label["label"][3] > 30  # more than one line: wrapped, not cut
