"""Move modes on a drag (issue item 5): the ruleset declares "which move modes a drag can take"; the
GUI lets the GM pick one and the drop sends ``Move(token, path, options={"mode": id})``.

Skirmish: "A *dash* (``options={"mode": "dash"}``) costs the major action instead and goes twice as
far." Avorkarth has no move modes.

The selector, M and their following the ruleset are the window's (its toolbar and Token menu, filled
by the declared tactics: slow); a drag in a mode is the play tool's, on a workspace."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from skirmish_ruleset import registered

from vantage.engine.protocol.commands import Move, StartCombat
from vantage.engine.rules.asking import ask_tactics, ask_turn
from vantage.gui.document import run_command


def _drag(qtbot, window, start, end):
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(start))
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view(end))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(end))


def _offer_modes(desk):
    """The ruleset's move modes in the play tool's picker, as the window's declared tactics offer them."""
    desk.play_tool.modes.set_modes(ask_tactics(desk.encounter).move_modes)


def _slots(encounter):
    return {s.name: s.left for s in ask_turn(encounter).slots}


@pytest.mark.slow
def test_avorkarth_has_no_move_modes_so_nothing_is_shown(qtbot, gm_window):
    picker = gm_window.play_tool.modes
    assert picker.modes == () and not picker.slot.isVisible()
    action = gm_window.window_actions.cycle_move_mode
    assert not action.isEnabled() and action.toolTip() == "Next move mode: the ruleset has no move modes (M)"
    gm_window.commands.cycle_move_mode()
    assert "no move modes" in gm_window.statusBar().currentMessage()


@pytest.mark.slow
def test_skirmish_shows_the_selector_with_the_modes_help_as_tooltip(qtbot, skirmish_window):
    window = skirmish_window
    picker = window.play_tool.modes
    assert picker.slot.isVisible() and window.toolbar.widgetForAction(picker.slot) is picker.widget
    assert [picker.combo.itemText(i) for i in range(picker.combo.count())] == ["Normal move", "Dash"]
    assert picker.combo.itemData(1, Qt.ItemDataRole.ToolTipRole) == "double speed; uses the major action"
    assert window.window_actions.cycle_move_mode.isEnabled()
    window.window_actions.cycle_move_mode.trigger()  # M
    assert picker.mode == "dash"
    assert "Dash — double speed; uses the major action" in picker.combo.toolTip()
    assert "Move mode: Dash" in window.statusBar().currentMessage()
    window.window_actions.cycle_move_mode.trigger()
    assert picker.mode is None  # after the last mode: the ordinary move again


def test_a_drag_in_dash_mode_sends_the_mode_and_the_next_drag_is_ordinary(qtbot, skirmish_play):
    window = skirmish_play
    _offer_modes(window)
    run_command(window.document, "Start combat", StartCombat(options={"first": "ada"}))
    window.play_tool.modes.choose("dash")
    _drag(qtbot, window, (8, 8), (10, 8))
    sent = window.document.commands[-1]
    assert isinstance(sent, Move) and sent.token == "ada" and sent.options == {"mode": "dash"}
    assert sent.path[0] == (8, 8) and sent.path[-1] == (10, 8) and len(sent.path) == 3
    assert window.document.log[-1].sentence == "Ada dashes 2 tiles to (10, 8)."
    assert _slots(window.encounter) == {"major": 0, "move": 1}  # the dash spent the major action
    assert window.document.undo_stack.undoText() == "Move Ada (dash)"
    assert window.play_tool.modes.mode is None  # a mode is one move's choice
    _drag(qtbot, window, (10, 8), (10, 9))
    assert window.document.commands[-1].options == {}
    assert _slots(window.encounter) == {"major": 0, "move": 0}


def test_a_refused_move_keeps_the_mode(qtbot, skirmish_play):
    window = skirmish_play
    _offer_modes(window)
    run_command(window.document, "Start combat", StartCombat(options={"first": "ada"}))
    window.play_tool.modes.choose("dash")
    _drag(qtbot, window, (4, 6), (4, 8))  # Bram: not his turn
    assert window.encounter.token("bram").position == (4, 6)
    assert "Bram cannot move to (4, 8)" in window.status()
    assert window.play_tool.modes.mode == "dash"


@pytest.mark.slow
def test_the_selector_follows_the_ruleset(qtbot, gm_window):
    from skirmish_ruleset import sample_encounter

    with registered():
        gm_window.document.reset(sample_encounter(), None)
        assert gm_window.play_tool.modes.slot.isVisible()
        assert gm_window.window_actions.cycle_move_mode.isEnabled()
