"""The players' devices server: HTTP for the web client's files and one WebSocket per device.

It runs Python's own ``asyncio`` in one thread of its own, so a slow or hostile device never
touches the GM window's event loop (see docs/players-devices.md for why not Qt's network classes
or a library). What it owns, all inside that thread:

- the web client's files (:data:`WEB_ROOT`, a fixed list: nothing else on disk is served);
- the join: a device's first message must be ``{"type": "join", "code": …, "name": …}`` with the
  GM's current join code, within :attr:`Limits.join_seconds`;
- the limits: a message larger than :attr:`Limits.max_message` (refused from its header), more
  than :attr:`Limits.rate` messages a second (a burst of :attr:`Limits.burst`), anything that is
  not a JSON object with a ``type``, and a device that does not read what it is sent for
  :attr:`Limits.slow_seconds` — each closes that connection with a reason;
- sending: every message is encoded once and handed to each device's writer; the shared messages
  (``map``, ``state``, a device's ``you``) replace an unsent one of the same key, so a device that
  reads slowly gets the newest view, never a backlog.

What it reports goes to ``on_event`` **from the server's thread**: the GUI hands it to its own
thread with a queued Qt signal (:mod:`.attach`), the headless ``vantage serve`` handles it there.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from vantage.gui.players_devices.websocket import (
    CLOSE_BAD_DATA,
    CLOSE_GOING_AWAY,
    CLOSE_NORMAL,
    CLOSE_POLICY,
    CLOSE_TOO_SLOW,
    CLOSE_TRY_LATER,
    CLOSE_WRONG_CODE,
    OP_BINARY,
    OP_CLOSE,
    OP_PING,
    OP_PONG,
    OP_TEXT,
    FrameReader,
    ProtocolError,
    close_frame,
    encode_frame,
    upgrade_response,
)

#: The web client's files and their content types: all the server ever reads from disk.
WEB_FILES: Mapping[str, str] = {
    "index.html": "text/html; charset=utf-8",
    "client.js": "text/javascript; charset=utf-8",
    "client.css": "text/css; charset=utf-8",
}
#: The longest name a device may give itself.
MAX_NAME = 40


def web_root() -> Path:
    """The folder of the web client (``assets/web`` of the package, also in the standalone bundle)."""
    return Path(str(resources.files("vantage").joinpath("assets", "web")))


@dataclass(frozen=True)
class Limits:
    """What a device may do before its connection is closed."""

    max_message: int = 64 * 1024
    rate: float = 40.0
    burst: float = 80.0
    join_seconds: float = 15.0
    slow_seconds: float = 10.0
    max_devices: int = 64
    max_request: int = 8 * 1024
    #: the most unsent messages that do not replace one another (pings, answers) per device
    max_backlog: int = 256
    #: wrong join codes one address may send in ``wrong_code_seconds`` before it is kept out that long
    wrong_codes: int = 5
    wrong_code_seconds: float = 60.0


@dataclass(frozen=True)
class Joined:
    """A device joined; ``resume`` is the secret it was given before, when it comes back."""

    device: int
    name: str
    peer: str
    resume: str | None = None


@dataclass(frozen=True)
class Received:
    device: int
    message: Mapping[str, Any]


@dataclass(frozen=True)
class Left:
    """A device's connection ended; ``reason`` says why in a sentence (its own close, or ours)."""

    device: int
    name: str
    peer: str
    reason: str
    refused: bool = False  # closed by the server for breaking a rule (not the device leaving)


ServerEvent = Joined | Received | Left


