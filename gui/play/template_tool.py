"""The area-template tool: place, move, turn, resize and remove circles, cones, lines and squares.

A :class:`vantage.gui.canvas.map_view.ViewTool`. With the tool out:

- press on empty ground places a template of the chosen shape and size; its origin snaps to the
  nearest tile corner or centre; dragging before the release points a cone or a line (and turns
  a square) towards the cursor, in steps of 15° (Shift: free);
- press on a template selects it; dragging moves it (snapped as above);
- the wheel over the selected template turns it 15°, Shift+wheel resizes it by one tile's feet;
- right-click on a template removes it.

Every change is one engine command (``place_template``, ``move_template``,
``remove_template``) and one undo step. The tool keeps only what is chosen (shape, size, the
selected template's id); the templates themselves live in the encounter.
"""

from __future__ import annotations

import math
from itertools import count
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QMouseEvent, QWheelEvent

from vantage.engine.model import AreaTemplate, TemplateKind
from vantage.engine.protocol.errors import CommandRejected
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.measure_items import TemplateLayer, template_words
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.workspace import Selection

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command

#: The size a new template of each shape starts with, in feet (the common spell areas).
DEFAULT_FEET = {TemplateKind.CIRCLE: 20.0, TemplateKind.CONE: 15.0, TemplateKind.LINE: 30.0,
                TemplateKind.SQUARE: 10.0}
TURN_STEP_DEG = 15.0


def snap_half(point: tuple[float, float]) -> tuple[float, float]:
    """The nearest tile corner, edge middle or centre (half-tile steps)."""
    return (round(point[0] * 2) / 2, round(point[1] * 2) / 2)


def bearing(origin: tuple[float, float], point: tuple[float, float]) -> float | None:
    """The compass bearing from ``origin`` to ``point`` (0 north, clockwise), None when they meet."""
    dx, dy = point[0] - origin[0], point[1] - origin[1]
    if math.hypot(dx, dy) < 0.25:
        return None
    return math.degrees(math.atan2(dx, -dy)) % 360


