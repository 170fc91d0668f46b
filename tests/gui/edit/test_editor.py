"""The map editor (issue 5): "paint terrain with a brush (size 1–5) and flood fill, draw and erase
walls/doors/windows, toggle doors in play, set elevation, place blocking and cover objects, drag
new tokens from a palette of assets/, new map of a given size, resize" and "Undo/redo for every
edit", driven by real mouse events on the viewport where the gesture is a mouse gesture."""

from __future__ import annotations

import pytest
from play_workspace import PlayPanels, play_panels
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.model import WallKind
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.snapshot import render_view
from vantage.gui.edit.tool import EditMode


@pytest.fixture
def desk(qtbot) -> PlayPanels:
    """The demo map with the edit tool and the handlers of the window's actions, shown, at zoom 1."""
    return play_panels(qtbot, demo_encounter())


def _edit(window, mode, **settings):
    window.commands.set_edit_mode(True)  # what Edit ▸ Edit mode (Ctrl+E) does
    window.edit_settings.mode = mode
    for key, value in settings.items():
        setattr(window.edit_settings, key, value)


def _at(window, tile):
    return window.view.tile_centre_in_view(tile)


def test_painting_a_stroke_changes_terrain_and_picture_and_undoes_as_one_step(qtbot, desk):
    _edit(desk, EditMode.TERRAIN, terrain="chasm", brush=1)
    viewport = desk.view.viewport()
    before = QColor(render_view(desk.view).pixel(_at(desk, (1, 14))))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=_at(desk, (1, 14)))
    for x in (2, 3):
        qtbot.mouseMove(viewport, _at(desk, (x, 14)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=_at(desk, (3, 14)))
    m = desk.encounter.map
    assert [m.terrain_at((x, 14)).id for x in (1, 2, 3)] == ["chasm"] * 3
    after = QColor(render_view(desk.view).pixel(_at(desk, (1, 14))))
    assert after != before
    assert desk.document.undo_stack.undoText() == "Paint chasm"
    desk.document.undo_stack.undo()  # the whole stroke at once
    assert all(desk.encounter.map.terrain_at((x, 14)).id == "open" for x in (1, 2, 3))
    assert QColor(render_view(desk.view).pixel(_at(desk, (1, 14)))) == before
    desk.document.undo_stack.redo()
    assert desk.encounter.map.terrain_at((2, 14)).id == "chasm"


def test_a_bigger_brush_and_flood_fill(qtbot, desk):
    _edit(desk, EditMode.TERRAIN, terrain="sand", brush=3)
    viewport = desk.view.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(desk, (20, 2)))
    m = desk.encounter.map
    assert sum(m.terrain_at((x, y)).id == "sand" for x in range(19, 22) for y in range(1, 4)) == 9
    _edit(desk, EditMode.FILL, terrain="ice")
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(desk, (4, 10)))  # the brush patch
    m = desk.encounter.map
    assert all(m.terrain_at((x, y)).id == "ice" for x in range(3, 8) for y in range(9, 13))
    assert m.terrain_at((2, 10)).id == "open"


def test_drawing_and_erasing_a_wall_on_a_tile_edge(qtbot, desk):
    _edit(desk, EditMode.WALL, wall=WallKind.WINDOW)
    view = desk.view
    edge = view.mapFromScene(QPointF(2.5 * TILE_PX, 2.0 * TILE_PX + 2))  # the top edge of (2, 2)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=edge)
    walls = desk.encounter.map.walls
    assert walls[-1].a == (2.0, 2.0) and walls[-1].b == (3.0, 2.0) and walls[-1].kind is WallKind.WINDOW
    _edit(desk, EditMode.ERASE)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=edge)
    assert len(desk.encounter.map.walls) == len(walls) - 1
    desk.document.undo_stack.undo()
    assert len(desk.encounter.map.walls) == len(walls)


