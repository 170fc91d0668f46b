"""The server on loopback: the web client's files, the join, and bad input (issue 28, item 5): "a
wrong join code, a malformed or oversized message, a flood or a slow client never crashes or stalls
the GM window: the connection is closed with a reason and the GM is told"."""

from __future__ import annotations

import json
import queue
import socket
import time

import pytest

from vantage.gui.players_devices.loopback_client import LoopbackDevice, http_get
from vantage.gui.players_devices.server import DeviceServer, Joined, Left, Limits, Received
from vantage.gui.players_devices.websocket import (
    OP_BINARY,
    OP_TEXT,
    ProtocolError,
    accept_key,
    mask_frame,
)

CODE = "4711"


@pytest.fixture
def server():
    events: queue.Queue = queue.Queue()
    limits = Limits(max_message=4096, rate=40, burst=80, join_seconds=2.0, slow_seconds=2.0, max_devices=40)
    srv = DeviceServer("127.0.0.1", 0, CODE, events.put, limits)
    srv.start()
    srv.events = events
    srv.opened = []
    yield srv
    srv.stop()
    for device in srv.opened:
        device.close()


def _device(server) -> LoopbackDevice:
    device = LoopbackDevice("127.0.0.1", server.port)
    server.opened.append(device)
    return device


def _left(server, timeout=5.0) -> Left:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = server.events.get(timeout=deadline - time.monotonic())
        if isinstance(event, Left):
            return event
    raise AssertionError("no Left event")


def _joined(server) -> LoopbackDevice:
    device = _device(server)
    device.join(CODE, "phone")
    assert isinstance(server.events.get(timeout=5), Joined)
    return device


def test_the_accept_key_is_the_rfcs():
    """RFC 6455 §1.3: key "dGhlIHNhbXBsZSBub25jZQ==" is answered "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="."""
    assert accept_key("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="


def test_it_serves_the_client_and_nothing_else(server):
    status, page = http_get("127.0.0.1", server.port, "/")
    assert status == 200 and b"<canvas id=\"map\">" in page and b"client.js" in page
    assert http_get("127.0.0.1", server.port, "/client.js")[0] == 200
    for path in ("/../pyproject.toml", "/%2e%2e/pyproject.toml", "/assets/web/index.html", "/etc/passwd"):
        assert http_get("127.0.0.1", server.port, path)[0] == 404


def test_a_wrong_join_code_closes_with_the_reason(server):
    device = _device(server)
    device.join("0000")
    assert device.read() is None and (device.close_code, device.close_reason) == (4001, "wrong join code")
    left = _left(server)
    assert left.refused and left.reason == "wrong join code"


def test_a_join_never_sent_closes_in_time(server):
    device = _device(server)
    assert device.read(timeout=5) is None and device.close_reason == "no join code sent in time"


@pytest.mark.parametrize(("frame", "reason"), [
    (mask_frame(b"{not json"), "malformed message: not JSON"),
    (mask_frame(b"[1, 2]"), "malformed message: not a JSON object with a \"type\""),
    (mask_frame(b"\xff\xfe"), "a text message that is not UTF-8"),
    (mask_frame(b"{}", OP_BINARY), "a binary message (only JSON text is spoken)"),
    (mask_frame(b"x" * 5000), "a message of more than 4,096 bytes (5,000 announced)"),
    (b"\x81\x05hello", "a client frame that is not masked"),
    (mask_frame(b"a", OP_TEXT) [:0] + bytes([0x81, 0xFF]) + (2 ** 40).to_bytes(8, "big") + b"abcd",
     "a message of more than 4,096 bytes (1,099,511,627,776 announced)"),
])
def test_junk_and_huge_frames_close_the_connection_with_the_reason(server, frame, reason):
    device = _joined(server)
    device.send_raw(frame)
    assert device.read() is None and device.close_reason == reason
    left = _left(server)
    assert left.refused and left.reason == reason and left.name == "phone"
    again = _joined(server)  # the server goes on
    again.send({"type": "hello"})
    assert isinstance(server.events.get(timeout=5), Received)


def test_a_huge_frame_is_refused_from_its_header_before_its_payload_arrives(server):
    device = _joined(server)
    device.send_raw(bytes([0x81, 0x80 | 127]) + (50_000_000).to_bytes(8, "big") + b"mask")  # no payload sent
    assert device.read() is None and device.close_code == 1009


def test_a_flood_of_a_thousand_messages_a_second_is_closed(server):
    device = _joined(server)
    frame = mask_frame(json.dumps({"type": "hello"}).encode())
    start = time.monotonic()
    try:
        for _ in range(1000):
            device.send_raw(frame)
            time.sleep(0.001)
    except OSError:
        pass  # closed under our feet: that is the point
    assert time.monotonic() - start < 5
    assert device.read() is None and device.close_reason == "flood: more than 40 messages a second"
    assert _left(server).reason.startswith("flood")


def test_a_device_that_stops_reading_is_closed_and_the_others_keep_their_updates(server):
    slow = _joined(server)
    slow.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    quick = _joined(server)
    big = {"type": "state", "pad": "x" * 200_000}
    for i in range(60):
        server.broadcast("state", {**big, "n": i})
        message = quick.read_until("state")
        assert message["n"] <= i
        while message["n"] != i:
            message = quick.read_until("state")
    left = _left(server, timeout=15)
    assert left.refused and left.reason.startswith("too slow")


def test_upgrade_without_a_key_is_a_bad_request(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\r\n")
        assert sock.recv(4096).startswith(b"HTTP/1.1 400")


def test_thirty_devices_join_and_stay(server):
    devices = [_joined(server) for _ in range(30)]
    server.broadcast("state", {"type": "state", "n": 1})
    for device in devices:
        assert device.read_until("state")["n"] == 1
    assert server.device_count() == 30


def test_protocol_error_carries_its_code():
    assert ProtocolError(1009, "big").code == 1009


def test_a_page_of_another_site_cannot_open_the_socket(server):
    """A browser sends the page's origin with the upgrade: only the GM's own page may join."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                      "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                      "Sec-WebSocket-Version: 13\r\nOrigin: http://evil.example\r\n\r\n").encode())
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 400") and b"a page from http://evil.example may not join" in answer


def test_guessing_the_code_is_stopped_after_five_wrong_ones(server):
    """Four digits are few: an address that sends five wrong codes within a minute is kept out (even
    with the right one) for that minute."""
    for _ in range(5):
        device = _device(server)
        device.join("0000")
        assert device.read() is None and device.close_reason == "wrong join code"
    device = _device(server)
    device.join(CODE)
    assert device.read() is None and device.close_reason == "too many wrong join codes: try again in 60 s"
