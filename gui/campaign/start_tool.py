"""The "Mark party start" tool: the GM drags across the tiles where the party arrives (a click marks
one tile) and they are marked with the engine's ``mark_start_area`` command, one undo step; the tool
is put away after one marking (Esc or the menu entry again puts it away unused)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QMouseEvent, QWheelEvent

from vantage.engine.protocol.errors import CommandRejected
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import run_command
from vantage.gui.workspace import GmWorkspace

MARK_START = "Mark the party's start"


def tiles_between(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The tiles of the rectangle with corners ``a`` and ``b``, row by row."""
    (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
    return tuple((x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))


class StartAreaTool(QObject):
    """A mouse tool of the GM view that marks the party's start area."""

    message = Signal(str)

    def __init__(self, workspace: GmWorkspace) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self._from: tuple[int, int] | None = None

    def status_words(self) -> str:
        return "drag across the tiles where the party arrives"

    def take_out(self) -> None:
        self._from = None
        self.workspace.tools.use(self)
        self.message.emit("Mark the party's start: drag across the tiles where the party arrives")

    def put_away(self) -> None:
        self._from = None
        self.workspace.tools.put_away(self)

    def press(self, view: MapView, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            if event.button() == Qt.MouseButton.RightButton:
                self.put_away()
                return True
            return False
        self._from = view.tile_at(event.position())
        return self._from is not None

    def move(self, view: MapView, event: QMouseEvent) -> bool:
        return self._from is not None

    def release(self, view: MapView, event: QMouseEvent) -> bool:
        start, self._from = self._from, None
        end = view.tile_at(event.position())
        if start is None:
            return False
        self.mark(tiles_between(start, end or start))
        self.put_away()
        return True

    def wheel(self, view: MapView, event: QWheelEvent) -> bool:
        return False

    def mark(self, tiles: tuple[tuple[int, int], ...]) -> bool:
        from vantage.engine.protocol.party_commands import MarkStartArea
        try:
            events = run_command(self.workspace.document, MARK_START, MarkStartArea(tiles=tiles))
        except CommandRejected as exc:
            self.message.emit(f"Not marked: {exc}")
            return False
        self.message.emit(" ".join(e.sentence for e in events) or "The party's start is marked")
        return True
