"""The GM's fog tool in the map view: reveal or hide with a brush, a rectangle or a whole room.

It is a :class:`vantage.gui.canvas.map_view.ViewTool`: the left button does the chosen action
(reveal or hide), the right button the opposite. Each gesture becomes an engine command
(``RevealFog`` / ``CoverFog`` of the tiles it changes, found by ``vantage.engine.table.fog``)
handed to ``apply``, which sends it to the engine with the GM window's other edits.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPen, QWheelEvent
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsRectItem

from vantage.engine.model import Encounter, Tile
from vantage.engine.table import fog
from vantage.gui.canvas.map_view import MapView

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command

PREVIEW_Z = 40.0


class FogShape(StrEnum):
    BRUSH = "brush"
    RECTANGLE = "rectangle"
    ROOM = "room"


class FogTool:
    """Reveals or covers tiles of the encounter that ``current()`` returns, by commands to ``apply``."""

    def __init__(
        self,
        current: Callable[[], Encounter],
        apply: Callable[[Command], None],
        begin_stroke: Callable[[], None] | None = None,
    ) -> None:
        self.current = current
        self.apply = apply
        self.begin_stroke = begin_stroke  # called on each press: one gesture, one undo step
        self.shape = FogShape.BRUSH
        self.reveal = True
        self.radius = 1.5
        self._reveal_now = True
        self._pressed = False
        self._rect_start: Tile | None = None
        self._preview: QGraphicsRectItem | QGraphicsEllipseItem | None = None

    def status_words(self) -> str:
        return "fog brush"

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _tile_point(view: MapView, event: QMouseEvent) -> tuple[float, float]:
        return view.map_scene().grid.map_point(view.mapToScene(event.position().toPoint()))

    def _edit(self, tiles: frozenset[Tile]) -> None:
        """Send the command for the tiles of ``tiles`` that change (nothing when none do)."""
        from vantage.engine.protocol.gm_commands import CoverFog, RevealFog
        revealed = self.current().map.revealed
        changed = tiles - revealed if self._reveal_now else tiles & revealed
        if changed:
            ordered = tuple(sorted(changed, key=lambda t: (t[1], t[0])))
            self.apply(RevealFog(tiles=ordered) if self._reveal_now else CoverFog(tiles=ordered))

    def _brush(self, point: tuple[float, float]) -> None:
        self._edit(fog.brush_tiles(self.current().map, point, self.radius))

    def _show_preview(self, view: MapView, rect: QRectF, round_: bool) -> None:
        scene = view.scene()
        if self._preview is not None and (isinstance(self._preview, QGraphicsEllipseItem) != round_):
            self.clear_preview()
        if self._preview is None:
            self._preview = QGraphicsEllipseItem() if round_ else QGraphicsRectItem()
            self._preview.setZValue(PREVIEW_Z)
            self._preview.setPen(QPen(QColor("#ffd400"), 2, Qt.PenStyle.DashLine))
            self._preview.setBrush(QBrush(QColor(255, 212, 0, 40)))
            scene.addItem(self._preview)
        self._preview.setRect(rect)

    def clear_preview(self) -> None:
        if self._preview is not None:
            scene = self._preview.scene()
            if scene is not None:
                scene.removeItem(self._preview)
            self._preview = None

    # -- ViewTool --------------------------------------------------------------------------
    def press(self, view: MapView, event: QMouseEvent) -> bool:
        if event.button() not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return False
        self._reveal_now = self.reveal == (event.button() == Qt.MouseButton.LeftButton)
        point = self._tile_point(view, event)
        tile = (int(point[0] // 1), int(point[1] // 1))
        self._pressed = True
        if self.begin_stroke is not None:
            self.begin_stroke()
        if self.shape is FogShape.BRUSH:
            self._brush(point)
        elif self.shape is FogShape.RECTANGLE:
            self._rect_start = tile
            self._show_preview(view, view.map_scene().grid.tile_rect(tile), False)
        else:
            self._edit(fog.room_tiles(self.current().map, tile))
        return True

    def move(self, view: MapView, event: QMouseEvent) -> bool:
        point = self._tile_point(view, event)
        if self.shape is FogShape.BRUSH:
            r = view.map_scene().grid.scene_length(self.radius)
            centre = view.map_scene().grid.scene_point(point)
            self._show_preview(view, QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), True)
            if self._pressed:
                self._brush(point)
                return True
            return False
        if self.shape is FogShape.RECTANGLE and self._pressed and self._rect_start is not None:
            tile = (int(point[0] // 1), int(point[1] // 1))
            self._show_preview(view, view.map_scene().grid.tiles_rect(self._rect_start, tile), False)
            return True
        return False

    def release(self, view: MapView, event: QMouseEvent) -> bool:
        if not self._pressed:
            return False
        self._pressed = False
        if self.shape is FogShape.RECTANGLE and self._rect_start is not None:
            point = self._tile_point(view, event)
            start, end = self._rect_start, (int(point[0] // 1), int(point[1] // 1))
            self._edit(fog.rect_tiles(self.current().map, start, end))
            self._rect_start = None
            self.clear_preview()
        return True

    def wheel(self, view: MapView, event: QWheelEvent) -> bool:
        """Ctrl+wheel sizes the brush."""
        if self.shape is FogShape.BRUSH and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120
            self.radius = max(0.5, min(20.0, self.radius + 0.5 * steps))
            return True
        return False
