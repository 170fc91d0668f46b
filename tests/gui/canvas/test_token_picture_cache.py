"""In a map view that stands still, each token, and the one item of discs when zoomed out, keeps
what it drew as a picture in device pixels: from the third frame at a zoom on, a frame copies it in
instead of painting the token again (the first frame at a new zoom paints the tokens straight onto
it, as before: a wheel step costs what it did; the second makes the pictures), and any change of
what a token shows is drawn at once.

Issue 32: "`render_whole_map` … margin ≥ 20 %" — a whole-map frame painted 500 tokens from Python
every time. What is drawn must not change: tokens, facing marks, selection, health and condition
badges read as before (edges may differ by a few levels of 255 where Qt draws into the picture).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from PySide6.QtGui import QImage, QPixmapCache
from PySide6.QtWidgets import QGraphicsItem

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.model import Condition, Encounter, Facing
from vantage.engine.rules.base import Health, HealthLayer
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.snapshot import render_view
from vantage.gui.canvas.token_dots import TokenDots
from vantage.gui.canvas.token_item import PICTURE_CACHE_KB, PICTURE_MAX_PX, TokenItem

#: The most one colour channel of a pixel may differ between a token drawn into its picture and
#: drawn straight onto the frame (antialiased edges blended once more; 4 seen on Linux).
EDGE_LEVELS = 6


def _view(qtbot, encounter: Encounter) -> MapView:
    view = MapView(MapScene(encounter))
    qtbot.addWidget(view)
    view.resize(640, 420)
    view.show()
    return view


def _busy_encounter() -> Encounter:
    """The demo fight with a condition badge, a turned token and (in the scene) health bars."""
    encounter = demo_encounter()
    first, second, *rest = encounter.tokens
    first = replace(first, conditions=(Condition("prone"), Condition("grappled")))
    second = replace(second, facing=Facing(3))
    return replace(encounter, tokens=(first, second, *rest))


def _with_health(scene: MapScene) -> None:
    for item in scene.token_items.values():
        item.set_health(Health(0.7, "", (HealthLayer("guard", 2, 3), HealthLayer("health", 7, 10))))


@pytest.fixture
def paints(monkeypatch) -> Counter[str]:
    """How many times each token (its id) and the discs' item ("dots") were painted."""
    counts: Counter[str] = Counter()
    token_paint, dots_paint = TokenItem.paint, TokenDots.paint

    def count_token(self, painter, option, widget=None):
        counts[self.token_id] += 1
        token_paint(self, painter, option, widget)

    def count_dots(self, painter, option, widget=None):
        counts["dots"] += 1
        dots_paint(self, painter, option, widget)

    monkeypatch.setattr(TokenItem, "paint", count_token)
    monkeypatch.setattr(TokenDots, "paint", count_dots)
    return counts


def _still_frame(view: MapView) -> QImage:
    """A frame of ``view`` as it stands, with the pictures made (the second frame at its zoom makes
    them, the third copies them in)."""
    render_view(view)
    render_view(view)
    return render_view(view)


def _frame_without_pictures(view: MapView) -> QImage:
    scene = view.map_scene()
    items: list[QGraphicsItem] = [*scene.token_items.values(), scene.token_dots]
    modes = [item.cacheMode() for item in items]
    for item in items:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    try:
        return render_view(view)
    finally:
        for item, mode in zip(items, modes, strict=True):
            item.setCacheMode(mode)


def _largest_difference(a: QImage, b: QImage) -> int:
    """The largest difference of one colour channel between two frames of the same size."""
    assert a.size() == b.size() and a.format() == b.format()
    pixels = [np.frombuffer(image.constBits(), np.uint8, image.sizeInBytes()).astype(np.int16)
              for image in (a, b)]
    return int(np.abs(pixels[0] - pixels[1]).max())


def test_from_the_third_frame_at_a_zoom_no_token_is_painted(qtbot, paints):
    view = _view(qtbot, _busy_encounter())
    view.set_zoom(1.0)
    first = render_view(view)  # straight onto the frame
    shown = set(paints)
    assert shown and max(paints.values()) == 1  # each token shown was drawn once
    second = render_view(view)  # the pictures are made and copied in
    assert _largest_difference(second, first) <= EDGE_LEVELS
    assert set(paints) == shown and max(paints.values()) == 2
    paints.clear()
    assert render_view(view) == second and render_view(view) == second
    assert sum(paints.values()) == 0


def test_the_first_frame_at_a_new_zoom_makes_no_picture(qtbot, paints):
    """A wheel step paints the tokens straight onto its frame: no picture is made that the next
    step would throw away."""
    view = _view(qtbot, _busy_encounter())
    scene = view.map_scene()
    view.set_zoom(1.0)
    _still_frame(view)
    assert all(item.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache
               for item in scene.token_items.values())
    view.zoom_by(1.2)
    render_view(view)
    assert all(item.cacheMode() == QGraphicsItem.CacheMode.NoCache for item in scene.token_items.values())