def test_elevation_objects_and_a_new_token(qtbot, desk):
    viewport = desk.view.viewport()
    _edit(desk, EditMode.ELEVATION, elevation=15.0, brush=1)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(desk, (22, 14)))
    assert desk.encounter.map.elevation_at((22, 14)) == 15.0
    _edit(desk, EditMode.OBJECT, object_kind="boulder")
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(desk, (22, 1)))
    boulder = desk.encounter.map.objects[-1]
    assert boulder.name == "Boulder" and boulder.outline[0] == (22.0, 1.0)
    _edit(desk, EditMode.TOKEN)
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=_at(desk, (21, 14)))
    added = desk.encounter.tokens[-1]
    assert added.position == (21, 14) and added.id in desk.scene.token_items


def test_a_dropped_palette_picture_becomes_a_token(qtbot, desk):
    desk.view.token_dropped.emit((0, 0), "")
    assert desk.encounter.tokens[-1].position == (0, 0)
    desk.view.token_dropped.emit((0, 0), "")  # taken: refused with a message
    assert "taken" in desk.status()


def test_double_click_beside_a_door_opens_and_closes_it(qtbot, desk):
    # model: "A window blocks movement but not sight; an open door neither."
    view = desk.view
    door = view.mapFromScene(QPointF(12.5 * TILE_PX, 7.0 * TILE_PX)) + QPoint(0, 3)
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=door)
    kinds = [w.kind for w in desk.encounter.map.walls if w.a == (12.0, 7.0)]
    assert kinds == [WallKind.DOOR_OPEN]
    assert "opens the door" in desk.document.log[-1].sentence
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=door)
    kinds = [w.kind for w in desk.encounter.map.walls if w.a == (12.0, 7.0)]
    assert kinds == [WallKind.DOOR_CLOSED]


def test_shift_double_click_locks_and_unlocks_a_door(qtbot, desk):
    """Issue 30 item 7 (locked marks): Shift+double-click locks a door; a locked door does not open
    on a double-click (the engine's reason in the status bar) until Shift+double-click unlocks it."""
    view = desk.view
    door = view.mapFromScene(QPointF(12.5 * TILE_PX, 7.0 * TILE_PX)) + QPoint(0, 3)
    shift, left = Qt.KeyboardModifier.ShiftModifier, Qt.MouseButton.LeftButton
    qtbot.mouseDClick(view.viewport(), left, shift, pos=door)
    kinds = [w.kind for w in desk.encounter.map.walls if w.a == (12.0, 7.0)]
    assert kinds == [WallKind.DOOR_LOCKED]
    assert "locks the door" in desk.document.log[-1].sentence
    qtbot.mouseDClick(view.viewport(), left, pos=door)
    assert [w.kind for w in desk.encounter.map.walls if w.a == (12.0, 7.0)] == [WallKind.DOOR_LOCKED]
    assert "is locked: unlock it before it opens" in desk.status()
    qtbot.mouseDClick(view.viewport(), left, shift, pos=door)
    assert [w.kind for w in desk.encounter.map.walls if w.a == (12.0, 7.0)] == [WallKind.DOOR_CLOSED]
    assert "unlocks the door" in desk.document.log[-1].sentence


def test_resize_keeps_what_fits_and_undoes(qtbot, desk):
    desk.commands.files.ask_size = lambda: (12, 10)
    desk.commands.resize_dialog()
    e = desk.encounter
    assert (e.map.width, e.map.height) == (12, 10)
    assert {t.id for t in e.tokens} == {"bram", "ilse"}
    assert all(max(w.a[0], w.b[0]) <= 12 for w in e.map.walls)
    desk.document.undo_stack.undo()
    assert desk.encounter.map.width == 24


def test_a_palette_drop_event_on_the_viewport_adds_a_token(qtbot, desk):
    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    from vantage.gui.canvas.map_view import TOKEN_MIME
    from vantage.gui.edit.panel import TokenPalette

    palette = TokenPalette()
    data = palette.mimeData([palette.item(palette.count() - 1)])  # the plain disc
    assert data.hasFormat(TOKEN_MIME)
    mime = QMimeData()
    mime.setData(TOKEN_MIME, data.data(TOKEN_MIME))
    pos = QPointF(_at(desk, (22, 3)))
    args = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(pos.toPoint(), *args)
    QApplication.sendEvent(desk.view.viewport(), enter)
    assert enter.isAccepted()
    QApplication.sendEvent(desk.view.viewport(), QDropEvent(pos, *args))
    assert desk.encounter.tokens[-1].position == (22, 3)
