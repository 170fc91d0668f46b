"""The standalone bundle's check of the players' devices: serve the web client on loopback, fetch
the page and its script, join over WebSocket and receive the filtered map (``vantage --self-test``)."""

from __future__ import annotations

import queue
import time

from vantage.engine.model import Encounter
from vantage.gui.document import EncounterDocument
from vantage.gui.players_devices.hub import DeviceHub
from vantage.gui.players_devices.loopback_client import LoopbackDevice, http_get
from vantage.gui.players_devices.server import WEB_FILES, DeviceServer, ServerEvent
from vantage.gui.players_devices.table import DocumentTable


def check_devices_page(encounter: Encounter) -> str:
    """One line saying what worked; RuntimeError saying what did not."""
    started = time.perf_counter()
    events: queue.Queue[ServerEvent] = queue.Queue()
    server = DeviceServer("127.0.0.1", 0, "0000", events.put)
    hub = DeviceHub(DocumentTable(EncounterDocument(encounter)), server)
    port = server.start()
    device: LoopbackDevice | None = None
    try:
        sizes = []
        for name in WEB_FILES:
            status, body = http_get("127.0.0.1", port, "/" if name == "index.html" else f"/{name}")
            if status != 200 or not body:
                raise RuntimeError(f"the players' page /{name} answered {status}")
            sizes.append(len(body))
        device = LoopbackDevice("127.0.0.1", port)
        device.join("0000", "self-test")
        hub.handle(events.get(timeout=5))
        game_map = device.read_until("map")
        device.read_until("state")
    finally:
        if device is not None:
            device.close()
        server.stop("the self-test is done")
    ms = (time.perf_counter() - started) * 1000
    return (f"players' devices page served on loopback ({sum(sizes):,} bytes in {len(sizes)} files), "
            f"map {game_map['width']}x{game_map['height']} over WebSocket  {ms:.0f} ms")
