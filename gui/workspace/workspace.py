"""The GM workspace: the one owner of what the GM sees, and the only thing add-ons are handed.

napari's ``ViewerModel`` and Tiled's ``MapDocument`` + ``ToolManager`` in one object. It holds

- ``document``: the encounter, its undo history and log (every change goes through ``apply``);
- ``scene`` and ``view``: the map as the GM sees it; the scene follows the document itself;
- ``selection``: the selected token and template (:class:`~vantage.gui.workspace.selection.Selection`);
- ``tools``: the mouse's tool, one stack for every switch (:class:`~.tool_manager.ToolManager`);
- ``overlays``: the overlays switched on (:class:`~.overlays_shown.OverlaysShown`);
- ``hover``: the tile and token under the cursor;
- ``actions``: the menus and actions by id (:class:`~.action_registry.ActionRegistry`);
- ``token_menu``: the sections add-ons add to a token's right-click menu;
- docks, toolbars and status messages, placed in the ``host`` window.

The host is any ``QMainWindow``: the GM window in the program, a bare one in a test of one panel.
Nothing here knows the GM window's class, and no add-on ever sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow, QToolBar, QVBoxLayout, QWidget

from vantage.engine.model import Encounter
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import EncounterDocument
from vantage.gui.workspace.action_registry import ActionRegistry, MenuId
from vantage.gui.workspace.hover import Hover
from vantage.gui.workspace.overlays_shown import OverlaysShown
from vantage.gui.workspace.selection import Selection
from vantage.gui.workspace.token_menu import TokenMenuSections
from vantage.gui.workspace.tool_manager import ToolManager

#: How long a status message stays, in milliseconds, unless its sender says otherwise.
MESSAGE_MS = 10000


class DockId(StrEnum):
    DECISIONS = "Decisions"
    TURN_TRACKER = "Turn tracker"
    TOKEN = "Token"
    EDITOR = "Editor"
    LEGEND = "Legend"
    COMBAT_LOG = "Combat log"
    CREATURES = "Creatures"
    MEASURE = "Measure"
    PARTY = "Party"
    CAMPAIGN = "Campaign"
    PLAYERS_DEVICES = "Players' devices"


class ToolbarId(StrEnum):
    MAIN = "main-toolbar"
    DICE = "dice-toolbar"


class GmWorkspace(QObject):
    """Everything the GM sees of one encounter, and where its panels, menus and messages go."""

    #: a sentence for the status bar, and how long it stays (ms)
    message = Signal(str, int)

    def __init__(self, encounter: Encounter, path: Path | None, host: QMainWindow,
                 overlays: OverlaysShown | None = None) -> None:
        super().__init__(host)
        self.host = host
        self.document = EncounterDocument(encounter, path, self)
        self.scene = MapScene(encounter, base_dir=path.parent if path else None)
        self.view = MapView(self.scene, host)
        self.selection = Selection(self.document, self)
        self.tools = ToolManager(self.view, self)
        self.overlays = overlays if overlays is not None else OverlaysShown(parent=self)
        self.hover = Hover(self)
        self.actions = ActionRegistry(host, host.menuBar)
        self.token_menu = TokenMenuSections()
        self._docks: dict[DockId, QDockWidget] = {}
        self._toolbars: dict[ToolbarId, QToolBar] = {}
        self._players_watching: Callable[[], bool] = lambda: False
        self.selection.token_changed.connect(self.scene.mark_selected)
        self.view.hovered_tile.connect(self._hovered)

    @property
    def encounter(self) -> Encounter:
        return self.document.encounter

    def open_encounter(self, encounter: Encounter, path: Path | None) -> None:
        """Put another encounter in the workspace (a file opened, a map imported, an autosave
        recovered): nothing selected, the scene on the new map, a fresh history and log."""
        self.selection.clear()
        self.scene.set_encounter(encounter, base_dir=path.parent if path else None)
        self.document.reset(encounter, path)

    # -- status ----------------------------------------------------------------------------
    def say(self, text: str, milliseconds: int = MESSAGE_MS) -> None:
        """A sentence for the GM's status bar."""
        self.message.emit(text, milliseconds)

    # -- the players' window ---------------------------------------------------------------
    def players_watching(self) -> bool:
        """Whether the players' window is open now (then new tokens may start hidden)."""
        return self._players_watching()

    def watch_players_by(self, is_open: Callable[[], bool]) -> None:
        """The player view tells the workspace how to know whether its window is open."""
        self._players_watching = is_open

    # -- under the map, docks and toolbars -------------------------------------------------
    def add_under_map(self, widget: QWidget) -> None:
        """Put ``widget`` right under the map view, across its width (a bar that never covers the
        map: the view gives it the room)."""
        central = self.host.centralWidget()
        if central is self.view or central is None:
            if central is self.view:
                self.host.takeCentralWidget()
            central = map_column(self.view)
            self.host.setCentralWidget(central)
            self.view.show()  # taken out and put back: shown again in its new place, now
            central.show()
        layout = central.layout()
        assert isinstance(layout, QVBoxLayout), "the central widget is not the map's column"
        layout.addWidget(widget)

    def add_dock(self, dock_id: DockId, widget: QWidget | None, area: Qt.DockWidgetArea,
                 beside: DockId | None = None, title: str | None = None) -> QDockWidget:
        """Dock ``widget`` in the host window (a tab beside the dock ``beside`` when that one is
        there, which stays in front) and list it in View ▸ Panels. A dock id added twice gives
        the first dock back. ``widget`` None: the contents come later, made when the dock is first
        seen (:class:`~vantage.gui.workspace.dock_content.DockContent`)."""
        existing = self._docks.get(dock_id)
        if existing is not None:
            return existing
        dock = QDockWidget(title or dock_id.value, self.host)
        dock.setObjectName(dock_id.value.replace(" ", "-"))
        if widget is not None:
            dock.setWidget(widget)
        self.host.addDockWidget(area, dock)
        neighbour = self._docks.get(beside) if beside is not None else None
        if neighbour is not None:
            self.host.tabifyDockWidget(neighbour, dock)
            neighbour.raise_()
        self._docks[dock_id] = dock
        self._list_in_panels(dock.toggleViewAction())
        return dock

    def dock(self, dock_id: DockId) -> QDockWidget:
        return self._docks[dock_id]

    def find_dock(self, dock_id: DockId) -> QDockWidget | None:
        return self._docks.get(dock_id)

    def add_toolbar(self, toolbar_id: ToolbarId, toolbar: QToolBar,
                    area: Qt.ToolBarArea = Qt.ToolBarArea.TopToolBarArea) -> QToolBar:
        """Put ``toolbar`` in the host window and list it in View ▸ Panels."""
        toolbar.setObjectName(toolbar_id.value)
        self._toolbars[toolbar_id] = toolbar
        self.host.addToolBar(area, toolbar)
        self._list_in_panels(toolbar.toggleViewAction())
        return toolbar

    def toolbar(self, toolbar_id: ToolbarId) -> QToolBar:
        return self._toolbars[toolbar_id]

    def find_toolbar(self, toolbar_id: ToolbarId) -> QToolBar | None:
        return self._toolbars.get(toolbar_id)

    def _list_in_panels(self, toggle: QAction) -> None:
        """View ▸ Panels shows and hides a dock or toolbar (where the window has that menu)."""
        panels = self.actions.find_menu(MenuId.PANELS)
        if panels is not None:
            panels.addAction(toggle)

    # -- hover -----------------------------------------------------------------------------
    def _hovered(self, tile: tuple[int, int] | None) -> None:
        self.hover.set(tile, self.scene.token_at_tile(tile) if tile is not None else None)


def map_column(view: QWidget) -> QWidget:
    """The host window's central widget: the map ``view`` on top, bars added under it."""
    column = QWidget()
    layout = QVBoxLayout(column)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    layout.addWidget(view, 1)
    return column
