"""The GM's side of the player view: the controller that feeds the player window from the GM's document.

The controller tints the fog in the GM view, lends the GM view its fog tool, and keeps the player
window in step with the GM's encounter: every change of the GM scene schedules one update of the
player window for the next turn of the event loop, so a burst of changes costs one filter pass and
the GM's own repaint is never waited on. :mod:`vantage.gui.players.attach` gives a GM window its
menu, toolbar actions and dock for it.

Vision fog: the tiles the party sees now come from :func:`vantage.engine.table.fog.visible_tiles`; tiles seen
earlier in the session are kept here as *explored* (dimmed for the players) without touching the
GM's undo history; "Keep explored tiles" writes them into the map's revealed set (undoable).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

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
from vantage.gui.canvas.touch import OneFinger
from vantage.gui.document import run_command
from vantage.gui.players.fog_layer import FogLayer
from vantage.gui.players.fog_tool import FogShape, FogTool
from vantage.gui.workspace import GmWorkspace

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command

if TYPE_CHECKING:  # the player window and calibration load when the GM first opens them (issue 32)
    from vantage.gui.players.calibration import CalibrationDialog
    from vantage.gui.players.window import PlayerWindow


def vision_available() -> bool:
    """Whether the geometry engine offers visibility polygons (vision fog needs them: numpy and
    shapely installed). Asked of the installed packages without loading them (issue 32, start-up)."""
    from importlib.util import find_spec

    return all(find_spec(name) is not None for name in ("numpy", "shapely"))


class PlayerViewController(QObject):
    """Keeps the player window, the GM's fog tint and the player settings in step.

    The workspace's host window owns the player window and the calibration dialog; its map view is
    where the fog tool works (through its tool manager) and its document takes the fog edits into
    its undo history.
    """

    #: The player window was opened or brought back (the controls dock follows it).
    player_view_opened = Signal()
    #: The settings changed (the controls dock follows: full screen left with Escape, say).
    settings_changed = Signal()
    #: The fog tool was put in the map (True) or away (False).
    fog_tool_toggled = Signal(bool)
    #: A sentence for the GM's status bar.
    notice = Signal(str)

    def __init__(self, workspace: GmWorkspace, settings: PlayerSettings | None = None) -> None:
        super().__init__(workspace)
        self.window: QWidget = workspace.host
        self.scene = scene = workspace.scene
        self.view = workspace.view
        self.tools = workspace.tools
        self.document = document = workspace.document
        self.settings = settings if settings is not None else load_settings()
        self.visible: frozenset[Tile] | None = None
        self.explored: frozenset[Tile] = frozenset()
        self.player: PlayerWindow | None = None
        #: what a player's finger does on the player window when the GM allows it (the GM window's)
        self.touch_table: OneFinger | None = None
        self.gm_fog = FogLayer(scene.encounter.map, opaque=False)
        scene.addItem(self.gm_fog)
        self.fog_tool = FogTool(lambda: self.scene.source_encounter, self.apply_edit, self.new_stroke)
        self._stroke = 0
        self._fog_tool_out = False
        workspace.tools.changed.connect(self._tool_changed)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        scene.encounter_changed.connect(self._timer.start)
        self._origin = document.origin
        document.path_changed.connect(self._path_changed)
        self.refresh()

    # -- edits -----------------------------------------------------------------------------
    def apply_edit(self, command: Command, name: str = "Fog") -> None:
        """Send a fog command to the engine; the strokes of one gesture are one undo step."""
        run_command(self.document, name, command, merge_key=f"player-fog-{self._stroke}")

    def new_stroke(self) -> None:
        self._stroke += 1

    def set_fog_enabled(self, enabled: bool) -> None:
        from vantage.engine.protocol.gm_commands import SetFog
        encounter = self.scene.source_encounter
        if encounter.map.fog_enabled != enabled:
            self.new_stroke()
            self.apply_edit(SetFog(enabled=enabled), "Fog on" if enabled else "Fog off")

    def reveal_all(self, reveal: bool) -> None:
        from vantage.engine.protocol.gm_commands import CoverFog, RevealFog
        every_tile = tuple(self.scene.source_encounter.map.tiles())
        self.new_stroke()
        if reveal:
            self.apply_edit(RevealFog(tiles=every_tile), "Reveal all")
        else:
            self.apply_edit(CoverFog(tiles=every_tile), "Hide all")

    def keep_explored(self) -> None:
        from vantage.engine.protocol.gm_commands import RevealFog
        encounter = self.scene.source_encounter
        if not self.explored <= encounter.map.revealed:
            self.new_stroke()
            tiles = tuple(sorted(self.explored - encounter.map.revealed, key=lambda t: (t[1], t[0])))
            self.apply_edit(RevealFog(tiles=tiles), "Keep explored tiles")

    def _path_changed(self) -> None:
        """Another encounter (opened, imported or recovered — not a save of this one under another
        name, which keeps the document's origin): forget what was explored, put the fog tool away,
        and let the player window start afresh on the new map."""
        origin = self.document.origin
        if origin is not self._origin:  # a save keeps the encounter it started from
            self._origin = origin
            self.use_fog_tool(False)
            if self.player is not None:
                self.player.start_new_encounter()
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
        from vantage.gui.players.window import screen_calibration, screen_key

        return load_calibration(screen_key(screen)) or screen_calibration(screen)

    def open_player_view(self) -> PlayerWindow:
        """Open (or bring back) the player window on the chosen screen."""
        from vantage.gui.players.window import PlayerWindow

        screen = self.chosen_screen()
        if self.player is None:
            # a top-level window owned by the GM window: it closes when the GM window does
            self.player = PlayerWindow(
                self.players_encounter(), self.scene.base_dir, self.settings, self.calibration_for(screen),
                parent=self.window, ask_fullscreen=lambda on: self.update_settings(fullscreen=on),
            )
            self.refresh()
            self._sync_touch_table()
        else:
            calibration = self.calibration_for(screen)
            if calibration is not None:
                self.player.set_calibration(calibration)
        self._place(screen, asked=False)
        self.player_view_opened.emit()
        return self.player

    def _place(self, screen: QScreen | None, asked: bool) -> None:
        """Show the player window on ``screen`` as the settings say — except full screen on the GM's
        only screen unless the GM ``asked`` for it just now: that would hide the GM window."""
        assert self.player is not None
        fullscreen = self.settings.fullscreen
        if fullscreen and not asked and screen is not None and screen is self.window.screen() \
                and not self.settings.screen:
            fullscreen = False
            self.notice.emit("Only one screen: the player view opens in a window. Connect the projector, "
                             "or press F11 in the player window for full screen (Escape leaves it).")
        self.player.place(screen, fullscreen)
        self.settings_changed.emit()

    def player_fullscreen(self) -> bool:
        """Whether the player window is full screen (the setting, while it is closed)."""
        if self.player is not None and self.player.isVisible():
            return self.player.isFullScreen()
        return self.settings.fullscreen

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
        self.settings_changed.emit()
        if self.player is not None:
            self.player.set_settings(self.settings)
            self._sync_touch_table()
            if self.settings.screen != old.screen:
                self.open_player_view()
            elif "fullscreen" in changes and self.player.isFullScreen() != self.settings.fullscreen:
                self._place(self.chosen_screen(), asked=True)
        if self.settings.vision_fog != old.vision_fog or self.settings.vision_radius != old.vision_radius:
            self.refresh()

    def set_touch_table(self, finger: OneFinger | None) -> None:
        """What a finger on the player window does while the GM allows touch (``touch_table``)."""
        self.touch_table = finger
        self._sync_touch_table()

    def _sync_touch_table(self) -> None:
        if self.player is not None:
            self.player.set_touch(self.touch_table if self.settings.touch_table else None)

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
        """Put the fog tool in the GM view, or away (the tool under it comes back)."""
        if shape is not None:
            self.fog_tool.shape = shape
        if reveal is not None:
            self.fog_tool.reveal = reveal
        if on:
            self.tools.use(self.fog_tool)
        else:
            self.tools.put_away(self.fog_tool)

    def _tool_changed(self, current: object) -> None:
        """``fog_tool_toggled`` follows the mouse: the fog tool out or not, however it came or went."""
        out = current is self.fog_tool
        if out == self._fog_tool_out:
            return
        self._fog_tool_out = out
        if not out:
            self.fog_tool.clear_preview()
        self.fog_tool_toggled.emit(out)

    # -- calibration -----------------------------------------------------------------------
    def calibrate(self) -> CalibrationDialog | None:
        from vantage.gui.players.calibration import CalibrationDialog
        from vantage.gui.players.window import screen_calibration, screen_key

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