def test_the_pictures_have_the_pixels_the_tokens_draw_at_zoom_one_and_zoomed_out(qtbot):
    """Facing notches, condition badges, health bars and the selection read as when painted."""
    view = _view(qtbot, _busy_encounter())
    scene = view.map_scene()
    _with_health(scene)
    scene.mark_selected(scene.encounter.tokens[0].id)
    for zoom in (1.0, 0.35, 0.12):  # detail, small detail, plain discs drawn by one item
        view.set_zoom(zoom)
        cached = _still_frame(view)
        assert _largest_difference(cached, _frame_without_pictures(view)) <= EDGE_LEVELS, zoom
    assert not scene.token_detail()  # the last zoom drew discs


def test_every_change_of_a_token_is_painted_at_once_and_only_that_token(qtbot, paints):
    view = _view(qtbot, _busy_encounter())
    scene = view.map_scene()
    view.set_zoom(1.0)
    _still_frame(view)
    item = scene.token_items[scene.encounter.tokens[0].id]
    changes = [
        lambda: item.set_health(Health(0.2, "2 of 10 hit points")),
        lambda: item.setSelected(True),
        lambda: item.set_active(True),
        lambda: item.sync(replace(item.token, facing=Facing((item.token.facing.value + 2) % 8))),
        lambda: item.sync(replace(item.token, conditions=(Condition("blinded"),))),
        lambda: item.sync(replace(item.token, hidden=True)),
    ]
    for change in changes:
        before = render_view(view)
        paints.clear()
        change()
        after = render_view(view)
        assert dict(paints) == {item.token_id: 1}
        assert after != before
        assert _largest_difference(after, _frame_without_pictures(view)) <= EDGE_LEVELS


def test_a_new_zoom_paints_the_tokens_again_and_a_pan_does_not(qtbot, paints):
    view = _view(qtbot, _busy_encounter())
    view.set_zoom(1.0)
    _still_frame(view)
    paints.clear()
    view.zoom_by(1.2)
    render_view(view)
    assert sum(paints.values()) > 0
    render_view(view)
    paints.clear()
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 40)
    render_view(view)
    shown = [tid for tid, count in paints.items() if count]
    assert shown == []


def test_zoomed_out_the_discs_are_drawn_once_until_a_token_moves(qtbot, paints):
    encounter = demo_encounter()
    view = _view(qtbot, encounter)
    scene = view.map_scene()
    view.set_zoom(0.1)
    assert scene.token_dots.isVisible()
    _still_frame(view)
    paints.clear()
    still = render_view(view)
    assert paints["dots"] == 0
    token = encounter.tokens[0]
    moved = replace(token, position=(token.position[0] + 4, token.position[1]))
    scene.set_encounter(replace(encounter, tokens=(moved, *encounter.tokens[1:])))
    after = render_view(view)
    assert paints["dots"] == 1 and after != still
    assert _largest_difference(after, _frame_without_pictures(view)) <= EDGE_LEVELS


def test_a_token_changed_while_drawn_as_a_disc_or_hidden_shows_the_change_back_at_the_zoom_before(qtbot):
    """Its picture from before is not taken again: zoomed out (a disc of the one item) or hidden,
    a change still tells the token's picture it is stale."""
    view = _view(qtbot, _busy_encounter())
    scene = view.map_scene()
    view.set_zoom(1.0)
    item = scene.token_items[scene.encounter.tokens[0].id]
    view.centerOn(item)
    before = _still_frame(view)
    view.set_zoom(0.05)
    assert item.dotted
    _still_frame(view)
    item.set_health(Health(0.1, "1 of 10 hit points"))
    view.set_zoom(1.0)
    view.centerOn(item)
    after = _still_frame(view)
    assert after != before
    assert _largest_difference(after, _frame_without_pictures(view)) <= EDGE_LEVELS
    item.setVisible(False)
    _still_frame(view)
    item.set_active(True)
    item.setVisible(True)
    shown = _still_frame(view)
    assert shown != after
    assert _largest_difference(shown, _frame_without_pictures(view)) <= EDGE_LEVELS


def test_zoomed_far_in_a_token_paints_itself_and_the_cache_has_room_for_a_screen_of_pictures(qtbot, paints):
    """A picture of a token larger than PICTURE_MAX_PX on screen is not kept (Qt's pixmap cache
    would push such pictures out of each other every frame); the scene gives the cache room."""
    view = _view(qtbot, _busy_encounter())
    scene = view.map_scene()
    assert QPixmapCache.cacheLimit() >= PICTURE_CACHE_KB
    item = scene.token_items[scene.encounter.tokens[0].id]
    kept = PICTURE_MAX_PX / item.boundingRect().width()  # the largest zoom at which it keeps one
    for zoom, keeps in ((kept * 0.95, True), (kept * 1.05, False)):
        view.set_zoom(zoom)
        view.centerOn(item)
        _still_frame(view)
        assert (item.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache) == keeps, zoom
        paints.clear()
        render_view(view)
        assert paints[item.token_id] == (0 if keeps else 1), zoom
