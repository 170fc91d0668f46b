"""The player window: the map for the projector or the TV, with no GM chrome.

It shows :func:`vantage.engine.table.player_view.player_view` of the GM's encounter — never the encounter
itself — through its own :class:`~vantage.gui.canvas.map_scene.MapScene` in player mode, with opaque fog, big
labels, the active token and the last move. The camera either fits the map or is *locked* at the
screen's calibrated scale (one tile = one inch on the glass), panned by tiles or following the
active token. Rotation and mirroring suit a projector at the side of the table; the shutter holds
the picture or blanks it while the GM prepares.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QResizeEvent, QScreen, QTouchEvent, QTransform
from PySide6.QtWidgets import QFrame, QGraphicsView, QLabel, QStackedLayout, QWidget

from vantage.engine.model import Encounter, Tile
from vantage.engine.movement.measure import Measurement
from vantage.engine.rules.asking import ask_turn
from vantage.engine.rules.base import TurnInfo
from vantage.engine.table.calibration import Calibration, calibration_from_screen
from vantage.gui.appdata.player_settings import Camera, PlayerSettings, Shutter
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.measure_items import RulerItem, TemplateLayer
from vantage.gui.canvas.touch import TOUCH_EVENTS, OneFinger, TouchGestures
from vantage.gui.players.calibration import RulerOverlay
from vantage.gui.players.fog_layer import FogLayer
from vantage.gui.players.initiative_strip import InitiativeStrip
from vantage.gui.players.overlays import LabelLayer, LastMove, TurnHighlight, last_move

#: The density assumed for a screen that reports no physical size and has no calibration yet.
ASSUMED_PIXELS_PER_INCH = 96.0
#: The view may look this far past the map, so the camera can centre any tile.
CAMERA_MARGIN_PX = 100_000.0


def screen_key(screen: QScreen) -> str:
    """What identifies a screen across sessions: its name, maker, model, serial and pixel size."""
    size = screen.geometry().size()
    parts = (screen.name(), screen.manufacturer(), screen.model(), screen.serialNumber())
    return "|".join(parts) + f"|{size.width()}x{size.height()}"


def screen_calibration(screen: QScreen) -> Calibration:
    """The scale a screen reports about itself (its physical width), or 96 px/in when it does not."""
    width_mm = screen.physicalSize().width()
    width_px = screen.geometry().width()
    if width_mm > 0 and width_px > 0:
        return calibration_from_screen(width_px, width_mm)
    return Calibration(ASSUMED_PIXELS_PER_INCH / 25.4, "assumed 96 px/in: the screen reports no size")


class PlayerView(QGraphicsView):
    """A display-only view: no scroll bars, no frame, no mouse interaction with the map. On a touch
    table the GM may let one finger drag the players' tokens (``touch_finger``); two fingers do
    nothing here: the camera is the GM's, at the calibrated scale.

    ``resized`` tells the window that the viewport has its new size: the window's own resize comes
    before its layout gives the view that size, so the camera is framed on this signal.
    """

    resized = Signal()

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self._scene_ref = scene
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setInteractive(False)
        self.setBackgroundBrush(QColor("#000000"))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        #: what one finger does (None: nothing); the window sets it
        self.touch_finger: OneFinger | None = None
        self.touch = TouchGestures(self, lambda: self.touch_finger)

    def map_scene(self) -> MapScene:
        return self._scene_ref

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() in TOUCH_EVENTS and isinstance(event, QTouchEvent):
            return self.touch.handle(event)
        return super().viewportEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.emit()


class PlayerWindow(QWidget):
    """The players' window over the GM's encounter; feed it with :meth:`show_encounter`.

    Escape leaves full screen and F11 toggles it: ``ask_fullscreen`` asks the GM's side to do it,
    so that the setting and its checkbox follow. (A plain callable, not a signal: a Python signal
    on this class keeps PySide from disconnecting slots from ``destroyed`` while it is deleted.)
    """

    def __init__(
        self,
        encounter: Encounter,
        base_dir: Path | None = None,
        settings: PlayerSettings | None = None,
        calibration: Calibration | None = None,
        parent: QWidget | None = None,
        ask_fullscreen: Callable[[bool], None] | None = None,
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Vantage — players")
        self.settings = settings or PlayerSettings()
        self.calibration = calibration or Calibration(ASSUMED_PIXELS_PER_INCH / 25.4, "assumed 96 px/in")
        self.shutter = Shutter.LIVE
        self._visible: frozenset[Tile] | None = None
        self._pending: tuple[Encounter, frozenset[Tile] | None, Path | None] | None = None
        self._previous_view: Encounter | None = None
        self._fresh = False
        #: how Escape and F11 ask for full screen (the controller keeps its settings in step)
        self.ask_fullscreen: Callable[[bool], None] = ask_fullscreen or self._set_fullscreen
        self.last_move: LastMove | None = None
        self.updates = 0
        self.scene = MapScene(encounter, base_dir, player_mode=True, view_filter=self._filter)
        self.scene.setBackgroundBrush(QColor("#000000"))
        self.fog = FogLayer(self.scene.encounter.map, opaque=True)
        self.labels = LabelLayer(self.scene.grid)
        self.highlight = TurnHighlight(self.scene.grid)
        self.measure_templates = TemplateLayer()  # the templates the GM shows (the filter drops the rest)
        # the GM's ruler, while "Show the ruler to the players" is ticked
        self.measure_ruler = RulerItem(self.scene.grid)
        for item in (self.fog, self.labels, self.highlight, self.measure_templates, self.measure_ruler):
            self.scene.addItem(item)
        self.view = PlayerView(self.scene, self)
        self.view.resized.connect(self.apply_camera)
        self.blank = QLabel(self)
        self.blank.setStyleSheet("background: #000000;")
        self.ruler = RulerOverlay(self)
        self.strip = InitiativeStrip(self)
        self._turn: TurnInfo | None = None
        self._touch: OneFinger | None = None
        self._stack = QStackedLayout(self)
        self._stack.setContentsMargins(0, 0, 0, 0)
        self._stack.addWidget(self.view)
        self._stack.addWidget(self.blank)
        self._centre = self.scene.map_rect().center()
        self._sync_overlays()
        self._apply_grid()
        if self.settings.camera is Camera.LOCKED and self.settings.follow_active:
            self._centre = self.active_tile_centre() or self._centre
        self.resize(960, 540)
        self.apply_camera()

    # -- what is shown ---------------------------------------------------------------------
    def _filter(self, encounter: Encounter) -> Encounter:
        from vantage.engine.table.player_view import player_view  # shapely: once the window shows

        return player_view(encounter, visible=self._visible)

    def show_encounter(
        self, encounter: Encounter, visible: frozenset[Tile] | None = None, base_dir: Path | None = None
    ) -> None:
        """Show the GM's ``encounter`` (filtered for the players); ``visible`` with vision fog.

        While the shutter holds or blanks, the newest state waits and is shown on going live.
        """
        self._pending = (encounter, visible, base_dir)
        if self.shutter is Shutter.LIVE:
            self._show_pending()

    def start_new_encounter(self) -> None:
        """The GM opened or imported another encounter: the next picture shown starts afresh —
        framed on the new map, with no last move carried over from the old one."""
        self._fresh = True

    def _show_pending(self) -> None:
        if self._pending is None:
            return
        encounter, visible, base_dir = self._pending
        self._pending = None
        self._visible = visible
        old_rect = self.scene.map_rect()
        self._turn = ask_turn(encounter)  # of the GM's encounter: the filtered one may lack names
        self.scene.set_encounter(encounter, base_dir)
        self.updates += 1
        fresh, self._fresh = self._fresh, False
        if fresh:
            self._previous_view = None
            self.last_move = None
        self._sync_overlays()
        if fresh or self.scene.map_rect() != old_rect:
            self._centre = self.scene.map_rect().center()
            self.apply_camera()
        if self.settings.camera is Camera.LOCKED and self.settings.follow_active:
            self.follow_active()

    @property
    def shown(self) -> Encounter:
        """The filtered encounter on the screen now."""
        return self.scene.encounter

    def active_tile_centre(self) -> QPointF | None:
        active = self.shown.combat.get("active_token")
        for token in self.shown.tokens:
            if token.id == active:
                return self.scene.grid.scene_point(token.centre)
        return None

    def _sync_overlays(self) -> None:
        shown = self.scene.encounter
        self.fog.set_fog(shown.map, self._visible if self.settings.vision_fog else None)
        self.labels.setVisible(self.settings.labels)
        self.labels.set_tokens(shown.tokens)
        moved = last_move(self._previous_view, shown)
        if moved is not None:
            self.last_move = moved
        if self.last_move is not None and self.last_move.token_id not in {t.id for t in shown.tokens}:
            self.last_move = None
        active_id = shown.combat.get("active_token")
        active = next((t for t in shown.tokens if t.id == active_id), None)
        self.highlight.set_state(active, self.last_move)
        self._previous_view = shown
        names = {t.id: t.name for t in shown.tokens}  # the players' tokens: no hidden one
        self.strip.show_turn(self._turn, names, self.settings.initiative_strip)
        self.measure_templates.sync(shown)

    def show_ruler(self, measurement: Measurement | None, rule_words: str = "") -> None:
        """Draw the GM's ruler reading (None: take it away)."""
        self.measure_ruler.set_measurement(measurement, rule_words)

    # -- touch -----------------------------------------------------------------------------
    def set_touch(self, finger: OneFinger | None) -> None:
        """Let one finger on the map do what ``finger`` does (the touch table), or nothing (None).
        While the shutter holds or blanks the picture, no finger does anything."""
        self._touch = finger
        self._sync_touch()

    def _sync_touch(self) -> None:
        finger = self._touch if self.shutter is Shutter.LIVE else None
        if self.view.touch_finger is not None and self.view.touch_finger is not finger:
            self.view.touch_finger.touch_cancel(self.view)  # a drag under way goes back
        self.view.touch_finger = finger

    # -- shutter ---------------------------------------------------------------------------
    def set_shutter(self, shutter: Shutter) -> None:
        """LIVE shows every change; HOLD freezes the picture; BLANK shows black."""
        self.shutter = shutter
        self._stack.setCurrentWidget(self.blank if shutter is Shutter.BLANK else self.view)
        if shutter is Shutter.LIVE:
            self._show_pending()
        self._sync_touch()

    # -- camera ----------------------------------------------------------------------------
    def set_settings(self, settings: PlayerSettings) -> None:
        old = self.settings
        self.settings = settings
        if (settings.vision_fog, settings.labels, settings.initiative_strip) != (
                old.vision_fog, old.labels, old.initiative_strip):
            self._sync_overlays()
        if (settings.grid, settings.grid_colour) != (old.grid, old.grid_colour):
            self._apply_grid()
        if settings.camera is Camera.LOCKED and settings.follow_active:
            self.follow_active()
        self.apply_camera()

    def _apply_grid(self) -> None:
        colour = QColor(self.settings.grid_colour)
        if not colour.isValid():
            colour = QColor(PlayerSettings.grid_colour)
        self.scene.terrain.set_grid(colour if self.settings.grid else None)

    def set_calibration(self, calibration: Calibration) -> None:
        self.calibration = calibration
        self.apply_camera()

    def camera_scale(self) -> float:
        """Screen pixels per scene pixel: calibrated when locked, whole map when fitting."""
        if self.settings.camera is Camera.LOCKED:
            return self.calibration.view_scale(self.scene.grid.tile_px, self.settings.tile_size)
        rect = self.scene.map_rect()
        w, h = rect.width(), rect.height()
        if self.settings.rotation in (90, 270):
            w, h = h, w
        size = self.view.viewport().size()
        if w <= 0 or h <= 0 or size.width() <= 0 or size.height() <= 0:
            return 1.0
        return min(size.width() / w, size.height() / h)

    def camera_centre(self) -> QPointF:
        if self.settings.camera is Camera.LOCKED:
            return self._centre
        return self.scene.map_rect().center()

    def apply_camera(self) -> None:
        s = self.camera_scale()
        transform = QTransform.fromScale(s, s) * QTransform().rotate(self.settings.rotation)
        if self.settings.mirrored:
            transform = transform * QTransform.fromScale(-1, 1)
        m = CAMERA_MARGIN_PX
        self.view.setSceneRect(self.scene.map_rect().adjusted(-m, -m, m, m))
        self.view.setTransform(transform)
        self.view.centerOn(self.camera_centre())

    def pan_tiles(self, dx: int, dy: int) -> None:
        """Move the locked camera by whole tiles (in map directions)."""
        self._centre = self._centre + self.scene.grid.scene_offset((dx, dy))
        self.apply_camera()

    def centre_on_tile(self, tile: Tile) -> None:
        self._centre = self.scene.grid.tile_centre(tile)
        self.apply_camera()

    def follow_active(self) -> None:
        centre = self.active_tile_centre()
        if centre is not None:
            self._centre = centre
            self.apply_camera()

    def map_rect_on_screen(self) -> QRectF:
        """Where the map lies in the window's pixels (for tests and the ruler)."""
        return self.view.mapFromScene(self.scene.map_rect()).boundingRect().toRectF()

    # -- screens ---------------------------------------------------------------------------
    def place(self, screen: QScreen | None, fullscreen: bool) -> None:
        """Show the window on ``screen``: full screen, or a window of half its size."""
        if screen is not None:
            self.setScreen(screen)
            area = screen.availableGeometry()
            if fullscreen:
                self.setGeometry(screen.geometry())
            else:
                self.setGeometry(area.x() + 40, area.y() + 40, max(area.width() // 2, 480),
                                 max(area.height() // 2, 320))
        if fullscreen:
            self.showFullScreen()
        else:
            self.showNormal()
        self.raise_()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.ruler.setGeometry(self.rect())
        self.strip.place()

    def _set_fullscreen(self, on: bool) -> None:
        self.place(None, on)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.isFullScreen():
            self.ask_fullscreen(False)
        elif event.key() == Qt.Key.Key_F11:
            self.ask_fullscreen(not self.isFullScreen())
        else:
            super().keyPressEvent(event)
