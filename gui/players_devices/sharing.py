"""Sharing the table with the players' devices from the GM window: the server, the hub, the
live link to the GM's document and the pings on the GM's map.

:class:`DeviceSharing` never starts by itself: the GM starts it (Players ▸ Share on the local
network) on the address the GM picks. It stops when the GM stops it, when another encounter is
opened, and when the GM window closes. The server's events come from its own thread and are
handed to the GM's thread by a queued signal; the hub runs in the GM's thread only.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItemGroup, QGraphicsSimpleTextItem

from vantage.engine.model import Tile
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.players.controller import PlayerViewController
from vantage.gui.players_devices.addresses import join_url
from vantage.gui.workspace import GmWorkspace

if TYPE_CHECKING:  # the server and the hub load when the GM starts sharing (issue 32: start-up)
    from vantage.engine.table.device_view import DeviceView
    from vantage.gui.players_devices.background import DevicePicture
    from vantage.gui.players_devices.hub import DeviceHub
    from vantage.gui.players_devices.server import DeviceServer, Limits, ServerEvent

DEFAULT_PORT = 8765
#: How often the projector's framing is looked at while sharing (ms).
FRAMING_WATCH_MS = 400
_log = logging.getLogger(__name__)


def new_join_code() -> str:
    """Four random digits (easy to type on a phone; the GM can change it at any time), from the
    operating system's randomness as ``secrets.randbelow`` draws them (``secrets`` itself brings
    ``hmac`` and ``base64`` to every complete window, issue 32)."""
    return f"{random.SystemRandom().randrange(10_000):04d}"


class DeviceSharing(QObject):
    """The GM's side of the players' devices for one workspace."""

    #: a server event, from the server's thread to the GM's
    arrived = Signal(object)
    #: running, stopped, a device joined or left, a claim: the panel redraws
    changed = Signal()
    #: a device asks for a token: the GM's panel comes forward
    claim_waiting = Signal()

    def __init__(self, workspace: GmWorkspace, players: PlayerViewController | None = None,
                 limits: Limits | None = None) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.players = players
        self.limits = limits
        self.code = new_join_code()
        self.server: DeviceServer | None = None
        self.hub: DeviceHub | None = None
        self.url = ""
        self.ruler: Mapping[str, Any] | None = None
        self._pictures: DevicePicture | None = None
        self.arrived.connect(self._arrived, Qt.ConnectionType.QueuedConnection)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._update)
        workspace.scene.encounter_changed.connect(self._timer.start)
        workspace.document.changed.connect(self._timer.start)
        #: the projector's camera moves without a change of the encounter: a TV follows it by this
        self._framing_watch = QTimer(self)
        self._framing_watch.setInterval(FRAMING_WATCH_MS)
        self._framing_watch.timeout.connect(self._watch_framing)
        self._framing_sent: tuple[float, float, float, float] | None = None
        self._origin = workspace.document.origin
        workspace.document.path_changed.connect(self._path_changed)
        workspace.destroyed.connect(self._window_closed)

    # -- start and stop ----------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    def start(self, host: str, port: int = DEFAULT_PORT) -> str:
        """Listen on ``host``:``port`` (the address the GM chose); the join address. OSError says
        why it could not (the port is taken, the address is not this computer's)."""
        if self.running:
            return self.url
        from vantage.gui.players_devices.background import DevicePicture
        from vantage.gui.players_devices.hub import DeviceHub, HubNotes
        from vantage.gui.players_devices.server import DeviceServer
        from vantage.gui.players_devices.table import DocumentTable

        players = self.players
        table = DocumentTable(
            self.workspace.document,
            players_encounter=players.players_encounter if players is not None else None,
            visible=(lambda: players.visible) if players is not None else (lambda: None),
            ruler=lambda: self.ruler,
            framing=self.projector_framing,
            background=self._background,
        )
        server = DeviceServer(host, port, self.code, self.arrived.emit, self.limits)
        hub = DeviceHub(table, server, HubNotes(say=self.say, ping=self.show_ping,
                                                devices_changed=self.changed.emit,
                                                claim_waiting=self.claim_waiting.emit))
        server.start()
        self.server, self.hub = server, hub
        self._pictures = DevicePicture(server, lambda: self.workspace.scene.base_dir, self.say)
        self.url = join_url(host, server.port)
        self._framing_watch.start()
        self.say(f"Sharing the table at {self.url} — join code {self.code}")
        self.changed.emit()
        return self.url

    def stop(self, reason: str = "the GM stopped sharing") -> None:
        server = self.server
        if server is None:
            return
        self.server, self.hub = None, None
        self._framing_watch.stop()
        server.stop(reason)
        self.say(f"Stopped sharing the table: {reason}")
        self.changed.emit()

    def _window_closed(self) -> None:
        """The GM window is going: stop serving (nothing left to tell the GM on)."""
        server, self.server, self.hub = self.server, None, None
        if server is not None:
            server.stop("the GM closed Vantage")

    def set_code(self, code: str) -> None:
        """A new join code (for devices that join from now on; those joined stay)."""
        self.code = code
        if self.server is not None:
            self.server.code = code
        self.changed.emit()

    def disconnect_device(self, device_id: int) -> None:
        if self.hub is not None:
            self.hub.disconnect(device_id)

    def _path_changed(self) -> None:
        origin = self.workspace.document.origin
        if origin is not self._origin:  # another encounter: a save keeps its origin
            self._origin = origin
            self.stop("the encounter was closed")

    # -- the live link -----------------------------------------------------------------------
    def _arrived(self, event: ServerEvent) -> None:
        if self.hub is not None:
            self.hub.handle(event)

    def _update(self) -> None:
        if self.hub is None:
            return
        try:
            self.hub.update()
        except Exception as error:  # noqa: BLE001 - the GM window goes on; the devices keep the last view
            _log.exception("the players' devices could not be updated")
            self.say(f"the devices could not be updated: {error}")

    def refresh_now(self) -> None:
        """Send the view now (the ruler changed, a claim approved)."""
        self._timer.start()

    def set_ruler(self, start: Tile | None, end: Tile | None, label: str = "") -> None:
        """The GM's ruler as the projector shows it (None: none shown)."""
        self.ruler = None if start is None or end is None else {"start": list(start), "end": list(end),
                                                                "label": label}
        self._timer.start()

    def _background(self, view: DeviceView) -> Mapping[str, Any] | None:
        if self.server is None or self._pictures is None:
            return None
        return self._pictures.for_view(view)

    def _watch_framing(self) -> None:
        if self.hub is not None and self._framing_now() != self._framing_sent:
            self._timer.start()

    def projector_framing(self) -> tuple[float, float, float, float] | None:
        """Where the projector's camera looks, in tile units (None: no player window open), as the
        devices are sent it."""
        self._framing_sent = self._framing_now()
        return self._framing_sent

    def _framing_now(self) -> tuple[float, float, float, float] | None:
        player = self.players.player if self.players is not None else None
        if player is None or not player.isVisible():
            return None
        view = player.view
        rect = view.mapToScene(view.viewport().rect()).boundingRect()
        tile = player.scene.grid.tile_px
        return (round(rect.left() / tile, 2), round(rect.top() / tile, 2), round(rect.right() / tile, 2),
                round(rect.bottom() / tile, 2))

    # -- the GM's screen ---------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.workspace.say(f"Players' devices: {text}", 15000)

    def show_ping(self, tile: Tile, who: str) -> None:
        """A ring and the device's name for a few seconds on the GM's map and, when it is open, on
        the projector's."""
        scenes = [self.workspace.scene]
        player = self.players.player if self.players is not None else None
        if player is not None and player.isVisible():
            scenes.append(player.scene)
        for scene in scenes:
            self._ping_on(scene, tile, who)
        self.say(f"{who} pings {tile}")

    def _ping_on(self, scene: MapScene, tile: Tile, who: str) -> None:
        from vantage.gui.players_devices.hub import PING_SECONDS  # a ping comes through the hub

        grid = scene.grid
        centre = grid.tile_centre(tile)
        size = grid.tile_px * 1.6
        group = QGraphicsItemGroup()
        half = QPointF(size / 2, size / 2)
        ring = QGraphicsEllipseItem(QRectF(centre - half, centre + half))
        ring.setPen(QPen(QColor("#ff3df5"), max(3.0, grid.tile_px / 10)))
        ring.setBrush(QBrush(QColor(255, 61, 245, 40)))
        label = QGraphicsSimpleTextItem(who)
        label.setBrush(QColor("#ff3df5"))
        label.setPos(centre + QPointF(-size / 2, -size / 2 - 18))
        group.addToGroup(ring)
        group.addToGroup(label)
        group.setZValue(1e6)
        group.setData(0, "ping")
        scene.addItem(group)
        QTimer.singleShot(int(PING_SECONDS * 1000), lambda: self._remove(group))

    def _remove(self, group: QGraphicsItemGroup) -> None:
        if not shiboken6.isValid(group):  # its scene (the projector's) is gone already
            return
        scene = group.scene()
        if scene is not None:
            scene.removeItem(group)
