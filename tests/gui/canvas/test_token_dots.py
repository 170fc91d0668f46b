"""Zoomed out, every token is drawn as a plain disc by one item, exactly as the tokens draw it.

Issue 5: tokens are an "image or coloured disc with initials, side colour ring"; below a few
pixels a tile a token is only a disc of its side's colour (token_item.DETAIL_MIN_PX). Issue 32
asks the whole-map frame to be quicker; what is drawn must not change.
"""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.model import Size
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.snapshot import render_view
from vantage.gui.canvas.token_item import DETAIL_MIN_PX, MAX_GROW


def _view(qtbot, scene: MapScene) -> MapView:
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    return view


def _zoomed_out(scene: MapScene) -> float:
    """A zoom at which even the largest token, grown to its minimum size on screen (MAX_GROW at
    most), is a plain disc."""
    largest = max(item.side_px for item in scene.token_items.values())
    return 0.5 * DETAIL_MIN_PX / (largest * MAX_GROW)


def test_zoomed_out_the_discs_are_drawn_by_one_item_with_the_same_pixels(qtbot):
    scene = MapScene(demo_encounter())
    view = _view(qtbot, scene)
    view.set_zoom(_zoomed_out(scene))
    assert not scene.token_detail() and scene.token_dots.isVisible()
    dots = render_view(view)
    scene.set_token_detail(True)  # each token draws itself at the same zoom
    assert render_view(view) == dots
    scene.set_token_detail(False)
    assert render_view(view) != render_view_without_tokens(view, scene)


def render_view_without_tokens(view: MapView, scene: MapScene):
    scene.token_dots.setVisible(False)
    try:
        return render_view(view)
    finally:
        scene.token_dots.setVisible(True)


def test_zooming_back_in_lets_each_token_draw_its_detail(qtbot):
    scene = MapScene(demo_encounter())
    view = _view(qtbot, scene)
    view.set_zoom(_zoomed_out(scene))
    view.set_zoom(1.0)
    assert scene.token_detail() and not scene.token_dots.isVisible()
    no_contents = [i for i in scene.token_items.values() if i.flags() & i.GraphicsItemFlag.ItemHasNoContents]
    assert no_contents == []


def test_a_token_moved_dragged_added_or_removed_while_zoomed_out_is_drawn_where_it_is(qtbot):
    encounter = demo_encounter()
    scene = MapScene(encounter)
    view = _view(qtbot, scene)
    view.set_zoom(_zoomed_out(scene))
    token = encounter.tokens[0]
    moved = replace(token, position=(token.position[0] + 3, token.position[1] + 2))
    scene.set_encounter(replace(encounter, tokens=(moved, *encounter.tokens[1:])))
    after_move = render_view(view)
    scene.set_token_detail(True)
    assert render_view(view) == after_move
    scene.set_token_detail(False)
    item = scene.token_items[token.id]
    item.setPos(item.pos().x() + 2 * scene.grid.tile_px, item.pos().y())  # the play tool drags so
    dragged = render_view(view)
    scene.set_token_detail(True)
    assert render_view(view) == dragged
    scene.set_token_detail(False)
    scene.set_encounter(replace(encounter, tokens=encounter.tokens[1:]))
    assert token.id not in scene.token_items
    removed = render_view(view)
    scene.set_token_detail(True)
    assert render_view(view) == removed
    scene.set_token_detail(False)
    scene.set_encounter(encounter)
    back = scene.token_items[token.id]
    assert back.flags() & back.GraphicsItemFlag.ItemHasNoContents  # drawn by the discs' item


def test_a_large_token_keeps_its_detail_while_the_small_ones_are_discs(qtbot):
    """Only the tokens that are plain discs at this zoom are drawn by the one item; a huge token
    that is still large enough on screen draws its own detail — and the picture is the same as
    when every token draws itself."""
    encounter = demo_encounter()
    big = replace(encounter.tokens[0], size=Size.GARGANTUAN)
    scene = MapScene(replace(encounter, tokens=(big, *encounter.tokens[1:])))
    view = _view(qtbot, scene)
    small_side = min(item.side_px for item in scene.token_items.values())
    zoom = 0.9 * DETAIL_MIN_PX / (small_side * MAX_GROW)  # small ones are discs, the huge one is not
    view.set_zoom(zoom)
    dotted = {tid for tid, item in scene.token_items.items() if item.dotted}
    smallest = {tid for tid, item in scene.token_items.items() if item.side_px == small_side}
    assert big.id not in dotted and dotted == smallest and len(smallest) < len(scene.token_items)
    assert scene.token_dots.isVisible() and not scene.token_detail()
    render_view(view)  # the huge token keeps its picture from the second frame at a zoom on
    mixed = render_view(view)
    scene.set_token_detail(True)
    assert render_view(view) == mixed
    view.set_zoom(1.0)
    assert not any(item.dotted for item in scene.token_items.values()) and scene.token_detail()
