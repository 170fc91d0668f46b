"""Whose turn it is: the active token is marked, selected and brought into view when its turn
starts. Issue 16, item 5: "the active token is clearly marked on both screens and selected (and
brought into view) when its turn starts"."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from vantage.engine.dice import SeededDice
from vantage.gui.canvas.map_grid import TILE_PX


def _in_view(window, token_id: str) -> bool:
    x, y = window.document.encounter.token(token_id).centre
    point = window.view.mapFromScene(QPointF(x * TILE_PX, y * TILE_PX))
    return window.view.viewport().rect().contains(point)


def test_each_turn_selects_the_active_token_and_brings_it_into_view(qtbot, demo_panels):
    window = demo_panels
    window.document.dice = SeededDice(3)
    window.view.set_zoom(3.0)  # zoomed in: most of the map is out of view
    window.tracker.start_combat()
    seen = set()
    for _ in range(4):
        active = window.tracker.active
        assert active is not None and window.workspace.selection.token == active
        assert window.scene.token_items[active].active and _in_view(window, active)
        seen.add(active)
        window.tracker.next_turn()
    assert len(seen) >= 2


def test_in_edit_mode_the_turn_does_not_take_the_selection(qtbot, demo_panels):
    window = demo_panels
    window.document.dice = SeededDice(3)
    window.tracker.start_combat()
    window.commands.set_edit_mode(True)
    window.workspace.selection.select_token(None)
    window.tracker.next_turn()
    assert window.workspace.selection.token is None
    assert window.scene.token_items[window.tracker.active].active  # still marked
