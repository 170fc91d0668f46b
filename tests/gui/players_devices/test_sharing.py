"""The GM's side in the GM workspace: Players ▸ Share on the local network, the panel (address, QR
code, join code, the devices and their disconnection), and when the server stops (issue 28, item 1)."""

from __future__ import annotations

import socket

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow

from vantage.engine.demo_encounter import demo_encounter
from vantage.gui.players_devices.attach import attach_players_devices
from vantage.gui.players_devices.loopback_client import LoopbackDevice
from vantage.gui.workspace import ActionId, GmWorkspace


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _other_workspace(qtbot):
    host = QMainWindow()
    qtbot.addWidget(host)
    workspace = GmWorkspace(demo_encounter(), None, host)
    host.setCentralWidget(workspace.view)
    return workspace


def _started(qtbot, workspace):
    attached = attach_players_devices(workspace)
    panel = attached.panel
    panel.address.setCurrentText("127.0.0.1")
    panel.port.setValue(_free_port())
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    return attached


def test_it_never_starts_by_itself_and_the_menu_action_shows_the_panel(qtbot, workspace):
    attached = attach_players_devices(workspace)
    assert workspace.actions.action(ActionId.SHARE_WITH_DEVICES) is attached.share_action
    assert not attached.sharing.running and attached.sharing.server is None
    assert attached.panel.url.text() == "Not shared: the players' devices cannot see the table"
    attached.share_action.trigger()
    assert not attached.dock.isHidden() and not attached.sharing.running


def test_the_addresses_are_looked_up_when_the_panel_first_shows_not_at_start(qtbot, workspace, monkeypatch):
    """Issue 32 (the complete window): this computer's addresses (a name lookup, which can wait on
    the network) are listed when the GM first looks at the panel, once; an address typed before
    that stays the one shown, and starting to share lists them too."""
    from vantage.gui.players_devices import panel as panel_module

    asked: list[int] = []
    monkeypatch.setattr(panel_module, "lan_addresses", lambda: asked.append(1) or ["192.0.2.7", "127.0.0.1"])
    attached = attach_players_devices(workspace)
    panel = attached.panel
    workspace.host.show()
    assert asked == [] and panel.address.count() == 0
    attached.share_action.trigger()
    qtbot.waitUntil(panel.isVisible, timeout=3000)
    assert asked == [1]
    assert [panel.address.itemText(i) for i in range(panel.address.count())] == ["192.0.2.7", "127.0.0.1"]
    assert panel.address.currentText() == "192.0.2.7"
    attached.dock.hide()
    attached.dock.show()
    assert asked == [1]

    typed = attach_players_devices(_other_workspace(qtbot)).panel
    typed.address.setCurrentText("127.0.0.1")
    typed.port.setValue(_free_port())
    qtbot.mouseClick(typed.start_button, Qt.MouseButton.LeftButton)
    assert asked == [1, 1] and typed.address.currentText() == "127.0.0.1"
    assert typed.sharing.running and typed.sharing.server.host == "127.0.0.1"
    typed.sharing.stop()


def test_the_panel_shows_the_address_qr_code_and_devices_and_disconnects_one(qtbot, workspace):
    said: list[str] = []
    workspace.message.connect(lambda text, _ms: said.append(text))
    attached = _started(qtbot, workspace)
    sharing, panel = attached.sharing, attached.panel
    assert sharing.running and sharing.server is not None and sharing.server.host == "127.0.0.1"
    assert f"http://127.0.0.1:{panel.port.value()}/" in panel.url.text() and sharing.code in panel.url.text()
    assert not panel.qr.pixmap().isNull()
    assert not panel.address.isEnabled()
    device = LoopbackDevice("127.0.0.1", sharing.server.port)
    try:
        device.join(sharing.code, "Alice's phone")
        qtbot.waitUntil(lambda: panel.devices.topLevelItemCount() == 1, timeout=5000)
        assert panel.devices.topLevelItem(0).text(0) == "Alice's phone"
        assert any("Alice's phone joined from 127.0.0.1" in line for line in said)
        attached.dock.hide()
        device.send({"type": "claim", "token": "bram"})  # the panel comes forward for the GM to approve
        qtbot.waitUntil(lambda: not attached.dock.isHidden(), timeout=5000)
        qtbot.waitUntil(lambda: panel.devices.topLevelItem(0).text(2) == "asks for Bram", timeout=5000)
        panel.devices.setCurrentItem(panel.devices.topLevelItem(0))
        qtbot.mouseClick(panel.disconnect_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: panel.devices.topLevelItemCount() == 0, timeout=5000)
        assert device.read_until("map")["type"] == "map"
        while device.read() is not None:
            pass
        assert device.close_reason == "the GM disconnected this device"
    finally:
        device.close()
    qtbot.mouseClick(panel.start_button, Qt.MouseButton.LeftButton)
    assert not sharing.running and panel.start_button.text() == "Start sharing"


def test_a_new_join_code_keeps_out_the_old_one(qtbot, workspace):
    attached = _started(qtbot, workspace)
    sharing, panel = attached.sharing, attached.panel
    old = sharing.code
    panel.code.setText("9876")
    panel.code.editingFinished.emit()
    assert sharing.code == "9876" and sharing.server is not None and sharing.server.code == "9876"
    assert "9876" in panel.url.text()
    device = LoopbackDevice("127.0.0.1", sharing.server.port)
    try:
        device.join(old if old != "9876" else "1111")
        assert device.read() is None and device.close_reason == "wrong join code"
    finally:
        device.close()
    sharing.stop()


