"""The ruler tool: drag from a tile to measure, by the encounter's ruleset's diagonal rule.

A :class:`vantage.gui.canvas.map_view.ViewTool`. Press on a tile starts the ruler there, moving
stretches it to the tile under the cursor, release leaves it on the map (a new press starts
another; :meth:`clear` takes it away). The engine measures (:func:`ask_ruler`); the status line
and the label say the arithmetic and the rule. Measuring changes nothing, so nothing is undone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QMouseEvent, QWheelEvent

from vantage.engine.model import Tile
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.measure_items import RulerItem
from vantage.gui.document import EncounterDocument

if TYPE_CHECKING:  # the measuring rules load with the first reading (issue 32, "window complete")
    from vantage.engine.movement.measure import Measurement


class RulerTool(QObject):
    """Measures with the mouse; ``changed`` fires with each new reading (None: the ruler is put away)."""

    message = Signal(str)
    changed = Signal(object)

    def __init__(self, document: EncounterDocument, item: RulerItem, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.item = item
        self.measurement: Measurement | None = None
        self.rule_words = ""  # the rule in full, for the status bar and the panel
        self.rule_short = ""  # the rule in short, for the label on the map
        self._dragging = False

    def measure(self, start: Tile, end: Tile) -> Measurement:
        """Show the reading from ``start`` to ``end`` (also what a drag does)."""
        from vantage.engine.rules.measuring import ask_ruler, ruler_rule

        encounter = self.document.encounter
        self.measurement = ask_ruler(encounter, start, end)
        rule = ruler_rule(encounter)
        self.rule_words, self.rule_short = rule.words, rule.short
        self.item.set_measurement(self.measurement, self.rule_short)
        self.message.emit(f"Ruler: {self.measurement.label} — {self.measurement.explanation}")
        self.changed.emit(self.measurement)
        return self.measurement

    def status_words(self) -> str:
        from vantage.engine.rules.measuring import ruler_rule

        return f"ruler · drag from a tile ({ruler_rule(self.document.encounter).short})"

    def clear(self) -> None:
        self._dragging = False
        if self.measurement is None:
            return
        self.measurement = None
        self.item.set_measurement(None)
        self.changed.emit(None)

    # -- ViewTool --------------------------------------------------------------------------
    def press(self, view: MapView, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        tile = view.tile_at(event.position())
        if tile is None:
            return False
        self._dragging = True
        self.measure(tile, tile)
        return True

    def move(self, view: MapView, event: QMouseEvent) -> bool:
        if not self._dragging or self.measurement is None:
            return False
        tile = view.tile_at(event.position())
        if tile is not None and tile != self.measurement.end:
            self.measure(self.measurement.start, tile)
        return True

    def release(self, view: MapView, event: QMouseEvent) -> bool:
        if not self._dragging or event.button() != Qt.MouseButton.LeftButton:
            return False
        self._dragging = False
        return True

    def wheel(self, view: MapView, event: QWheelEvent) -> bool:
        return False
