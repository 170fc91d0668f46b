"""The map scene draws what the engine holds and redraws only what changed.

Issue 5: "terrain and grid are pre-rendered in cached tiles, not one item per tile"; tokens are
"image or coloured disc with initials, side colour ring, size footprint, a facing notch".
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtGui import QColor

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.model import Facing, Size
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.map_scene import MapScene, changed_tiles
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.palette import initials
from vantage.gui.canvas.snapshot import render_view
from vantage.gui.canvas.terrain_layer import TerrainLayer, level_for


def _view(qtbot, scene):
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.set_zoom(1.0)
    return view


def test_one_item_draws_all_terrain_and_each_token_has_its_own_item(qtbot):
    encounter = demo_encounter()
    scene = MapScene(encounter)
    terrain_items = [i for i in scene.items() if isinstance(i, TerrainLayer)]
    assert len(terrain_items) == 1
    assert set(scene.token_items) == {t.id for t in encounter.tokens}
    ogre = scene.token_items["ogre"]
    assert ogre.token.size is Size.LARGE
    assert ogre.boundingRect().width() >= 2 * TILE_PX


def test_a_terrain_edit_redraws_only_the_chunk_it_touched(qtbot):
    encounter = demo_encounter()
    scene = MapScene(encounter)
    view = _view(qtbot, scene)
    render_view(view)
    first = scene.terrain.chunks_rendered
    assert first >= 1
    render_view(view)
    assert scene.terrain.chunks_rendered == first  # cached
    new_map = encounter.map.with_terrain({(0, 0): "chasm"})
    assert changed_tiles(encounter.map, new_map) == [(0, 0)]
    scene.set_encounter(encounter.with_map(new_map))
    view.centerOn(0, 0)
    render_view(view)
    assert scene.terrain.chunks_rendered == first + 1


def test_the_picture_changes_where_the_terrain_changed(qtbot):
    encounter = demo_encounter()
    scene = MapScene(encounter)
    view = _view(qtbot, scene)
    view.centerOn(2 * TILE_PX, 2 * TILE_PX)
    spot = view.mapFromScene(0.5 * TILE_PX + 3, 0.5 * TILE_PX + 3)
    before = QColor(render_view(view).pixel(spot))
    scene.set_encounter(encounter.with_map(encounter.map.with_terrain({(0, 0): "chasm"})))
    after = QColor(render_view(view).pixel(spot))
    assert before != after
    assert after.lightness() < before.lightness()  # chasm is dark


def test_tokens_follow_moves_and_facing_and_leave_when_removed(qtbot):
    encounter = demo_encounter()
    scene = MapScene(encounter)
    bram = encounter.token("bram")
    moved = encounter.with_token(replace(bram, position=(9, 9), facing=Facing.S)).without_token("mule")
    scene.set_encounter(moved)
    item = scene.token_items["bram"]
    assert (item.pos().x(), item.pos().y()) == (9 * TILE_PX, 9 * TILE_PX)
    assert item.token.facing is Facing.S
    assert "mule" not in scene.token_items
    assert scene.token_at_tile((9, 9)) == "bram"


def test_player_mode_shows_the_filtered_encounter():
    # DESIGN: "The player view is a filter over the same state ... removed by one function"
    encounter = demo_encounter()
    hidden = replace(encounter.token("ogre"), hidden=True)
    scene = MapScene(
        encounter.with_token(hidden),
        player_mode=True,
        view_filter=lambda e: replace(e, tokens=tuple(t for t in e.tokens if not t.hidden)),
    )
    assert "ogre" not in scene.token_items
    assert "bram" in scene.token_items


def test_levels_of_detail_pick_the_coarsest_sharp_level():
    assert level_for(48) == 48
    assert level_for(30) == 48
    assert level_for(24) == 24
    assert level_for(5.4) == 6
    assert level_for(200) == 48


def test_initials():
    assert initials("Bram the Bold") == "BB"
    assert initials("ghoul") == "Gh"
    assert initials("") == "?"
