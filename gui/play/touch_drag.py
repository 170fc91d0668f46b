"""A finger on the map in play mode: press a token and drag it, hold it for its menu.

The finger goes through the play tool's own drag — :meth:`~vantage.gui.play.tool.PlayTool.start_drag`,
``drag_over`` and ``drop`` — which the mouse uses too: the same path preview, the same refusals, the
same engine command on letting go. What a finger cannot do that the mouse can: a finger never turns
a token by its facing notch (a fingertip is wider than the notch; Q/E and the token menu turn) and
never places without rules (that is Shift-drag, with a keyboard). A second finger cancels the drag
and the token goes back (:mod:`vantage.gui.canvas.touch` turns the gesture into a pinch).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QGraphicsView

from vantage.engine.model import Tile
from vantage.gui.canvas.touch import map_point_under, map_scene_of, tile_under


class DragSteps(Protocol):
    """The steps of a drag that a finger takes (the play tool's)."""

    def start_drag(self, view: QGraphicsView, tile: Tile, token_id: str, free: bool = False) -> None: ...
    def drag_over(self, view: QGraphicsView, tile: Tile) -> None: ...
    def drop(self, view: QGraphicsView) -> None: ...
    def cancel_drag(self, view: QGraphicsView) -> None: ...
    def select(self, token_id: str | None) -> None: ...
    def open_menu(self, token_id: str, at: QPoint) -> None: ...


def _any_token(view: QGraphicsView, token_id: str) -> bool:
    return True


class TouchDrag:
    """One finger for a drag's steps (the GM's map: every token, selected as it is pressed, and a
    long press opens the token's menu). ``may_touch(view, token_id)`` says which tokens a finger may
    pick up; ``selects`` and ``menus`` are off on the players' touch table."""

    def __init__(self, steps: DragSteps, may_touch: Callable[[QGraphicsView, str], bool] = _any_token,
                 selects: bool = True, menus: bool = True) -> None:
        self.steps = steps
        self.may_touch = may_touch
        self.selects = selects
        self.menus = menus
        self.dragging = False

    def token_under(self, view: QGraphicsView, pos: QPointF) -> str | None:
        """The token under the finger that it may touch (a rider's mount round the rider's disc)."""
        tile = tile_under(view, pos)
        if tile is None:
            return None
        token_id = map_scene_of(view).token_at_tile(tile, map_point_under(view, pos))
        if token_id is None or not self.may_touch(view, token_id):
            return None
        return token_id

    def touch_press(self, view: QGraphicsView, pos: QPointF) -> bool:
        token_id = self.token_under(view, pos)
        tile = tile_under(view, pos)
        if token_id is None or tile is None:
            if self.selects and tile is not None:
                self.steps.select(None)  # a tap on the ground lets the selection go, as a click does
            return False
        if self.selects:
            self.steps.select(token_id)
        self.steps.start_drag(view, tile, token_id)
        self.dragging = True
        return True

    def touch_move(self, view: QGraphicsView, pos: QPointF) -> None:
        tile = tile_under(view, pos)
        if self.dragging and tile is not None:
            self.steps.drag_over(view, tile)

    def touch_release(self, view: QGraphicsView, pos: QPointF) -> None:
        if self.dragging:
            self.dragging = False
            self.steps.drop(view)

    def touch_cancel(self, view: QGraphicsView) -> None:
        if self.dragging:
            self.dragging = False
            self.steps.cancel_drag(view)

    def touch_hold(self, view: QGraphicsView, pos: QPointF, global_pos: QPoint) -> bool:
        token_id = self.token_under(view, pos) if self.menus else None
        if token_id is None:
            return False
        self.touch_cancel(view)  # the drag the press began goes back before the menu shows
        self.steps.open_menu(token_id, global_pos)
        return True
