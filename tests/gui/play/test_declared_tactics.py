"""The map shows what the ruleset declares (issue item 5): "The ruleset says which arcs exist (or
none), the shortest charge (or none), which overlays and path warnings apply ... The GUI shows only
those; today every ruleset gets Avorkarth's arcs, locks, flanking counts, charge lanes and a 'not a
charge lane' warning on every bend."

Avorkarth declares every overlay and the path warnings leaves_reach, breaks_charge, terrain_check
and fall; Skirmish (tests/support) declares the reachable area, reach zones and sight, warns only
where a path leaves an enemy's reach, and has no facing arcs and no charges.

What View ▸ Overlays and the toolbar offer are the window's actions (slow); what the overlay draws
and the play tool warns about are tested on a workspace."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.movement import Path
from vantage.engine.movement.path import PathEvent
from vantage.engine.rules.asking import ask_movement, ask_tactics
from vantage.engine.rules.base import Tactics, Unanswered
from vantage.gui.play.lane_items import LaneLine
from vantage.gui.play.tactics_overlay import CostTint, Layer, unavailable_layers

SKIRMISH_LAYERS = {Layer.REACHABLE, Layer.REACH_ZONES, Layer.SIGHT}


def _drag(qtbot, window, start, end, check=None):
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(start))
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view(end))
    if check is not None:
        check()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(end))


def _tips(overlay):
    return [c.toolTip() for c in [*overlay.childItems(), *overlay.above.childItems()]]


@pytest.mark.slow
def test_avorkarth_declares_every_overlay_and_each_is_offered(qtbot, gm_window):
    """Avorkarth: "Almost each creature in Avorkarth has a front, flank and back" and charges need a
    lane "at least 3 tiles away": arcs and charge lanes are drawn, like every other overlay."""
    assert unavailable_layers(ask_tactics(gm_window.encounter), "avorkarth") == {}
    for layer, action in gm_window.window_actions.layers.items():
        assert action.isEnabled(), layer
        assert "not drawn" not in action.toolTip()
    assert gm_window.tactics.unavailable == {}


@pytest.mark.slow
def test_skirmish_offers_only_its_declared_overlays(qtbot, skirmish_window):
    window = skirmish_window
    actions = window.window_actions.layers
    assert {layer for layer, action in actions.items() if action.isEnabled()} == SKIRMISH_LAYERS
    arcs, charge = actions[Layer.ARCS], actions[Layer.CHARGE]
    assert arcs.toolTip() == ("Front / flank / back arcs: not drawn — the ruleset 'skirmish' has no such "
                              "overlay (Ctrl+2)")
    assert "no such overlay" in charge.toolTip() and "(Ctrl+4)" in charge.toolTip()
    assert window.toolbar.widgetForAction(arcs).isEnabled() is False  # the button is the same action


def test_skirmish_draws_no_arcs_lanes_or_flanking_for_the_selected_token(qtbot, skirmish_play):
    window = skirmish_play
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.view.tile_centre_in_view((4, 6)))
    overlay = window.tactics
    assert overlay.token_id == "bram"
    assert any(isinstance(c, CostTint) for c in overlay.childItems())
    tips = _tips(overlay)
    assert "Ghoul's melee reach: 1 tile" in tips
    assert not any("arc" in t for t in tips)
    assert overlay.lane_items == {} and not any(isinstance(c, LaneLine) for c in overlay.childItems())
    assert overlay.flank_labels == {}
    qtbot.mouseMove(window.view.viewport(), window.view.tile_centre_in_view((5, 5)))
    assert overlay.sight_item is not None  # sight is declared


def test_a_declared_overlay_without_arc_widths_or_charges_is_not_drawn():
    """"arcs only when arc_widths is not None; charge lanes only when charge_min_tiles is not None"."""
    every = frozenset(Layer)
    tactics = Tactics(None, None, overlays=every)
    missing = unavailable_layers(tactics, "plain")
    assert missing == {Layer.ARCS: "the ruleset 'plain' has no facing arcs",
                       Layer.CHARGE: "the ruleset 'plain' has no charges"}
    unknown = unavailable_layers(Unanswered("unsupported ruleset 'baton' (known: avorkarth)"), "baton")
    assert set(unknown) == every and all("unsupported ruleset 'baton'" in why for why in unknown.values())


@pytest.mark.slow
def test_the_overlay_actions_follow_a_change_of_ruleset(qtbot, skirmish_window):
    """"Refresh when the encounter's ruleset changes.\""""
    window = skirmish_window
    window.document.reset(demo_encounter(), None)  # an Avorkarth encounter opened in the window
    assert all(action.isEnabled() for action in window.window_actions.layers.values())
    assert not window.play_tool.modes.slot.isVisible()


def test_avorkarth_marks_a_bend_as_breaking_a_charge(qtbot, demo_play):
    """Avorkarth's path warnings include breaks_charge (a charge runs in a straight line); the
    bend is marked once the GM asks for charges (issue 16 item 9: "a bend is only marked where
    the ruleset has charges and the GM asked for them")."""
    window = demo_play
    window.workspace.overlays.set_shown(Layer.CHARGE, True)  # View ▸ Overlays ▸ Charge lanes
    seen = []

    def during():
        seen.extend(window.play_tool.overlay.warnings())

    _drag(qtbot, window, (5, 6), (0, 9), check=during)  # W then SW: a bend on the way
    kinds = {"leaves_reach", "breaks_charge", "terrain_check", "fall"}
    assert window.play_tool.overlay.warning_kinds == kinds
    assert any("not a charge lane" in w for w in seen)


def test_skirmish_warns_only_where_a_path_leaves_reach(qtbot, skirmish_play):
    window = skirmish_play
    seen, tips = [], []

    def during():
        seen.extend(window.play_tool.overlay.warnings())
        tips.append(window.play_tool.overlay.toolTip())

    _drag(qtbot, window, (4, 6), (4, 9), check=during)  # out of combat: a plain move, no reaction
    assert window.play_tool.overlay.warning_kinds == {"leaves_reach"}
    assert seen and all("leaves the reach of Ghoul" in w for w in seen)
    assert "⚠ leaves the reach of Ghoul" in tips[0]
    assert window.encounter.token("bram").position == (4, 9)


def test_an_event_the_ruleset_does_not_warn_about_is_only_a_note(qtbot, skirmish_play):
    window = skirmish_play
    overlay = window.play_tool.overlay
    overlay.warning_kinds = frozenset({"leaves_reach"})
    allowance = ask_movement(window.encounter, "bram").allowance
    path = Path("bram", ((4, 6), (4, 7), (5, 8)), 2.0, allowance,
                (PathEvent("breaks_charge", 2, (5, 8), "turns from S to SE: not a charge lane"),))
    overlay.show_path(path, 1)
    assert overlay.warnings() == []
    assert "⚠" not in overlay.toolTip() and "not a charge lane" in overlay.toolTip()