class TemplateTool(QObject):
    """Places and edits templates through commands; ``selection_changed`` fires with the id."""

    message = Signal(str)
    selection_changed = Signal(object)
    #: a template was placed by a click or drag without Shift: the tool may be put away
    placed_and_done = Signal(str)

    def __init__(self, document: EncounterDocument, selection: Selection, layer: TemplateLayer,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.selection = selection
        self.layer = layer
        self.shape = TemplateKind.CIRCLE
        self.size_feet = DEFAULT_FEET[self.shape]
        self.width_feet = 5.0
        self.show_new = False
        self._numbers = count(1)
        self._placing: tuple[float, float] | None = None  # origin of a template being placed
        self._direction = 0.0
        self._moving: tuple[str, tuple[float, float], tuple[float, float]] | None = None  # id, grab, origin
        selection.template_changed.connect(self._selection_changed)

    # -- choices ---------------------------------------------------------------------------
    def set_shape(self, shape: TemplateKind) -> None:
        self.shape = shape
        self.size_feet = DEFAULT_FEET[shape]
        self.message.emit(f"Templates: a click places a {self.size_feet:g} ft {shape.value}")

    def status_words(self) -> str:
        return f"templates · click to place a {self.size_feet:g} ft {self.shape.value}"

    @property
    def selected(self) -> str | None:
        """The selected template (the workspace's selection)."""
        return self.selection.template

    def select(self, template_id: str | None) -> None:
        self.selection.select_template(template_id)

    def _selection_changed(self, template_id: str | None) -> None:
        self.layer.sync(self.document.encounter, template_id)
        self.selection_changed.emit(template_id)

    def template(self, template_id: str | None) -> AreaTemplate | None:
        return next((t for t in self.document.encounter.templates if t.id == template_id), None)

    # -- commands --------------------------------------------------------------------------
    def _send(self, title: str, command: Command) -> bool:
        try:
            run_command(self.document, title, command)
        except CommandRejected as refused:
            self.message.emit(f"{title}: {refused}")
            return False
        return True

    def _new_id(self) -> str:
        taken = {t.id for t in self.document.encounter.templates}
        while True:
            candidate = f"template-{next(self._numbers)}"
            if candidate not in taken:
                return candidate

    def place(self, origin: tuple[float, float], direction: float = 0.0) -> str | None:
        """Place a template of the chosen shape and size at ``origin``; its id, or None if refused."""
        from vantage.engine.protocol.template_commands import PlaceTemplate
        template_id = self._new_id()
        command = PlaceTemplate(id=template_id, shape=self.shape.value, origin=origin,
                                size_feet=self.size_feet, direction=direction, width_feet=self.width_feet,
                                shown=self.show_new)
        if not self._send(f"Place {self.size_feet:g} ft {self.shape.value}", command):
            return None
        self.select(template_id)
        self._say_inside(template_id)
        return template_id

    def edit(self, template_id: str, **changes: Any) -> bool:
        """Move, turn, resize or show the template (``MoveTemplate`` fields)."""
        from vantage.engine.protocol.template_commands import MoveTemplate
        template = self.template(template_id)
        if template is None:
            return False
        only = next(iter(changes)) if len(changes) == 1 else ""
        what = {"shown": "Show", "label": "Name"}.get(only, "Move")
        ok = self._send(f"{what} {template_words(template)}", MoveTemplate(template=template_id, **changes))
        if ok:
            self.layer.sync(self.document.encounter, self.selected)
            self._say_inside(template_id)
        return ok

    def turn(self, steps: int) -> bool:
        template = self.template(self.selected)
        if template is None:
            return False
        return self.edit(template.id, direction=(template.direction + steps * TURN_STEP_DEG) % 360)

    def resize(self, steps: int) -> bool:
        template = self.template(self.selected)
        if template is None:
            return False
        step = self.document.encounter.map.feet_per_tile
        return self.edit(template.id, size_feet=max(step, template.size_feet + steps * step))

    def remove(self, template_id: str | None = None) -> bool:
        from vantage.engine.protocol.template_commands import RemoveTemplate
        template = self.template(template_id or self.selected)
        if template is None:
            return False
        ok = self._send(f"Remove {template_words(template)}", RemoveTemplate(template=template.id))
        if ok and self.selected == template.id:
            self.select(None)
        return ok

    def _say_inside(self, template_id: str) -> None:
        item = self.layer.items.get(template_id)
        if item is not None:
            self.message.emit(f"Template: {item.label.text()}")

    # -- ViewTool --------------------------------------------------------------------------
    @staticmethod
    def _point(view: MapView, event: QMouseEvent | QWheelEvent) -> tuple[float, float]:
        return view.map_scene().grid.map_point(view.mapToScene(event.position().toPoint()))

    def _on_map(self, point: tuple[float, float]) -> tuple[float, float]:
        m = self.document.encounter.map
        return (min(max(point[0], 0.0), float(m.width)), min(max(point[1], 0.0), float(m.height)))

    def press(self, view: MapView, event: QMouseEvent) -> bool:
        point = self._point(view, event)
        hit = self.layer.template_at(*point)
        if event.button() == Qt.MouseButton.RightButton:
            return self.remove(hit) if hit is not None else False
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if hit is not None:
            self.select(hit)
            template = self.template(hit)
            assert template is not None
            self._moving = (hit, point, template.origin)
            return True
        self.select(None)
        self._placing = self._on_map(snap_half(point))
        self._direction = 0.0
        return True

    def move(self, view: MapView, event: QMouseEvent) -> bool:
        point = self._point(view, event)
        if self._moving is not None:
            template_id, grab, origin = self._moving
            item = self.layer.items.get(template_id)
            if item is not None:
                item.setPos(view.map_scene().grid.scene_offset((point[0] - grab[0], point[1] - grab[1])))
            return True
        if self._placing is not None:
            turned = bearing(self._placing, point)
            if turned is not None:
                free = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
                self._direction = turned if free else round(turned / TURN_STEP_DEG) * TURN_STEP_DEG % 360
                self.message.emit(f"Templates: pointing {self._direction:g}° — release to place")
            return True
        return False

    def release(self, view: MapView, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        point = self._point(view, event)
        if self._moving is not None:
            template_id, grab, origin = self._moving
            self._moving = None
            item = self.layer.items.get(template_id)
            if item is not None:
                item.setPos(QPointF(0, 0))
            moved = self._on_map(snap_half((origin[0] + point[0] - grab[0], origin[1] + point[1] - grab[1])))
            if moved != origin:
                self.edit(template_id, origin=moved)
            return True
        if self._placing is not None:
            origin, self._placing = self._placing, None
            placed = self.place(origin, self._direction)
            if placed is not None and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
                self.placed_and_done.emit(placed)  # one template a time; Shift keeps the tool out
            return True
        return False

    def wheel(self, view: MapView, event: QWheelEvent) -> bool:
        if self.selected is None or self.layer.template_at(*self._point(view, event)) != self.selected:
            return False
        steps = 1 if event.angleDelta().y() > 0 else -1 if event.angleDelta().y() < 0 else 0
        if not steps:
            return False
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.resize(steps)
        else:
            self.turn(steps)
        event.accept()
        return True
