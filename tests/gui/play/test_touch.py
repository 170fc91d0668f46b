"""Touch on the GM's map (issue 30, 8): "Pinch to zoom, two fingers to pan, press-and-drag a token
with the same path preview and refusals as the mouse, long-press for the token menu ... Test with
synthesized touch events." The touches are Qt's own (``QTest.touchEvent`` on a touchscreen device),
sent to the map view's viewport offscreen; ``test_touch_real_window.py`` does it in a real window.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import (
    QEventPoint,
    QInputDevice,
    QMouseEvent,
    QNativeGestureEvent,
    QPointingDevice,
    QTouchEvent,
)
from PySide6.QtWidgets import QApplication
from touches import move, press, release, touch, touchscreen

from vantage.gui.canvas.touch import LONG_PRESS_MS, Phase, from_touchscreen

BRAM, END = (5, 6), (7, 8)


@pytest.fixture
def screen():
    return touchscreen()


def finger_drag(qtbot, window, device, start, end, check=None):
    """A finger on ``start``'s centre, over a nearby point and to ``end``'s centre, then lifted."""
    viewport = window.view.viewport()
    a, b = window.view.tile_centre_in_view(start), window.view.tile_centre_in_view(end)
    press(viewport, a)
    move(viewport, a + QPoint(20, 20))
    move(viewport, b)
    if check is not None:
        check()
    release(viewport, b)


def test_a_finger_drags_a_token_along_the_engines_path_with_the_mouses_preview(qtbot, demo_play, screen):
    window = demo_play

    def during():
        overlay = window.play_tool.overlay
        assert overlay.path is not None and overlay.path.end == END
        assert overlay.label == "2 used · 4 left"  # the mouse's label (test_drag_token.py)
        assert window.workspace.selection.token == "bram"

    finger_drag(qtbot, window, screen, BRAM, END, check=during)
    assert window.encounter.token("bram").position == END
    assert window.document.log[-1].sentence.startswith("Bram moves 2 tiles to (7, 8)")
    # one move, one undo step: no mouse event made from the touch moved it a second time
    assert window.document.undo_stack.count() == 1
    assert window.document.undo_stack.undoText() == "Move Bram"
    assert window.view.touch.phase is Phase.IDLE and window.play_tool.drag is None


def test_a_fingers_refused_drop_snaps_back_with_the_engines_reason_as_the_mouses(qtbot, demo_play, screen):
    # Avorkarth: "Difficult Terrain (Brush, ...) : Half or -4 Movement (whichever is worse, Min 1)"
    window = demo_play
    finger_drag(qtbot, window, screen, BRAM, (5, 10))
    assert window.encounter.token("bram").position == BRAM
    item = window.scene.token_items["bram"]
    assert (item.pos().x(), item.pos().y()) == window.scene.grid.scene_point(BRAM).toTuple()
    message = window.status()
    assert "Bram cannot move to (5, 10)" in message and "difficult terrain" in message
    assert not window.document.log


def test_a_refusal_is_drawn_while_the_finger_drags(qtbot, demo_play, screen):
    window = demo_play

    def during():
        overlay = window.play_tool.overlay
        assert overlay.path is None and overlay.refusal is not None and overlay.refusal[1]

    finger_drag(qtbot, window, screen, BRAM, (10, 4), check=during)  # inside the walled room
    assert window.encounter.token("bram").position == BRAM


def test_mouse_events_a_touchscreen_sends_are_ignored(qtbot, demo_play, screen):
    """Qt (or the window system) may turn a touch into mouse events as well: they do nothing."""
    window = demo_play
    a, b = window.view.tile_centre_in_view(BRAM), window.view.tile_centre_in_view(END)
    for kind, at, button, buttons in (
        (QEvent.Type.MouseButtonPress, a, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton),
        (QEvent.Type.MouseMove, b, Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton),
        (QEvent.Type.MouseButtonRelease, b, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton),
    ):
        event = QMouseEvent(kind, QPointF(at), QPointF(window.view.viewport().mapToGlobal(at)), button,
                            buttons, Qt.KeyboardModifier.NoModifier, screen)
        assert from_touchscreen(event)
        getattr(window.view, {
            QEvent.Type.MouseButtonPress: "mousePressEvent", QEvent.Type.MouseMove: "mouseMoveEvent",
            QEvent.Type.MouseButtonRelease: "mouseReleaseEvent"}[kind])(event)
    assert window.play_tool.drag is None and window.workspace.selection.token is None
    assert window.encounter.token("bram").position == BRAM and not window.document.log


def test_pinching_zooms_about_the_fingers_and_two_fingers_pan(qtbot, demo_play, screen):
    window = demo_play
    view = window.view
    view.set_zoom(1.5)  # the scroll bars are out already (their coming would shift the map by half a bar)
    view.center_on_tile((12, 9))
    qtbot.wait(10)  # the bars laid out
    # mid-map (the zoomed map can keep it still), where the 800×600 test screen has it
    centre = view.tile_centre_in_view((8, 6))
    under = view.mapToScene(centre)
    zoom = view.zoom()
    touch(view.viewport(), presses=[(0, centre - QPoint(50, 0)), (1, centre + QPoint(50, 0))])
    touch(view.viewport(), moves=[(0, centre - QPoint(100, 0)), (1, centre + QPoint(100, 0))])
    assert view.zoom() == pytest.approx(2 * zoom, rel=0.01)  # the fingers spread twice as far
    after = view.mapFromScene(under)
    assert abs(after.x() - centre.x()) <= 1 and abs(after.y() - centre.y()) <= 1  # the map held still
    # both fingers slide 40 px left and 30 up: the map follows them
    touch(view.viewport(), moves=[(0, centre - QPoint(140, 30)), (1, centre + QPoint(60, -30))])
    moved = view.mapFromScene(under)
    assert abs(moved.x() - (centre.x() - 40)) <= 1 and abs(moved.y() - (centre.y() - 30)) <= 1
    touch(view.viewport(), releases=[(0, centre - QPoint(140, 30)), (1, centre + QPoint(60, -30))])
    assert view.touch.phase is Phase.IDLE
    assert not window.document.log and window.document.undo_stack.count() == 0


def test_a_second_finger_puts_the_dragged_token_back_and_sends_nothing(qtbot, demo_play, screen):
    window = demo_play
    view = window.view
    a, b = view.tile_centre_in_view(BRAM), view.tile_centre_in_view(END)
    press(view.viewport(), a)
    move(view.viewport(), a + QPoint(20, 20))
    move(view.viewport(), b)
    assert window.play_tool.overlay.path is not None
    touch(view.viewport(), presses=[(1, b + QPoint(120, 0))], still=[0])
    assert view.touch.phase is Phase.TWO and window.play_tool.drag is None
    assert window.play_tool.overlay.path is None
    item = window.scene.token_items["bram"]
    assert item.pos() == window.scene.grid.scene_point(BRAM)
    touch(view.viewport(), releases=[(0, b), (1, b + QPoint(120, 0))])
    assert window.encounter.token("bram").position == BRAM and window.document.undo_stack.count() == 0


def test_a_long_press_on_a_token_asks_for_its_menu_and_moves_nothing(qtbot, demo_play, screen, monkeypatch):
    window = demo_play
    view = window.view
    asked: list[tuple[str, QPoint]] = []
    window.play_tool.context_requested.disconnect()  # the menu itself is the attack menu's tests'
    window.play_tool.context_requested.connect(lambda token_id, at: asked.append((token_id, at)))
    a = view.tile_centre_in_view(BRAM)
    press(view.viewport(), a)
    move(view.viewport(), a + QPoint(3, 2))  # a finger is never quite still
    qtbot.waitUntil(lambda: bool(asked), timeout=LONG_PRESS_MS * 3)
    assert asked[0][0] == "bram"
    assert asked[0][1] == view.viewport().mapToGlobal(a + QPoint(3, 2))  # where the finger is
    assert view.touch.phase is Phase.HELD and window.play_tool.drag is None
    move(view.viewport(), view.tile_centre_in_view(END))  # the rest of a held finger does nothing
    release(view.viewport(), view.tile_centre_in_view(END))
    assert window.encounter.token("bram").position == BRAM and not window.document.log


def test_a_finger_that_moves_away_in_time_drags_and_never_asks_for_the_menu(qtbot, demo_play, screen):
    window = demo_play
    asked: list[str] = []
    window.play_tool.context_requested.disconnect()
    window.play_tool.context_requested.connect(lambda token_id, _at: asked.append(token_id))
    view = window.view
    a = view.tile_centre_in_view(BRAM)
    press(view.viewport(), a)
    move(view.viewport(), view.tile_centre_in_view(END))
    qtbot.wait(LONG_PRESS_MS + 200)
    release(view.viewport(), view.tile_centre_in_view(END))
    assert not asked and window.encounter.token("bram").position == END


def test_a_long_press_on_the_ground_shows_nothing(qtbot, demo_play, screen):
    window = demo_play
    asked: list[str] = []
    window.play_tool.context_requested.disconnect()
    window.play_tool.context_requested.connect(lambda token_id, _at: asked.append(token_id))
    at = window.view.tile_centre_in_view((8, 3))
    press(window.view.viewport(), at)
    qtbot.wait(LONG_PRESS_MS + 200)
    release(window.view.viewport(), at)
    assert not asked and window.view.touch.phase is Phase.IDLE


def test_a_tool_without_touch_of_its_own_gets_the_finger_as_the_left_button(qtbot, demo_play, screen):
    """The editor's brushes and the fog tool know only the mouse: a finger paints as the left button."""
    window = demo_play
    seen: list[tuple[str, Qt.MouseButton]] = []

    class MouseOnly:
        def press(self, view, event):
            seen.append(("press", event.button()))
            return True

        def move(self, view, event):
            seen.append(("move", event.buttons()))
            return True

        def release(self, view, event):
            seen.append(("release", event.button()))
            return True

        def wheel(self, view, event):
            return False

    window.view.tool = MouseOnly()
    a = window.view.tile_centre_in_view((8, 3))
    press(window.view.viewport(), a)
    qtbot.wait(LONG_PRESS_MS + 200)  # held still a while: a brush has no menu, the stroke goes on
    move(window.view.viewport(), a + QPoint(40, 0))
    release(window.view.viewport(), a + QPoint(40, 0))
    assert seen == [("press", Qt.MouseButton.LeftButton), ("move", Qt.MouseButton.LeftButton),
                    ("release", Qt.MouseButton.LeftButton)]


