"""The GM's side of the player view: the controller that feeds the player window, and its panel.

:func:`attach_player_view` is the one hook the GM window calls. It adds a "Players" menu (open
the player view, fog tools, shutter, calibration) and a dock of controls, tints the fog in the GM
view, and keeps the player window in step with the GM's encounter: every change of the GM scene
schedules one update of the player window for the next turn of the event loop, so a burst of
changes costs one filter pass and the GM's own repaint is never waited on.

Vision fog: the tiles the party sees now come from :func:`vantage.engine.table.fog.visible_tiles`; tiles seen
earlier in the session are kept here as *explored* (dimmed for the players) without touching the
GM's undo history; "Keep explored tiles" writes them into the map's revealed set (undoable).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from vantage.engine.model import Encounter, Tile
from vantage.engine.table import fog
from vantage.engine.table.calibration import Calibration, Length
from vantage.gui.appdata.player_settings import (
    Camera,
    PlayerSettings,
    Shutter,
    load_calibration,
    load_settings,
    save_calibration,
    save_settings,
)
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.players.calibration import CalibrationDialog
from vantage.gui.players.fog_layer import FogLayer
from vantage.gui.players.fog_tool import FogShape, FogTool
from vantage.gui.players.window import PlayerWindow, screen_calibration, screen_key

OPEN_SHORTCUT = "Ctrl+Shift+P"


def vision_available() -> bool:
    """Whether the geometry engine offers visibility polygons (vision fog needs them)."""
    try:
        from vantage.engine.geometry import visibility_polygon  # noqa: F401
    except ImportError:
        return False
    return True


class PlayerViewController(QObject):
    """Keeps the player window, the GM's fog tint and the player settings in step."""

    def __init__(self, window: QMainWindow, scene: MapScene, settings: PlayerSettings | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.scene = scene
        self.settings = settings if settings is not None else load_settings()
        self.visible: frozenset[Tile] | None = None
        self.explored: frozenset[Tile] = frozenset()
        self.player: PlayerWindow | None = None
        self.gm_fog = FogLayer(scene.encounter.map, opaque=False)
        scene.addItem(self.gm_fog)
        self.fog_tool = FogTool(lambda: self.scene.source_encounter, self.apply_edit, self.new_stroke)
        self._stroke = 0
        self._saved_tool: Any = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        scene.encounter_changed.connect(self._timer.start)
        document = getattr(window, "document", None)
        self._path = getattr(document, "path", None)
        if document is not None and hasattr(document, "path_changed"):
            document.path_changed.connect(self._path_changed)
        self.refresh()

    # -- edits -----------------------------------------------------------------------------
    def apply_edit(self, encounter: Encounter, name: str = "Fog") -> None:
        """Hand a fog edit to the GM window's undo history (or straight to the scene)."""
        document = getattr(self.window, "document", None)
        if document is not None and hasattr(document, "commit"):
            document.commit(name, encounter, merge_key=f"player-fog-{self._stroke}")
        else:
            self.scene.set_encounter(encounter)

    def new_stroke(self) -> None:
        self._stroke += 1

    def set_fog_enabled(self, enabled: bool) -> None:
        encounter = self.scene.source_encounter
        if encounter.map.fog_enabled != enabled:
            self.new_stroke()
            self.apply_edit(encounter.with_map(replace(encounter.map, fog_enabled=enabled)),
                            "Fog on" if enabled else "Fog off")

    def reveal_all(self, reveal: bool) -> None:
        encounter = self.scene.source_encounter
        change = fog.reveal_all if reveal else fog.hide_all
        self.new_stroke()
        self.apply_edit(encounter.with_map(change(encounter.map)), "Reveal all" if reveal else "Hide all")

    def keep_explored(self) -> None:
        encounter = self.scene.source_encounter
        if not self.explored <= encounter.map.revealed:
            self.new_stroke()
            kept = encounter.with_map(fog.reveal(encounter.map, self.explored))
            self.apply_edit(kept, "Keep explored tiles")

    def _path_changed(self) -> None:
        """Another encounter (not a save of this one under its name): forget what was explored."""
        path = getattr(getattr(self.window, "document", None), "path", None)
        if path != self._path:
            self._path = path
            self.forget_explored()

    def forget_explored(self) -> None:
        self.explored = frozenset()
        self._timer.start()

    # -- the update ------------------------------------------------------------------------
    def players_encounter(self) -> Encounter:
        """The GM's encounter with the session's explored tiles shown (the player filter's input)."""
        encounter = self.scene.source_encounter
        if self.explored and not self.explored <= encounter.map.revealed:
            encounter = encounter.with_map(fog.reveal(encounter.map, self.explored))
        return encounter

    def refresh(self) -> None:
        encounter = self.scene.source_encounter
        self.visible = None
        if self.settings.vision_fog and encounter.map.fog_enabled and vision_available():
            radius = self.settings.vision_radius or None
            self.visible = fog.visible_tiles(encounter, radius_tiles=radius)
            self.explored = self.explored | self.visible
        shown = self.players_encounter()
        self.gm_fog.set_fog(shown.map, self.visible)
        if self.player is not None:
            self.player.show_encounter(shown, self.visible, self.scene.base_dir)

    # -- the player window -----------------------------------------------------------------
    def chosen_screen(self) -> QScreen | None:
        screens = QGuiApplication.screens()
        for screen in screens:
            if screen.name() == self.settings.screen:
                return screen
        own = self.window.screen()
        others = [s for s in screens if s is not own]
        return others[0] if others else own

    def calibration_for(self, screen: QScreen | None) -> Calibration | None:
        if screen is None:
            return None
        return load_calibration(screen_key(screen)) or screen_calibration(screen)

    def open_player_view(self) -> PlayerWindow:
        """Open (or bring back) the player window on the chosen screen."""
        screen = self.chosen_screen()
        if self.player is None:
            # a top-level window owned by the GM window: it closes when the GM window does
            self.player = PlayerWindow(
                self.players_encounter(), self.scene.base_dir, self.settings, self.calibration_for(screen),
                parent=self.window,
            )
            self.refresh()
        else:
            calibration = self.calibration_for(screen)
            if calibration is not None:
                self.player.set_calibration(calibration)
        self.player.place(screen, self.settings.fullscreen)
        dock = getattr(self, "dock", None)
        if dock is not None:
            dock.show()
            dock.raise_()
        return self.player

    def close_player_view(self) -> None:
        if self.player is not None:
            self.player.close()
            self.player.deleteLater()
            self.player = None

    def update_settings(self, **changes: Any) -> None:
        """Change and remember player settings; the window follows at once."""
        old = self.settings
        self.settings = replace(self.settings, **changes)
        save_settings(self.settings)
        if self.player is not None:
            self.player.set_settings(self.settings)
            if (self.settings.screen, self.settings.fullscreen) != (old.screen, old.fullscreen):
                self.open_player_view()
        if self.settings.vision_fog != old.vision_fog or self.settings.vision_radius != old.vision_radius:
            self.refresh()

    def set_shutter(self, shutter: Shutter) -> None:
        if self.player is not None:
            self.player.set_shutter(shutter)

    def pan(self, dx: int, dy: int) -> None:
        if self.player is not None:
            if self.settings.camera is not Camera.LOCKED:
                self.update_settings(camera=Camera.LOCKED)
            self.player.pan_tiles(dx, dy)

    # -- the fog tool ----------------------------------------------------------------------
    def use_fog_tool(self, on: bool, shape: FogShape | None = None, reveal: bool | None = None) -> None:
        """Put the fog tool in the GM view (the previous tool comes back when it is put away)."""
        view = getattr(self.window, "view", None)
        if view is None:
            return
        if shape is not None:
            self.fog_tool.shape = shape
        if reveal is not None:
            self.fog_tool.reveal = reveal
        if on and view.tool is not self.fog_tool:
            self._saved_tool = view.tool
            view.tool = self.fog_tool
        elif not on and view.tool is self.fog_tool:
            self.fog_tool.clear_preview()
            view.tool = self._saved_tool

    # -- calibration -----------------------------------------------------------------------
    def calibrate(self) -> CalibrationDialog | None:
        player = self.player or self.open_player_view()
        screen = player.screen()

        def apply(calibration: Calibration, tile: Length) -> None:
            save_calibration(screen_key(screen), calibration)
            player.set_calibration(calibration)
            self.update_settings(tile_amount=tile.amount, tile_unit=tile.unit, camera=Camera.LOCKED)

        dialog = CalibrationDialog(
            player.calibration, self.settings.tile_size, lambda: screen_calibration(screen), player.ruler,
            apply, self.window,
        )
        dialog.open()
        return dialog


def attach_player_view(window: QMainWindow) -> PlayerViewController:
    """Give a GM window its player view: the controller, the "Players" menu and the controls dock.

    The window needs ``scene`` (a :class:`MapScene`); ``view`` (for the fog tool) and
    ``document`` (for undoable fog edits) are used when present.
    """
    from vantage.gui.players.dock import PlayerControlsDock

    controller = PlayerViewController(window, window.scene)  # type: ignore[attr-defined]
    bar = window.menuBar()
    menu = QMenu("&Players", window)
    help_menu = next((a for a in bar.actions() if a.text().replace("&", "") == "Help"), None)
    if help_menu is not None:
        bar.insertMenu(help_menu, menu)  # before Help, which stays last
    else:
        bar.addMenu(menu)
    open_action = QAction("Open &player view", window, shortcut=QKeySequence(OPEN_SHORTCUT))
    open_action.setToolTip("Show the map for the players on the projector or TV")
    open_action.setStatusTip("Show the map for the players on the projector or TV")
    open_action.triggered.connect(controller.open_player_view)
    menu.addAction(open_action)
    window.addAction(open_action)
    shutter_group = QActionGroup(window)
    shutter_actions: dict[Shutter, QAction] = {}
    for shutter, key, tip in (
        (Shutter.LIVE, "Ctrl+Shift+L", "Player view live: the players see every change at once"),
        (Shutter.HOLD, "Ctrl+Shift+H", "Hold the player view: the players keep the last picture while you "
                                       "prepare"),
        (Shutter.BLANK, "Ctrl+Shift+B", "Blank the player view: the players see a black screen"),
    ):
        action = QAction(f"Player view: {shutter.value}", window, shortcut=QKeySequence(key), checkable=True)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setChecked(shutter is Shutter.LIVE)
        shutter_actions[shutter] = action
        action.triggered.connect(lambda _=False, s=shutter: controller.set_shutter(s))
        shutter_group.addAction(action)
        menu.addAction(action)
        window.addAction(action)
    calibrate = QAction("&Calibrate the player screen…", window)
    calibrate.setToolTip("Measure the player screen so that one tile is one real inch (or what you set)")
    calibrate.setStatusTip(calibrate.toolTip())
    calibrate.triggered.connect(controller.calibrate)
    menu.addAction(calibrate)
    dock = PlayerControlsDock(controller, window)
    neighbours = [d for d in window.findChildren(QDockWidget)
                  if d is not dock and window.dockWidgetArea(d) == dock.default_area]
    window.addDockWidget(dock.default_area, dock)
    if neighbours:
        window.tabifyDockWidget(neighbours[-1], dock)  # a tab beside the GM's panels, not a squeeze
    dock.hide()  # shown with the player view, or from the Players menu
    menu.addAction(dock.toggleViewAction())
    controller.open_action = open_action  # type: ignore[attr-defined]
    controller.shutter_actions = shutter_actions  # type: ignore[attr-defined]  # for the GM toolbar
    controller.dock = dock  # type: ignore[attr-defined]
    return controller
