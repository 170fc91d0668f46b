"""The WebSocket protocol (RFC 6455), the part a small server needs: the opening handshake, reading
a client's frames with limits, writing the server's frames.

Pure functions and one incremental reader, no I/O: the server (:mod:`.server`) feeds it bytes as
they arrive. Every violation is a :class:`ProtocolError` carrying the close code and a sentence the
GM's status line can show; nothing here raises anything else on bad input.
"""

from __future__ import annotations

import base64
import hashlib
import struct
from collections.abc import Mapping
from dataclasses import dataclass

#: The GUID of RFC 6455 §1.3, appended to the client's key for the accept header.
_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

OP_CONTINUATION = 0x0
OP_TEXT = 0x1
OP_BINARY = 0x2
OP_CLOSE = 0x8
OP_PING = 0x9
OP_PONG = 0xA

CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_PROTOCOL = 1002
CLOSE_UNSUPPORTED = 1003
CLOSE_BAD_DATA = 1007
CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
CLOSE_TRY_LATER = 1013
#: Vantage's own codes (RFC 6455 leaves 4000–4999 to applications).
CLOSE_WRONG_CODE = 4001
CLOSE_BY_GM = 4002
CLOSE_TOO_SLOW = 4003


class ProtocolError(Exception):
    """A client broke the protocol or a limit: close with ``code`` and say ``reason``."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def accept_key(client_key: str) -> str:
    """The ``Sec-WebSocket-Accept`` value for the client's ``Sec-WebSocket-Key``."""
    digest = hashlib.sha1((client_key + _GUID).encode("ascii")).digest()  # noqa: S324 - the RFC's hash
    return base64.b64encode(digest).decode("ascii")


def upgrade_response(headers: Mapping[str, str]) -> bytes:
    """The 101 answer to a WebSocket upgrade request whose headers (lower-case names) are
    ``headers``; ProtocolError when it is not a valid one."""
    if "websocket" not in headers.get("upgrade", "").lower():
        raise ProtocolError(CLOSE_PROTOCOL, "not a WebSocket upgrade (no 'Upgrade: websocket' header)")
    key = headers.get("sec-websocket-key", "")
    try:
        if len(base64.b64decode(key, validate=True)) != 16:
            raise ValueError
    except ValueError:
        raise ProtocolError(CLOSE_PROTOCOL, "the WebSocket key is not 16 bytes of base64") from None
    if headers.get("sec-websocket-version", "") != "13":
        raise ProtocolError(CLOSE_PROTOCOL, "only WebSocket version 13 is spoken")
    return ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Accept: {accept_key(key)}\r\n\r\n").encode("ascii")


def encode_frame(payload: bytes, opcode: int = OP_TEXT) -> bytes:
    """One unmasked, unfragmented frame from the server."""
    n = len(payload)
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([n])
    elif n < 1 << 16:
        head += bytes([126]) + struct.pack("!H", n)
    else:
        head += bytes([127]) + struct.pack("!Q", n)
    return head + payload


def close_frame(code: int, reason: str) -> bytes:
    """A close frame with ``code`` and ``reason`` (cut to the 123 bytes a control frame allows)."""
    text = reason.encode("utf-8")[:123].decode("utf-8", "ignore").encode("utf-8")
    return encode_frame(struct.pack("!H", code) + text, OP_CLOSE)


@dataclass(frozen=True)
class Message:
    """A whole message from the client: its opcode (text, binary, close, ping, pong) and payload."""

    opcode: int
    payload: bytes

    @property
    def text(self) -> str:
        """The payload as UTF-8 text; ProtocolError when it is not."""
        try:
            return self.payload.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(CLOSE_BAD_DATA, "a text message that is not UTF-8") from None


class FrameReader:
    """Reads a client's frames from the bytes fed to it; a message larger than ``max_message``
    bytes is refused from its header, before its payload is read."""

    def __init__(self, max_message: int) -> None:
        self.max_message = max_message
        self._buffer = bytearray()
        self._parts: list[bytes] = []
        self._part_opcode: int | None = None

    def feed(self, data: bytes) -> list[Message]:
        """The whole messages ``data`` completes (control frames as they come)."""
        self._buffer += data
        out: list[Message] = []
        while True:
            message = self._one()
            if message is None:
                return out
            if message is not _PARTIAL:
                out.append(message)

    def _one(self) -> Message | None:
        buf = self._buffer
        if len(buf) < 2:
            return None
        first, second = buf[0], buf[1]
        fin, opcode = bool(first & 0x80), first & 0x0F
        if first & 0x70:
            raise ProtocolError(CLOSE_PROTOCOL, "a frame with reserved bits set (no extension was agreed)")
        if not second & 0x80:
            raise ProtocolError(CLOSE_PROTOCOL, "a client frame that is not masked")
        header = payload_span(buf)
        if header is None:
            return None
        length, at = header
        control = opcode >= OP_CLOSE
        if control and (length > 125 or not fin):
            raise ProtocolError(CLOSE_PROTOCOL, "a control frame longer than 125 bytes or fragmented")
        if opcode not in (OP_CONTINUATION, OP_TEXT, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG):
            raise ProtocolError(CLOSE_PROTOCOL, f"unknown frame opcode {opcode}")
        so_far = sum(len(p) for p in self._parts)
        if length + so_far > self.max_message:
            raise ProtocolError(CLOSE_TOO_BIG, f"a message of more than {self.max_message:,} bytes "
                                               f"({length + so_far:,} announced)")
        if len(buf) < at + 4 + length:
            return None
        mask = bytes(buf[at:at + 4])
        start = at + 4
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(buf[start:start + length])) if length < 64 \
            else _unmask(bytes(buf[start:start + length]), mask)
        del buf[:start + length]
        if control:
            return Message(opcode, payload)
        if opcode == OP_CONTINUATION:
            if self._part_opcode is None:
                raise ProtocolError(CLOSE_PROTOCOL, "a continuation frame with no message to continue")
        elif self._part_opcode is not None:
            raise ProtocolError(CLOSE_PROTOCOL, "a new message before the last one was finished")
        else:
            self._part_opcode = opcode
        self._parts.append(payload)
        if not fin:
            return _PARTIAL
        whole = Message(self._part_opcode, b"".join(self._parts))
        self._parts, self._part_opcode = [], None
        return whole


_PARTIAL = Message(-1, b"")


def payload_span(buf: bytes | bytearray) -> tuple[int, int] | None:
    """The payload length a frame's header in ``buf`` announces and where its payload (or mask)
    starts; None while the header is not all there."""
    if len(buf) < 2:
        return None
    length, at = buf[1] & 0x7F, 2
    if length == 126:
        if len(buf) < 4:
            return None
        length, at = struct.unpack_from("!H", buf, 2)[0], 4
    elif length == 127:
        if len(buf) < 10:
            return None
        length, at = struct.unpack_from("!Q", buf, 2)[0], 10
    return length, at


def _unmask(data: bytes, mask: bytes) -> bytes:
    """XOR ``data`` with the repeated 4-byte ``mask`` (as one big integer: fast in pure Python)."""
    n = len(data)
    key = (mask * (n // 4 + 1))[:n]
    return (int.from_bytes(data, "little") ^ int.from_bytes(key, "little")).to_bytes(n, "little")


def mask_frame(payload: bytes, opcode: int = OP_TEXT, mask: bytes = b"\x01\x02\x03\x04",
               fin: bool = True) -> bytes:
    """A masked frame as a client sends it (for tests and the benchmark's devices)."""
    n = len(payload)
    head = bytes([(0x80 if fin else 0) | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    return head + mask + _unmask(payload, mask)