def test_a_mouse_a_pen_or_a_touchpad_is_never_taken_for_a_touch(qtbot, demo_play):
    """Only what a touchscreen sends is ignored: the mouse's own events, a pen's (which Qt turns
    into mouse events with the pen as their device) and a touchpad's still drag."""
    window = demo_play
    pen = QPointingDevice("test pen", 77001, QInputDevice.DeviceType.Stylus, QPointingDevice.PointerType.Pen,
                          QInputDevice.Capability.Position, 1, 3)
    pad = QPointingDevice("test touchpad", 77002, QInputDevice.DeviceType.TouchPad,
                          QPointingDevice.PointerType.Finger, QInputDevice.Capability.Position, 5, 2)
    for device in (QPointingDevice.primaryPointingDevice(), pen, pad):
        event = QMouseEvent(QEvent.Type.MouseButtonPress, QPointF(10, 10), QPointF(10, 10),
                            Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier, device)
        assert not from_touchscreen(event), device.name()
    viewport = window.view.viewport()
    a, b = window.view.tile_centre_in_view(BRAM), window.view.tile_centre_in_view(END)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=a)
    qtbot.mouseMove(viewport, b)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=b)
    assert window.encounter.token("bram").position == END


def test_a_touchpads_fingers_are_not_on_the_map_but_its_pinch_zooms(qtbot, demo_play):
    """A touchpad's touches (a laptop's, a Mac's) are left to Qt's mouse and wheel events; its pinch
    comes as a native zoom gesture and zooms about the pointer."""
    window = demo_play
    view = window.view
    pad = QPointingDevice("test touchpad", 77003, QInputDevice.DeviceType.TouchPad,
                          QPointingDevice.PointerType.Finger, QInputDevice.Capability.Position, 5, 2)
    a = QPointF(view.tile_centre_in_view(BRAM))

    def begin(device):
        point = QEventPoint(0, QEventPoint.State.Pressed, a, a)
        return QTouchEvent(QEvent.Type.TouchBegin, device, Qt.KeyboardModifier.NoModifier, [point])

    on_pad = begin(pad)
    assert view.viewportEvent(on_pad) is False and not on_pad.isAccepted()
    assert view.touch.phase is Phase.IDLE
    on_screen = begin(touchscreen())  # the same touch from a touchscreen is the map's
    assert view.viewportEvent(on_screen) is True and on_screen.isAccepted()
    assert view.touch.phase is Phase.ONE
    view.viewportEvent(QTouchEvent(QEvent.Type.TouchCancel, touchscreen()))
    assert view.touch.phase is Phase.IDLE and window.encounter.token("bram").position == BRAM
    zoom = view.zoom()
    at = QPointF(view.tile_centre_in_view((8, 6)))
    gesture = QNativeGestureEvent(Qt.NativeGestureType.ZoomNativeGesture, pad, 2, at, at,
                                  QPointF(view.viewport().mapToGlobal(at.toPoint())), 0.25, QPointF(), 0)
    QApplication.sendEvent(view.viewport(), gesture)
    assert view.zoom() == pytest.approx(1.25 * zoom)
