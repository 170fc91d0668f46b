"""The map view keeps its ground (margin, picture, terrain, walls) as one picture while it stands
still, and the frames drawn from it have the very pixels the layers draw themselves.

Issue 32: "`render_whole_map` … margin ≥ 20 %" — a whole-map frame redrew the unchanged terrain
and walls under the tokens every time. What is drawn must not change, and an edit must show at once.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QColor, QImage

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.model import Encounter, Wall, WallKind
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.snapshot import render_view


def _view(qtbot, encounter: Encounter) -> MapView:
    view = MapView(MapScene(encounter))
    qtbot.addWidget(view)
    view.resize(640, 420)
    view.show()
    view.fit_map()
    return view


def _tokens_settled(view: MapView) -> None:
    """Two frames at the view's zoom: its tokens keep their pictures from the second on
    (token_item), so the frames compared below all draw the tokens alike."""
    render_view(view)
    render_view(view)


def _drawn_directly(view: MapView) -> QImage:
    """A frame with the ground drawn by its layers (the first frame after the cache is let go)."""
    _tokens_settled(view)
    view.ground_cache.clear()
    return render_view(view)


def test_frames_at_a_still_view_come_from_one_picture_with_the_same_pixels(qtbot):
    view = _view(qtbot, demo_encounter())
    direct = _drawn_directly(view)
    made = view.ground_cache.made
    frames = [render_view(view) for _ in range(3)]
    assert view.ground_cache.made == made + 1  # made once, on the second frame at this transform
    assert all(frame == direct for frame in frames)


def test_a_window_repaint_from_the_picture_has_the_pixels_of_the_layers(qtbot):
    view = _view(qtbot, demo_encounter())
    for _ in range(2):  # the tokens keep their pictures from the second frame on
        view.viewport().grab()
    view.ground_cache.clear()
    direct = view.viewport().grab().toImage()
    made = view.ground_cache.made
    grabs = [view.viewport().grab().toImage() for _ in range(2)]
    assert view.ground_cache.made == made + 1
    assert all(grab == direct for grab in grabs)


def test_the_first_frame_at_a_new_zoom_draws_the_layers_and_makes_no_picture(qtbot):
    """A wheel step or a pan costs what it did: the picture is made only for a view painted again
    as it is."""
    view = _view(qtbot, demo_encounter())
    for _ in range(2):
        render_view(view)
    made = view.ground_cache.made
    view.set_zoom(view.zoom() * 1.2)
    render_view(view)
    assert view.ground_cache.made == made
    render_view(view)
    assert view.ground_cache.made == made + 1


def test_an_edit_of_the_ground_shows_in_the_next_frame(qtbot):
    encounter = demo_encounter()
    view = _view(qtbot, encounter)
    for _ in range(3):
        render_view(view)
    game_map = encounter.map
    wall = Wall((2.0, 2.0), (9.0, 2.0), WallKind.WALL)
    terrain = list(game_map.terrain)
    terrain[game_map.width * 5 + 5] = next(name for name in game_map.terrain_kinds if name != terrain[0])
    edited = replace(encounter, map=replace(game_map, walls=(*game_map.walls, wall), terrain=tuple(terrain)))
    view.map_scene().set_encounter(edited)
    after = render_view(view)
    fresh = _view(qtbot, edited)
    _tokens_settled(fresh)
    assert after == render_view(fresh)
    assert after != _drawn_directly(_view(qtbot, encounter))


def test_a_grid_colour_or_a_hidden_layer_shows_in_the_next_frame(qtbot):
    view = _view(qtbot, demo_encounter())
    scene = view.map_scene()
    for _ in range(3):
        render_view(view)
    scene.terrain.set_grid(QColor(255, 0, 0, 200))
    assert render_view(view) == _drawn_directly(view)
    for _ in range(2):
        render_view(view)
    scene.structures.setVisible(False)
    without_walls = render_view(view)
    assert without_walls == _drawn_directly(view)
    scene.structures.setVisible(True)
    assert render_view(view) != without_walls


def test_tokens_moved_over_the_picture_are_drawn_over_the_same_ground(qtbot):
    encounter = demo_encounter()
    view = _view(qtbot, encounter)
    for _ in range(3):
        render_view(view)
    made = view.ground_cache.made
    token = encounter.tokens[0]
    moved = replace(encounter, tokens=(replace(token, position=(token.position[0] + 1, token.position[1])),
                                       *encounter.tokens[1:]))
    view.map_scene().set_encounter(moved)
    frame = render_view(view)
    assert view.ground_cache.made == made  # the ground did not change: the same picture
    assert frame == _drawn_directly(view)
