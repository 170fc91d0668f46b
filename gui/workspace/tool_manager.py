"""The one owner of the mouse's tool in the GM's map view (Tiled's ``ToolManager``).

The bottom of the stack is the mode's tool (play or edit: :meth:`ToolManager.set_mode_tool`); a
tool taken out for a while — the ruler, the templates, the fog brush — goes on top with
:meth:`ToolManager.use` and comes off with :meth:`ToolManager.put_away`, wherever it sits in the
stack, so the one under it comes back. A new mode puts every borrowed tool away. Nobody else writes
``MapView.tool`` and nobody keeps a "previous tool" of their own; a button or check that shows
whether its tool is out follows :attr:`ToolManager.changed`, so it cannot disagree with the mouse.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal

from vantage.gui.canvas.map_view import MapView, ViewTool


class MouseTool(ViewTool, Protocol):
    """A tool the GM view's mouse can hold: the view's gestures, and the status bar's words for it."""

    def status_words(self) -> str:
        """What the mouse does with this tool, for the status bar ("move and target tokens")."""
        ...


class ToolManager(QObject):
    """The tools of one map view, as a stack whose top is the mouse's tool now."""

    #: the stack changed: the current tool (None before a mode's tool is set)
    changed = Signal(object)

    def __init__(self, view: MapView, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._view = view
        self._stack: list[MouseTool] = []

    @property
    def current(self) -> MouseTool | None:
        return self._stack[-1] if self._stack else None

    @property
    def mode_tool(self) -> MouseTool | None:
        """The mode's tool at the bottom (play or edit)."""
        return self._stack[0] if self._stack else None

    @property
    def stack(self) -> tuple[MouseTool, ...]:
        return tuple(self._stack)

    def is_current(self, tool: object) -> bool:
        return self.current is tool

    def set_mode_tool(self, tool: MouseTool) -> None:
        """A new mode: ``tool`` alone, every borrowed tool put away."""
        if self._stack == [tool]:
            return
        self._stack = [tool]
        self._changed()

    def use(self, tool: MouseTool) -> None:
        """Put ``tool`` in the mouse, over the current one (which comes back when it is put away)."""
        if self.current is tool:
            return
        if not self._stack:
            raise ValueError("no mode tool yet: set_mode_tool comes first")
        if tool is self._stack[0]:
            raise ValueError("the mode's tool comes back by putting the others away")
        self._stack = [t for t in self._stack if t is not tool] + [tool]
        self._changed()

    def put_away(self, tool: object) -> None:
        """Take ``tool`` out of the stack wherever it is (the mode's tool stays)."""
        if tool not in self._stack[1:]:
            return
        self._stack = [self._stack[0], *(t for t in self._stack[1:] if t is not tool)]
        self._changed()

    def status_words(self) -> str:
        tool = self.current
        return tool.status_words() if tool is not None else "none"

    def _changed(self) -> None:
        self._view.tool = self.current
        self.changed.emit(self.current)
