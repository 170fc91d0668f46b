"""A bend is marked only where the ruleset has charges and the GM asked for them (issue 16, item 9).

Issue 16: "Paths prefer straight lines among equal costs (no zig-zags), and a bend is only marked
where the ruleset has charges and the GM asked for them." The GM asks by switching the "Charge
lanes" overlay on (View ▸ Overlays, Ctrl+4); without it a bend is a note in the tooltip only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from vantage.engine.rules.base import Tactics, Unanswered
from vantage.gui.play.path_overlay import marked_warnings
from vantage.gui.play.tactics_overlay import Layer


def _drag_watching(qtbot, window, start, end):
    viewport, seen, tips = window.view.viewport(), [], []
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(start))
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view(end))
    seen.extend(window.play_tool.overlay.warnings())
    tips.append(window.play_tool.overlay.toolTip())
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(end))
    return seen, tips


def test_with_charge_lanes_off_a_bend_is_a_note_not_a_mark(qtbot, demo_play):
    window = demo_play
    window.workspace.overlays.set_shown(Layer.CHARGE, False)  # View ▸ Overlays ▸ Charge lanes
    seen, tips = _drag_watching(qtbot, window, (5, 6), (0, 9))  # W then SW: a bend on the way
    assert "breaks_charge" not in window.play_tool.overlay.warning_kinds
    assert not any("not a charge lane" in w for w in seen)
    assert "not a charge lane" in tips[0] and "⚠ turns" not in tips[0]


def test_with_charge_lanes_on_avorkarth_marks_the_bend(qtbot, demo_play):
    window = demo_play
    window.workspace.overlays.set_shown(Layer.CHARGE, True)
    seen, _ = _drag_watching(qtbot, window, (5, 6), (0, 9))
    assert "breaks_charge" in window.play_tool.overlay.warning_kinds
    assert any("not a charge lane" in w for w in seen)


def test_a_ruleset_without_charges_never_marks_a_bend():
    """"charge lanes only when charge_min_tiles is not None": no charges, no bend marks."""
    warns = frozenset({"breaks_charge", "leaves_reach"})
    assert marked_warnings(Tactics(None, None, path_warnings=warns), True) == {"leaves_reach"}
    assert marked_warnings(Tactics(None, 3, path_warnings=warns), True) == warns
    assert marked_warnings(Tactics(None, 3, path_warnings=warns), False) == {"leaves_reach"}
    assert marked_warnings(Unanswered("no ruleset"), True) == frozenset()
