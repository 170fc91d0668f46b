"""Dragging tokens with real mouse events on the view's viewport (issue 5, "Drag a token").

"on press, the engine's reachable set is computed once; while dragging, the path to the tile
under the cursor is drawn with the movement used and left ... Drop applies the move command (or
snaps back with the engine's reason in the status bar). Shift-drag lets the GM place a token
anywhere without rules (a GM override, logged)."
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from vantage.engine.protocol.gm_commands import Place
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.snapshot import render_view


def _drag(qtbot, window, start, end, modifier=Qt.KeyboardModifier.NoModifier, check=None):
    viewport = window.view.viewport()
    a = window.view.tile_centre_in_view(start)
    b = window.view.tile_centre_in_view(end)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, a)
    qtbot.mouseMove(viewport, b)
    if check is not None:
        check()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, b)


def test_a_legal_drag_moves_the_token_along_the_engines_path_and_the_picture_follows(qtbot, demo_play):
    window = demo_play
    start, end = (5, 6), (7, 8)
    spot = window.view.tile_centre_in_view(end)
    before = QColor(render_view(window.view).pixel(spot))

    def during():
        overlay = window.play_tool.overlay
        assert overlay.path is not None and overlay.path.end == end
        assert overlay.label == "2 used · 4 left"

    _drag(qtbot, window, start, end, check=during)
    assert window.encounter.token("bram").position == end
    after = QColor(render_view(window.view).pixel(spot))
    assert after != before  # Bram's disc is drawn there now
    assert window.document.log[-1].sentence.startswith("Bram moves 2 tiles to (7, 8)")
    assert window.document.undo_stack.undoText() == "Move Bram"
    window.document.undo_stack.undo()
    assert window.encounter.token("bram").position == start
    assert window.scene.token_items["bram"].pos().x() == start[0] * TILE_PX
    window.document.undo_stack.redo()
    assert window.encounter.token("bram").position == end


def test_an_illegal_drop_snaps_back_with_the_engines_reason(qtbot, demo_play):
    # Avorkarth: "Difficult Terrain (Brush, ...) : Half or -4 Movement (whichever is worse, Min 1)"
    window = demo_play
    start, end = (5, 6), (5, 10)  # into the brush: allowance 6 - 4 = 2, needs 4
    _drag(qtbot, window, start, end)
    assert window.encounter.token("bram").position == start
    item = window.scene.token_items["bram"]
    assert (item.pos().x(), item.pos().y()) == (start[0] * TILE_PX, start[1] * TILE_PX)
    message = window.status()
    assert "Bram cannot move to (5, 10)" in message and "difficult terrain" in message
    assert not window.document.log


def test_unreachable_tiles_show_why_while_dragging(qtbot, demo_play):
    window = demo_play

    def during():
        overlay = window.play_tool.overlay
        assert overlay.path is None and overlay.refusal is not None
        assert overlay.refusal[1]  # the engine's reason, e.g. a wall in the way

    _drag(qtbot, window, (5, 6), (10, 4), check=during)  # inside the walled room
    assert window.encounter.token("bram").position == (5, 6)


def test_shift_drag_places_anywhere_and_logs_an_override(qtbot, demo_play):
    """Shift-drag sends the engine's Place (issue 11: "`place_token` re-implements the engine's
    `Place` with a different log sentence"): one road, one author for the log."""
    window = demo_play
    _drag(qtbot, window, (5, 6), (10, 4), modifier=Qt.KeyboardModifier.ShiftModifier)
    assert window.encounter.token("bram").position == (10, 4)
    entry = window.document.log[-1]
    assert entry.kind == "moved" and entry.sentence == "The GM places Bram at (10, 4)."
    assert window.document.commands[-1] == Place(token="bram", tile=(10, 4))