def test_it_stops_when_another_encounter_is_opened(qtbot, workspace):
    attached = _started(qtbot, workspace)
    assert attached.sharing.running
    workspace.open_encounter(demo_encounter(), None)
    assert not attached.sharing.running
    assert attached.panel.start_button.text() == "Start sharing"


def test_a_port_in_use_is_said_not_raised(qtbot, workspace):
    said: list[str] = []
    workspace.message.connect(lambda text, _ms: said.append(text))
    attached = attach_players_devices(workspace)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        attached.panel.address.setCurrentText("127.0.0.1")
        attached.panel.port.setValue(taken.getsockname()[1])
        qtbot.mouseClick(attached.panel.start_button, Qt.MouseButton.LeftButton)
    assert not attached.sharing.running
    assert any(line.startswith("Players' devices: could not listen on 127.0.0.1:") for line in said)


def test_a_ping_shows_on_the_gm_map_and_on_the_projector(qtbot, workspace, monkeypatch):
    """"Any device can ping a point, shown on every screen for a few seconds"."""
    from vantage.gui.players.attach import attach_player_view
    from vantage.gui.players_devices import hub

    monkeypatch.setattr(hub, "PING_SECONDS", 0.3)  # four seconds in play

    player_view = attach_player_view(workspace)
    attached = attach_players_devices(workspace, player_view.controller)
    player = player_view.controller.open_player_view()
    qtbot.waitUntil(player.isVisible, timeout=3000)
    attached.sharing.show_ping((3, 4), "Alice's phone")

    def pings(scene):
        return [i for i in scene.items() if i.data(0) == "ping"]

    assert len(pings(workspace.scene)) == 1 and len(pings(player.scene)) == 1
    qtbot.waitUntil(lambda: not pings(workspace.scene) and not pings(player.scene), timeout=3000)
    player.close()


def test_the_background_picture_leaves_with_the_fog_painted_in(qtbot, tmp_path):
    """The projector paints fog over the whole picture; a device is sent the picture with every
    unseen tile black already, so no pixel of a fogged area reaches it."""
    from dataclasses import replace

    from PySide6.QtGui import QColor, QImage
    from PySide6.QtWidgets import QMainWindow

    from vantage.engine.model import BackgroundImage
    from vantage.gui.players_devices.loopback_client import http_get
    from vantage.gui.workspace import GmWorkspace

    picture = QImage(24 * 20 + 10, 16 * 20 + 10, QImage.Format.Format_RGB32)
    picture.fill(QColor("#ff0000"))
    assert picture.save(str(tmp_path / "red.png"))
    base = demo_encounter()
    revealed = frozenset((x, y) for x in range(12) for y in range(16))  # the left half
    game_map = replace(base.map, background=BackgroundImage("red.png", 20.0, (10.0, 10.0)),
                       fog_enabled=True, revealed=revealed)
    host = QMainWindow()
    qtbot.addWidget(host)
    workspace = GmWorkspace(replace(base, map=game_map), tmp_path / "fight.json", host)
    attached = _started(qtbot, workspace)
    server = attached.sharing.server
    assert server is not None
    device = LoopbackDevice("127.0.0.1", server.port)
    try:
        device.join(attached.sharing.code)
        qtbot.waitUntil(lambda: bool(attached.sharing.hub and attached.sharing.hub.devices), timeout=5000)
        url = device.read_until("map", timeout=5)["background"]["url"]
    finally:
        device.close()
    status, body = http_get("127.0.0.1", server.port, "/" + url)
    assert status == 200
    sent = QImage.fromData(body)
    tile = sent.width() / 24
    assert sent.height() == round(16 * tile)

    def colour(x, y):
        c = sent.pixelColor(int((x + 0.5) * tile), int((y + 0.5) * tile))
        return c.red(), c.green(), c.blue()

    assert colour(3, 5)[0] > 200  # a revealed tile: the picture
    for x, y in ((12, 0), (20, 8), (23, 15)):
        assert max(colour(x, y)) < 30, f"fogged tile {(x, y)} was sent"
    attached.sharing.stop()



def test_the_ruler_the_gm_shows_and_the_projector_framing_reach_the_devices(qtbot, workspace):
    """"The ruler and templates the GM shows"; "a 'TV' mode follows the projector's framing"."""
    from vantage.gui.gm.measuring import attach_measuring
    from vantage.gui.players.attach import attach_player_view

    player_view = attach_player_view(workspace)
    measuring = attach_measuring(workspace, player_view.controller)
    attached = attach_players_devices(workspace, player_view.controller, measuring.ruler,
                                      measuring.ruler_to_players)
    sharing = attached.sharing
    measuring.ruler.measure((1, 1), (4, 1))
    assert sharing.ruler is None  # not shown to the players
    measuring.ruler_to_players.setChecked(True)
    assert sharing.ruler is not None and sharing.ruler["start"] == [1, 1] and sharing.ruler["end"] == [4, 1]
    assert sharing.ruler["label"].startswith(measuring.ruler.measurement.label)
    measuring.ruler_to_players.setChecked(False)
    assert sharing.ruler is None
    assert sharing.projector_framing() is None  # no projector open: a TV shows the whole map
    player = player_view.controller.open_player_view()
    qtbot.waitUntil(player.isVisible, timeout=3000)
    x0, y0, x1, y1 = sharing.projector_framing()
    assert x1 > x0 and y1 > y0
    player.close()
