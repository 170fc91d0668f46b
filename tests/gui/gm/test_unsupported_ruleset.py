"""An encounter whose ruleset Vantage does not play: the GUI shows the engine's "unsupported ruleset"
answer instead of crashing (the GUI holds no rules; engine/rules/base.py queries answer it)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from play_workspace import PlayPanels, play_panels, play_workspace
from PySide6.QtCore import Qt

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.dice import ScriptedDice
from vantage.engine.rules.asking import ask_attack_options, ask_reachable, health_of_tokens
from vantage.gui.play.creature_library import attach_creature_tools
from vantage.gui.play.turn_tracker import attach_turn_order_menu


def _as_unknown(window):
    window.document.reset(replace(window.encounter, ruleset="house"), None)
    return window.encounter


@pytest.fixture
def desk(qtbot) -> PlayPanels:
    """The demo map with the play panels, and the add-ons that add to the token menu (the creature
    tools' Duplicate and Picture…, the turn order's entries), attached as the window attaches them."""
    desk = play_panels(qtbot, demo_encounter())
    attach_creature_tools(desk.workspace, desk.edit_settings)
    attach_turn_order_menu(desk.workspace, desk.tracker)
    return desk


def test_the_attack_menu_shows_the_unsupported_ruleset_answer(qtbot, desk):
    encounter = _as_unknown(desk)
    assert ask_attack_options(encounter, "bram", "ghoul-1").reason.startswith("unsupported ruleset 'house'")
    menu = desk.attack_menu.build("bram", "ghoul-1", desk.host)
    lines = [a for a in menu.actions() if not a.isSeparator()]
    # the rules' lines say why there are none; of the GM's, hiding works whatever the ruleset,
    # damage and healing need the ruleset's tracks; duplicate, saving to the creature library and
    # picture work whatever the ruleset
    assert [a.isEnabled() for a in lines] == [False, False, True, False, False, True, True, True]
    assert lines[0].text().startswith("Bram cannot act on Ghoul 1: unsupported ruleset 'house'")
    assert lines[1].text().startswith("No actions of its own: unsupported ruleset 'house'")
    assert "does not know" in lines[3].toolTip()


@pytest.mark.slow  # View ▸ Overlays and Token ▸ Next move mode are the window's own actions
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


def test_a_drag_under_an_unsupported_ruleset_says_why_and_moves_nothing(qtbot):
    window = play_workspace(qtbot, demo_encounter())
    encounter = _as_unknown(window)
    assert ask_reachable(encounter, "bram").reason.startswith("unsupported ruleset 'house'")
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view((5, 6)))
    assert "unsupported ruleset 'house'" in window.status()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view((5, 6)))
    assert window.encounter.token("bram").position == (5, 6)


def test_no_health_bars_under_an_unsupported_ruleset(qtbot, desk):
    desk.document.dice = ScriptedDice([10] * 60)
    desk.tracker.start_combat()
    assert desk.scene.token_items["ghoul-1"].health == 1.0  # Avorkarth answers in combat
    encounter = _as_unknown(desk)
    assert health_of_tokens(encounter) == {}
    assert all(item.health is None for item in desk.scene.token_items.values())
