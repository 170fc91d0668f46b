"""An encounter whose ruleset Vantage does not play: the GUI shows the engine's "unsupported ruleset"
answer instead of crashing (the GUI holds no rules; engine/rules/base.py queries answer it)."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from vantage.engine.dice import ScriptedDice
from vantage.engine.rules.asking import ask_attack_options, ask_reachable, health_of_tokens


def _as_unknown(window):
    window.document.reset(replace(window.encounter, ruleset="house"), None)
    return window.encounter


def test_the_attack_menu_shows_the_unsupported_ruleset_answer(qtbot, gm_window):
    encounter = _as_unknown(gm_window)
    assert ask_attack_options(encounter, "bram", "ghoul-1").reason.startswith("unsupported ruleset 'house'")
    menu = gm_window.attack_menu.build("bram", "ghoul-1", gm_window)
    lines = [a for a in menu.actions() if not a.isSeparator()]
    # the rules' lines say why there are none; of the GM's, hiding works whatever the ruleset,
    # damage and healing need the ruleset's tracks; duplicate and picture work whatever the ruleset
    assert [a.isEnabled() for a in lines] == [False, False, True, False, False, True, True]
    assert lines[0].text().startswith("Bram cannot act on Ghoul 1: unsupported ruleset 'house'")
    assert lines[1].text().startswith("No actions of its own: unsupported ruleset 'house'")
    assert "does not know" in lines[3].toolTip()


def test_an_unsupported_ruleset_gets_no_overlay_and_no_move_modes(qtbot, gm_window):
    """The brief: "An unsupported ruleset: no rules overlays"; each overlay is greyed out and says why."""
    _as_unknown(gm_window)
    for layer, action in gm_window.window_actions.layers.items():
        assert not action.isEnabled(), layer
        assert "unsupported ruleset 'house'" in action.toolTip()
    gm_window.workspace.selection.select_token("bram")
    assert gm_window.tactics.childItems() == [] and gm_window.tactics.above.childItems() == []
    assert not gm_window.window_actions.cycle_move_mode.isEnabled()
    assert not gm_window.play_tool.modes.slot.isVisible()


def test_a_drag_under_an_unsupported_ruleset_says_why_and_moves_nothing(qtbot, gm_window):
    encounter = _as_unknown(gm_window)
    assert ask_reachable(encounter, "bram").reason.startswith("unsupported ruleset 'house'")
    viewport = gm_window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=gm_window.view.tile_centre_in_view((5, 6)))
    assert "unsupported ruleset 'house'" in gm_window.statusBar().currentMessage()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=gm_window.view.tile_centre_in_view((5, 6)))
    assert gm_window.encounter.token("bram").position == (5, 6)


def test_no_health_bars_under_an_unsupported_ruleset(qtbot, gm_window):
    gm_window.document.dice = ScriptedDice([10] * 60)
    gm_window.tracker.start_combat()
    assert gm_window.scene.token_items["ghoul-1"].health == 1.0  # Avorkarth answers in combat
    encounter = _as_unknown(gm_window)
    assert health_of_tokens(encounter) == {}
    assert all(item.health is None for item in gm_window.scene.token_items.values())
