"""Where the server may listen: this computer's IPv4 addresses, the LAN one first."""

from __future__ import annotations

import contextlib

LOOPBACK = "127.0.0.1"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses: the one its default route leaves by first (found without
    sending a packet), then the others its name resolves to, then loopback (this computer only)."""
    import socket  # when the GM looks at the players' devices, not at start-up

    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))  # a UDP "connect" only picks the route; nothing is sent
        found.append(probe.getsockname()[0])
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    out = [a for i, a in enumerate(found) if a not in found[:i] and not a.startswith("127.")]
    return [*out, LOOPBACK]


def join_url(host: str, port: int, code: str | None = None) -> str:
    """The page's address; with ``code``, in the fragment (never sent over the network as a path)."""
    base = f"http://{host}:{port}/"
    return base + (f"#code={code}" if code else "")
