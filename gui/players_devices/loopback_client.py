"""A plain-socket device, for the self-test, the benchmark and the tests: fetches a page, joins over
WebSocket, sends and reads JSON messages. Blocking, one thread per device; not used by the GM."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import struct
import time
from typing import Any

from vantage.gui.players_devices.websocket import OP_CLOSE, OP_TEXT, mask_frame, payload_span


def http_get(host: str, port: int, path: str = "/", timeout: float = 5.0) -> tuple[int, bytes]:
    """The status and body of ``GET path``."""
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


class LoopbackDevice:
    """One device: ``connect`` upgrades, ``join`` sends the code, ``read`` returns the next message."""

    def __init__(self, host: str, port: int, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._buffer = b""
        #: every byte the server sent after the handshake (the leak tests read it all)
        self.received = bytearray()
        self.close_code: int | None = None
        self.close_reason = ""
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        while b"\r\n\r\n" not in self._buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the server closed during the handshake")
            self._buffer += chunk
        head, _, self._buffer = self._buffer.partition(b"\r\n\r\n")
        self.received += self._buffer
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(head.decode("latin-1"))

    def send(self, message: dict[str, Any]) -> None:
        self.send_raw(mask_frame(json.dumps(message).encode()))

    def send_raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def join(self, code: str, name: str = "test device") -> None:
        self.send({"type": "join", "code": code, "name": name})

    def read(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next JSON message, or None when the server closed (``close_code``, ``close_reason``)."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self._frame()
            if frame is not None:
                opcode, payload = frame
                if opcode == OP_CLOSE:
                    self.close_code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                    self.close_reason = payload[2:].decode("utf-8", "replace")
                    return None
                if opcode == OP_TEXT:
                    return json.loads(payload)
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no message from the server")
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except ConnectionResetError:
                chunk = b""
            self.received += chunk
            if not chunk:
                self.close_code = self.close_code or 1006
                return None
            self._buffer += chunk

    def read_until(self, kind: str, timeout: float = 5.0) -> dict[str, Any]:
        """The next message of type ``kind`` (others are skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.read(max(0.01, deadline - time.monotonic()))
            if message is None:
                raise ConnectionError(f"closed: {self.close_code} {self.close_reason}")
            if message.get("type") == kind:
                return message

    def _frame(self) -> tuple[int, bytes] | None:
        buf = self._buffer
        header = payload_span(buf)  # the server's frames are not masked
        if header is None:
            return None
        length, at = header
        if len(buf) < at + length:
            return None
        self._buffer = buf[at + length:]
        return buf[0] & 0x0F, buf[at:at + length]

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()