@dataclass(eq=False)
class _Connection:
    id: int
    peer: str
    writer: asyncio.StreamWriter
    name: str = ""
    joined: bool = False
    closing: bool = False
    tokens: float = 0.0
    last: float = field(default_factory=time.monotonic)
    outbox: dict[str, bytes] = field(default_factory=dict)
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class DeviceServer:
    """HTTP + WebSocket on ``host``:``port`` (0: any free port), in its own thread."""

    def __init__(self, host: str, port: int, code: str, on_event: Callable[[ServerEvent], None],
                 limits: Limits | None = None, root: Path | None = None) -> None:
        self.host = host
        self.port = port
        self.code = code
        self.on_event = on_event
        self.limits = limits or Limits()
        self.root = root or web_root()
        self._files = {name: (self.root / name).read_bytes() for name in WEB_FILES}
        self._made: dict[str, tuple[bytes, str]] = {}  # files the GM's side makes (the background)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.Server | None = None
        self._connections: dict[int, _Connection] = {}
        self._writers: set[asyncio.StreamWriter] = set()
        self._ids = itertools.count(1)
        self._wrong: dict[str, list[float]] = {}  # address → when it sent a wrong code
        self._unique = itertools.count(1)

    # -- life ------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._server is not None

    def start(self) -> int:
        """Listen (only on ``host``); the port listened on. OSError when it cannot (port in use)."""
        if self._server is not None:
            return self.port
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="vantage-devices", daemon=True)
        thread.start()
        future = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, self.host, self.port, limit=self.limits.max_request), loop)
        try:
            server = future.result(10)
        except BaseException:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(5)
            loop.close()
            raise
        self._loop, self._thread, self._server = loop, thread, server
        self.port = server.sockets[0].getsockname()[1]
        return self.port

    def stop(self, reason: str = "the GM stopped sharing") -> None:
        """Close every device (with ``reason``) and stop listening."""
        loop, server = self._loop, self._server
        if loop is None or server is None:
            return
        self._server = None

        async def shut() -> None:
            server.close()
            for conn in list(self._connections.values()):
                await self._close(conn, CLOSE_GOING_AWAY, reason, refused=False)
            for writer in list(self._writers):
                writer.transport.abort()
            tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await asyncio.sleep(0.05)  # the transports close on the next turns of the loop

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(shut(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(5)
        loop.close()
        self._loop = self._thread = None

    def set_made_file(self, name: str, body: bytes, kind: str) -> None:
        """Serve ``body`` as ``/name`` from now on (any thread; one assignment, atomic)."""
        self._made = {**self._made, name: (body, kind)}

    # -- sending (any thread) --------------------------------------------------------------
    def broadcast(self, key: str, message: Mapping[str, Any]) -> None:
        """Send ``message`` to every joined device; an unsent one of the same ``key`` is replaced."""
        self._post(None, key, _frame(message))

    def send(self, device: int, key: str | None, message: Mapping[str, Any]) -> None:
        """Send ``message`` to ``device``; ``key`` as for :meth:`broadcast` (None: never replaced)."""
        self._post(device, key, _frame(message))

    def disconnect(self, device: int, reason: str, refused: bool = True) -> None:
        """Close ``device``'s connection, telling it ``reason``."""
        loop = self._loop
        if loop is None:
            return

        def close() -> None:
            conn = self._connections.get(device)
            if conn is not None:
                code = CLOSE_POLICY if refused else CLOSE_NORMAL
                loop.create_task(self._close(conn, code, reason, refused=refused))

        loop.call_soon_threadsafe(close)

    def cut(self, device: int) -> None:
        """Cut ``device``'s connection with no close frame, as a phone going to sleep does (the
        browser sees an abnormal closure and joins again)."""
        loop = self._loop
        if loop is None:
            return

        def abort() -> None:
            conn = self._connections.get(device)
            if conn is not None:
                conn.writer.transport.abort()

        loop.call_soon_threadsafe(abort)

    def _post(self, device: int | None, key: str | None, frame: bytes) -> None:
        loop = self._loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop stopped meanwhile
            loop.call_soon_threadsafe(self._queue, device, key, frame)

    def _queue(self, device: int | None, key: str | None, frame: bytes) -> None:
        targets = self._connections.values() if device is None else [self._connections.get(device)]
        for conn in list(targets):
            if conn is None or not conn.joined or conn.closing:
                continue
            slot = key if key is not None else f"#{next(self._unique)}"
            if key is None and len(conn.outbox) >= self.limits.max_backlog:
                asyncio.get_running_loop().create_task(self._close(
                    conn, CLOSE_TOO_SLOW, "too slow: the device did not read what it was sent", refused=True))
                continue
            conn.outbox.pop(slot, None)  # the newer one goes to the end, after what came between
            conn.outbox[slot] = frame
            conn.wake.set()

    # -- one connection (the server's thread) ----------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writers.add(writer)
        try:
            await self._serve_one(reader, writer)
        except asyncio.CancelledError:
            pass  # the server is stopping: end quietly (asyncio would log a cancelled callback)
        finally:
            self._writers.discard(writer)
            writer.close()  # flushes what is left (a close frame) — or, for a device that reads
            asyncio.get_running_loop().call_later(2.0, writer.transport.abort)  # nothing, drops it

    async def _serve_one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer_info = writer.get_extra_info("peername")
        peer = f"{peer_info[0]}:{peer_info[1]}" if isinstance(peer_info, tuple) else "?"
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), self.limits.join_seconds)
        except (TimeoutError, asyncio.LimitOverrunError, asyncio.IncompleteReadError, ConnectionError,
                ValueError):
            writer.close()
            return
        method, path, headers = _parse_request(head)
        if path.split("?", 1)[0] == "/ws" and method == "GET":
            await self._websocket(reader, writer, headers, peer)
            return
        await self._http(writer, method, path)

    async def _http(self, writer: asyncio.StreamWriter, method: str, path: str) -> None:
        name = path.split("?", 1)[0].lstrip("/") or "index.html"
        if method not in ("GET", "HEAD"):
            status, body, kind = "405 Method Not Allowed", b"only GET\n", "text/plain"
        elif name in self._files:
            status, body, kind = "200 OK", self._files[name], WEB_FILES[name]
        elif name in self._made:
            body, kind = self._made[name]
            status = "200 OK"
        else:
            status, body, kind = "404 Not Found", b"not found\n", "text/plain"
        head = (f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
                "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n")
        with contextlib.suppress(ConnectionError, OSError):
            writer.write(head.encode("ascii") + (body if method == "GET" else b""))
            await writer.drain()
        writer.close()

    async def _websocket(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                         headers: Mapping[str, str], peer: str) -> None:
        try:
            answer = upgrade_response(headers)
            origin = headers.get("origin")
            if origin is not None and origin.split("://", 1)[-1].rstrip("/") != headers.get("host", ""):
                # a page of another site in the player's browser may not reach the table through it
                raise ProtocolError(CLOSE_POLICY, f"a page from {origin[:60]} may not join")
        except ProtocolError as wrong:
            writer.write(f"HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n{wrong.reason}\n".encode())
            writer.close()
            return
        conn = _Connection(next(self._ids), peer, writer, tokens=self.limits.burst)
        writer.write(answer)
        if len(self._connections) >= self.limits.max_devices:
            await self._close(conn, CLOSE_TRY_LATER, f"the table is full ({self.limits.max_devices} devices)",
                              refused=True)
            return
        self._connections[conn.id] = conn
        sender = asyncio.get_running_loop().create_task(self._send_loop(conn))
        frames = FrameReader(self.limits.max_message)
        try:
            while not conn.closing:
                timeout = None if conn.joined else self.limits.join_seconds
                try:
                    data = await asyncio.wait_for(reader.read(65536), timeout)
                except TimeoutError:
                    await self._close(conn, CLOSE_POLICY, "no join code sent in time", refused=True)
                    break
                if not data:
                    await self._close(conn, CLOSE_GOING_AWAY, "the device went away", refused=False)
                    break
                for message in frames.feed(data):
                    if not await self._handle(conn, message.opcode, message):
                        break
        except ProtocolError as wrong:
            await self._close(conn, wrong.code, wrong.reason, refused=True)
        except (ConnectionError, OSError):
            await self._close(conn, CLOSE_GOING_AWAY, "the connection broke", refused=False)
        finally:
            sender.cancel()

    async def _handle(self, conn: _Connection, opcode: int, message: Any) -> bool:
        """One whole message; False once the connection is closing."""
        now = time.monotonic()
        conn.tokens = min(self.limits.burst, conn.tokens + (now - conn.last) * self.limits.rate)
        conn.last = now
        conn.tokens -= 1
        if conn.tokens < 0:
            await self._close(conn, CLOSE_POLICY, f"flood: more than {self.limits.rate:g} messages a second",
                              refused=True)
            return False
        if opcode == OP_CLOSE:
            await self._close(conn, CLOSE_NORMAL, "the device left", refused=False)
            return False
        if opcode == OP_PING:
            conn.writer.write(encode_frame(message.payload, OP_PONG))
            return True
        if opcode == OP_PONG:
            return True
        if opcode == OP_BINARY:
            raise ProtocolError(CLOSE_BAD_DATA, "a binary message (only JSON text is spoken)")
        assert opcode == OP_TEXT
        try:
            data = json.loads(message.text)
        except (ValueError, RecursionError):
            raise ProtocolError(CLOSE_BAD_DATA, "malformed message: not JSON") from None
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise ProtocolError(CLOSE_BAD_DATA, "malformed message: not a JSON object with a \"type\"")
        if not conn.joined:
            return await self._join(conn, data)
        self.on_event(Received(conn.id, data))
        return True

    async def _join(self, conn: _Connection, data: Mapping[str, Any]) -> bool:
        if data.get("type") != "join":
            raise ProtocolError(CLOSE_POLICY, "the first message must be the join code")
        address = conn.peer.rsplit(":", 1)[0]
        now = time.monotonic()
        recent = [t for t in self._wrong.get(address, []) if now - t < self.limits.wrong_code_seconds]
        if len(recent) >= self.limits.wrong_codes:
            self._wrong[address] = recent
            reason = f"too many wrong join codes: try again in {self.limits.wrong_code_seconds:g} s"
            await self._close(conn, CLOSE_WRONG_CODE, reason, refused=True)
            return False
        if data.get("code") != self.code:
            self._wrong[address] = [*recent, now]
            await self._close(conn, CLOSE_WRONG_CODE, "wrong join code", refused=True)
            return False
        name = data.get("name")
        printable = "".join(c for c in name if c.isprintable()) if isinstance(name, str) else ""
        clean = " ".join(printable.split())[:MAX_NAME]
        conn.name = clean or f"Device {conn.id}"
        conn.joined = True
        resume = data.get("resume")
        resume = resume if isinstance(resume, str) and 0 < len(resume) <= 64 else None
        self.on_event(Joined(conn.id, conn.name, conn.peer, resume))
        return True

    async def _send_loop(self, conn: _Connection) -> None:
        writer = conn.writer
        try:
            while not conn.closing:
                await conn.wake.wait()
                conn.wake.clear()
                while conn.outbox and not conn.closing:
                    slot = next(iter(conn.outbox))
                    writer.write(conn.outbox.pop(slot))
                    try:
                        await asyncio.wait_for(writer.drain(), self.limits.slow_seconds)
                    except TimeoutError:
                        reason = f"too slow: the device read nothing for {self.limits.slow_seconds:g} s"
                        asyncio.get_running_loop().create_task(
                            self._close(conn, CLOSE_TOO_SLOW, reason, refused=True))
                        return
        except (ConnectionError, OSError):
            asyncio.get_running_loop().create_task(
                self._close(conn, CLOSE_GOING_AWAY, "the connection broke", refused=False))

    async def _close(self, conn: _Connection, code: int, reason: str, refused: bool) -> None:
        if conn.closing:
            return
        conn.closing = True
        conn.wake.set()
        conn.outbox.clear()
        self._connections.pop(conn.id, None)
        writer = conn.writer
        with contextlib.suppress(Exception):
            if writer.transport.get_write_buffer_size() < 1 << 20:
                writer.write(close_frame(code, reason))
            writer.close()
        if conn.joined or refused:
            self.on_event(Left(conn.id, conn.name or "A device", conn.peer, reason, refused))

    def device_count(self) -> int:
        return sum(1 for c in self._connections.values() if c.joined)


def _frame(message: Mapping[str, Any]) -> bytes:
    return encode_frame(json.dumps(message, separators=(",", ":")).encode("utf-8"))


def _parse_request(head: bytes) -> tuple[str, str, dict[str, str]]:
    """The method, path and headers (lower-case names) of an HTTP request head."""
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ")
    method, path = (parts[0], parts[1]) if len(parts) >= 2 else ("", "")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    return method, path, headers
