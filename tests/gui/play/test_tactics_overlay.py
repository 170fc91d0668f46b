"""Selected-token overlays (issue 5): "reachable area tinted by cost, its front/flank/back arcs, the
reach zones of enemies and who is locked with whom, charge lanes to every enemy (valid in one
colour, invalid in another with the reason in a tooltip), flanking count on each enemy, line of
sight and cover to the hovered token" — each toggleable."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt

from vantage.gui.play.lane_items import LaneLine
from vantage.gui.play.tactics_overlay import INVALID_LANE, VALID_LANE, CostTint, Layer


def _setup(qtbot, window):
    for layer in Layer:  # a sensible few start on: switch on all six (View ▸ Overlays)
        window.workspace.overlays.set_shown(layer, True)
    e = window.encounter
    bram = replace(e.token("bram"), position=(14, 10))
    ilse = replace(e.token("ilse"), position=(16, 10), conditions=())
    window.document.reset(e.with_token(bram).with_token(ilse), None)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.view.tile_centre_in_view((14, 10)))
    assert window.workspace.selection.token == "bram"
    return window.tactics


def test_every_layer_draws_for_the_selected_token(qtbot, demo_play):
    overlay = _setup(qtbot, demo_play)
    children = overlay.childItems()
    assert any(isinstance(c, CostTint) for c in children)
    tips = [c.toolTip() for c in [*children, *overlay.above.childItems()]]
    assert "Bram's front arc" in tips and "Bram's back arc" in tips
    assert any(t == "Ghoul 1's melee reach: 1 tile" for t in tips)
    assert any("Bram and Ghoul 1 are locked" in t or "Ghoul 1 and Bram are locked" in t for t in tips)


def test_charge_lanes_are_coloured_by_validity_with_the_reason_as_tooltip(qtbot, demo_play):
    # Avorkarth: "This can only be done if ... at least 3 tiles away."
    overlay = _setup(qtbot, demo_play)
    near = overlay.lane_items["ghoul-1"]
    assert near.pen().color() == INVALID_LANE
    assert "too close" in near.toolTip()  # next to Bram: 1 tile away
    far = overlay.lane_items["ghoul-2"]
    assert far.pen().color() == VALID_LANE and "can charge" in far.toolTip()


def test_flanking_count_shows_on_the_flanked_enemy(qtbot, demo_play):
    # Avorkarth flanking: "-1 dodge per additional ally of the attacker within melee range of the target"
    overlay = _setup(qtbot, demo_play)
    assert overlay.flank_labels["ghoul-1"].text() == "1"
    assert "ogre" not in overlay.flank_labels
    # issue 30 item 3: beside the enemy, never on it nor on another token
    badge = overlay.flank_labels["ghoul-1"].parentItem().sceneBoundingRect().adjusted(1, 1, -1, -1)
    grid = demo_play.scene.grid
    for token in demo_play.encounter.tokens:
        assert not badge.intersects(grid.footprint_rect(token.position, token.footprint)), token.id


def test_hovering_a_token_shows_line_of_sight_and_cover(qtbot, demo_play):
    overlay = _setup(qtbot, demo_play)
    qtbot.mouseMove(demo_play.view.viewport(), demo_play.view.tile_centre_in_view((19, 8)))
    assert overlay.hovered_id == "ogre"
    assert overlay.sight_item is not None and "Ogre" in overlay.sight_text
    qtbot.mouseMove(demo_play.view.viewport(), demo_play.view.tile_centre_in_view((2, 2)))
    assert overlay.sight_item is None


def test_layers_toggle_off_and_on(qtbot, demo_play):
    overlay = _setup(qtbot, demo_play)
    demo_play.workspace.overlays.set_shown(Layer.CHARGE, False)
    assert overlay.lane_items == {}
    demo_play.workspace.overlays.set_shown(Layer.ARCS, False)
    assert not any("arc" in c.toolTip() for c in overlay.childItems())
    demo_play.workspace.overlays.set_shown(Layer.CHARGE, True)
    assert set(overlay.lane_items) == {"ghoul-1", "ghoul-2", "ogre"}
    assert all(isinstance(i, LaneLine) for i in overlay.lane_items.values())


def test_deselecting_clears_the_overlay(qtbot, demo_play):
    overlay = _setup(qtbot, demo_play)
    qtbot.mouseClick(demo_play.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=demo_play.view.tile_centre_in_view((1, 1)))
    assert overlay.childItems() == [] and overlay.above.childItems() == []
